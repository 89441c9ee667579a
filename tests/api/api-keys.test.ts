// The API keys of an organisation (/api/api-keys, issue #31): created by a propriétaire on a plan that includes
// the API, the secret shown once and stored only as its SHA-256, listed newest first, revoked; scoped to the
// organisation (its keys, its venues).
import { createHash, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../src/server/db/schema';
import { clock } from '../../src/server/lib/runtime/clock';
import { PLAN_FEATURE_MESSAGES, ROLE_NOT_ALLOWED_MESSAGE } from '../../src/server/auth/guards';
import { API_KEY_PREFIX } from '../../src/shared/rules/developer-api';
import { API_KEY_MESSAGES, MAX_ACTIVE_API_KEYS, type TApiKeyCreated, type TApiKeysResponse } from '../../src/shared/schemas/api-keys';
import { addMember, createRestaurant, createUser, signIn, uniqueEmail } from '../support/factories';
import { createTestContext, type TestAgent, type TestContext } from '../support/test-app';
import { createDinerTestContext } from './diner-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});
afterEach(() => clock.reset());

const messageOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** An organisation (Premium unless said) with two venues and its propriétaire, signed in. */
async function organisation(options: Parameters<typeof createRestaurant>[1] = {}) {
  const owner = await createUser(ctx, { email: uniqueEmail('proprietaire'), name: 'Dominique Martin' });
  const venueA = await createRestaurant(ctx, { ownerId: owner.id, name: 'Venue A', ...options });
  const venueB = await createRestaurant(ctx, { organisationId: venueA.organisationId, name: 'Venue B' });
  return { owner, venueA, venueB, organisationId: venueA.organisationId, agent: await signIn(ctx, owner.email) };
}

const KEY = { name: 'Caisse du port', access: 'read', allVenues: true, venueIds: [], personalData: false };

async function create(agent: TestAgent, body: Record<string, unknown> = KEY) {
  const response = await agent.post('/api/api-keys', body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TApiKeyCreated;
}

describe('creating and listing keys', () => {
  it('answers the secret once, stores only its SHA-256, and lists the keys newest first with venues, creator and dates', async () => {
    const { owner, venueA, venueB, organisationId, agent } = await organisation();
    const first = await create(agent, { ...KEY, name: '  Caisse du port  ' });
    expect(first.secret).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(first.key).toMatchObject({ name: 'Caisse du port', access: 'read', allVenues: true, venues: [], personalData: false, lastUsedAt: null, revokedAt: null });
    expect(first.key.tokenStart).toBe(first.secret.slice(0, 12));
    expect(first.key.createdBy).toEqual({ name: 'Dominique Martin', email: owner.email });

    const second = await create(agent, { name: 'CRM', access: 'read_write', allVenues: false, venueIds: [venueB.id, venueB.id], personalData: true });
    expect(second.key).toMatchObject({ access: 'read_write', allVenues: false, venues: [{ id: venueB.id, name: 'Venue B' }], personalData: true });
    expect(second.secret).not.toBe(first.secret);

    // At rest: the hash and the visible start, never the secret (in no column).
    const rows = await ctx.db.select().from(apiKeys).where(eq(apiKeys.organisationId, organisationId));
    expect(rows).toHaveLength(2);
    const stored = rows.find((row) => row.id === first.key.id)!;
    expect(stored.tokenHash).toBe(sha256(first.secret));
    expect(stored).toMatchObject({ allVenues: true, venueIds: [], createdBy: owner.id });
    for (const row of rows) {
      const text = JSON.stringify(row);
      expect(text).not.toContain(first.secret);
      expect(text).not.toContain(second.secret);
      expect(text).not.toContain(first.secret.slice(API_KEY_PREFIX.length));
    }
    expect(rows.find((row) => row.id === second.key.id)).toMatchObject({ allVenues: false, venueIds: [venueB.id], access: 'read_write', personalData: true });

    // The list: newest first, no secret nor hash, and the organisation's venues for the form.
    const listed = await agent.get('/api/api-keys');
    expect(listed.status).toBe(200);
    const text = await listed.clone().text();
    for (const secret of [first.secret, second.secret]) expect(text).not.toContain(secret);
    expect(text).not.toContain(stored.tokenHash);
    const body = (await listed.json()) as TApiKeysResponse;
    expect(body.keys.map((key) => key.name)).toEqual(['CRM', 'Caisse du port']);
    expect(body.keys[1]).toEqual(first.key);
    expect(body.venues).toEqual([
      { id: venueA.id, name: 'Venue A' },
      { id: venueB.id, name: 'Venue B' },
    ]);
    expect(body.maxActiveKeys).toBe(MAX_ACTIVE_API_KEYS);
    expect(body.keys[1].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('refuses bad input with a 400 and the French message, and creates nothing', async () => {
    const { organisationId, agent } = await organisation();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...KEY, name: '   ' }, API_KEY_MESSAGES.nameRequired],
      [{ ...KEY, name: undefined }, API_KEY_MESSAGES.nameRequired],
      [{ ...KEY, name: 'x'.repeat(61) }, API_KEY_MESSAGES.nameLong],
      [{ ...KEY, access: 'admin' }, API_KEY_MESSAGES.accessInvalid],
      [{ ...KEY, allVenues: false, venueIds: [] }, API_KEY_MESSAGES.venuesRequired],
      [{ ...KEY, allVenues: false, venueIds: ['pas-un-id'] }, API_KEY_MESSAGES.venueNotFound],
      [{ ...KEY, personalData: 'oui' }, API_KEY_MESSAGES.personalDataInvalid],
    ];
    for (const [body, message] of cases) {
      const response = await agent.post('/api/api-keys', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await messageOf(response)).toBe(message);
    }
    expect(API_KEY_MESSAGES.nameRequired).toBe('Le nom de la clé est requis.');
    // Sixty characters are allowed.
    await create(agent, { ...KEY, name: 'x'.repeat(60) });
    expect(await ctx.db.select().from(apiKeys).where(eq(apiKeys.organisationId, organisationId))).toHaveLength(1);
  });

  it('keeps at most 20 active keys, even with parallel requests; a revoked key frees its place', async () => {
    const { organisationId, agent } = await organisation();
    const responses = await Promise.all(Array.from({ length: MAX_ACTIVE_API_KEYS + 3 }, (_, n) => agent.post('/api/api-keys', { ...KEY, name: `Clé ${n}` })));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(MAX_ACTIVE_API_KEYS);
    const refused = responses.filter((response) => response.status !== 201);
    expect(refused.map((response) => response.status)).toEqual([409, 409, 409]);
    expect(await messageOf(refused[0])).toBe(API_KEY_MESSAGES.tooMany);
    expect(await ctx.db.select().from(apiKeys).where(eq(apiKeys.organisationId, organisationId))).toHaveLength(MAX_ACTIVE_API_KEYS);

    const { keys } = (await (await agent.get('/api/api-keys')).json()) as TApiKeysResponse;
    expect((await agent.delete(`/api/api-keys/${keys[0].id}`)).status).toBe(200);
    await create(agent);
    expect((await agent.post('/api/api-keys', KEY)).status).toBe(409);
  });
});

describe('revoking keys', () => {
  it('sets revoked_at and revoked_by at once; revoking again is fine and keeps the first date; an unknown key is 404', async () => {
    const { owner, agent } = await organisation();
    const { key } = await create(agent);
    clock.freeze(new Date('2026-11-26T10:00:00Z'));
    const revoked = await agent.delete(`/api/api-keys/${key.id}`);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ ok: true, revokedAt: '2026-11-26T10:00:00.000Z' });
    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row.revokedAt?.toISOString()).toBe('2026-11-26T10:00:00.000Z');
    expect(row.revokedBy).toBe(owner.id);

    clock.advance(3600_000);
    const again = await agent.delete(`/api/api-keys/${key.id}`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true, revokedAt: '2026-11-26T10:00:00.000Z' });
    const { keys } = (await (await agent.get('/api/api-keys')).json()) as TApiKeysResponse;
    expect(keys[0]).toMatchObject({ id: key.id, revokedAt: '2026-11-26T10:00:00.000Z' });

    for (const id of [randomUUID(), 'pas-un-id']) {
      const unknown = await agent.delete(`/api/api-keys/${id}`);
      expect(unknown.status).toBe(404);
      expect(await messageOf(unknown)).toBe(API_KEY_MESSAGES.keyNotFound);
    }
  });
});

describe('another organisation', () => {
  it('neither lists nor revokes the key (404), nor creates a key on a venue that is not its own (404)', async () => {
    const a = await organisation();
    const b = await organisation();
    const { key, secret } = await create(a.agent, { ...KEY, allVenues: false, venueIds: [a.venueA.id] });

    const listedByB = await b.agent.get('/api/api-keys');
    const text = await listedByB.text();
    expect(JSON.parse(text)).toMatchObject({ keys: [] });
    for (const leaked of [key.id, secret, key.tokenStart, a.venueA.id, a.venueB.id]) expect(text).not.toContain(leaked);

    const revokedByB = await b.agent.delete(`/api/api-keys/${key.id}`);
    expect(revokedByB.status).toBe(404);
    expect(await messageOf(revokedByB)).toBe(API_KEY_MESSAGES.keyNotFound);
    expect((await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0].revokedAt).toBeNull();

    for (const venueIds of [[a.venueA.id], [b.venueA.id, a.venueB.id], [randomUUID()]]) {
      const response = await b.agent.post('/api/api-keys', { ...KEY, allVenues: false, venueIds });
      expect(response.status).toBe(404);
      expect(await messageOf(response)).toBe(API_KEY_MESSAGES.venueNotFound);
    }
    expect(await ctx.db.select().from(apiKeys).where(eq(apiKeys.organisationId, b.organisationId))).toEqual([]);
  });
});

describe('who may manage keys', () => {
  it('refuses gérant, lecture and équipe (403, the role message), on every route', async () => {
    const { organisationId, agent } = await organisation();
    const { key } = await create(agent);
    for (const role of ['manager', 'viewer', 'staff'] as const) {
      const member = await createUser(ctx, { email: uniqueEmail(role) });
      await addMember(ctx, { organisationId, userId: member.id, role });
      const memberAgent = await signIn(ctx, member.email);
      for (const response of [await memberAgent.get('/api/api-keys'), await memberAgent.post('/api/api-keys', KEY), await memberAgent.delete(`/api/api-keys/${key.id}`)]) {
        expect(response.status).toBe(403);
        expect(await messageOf(response)).toBe(ROLE_NOT_ALLOWED_MESSAGE);
      }
    }
    expect(await ctx.db.select().from(apiKeys).where(eq(apiKeys.organisationId, organisationId))).toHaveLength(1);
    expect((await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0].revokedAt).toBeNull();
    expect((await ctx.agent().get('/api/api-keys')).status).toBe(401);
  });

  it('refuses an organisation on Pro or Essential with the plan message (403)', async () => {
    for (const plan of ['pro', 'essential'] as const) {
      const { organisationId, agent } = await organisation({ plan });
      for (const response of [await agent.get('/api/api-keys'), await agent.post('/api/api-keys', KEY), await agent.delete(`/api/api-keys/${randomUUID()}`)]) {
        expect(response.status).toBe(403);
        expect(await messageOf(response)).toBe(PLAN_FEATURE_MESSAGES.api);
      }
      expect(await ctx.db.select().from(apiKeys).where(eq(apiKeys.organisationId, organisationId))).toEqual([]);
    }
  });

  it('refuses an organisation whose trial is over (403) and creates nothing', async () => {
    clock.freeze(new Date('2026-11-26T10:00:00Z'));
    const { organisationId, agent } = await organisation({ plan: null, trialEndsAt: new Date('2026-11-20T10:00:00Z') });
    const listed = await agent.get('/api/api-keys');
    expect(listed.status).toBe(403);
    expect(await messageOf(listed)).toBe(PLAN_FEATURE_MESSAGES.api);
    expect((await agent.post('/api/api-keys', KEY)).status).toBe(403);
    expect(await ctx.db.select().from(apiKeys).where(eq(apiKeys.organisationId, organisationId))).toEqual([]);
  });
});

describe('logs', () => {
  it('never write the secret, even at debug level (creation, listing, revocation)', async () => {
    let captured = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        captured += chunk.toString();
        done();
      },
    });
    const logged = await createTestContext({ env: { LOG_LEVEL: 'debug' }, logDestination: sink });
    try {
      const owner = await createUser(logged, { email: uniqueEmail('logs') });
      await createRestaurant(logged, { ownerId: owner.id });
      const agent = await signIn(logged, owner.email);
      const created = await agent.post('/api/api-keys', KEY);
      expect(created.status).toBe(201);
      const { key, secret } = (await created.json()) as TApiKeyCreated;
      expect((await agent.get('/api/api-keys')).status).toBe(200);
      expect((await agent.delete(`/api/api-keys/${key.id}`)).status).toBe(200);
      expect(captured).toContain('/api/api-keys');
      expect(captured).not.toContain(secret);
      expect(captured).not.toContain(secret.slice(API_KEY_PREFIX.length));
    } finally {
      await logged.close();
    }
  });
});
