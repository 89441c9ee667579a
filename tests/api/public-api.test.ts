import { randomBytes, randomInt } from 'node:crypto';
import { rateLimitKey } from '../../src/server/lib/limits/rate-limit';
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiKey, purgeIdempotencyKeys } from '../../src/server/core/api-keys';
import { purgeIdempotencyKeysJob } from '../../src/server/jobs/housekeeping.jobs';
import { queryRows } from '../../src/server/db/client';
import { apiIdempotencyKeys, apiKeys, customerRewards, customers, feedbacks, organisations, restaurantAuditLog, restaurantDailyStats, restaurants, visits } from '../../src/server/db/schema';
import { clock } from '../../src/server/lib/runtime/clock';
import { PLAN_FEATURE_MESSAGES } from '../../src/server/auth/guards';
import { API_RATE_LIMITS } from '../../src/server/lib/limits/rate-limit-rules';
import { handleProblems } from '../../src/server/features/public-api/problem';
import { PUBLIC_API_MESSAGES } from '../../src/server/features/public-api/public-api.schemas';
import type { AppEnv } from '../../src/server/lib/http/hono-env';
import type { ApiKeyAccess } from '../../src/shared/rules/developer-api';
import type { TInboxPage } from '../../src/shared/schemas/inbox';
import { VENUE_HEADER } from '../../src/shared/venue';
import { createRestaurant, createUser, signIn, uniqueEmail } from '../support/factories';
import type { TestContext } from '../support/test-app';
import { createDinerRestaurant, createDinerTestContext } from './diner-support';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
});
afterAll(async () => {
  await ctx.close();
});

type Json = Record<string, unknown>;
type ListAnswer<T = Json> = { data: T[]; next_cursor: string | null };

async function key(organisationId: string, options: { access?: ApiKeyAccess; venueIds?: string[] | null; personalData?: boolean } = {}) {
  const created = await createApiKey(ctx.db, {
    organisationId,
    name: 'Caisse',
    access: options.access ?? 'read_write',
    venueIds: options.venueIds ?? null,
    personalData: options.personalData ?? true,
    createdBy: null,
  });
  return created;
}

function call(secret: string | null, path: string, init: RequestInit & { idempotencyKey?: string } = {}) {
  const headers = new Headers(init.headers);
  if (secret !== null) headers.set('authorization', `Bearer ${secret}`);
  if (init.idempotencyKey !== undefined) headers.set('idempotency-key', init.idempotencyKey);
  return ctx.app.request(`http://localhost:3000/api/v1${path}`, { ...init, headers });
}

async function json<T = Json>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function expectProblem(response: Response, status: number, detail?: string | RegExp) {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = await json<Json>(response, status);
  expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['detail', 'instance', 'status', 'title', 'type']));
  expect(body.status).toBe(status);
  expect(body.type).toMatch(/^http:\/\/localhost:3000\/api\/v1\/docs#probleme-/);
  expect(typeof body.title).toBe('string');
  expect(body.instance).toMatch(/^\/api\/v1\//);
  if (typeof detail === 'string') expect(body.detail).toBe(detail);
  else if (detail) expect(body.detail).toMatch(detail);
  return body;
}

/** An organisation of two venues (Premium), its owner signed in, diners, feedbacks, rewards and visits in the first venue. */
async function createOrganisation(name: string) {
  const owner = await createUser(ctx, { email: uniqueEmail('owner') });
  const { restaurant: first, mainQr, tableQr } = await createDinerRestaurant(ctx, { name: `${name} 1`, ownerId: owner.id });
  const { restaurant: second } = await createDinerRestaurant(ctx, { name: `${name} 2`, organisationId: first.organisationId });
  const [camille, phoneOnly, anonymous] = await ctx.db
    .insert(customers)
    .values([
      { restaurantId: first.id, firstName: 'Camille', lastName: 'Martin', email: uniqueEmail('camille'), phone: '06 12 34 56 78', points: 40, marketingConsent: true, marketingConsentAt: new Date('2026-10-01T12:00:00Z') },
      { restaurantId: first.id, firstName: 'Dominique', phone: '07 00 00 00 01', points: 5 },
      { restaurantId: first.id, anonId: `anon-${crypto.randomUUID()}`, points: 0 },
    ])
    .returning();
  const [secondCustomer] = await ctx.db.insert(customers).values({ restaurantId: second.id, email: uniqueEmail('second'), firstName: 'Sacha' }).returning();
  await ctx.db.insert(visits).values([
    { restaurantId: first.id, customerId: camille.id },
    { restaurantId: first.id, customerId: camille.id },
    { restaurantId: first.id, customerId: camille.id },
    { restaurantId: first.id, customerId: phoneOnly.id },
  ]);
  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * 3600_000);
  const feedbackRows = await ctx.db
    .insert(feedbacks)
    .values([
      { restaurantId: first.id, rating: 1, comment: 'Froid', createdAt: ago(1), customerId: camille.id, qrCodeId: tableQr.id, tableLabel: 'Table 1' },
      { restaurantId: first.id, rating: 2, createdAt: ago(2), qrCodeId: mainQr.id },
      { restaurantId: first.id, rating: 3, comment: 'Correct', createdAt: ago(30), status: 'done', handledAt: ago(29) },
      { restaurantId: first.id, rating: 4, comment: 'Bien', createdAt: ago(50), customerId: phoneOnly.id },
      { restaurantId: first.id, rating: 5, comment: 'Parfait', createdAt: ago(24 * 10) },
      { restaurantId: first.id, rating: 5, createdAt: ago(24 * 40), qrCodeId: tableQr.id },
      { restaurantId: first.id, rating: 2, comment: 'Bruyant', createdAt: ago(24 * 3), customerId: camille.id },
    ])
    .returning();
  const [secondFeedback] = await ctx.db.insert(feedbacks).values({ restaurantId: second.id, rating: 4, comment: 'Autre salle' }).returning();
  const [pending, pendingToo, redeemed] = await ctx.db
    .insert(customerRewards)
    .values([
      { restaurantId: first.id, customerId: camille.id, label: 'Café offert', cost: 50, createdAt: ago(5) },
      { restaurantId: first.id, customerId: camille.id, label: 'Dessert offert', cost: 100, createdAt: ago(4) },
      { restaurantId: first.id, customerId: phoneOnly.id, label: 'Café offert', cost: 50, status: 'redeemed', redeemedAt: ago(3), createdAt: ago(6) },
    ])
    .returning();
  const [secondReward] = await ctx.db.insert(customerRewards).values({ restaurantId: second.id, customerId: secondCustomer.id, label: 'Café offert', cost: 50 }).returning();
  const agent = await signIn(ctx, owner.email);
  return {
    owner,
    agent,
    organisationId: first.organisationId,
    first,
    second,
    qr: { main: mainQr, table: tableQr },
    customers: { camille, phoneOnly, anonymous, second: secondCustomer },
    feedbacks: feedbackRows,
    secondFeedback,
    rewards: { pending, pendingToo, redeemed, second: secondReward },
  };
}

type Organisation = Awaited<ReturnType<typeof createOrganisation>>;
let a: Organisation;
let b: Organisation;
let allKey: string;
let subsetKey: string;
beforeAll(async () => {
  a = await createOrganisation('Alpha');
  b = await createOrganisation('Bravo');
  allKey = (await key(a.organisationId)).secret;
  subsetKey = (await key(a.organisationId, { access: 'read', venueIds: [a.first.id], personalData: false })).secret;
});

describe('/api/v1 authentication', () => {
  it('answers 401 problems to a missing, malformed or unknown key', async () => {
    const missing = await call(null, '/venues');
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
    await expectProblem(missing, 401, PUBLIC_API_MESSAGES.missingKey);
    await expectProblem(await call(null, '/venues', { headers: { authorization: `Basic ${btoa('a:b')}` } }), 401, PUBLIC_API_MESSAGES.malformedKey);
    await expectProblem(await call('rf_live_nothing-of-ours', '/venues'), 401, PUBLIC_API_MESSAGES.unknownKey);
    await expectProblem(await call('not-even-a-key', '/venues'), 401, PUBLIC_API_MESSAGES.unknownKey);
  });

  it('refuses a revoked key from the next request on (no cache)', async () => {
    const created = await key(a.organisationId);
    await json(await call(created.secret, '/venues'));
    await ctx.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, created.id));
    await expectProblem(await call(created.secret, '/venues'), 401, PUBLIC_API_MESSAGES.unknownKey);
  });

  it('stores only the hash of a key', async () => {
    const created = await key(a.organisationId);
    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.secret);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('updates last_used_at at most once a minute', async () => {
    const created = await key(a.organisationId);
    const lastUsed = async () => (await ctx.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, created.id)))[0].at;
    const start = new Date('2026-11-26T10:00:00Z');
    try {
      clock.freeze(start);
      await json(await call(created.secret, '/venues'));
      await expect.poll(lastUsed).toEqual(start);
      // Within the minute the key's read issues no update at all (the refresh is issued before the answer,
      // which does not wait for it): what is seen right after the answer is final.
      clock.freeze(new Date(start.getTime() + 30_000));
      const updates = vi.spyOn(ctx.db, 'update');
      try {
        await json(await call(created.secret, '/venues'));
        expect(updates.mock.calls.filter(([table]) => table === apiKeys)).toEqual([]);
      } finally {
        updates.mockRestore();
      }
      expect(await lastUsed()).toEqual(start);
      const later = new Date(start.getTime() + 61_000);
      clock.freeze(later);
      await json(await call(created.secret, '/venues'));
      await expect.poll(lastUsed).toEqual(later);
    } finally {
      clock.reset();
    }
  });

  it('answers 403 with the plan’s French message to a key of an organisation whose plan lacks the API', async () => {
    const pro = await createRestaurant(ctx, { plan: 'pro' });
    await expectProblem(await call((await key(pro.organisationId)).secret, '/venues'), 403, PLAN_FEATURE_MESSAGES.api);
    const trial = await createRestaurant(ctx, { plan: null, trialEndsAt: new Date(Date.now() + 5 * 86_400_000) });
    await expectProblem(await call((await key(trial.organisationId)).secret, '/venues'), 403, PLAN_FEATURE_MESSAGES.api);
    const expired = await createRestaurant(ctx, { plan: null, trialEndsAt: new Date(Date.now() - 86_400_000) });
    await expectProblem(await call((await key(expired.organisationId)).secret, '/venues'), 403, PLAN_FEATURE_MESSAGES.api);
    const premium = await createRestaurant(ctx);
    const premiumKey = (await key(premium.organisationId)).secret;
    await json(await call(premiumKey, '/venues'));
    await ctx.db.update(organisations).set({ plan: 'pro' }).where(eq(organisations.id, premium.organisationId));
    await expectProblem(await call(premiumKey, '/venues'), 403, PLAN_FEATURE_MESSAGES.api);
  });

  it('answers 403 to a key of an organisation the platform has not approved (or suspended)', async () => {
    const pending = await createRestaurant(ctx, { status: 'pending' });
    await expectProblem(await call((await key(pending.organisationId)).secret, '/venues'), 403, PUBLIC_API_MESSAGES.organisationNotApproved);
    const suspended = await createRestaurant(ctx, { status: 'suspended' });
    await expectProblem(await call((await key(suspended.organisationId)).secret, '/venues'), 403, PUBLIC_API_MESSAGES.organisationNotApproved);
  });

  it('ignores the session cookie: a signed-in owner without a key gets 401', async () => {
    await expectProblem(await a.agent.get('/api/v1/venues'), 401, PUBLIC_API_MESSAGES.missingKey);
  });
});

describe('/api/v1 venues and scopes', () => {
  it('lists the venues of the key, newest first, by pages', async () => {
    const all = await json<ListAnswer>(await call(allKey, '/venues'));
    expect(all.data.map((venue) => venue.id)).toEqual([a.second.id, a.first.id]);
    expect(all.next_cursor).toBeNull();
    expect(all.data[1]).toMatchObject({ id: a.first.id, name: 'Alpha 1' });
    const first = await json<ListAnswer>(await call(allKey, '/venues?limit=1'));
    expect(first.data.map((venue) => venue.id)).toEqual([a.second.id]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await json<ListAnswer>(await call(allKey, `/venues?limit=1&cursor=${first.next_cursor}`));
    expect(second.data.map((venue) => venue.id)).toEqual([a.first.id]);
    expect(second.next_cursor).toBeNull();
    const subset = await json<ListAnswer>(await call(subsetKey, '/venues'));
    expect(subset.data.map((venue) => venue.id)).toEqual([a.first.id]);
  });

  it('closes a venue the platform suspended (core/venue-state), as if it did not exist', async () => {
    const org = await createOrganisation('Charlie');
    const secret = (await key(org.organisationId)).secret;
    await ctx.db.update(restaurants).set({ status: 'suspended' }).where(eq(restaurants.id, org.second.id));
    const venues = await json<ListAnswer>(await call(secret, '/venues'));
    expect(venues.data.map((venue) => venue.id)).toEqual([org.first.id]);
    await expectProblem(await call(secret, `/venues/${org.second.id}/feedbacks`), 404, PUBLIC_API_MESSAGES.venueNotFound);
    await expectProblem(await call(secret, `/feedbacks/${org.secondFeedback.id}`), 404, PUBLIC_API_MESSAGES.feedbackNotFound);
    await ctx.db.update(restaurants).set({ status: 'approved' }).where(eq(restaurants.id, org.second.id));
    await json(await call(secret, `/feedbacks/${org.secondFeedback.id}`));
  });

  it('answers 400 problems naming the failing parameter', async () => {
    for (const limit of ['0', '101', 'abc', '2.5']) {
      const body = await expectProblem(await call(allKey, `/venues?limit=${limit}`), 400, `limit : ${PUBLIC_API_MESSAGES.invalidLimit}`);
      expect(body.field).toBe('limit');
    }
    const cursor = await expectProblem(await call(allKey, '/venues?cursor=bm90LWEtY3Vyc29y'), 400);
    expect(cursor.field).toBe('cursor');
    const id = await expectProblem(await call(allKey, '/feedbacks/not-a-uuid'), 400, `id : ${PUBLIC_API_MESSAGES.invalidId}`);
    expect(id.field).toBe('id');
    const rating = await expectProblem(await call(allKey, `/venues/${a.first.id}/feedbacks?rating=9`), 400, `rating : ${PUBLIC_API_MESSAGES.invalidFilter}`);
    expect(rating.field).toBe('rating');
    await expectProblem(await call(allKey, `/venues/${a.first.id}/feedbacks?period=custom&from=2026-11-10&to=2026-11-01`), 400, `to : ${PUBLIC_API_MESSAGES.invalidRange}`);
  });

  it('answers 404 problems to an unknown route and to venues outside the key', async () => {
    await expectProblem(await call(allKey, '/nothing-here'), 404, PUBLIC_API_MESSAGES.routeNotFound);
    await expectProblem(await call(subsetKey, `/venues/${a.second.id}/feedbacks`), 404, PUBLIC_API_MESSAGES.venueNotFound);
    await expectProblem(await call(subsetKey, `/feedbacks/${a.secondFeedback.id}`), 404, PUBLIC_API_MESSAGES.feedbackNotFound);
    await expectProblem(await call(subsetKey, `/customers/${a.customers.second.id}`), 404, PUBLIC_API_MESSAGES.customerNotFound);
    await expectProblem(await call(subsetKey, `/venues/${a.second.id}/rewards`), 404, PUBLIC_API_MESSAGES.venueNotFound);
    await expectProblem(await call(subsetKey, `/venues/${a.second.id}/customers`), 404, PUBLIC_API_MESSAGES.venueNotFound);
    await expectProblem(await call(subsetKey, `/venues/${a.second.id}/visits`), 404, PUBLIC_API_MESSAGES.venueNotFound);
    // The same ids through a key that may read them.
    await json(await call(allKey, `/feedbacks/${a.secondFeedback.id}`));
    await json(await call(allKey, `/customers/${a.customers.second.id}`));
  });

  it('answers 404 to another organisation’s ids on every route, and changes nothing of it', async () => {
    const bKey = (await key(b.organisationId)).secret;
    const before = await ctx.db.select().from(customerRewards).where(eq(customerRewards.restaurantId, a.first.id)).orderBy(customerRewards.id);
    for (const path of [
      `/venues/${a.first.id}/feedbacks`,
      `/venues/${a.first.id}/customers`,
      `/venues/${a.first.id}/rewards`,
      `/venues/${a.first.id}/visits`,
      `/feedbacks/${a.feedbacks[0].id}`,
      `/customers/${a.customers.camille.id}`,
    ]) {
      await expectProblem(await call(bKey, path), 404);
    }
    await expectProblem(await call(bKey, `/rewards/${a.rewards.pending.id}/redeem`, { method: 'POST', idempotencyKey: crypto.randomUUID() }), 404, PUBLIC_API_MESSAGES.rewardNotFound);
    const venues = await json<ListAnswer>(await call(bKey, '/venues'));
    expect(venues.data.map((venue) => venue.id).sort()).toEqual([b.first.id, b.second.id].sort());
    expect(await ctx.db.select().from(customerRewards).where(eq(customerRewards.restaurantId, a.first.id)).orderBy(customerRewards.id)).toEqual(before);
  });
});

describe('/api/v1 feedbacks', () => {
  it('lists a venue’s feedbacks newest first with their customer, by pages', async () => {
    const all = await json<ListAnswer>(await call(allKey, `/venues/${a.first.id}/feedbacks`));
    expect(all.data).toHaveLength(7);
    const times = all.data.map((item) => Date.parse(item.created_at as string));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(all.data[0]).toMatchObject({
      id: a.feedbacks[0].id,
      venue_id: a.first.id,
      rating: 1,
      comment: 'Froid',
      status: 'new',
      table_label: 'Table 1',
      qr_code_id: a.qr.table.id,
      handled_at: null,
      customer: { id: a.customers.camille.id, first_name: 'Camille', last_name: 'Martin', email: a.customers.camille.email },
    });
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ListAnswer = await json<ListAnswer>(await call(allKey, `/venues/${a.first.id}/feedbacks?limit=3${cursor ? `&cursor=${cursor}` : ''}`));
      expect(page.data.length).toBeLessThanOrEqual(3);
      pages.push(...page.data.map((item) => item.id as string));
      cursor = page.next_cursor;
    } while (cursor);
    expect(pages).toEqual(all.data.map((item) => item.id));
  });

  it('hides the diner’s personal data from a key without the right', async () => {
    const list = await json<ListAnswer>(await call(subsetKey, `/venues/${a.first.id}/feedbacks`));
    expect(list.data[0].customer).toEqual({ id: a.customers.camille.id, first_name: null, last_name: null, email: null });
    const text = JSON.stringify(list);
    expect(text).not.toContain(a.customers.camille.email!);
    expect(text).not.toContain('Camille');
    const one = await json<Json>(await call(subsetKey, `/feedbacks/${a.feedbacks[0].id}`));
    expect(one.customer).toEqual({ id: a.customers.camille.id, first_name: null, last_name: null, email: null });
  });

  it('filters as /avis does: the same feedbacks as /api/inbox for the same filters', async () => {
    const inboxIds = async (query: string) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const response = await a.agent.get(`/api/inbox?${query}${cursor ? `&cursor=${cursor}` : ''}`, { headers: { [VENUE_HEADER]: a.first.id } });
        const page = (await json<TInboxPage>(response)) as TInboxPage;
        ids.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    };
    const apiIds = async (query: string) => (await json<ListAnswer>(await call(allKey, `/venues/${a.first.id}/feedbacks?limit=100&${query}`))).data.map((item) => item.id);
    const today = new Date().toISOString().slice(0, 10);
    const queries = [
      '',
      'rating=le3',
      'rating=ge4',
      'rating=5',
      'period=today',
      'period=7d',
      'period=30d',
      'period=tonight',
      `period=custom&from=2026-01-01&to=${today}`,
      'comment=1',
      'status=done',
      'status=new&rating=le3',
      `qr=${a.qr.table.id}`,
      'qr=none',
      'comment=1&period=30d&rating=le3',
    ];
    let nonEmpty = 0;
    for (const query of queries) {
      const expected = await inboxIds(query);
      if (expected.length > 0) nonEmpty++;
      expect(await apiIds(query), query).toEqual(expected);
    }
    expect(nonEmpty).toBeGreaterThan(10);
    expect(await apiIds('rating=le3')).toHaveLength(4);
  });
});

describe('/api/v1 customers', () => {
  it('lists the customers the venue knows with consent, points and visits', async () => {
    const list = await json<ListAnswer>(await call(allKey, `/venues/${a.first.id}/customers`));
    expect(list.data.map((customer) => customer.id).sort()).toEqual([a.customers.camille.id, a.customers.phoneOnly.id].sort());
    const camille = list.data.find((customer) => customer.id === a.customers.camille.id)!;
    expect(camille).toMatchObject({
      venue_id: a.first.id,
      first_name: 'Camille',
      last_name: 'Martin',
      email: a.customers.camille.email,
      phone: '06 12 34 56 78',
      has_email: true,
      marketing_consent: true,
      marketing_consent_at: '2026-10-01T12:00:00.000Z',
      unsubscribed_at: null,
      points: 40,
      visits: 3,
    });
    const page = await json<ListAnswer>(await call(allKey, `/venues/${a.first.id}/customers?limit=1`));
    expect(page.data).toHaveLength(1);
    const next = await json<ListAnswer>(await call(allKey, `/venues/${a.first.id}/customers?limit=1&cursor=${page.next_cursor}`));
    expect([...page.data, ...next.data].map((customer) => customer.id)).toEqual(list.data.map((customer) => customer.id));
    expect(next.next_cursor).toBeNull();
  });

  it('gives one customer, personal data only to a key allowed to read it', async () => {
    const full = await json<Json>(await call(allKey, `/customers/${a.customers.phoneOnly.id}`));
    expect(full).toMatchObject({ first_name: 'Dominique', phone: '07 00 00 00 01', has_email: false, points: 5, visits: 1 });
    const hidden = await json<Json>(await call(subsetKey, `/customers/${a.customers.camille.id}`));
    expect(hidden).toMatchObject({ id: a.customers.camille.id, first_name: null, last_name: null, email: null, phone: null, has_email: true, points: 40, visits: 3, marketing_consent: true });
    const hiddenList = await call(subsetKey, `/venues/${a.first.id}/customers`);
    const text = await hiddenList.text();
    expect(text).not.toContain(a.customers.camille.email!);
    expect(text).not.toContain('06 12 34 56 78');
  });
});

describe('/api/v1 rewards', () => {
  it('lists the pending rewards (and the redeemed ones on request)', async () => {
    const pending = await json<ListAnswer>(await call(subsetKey, `/venues/${a.first.id}/rewards?status=pending`));
    expect(pending.data.map((reward) => reward.id)).toEqual([a.rewards.pendingToo.id, a.rewards.pending.id]);
    expect(pending.data[1]).toMatchObject({ venue_id: a.first.id, customer_id: a.customers.camille.id, label: 'Café offert', cost: 50, status: 'pending', redeemed_at: null });
    const byDefault = await json<ListAnswer>(await call(subsetKey, `/venues/${a.first.id}/rewards`));
    expect(byDefault.data.map((reward) => reward.id)).toEqual(pending.data.map((reward) => reward.id));
    const redeemed = await json<ListAnswer>(await call(subsetKey, `/venues/${a.first.id}/rewards?status=redeemed`));
    expect(redeemed.data.map((reward) => reward.id)).toEqual([a.rewards.redeemed.id]);
  });

  it('answers 404 to a read-only key’s hand-over of an id it cannot reach, before reading its access (issue 50)', async () => {
    // Another organisation's reward, a reward of its own organisation's other venue (outside the key's venues), an unknown id.
    for (const id of [b.rewards.pending.id, a.rewards.second.id, crypto.randomUUID()]) {
      await expectProblem(await call(subsetKey, `/rewards/${id}/redeem`, { method: 'POST', idempotencyKey: crypto.randomUUID() }), 404, PUBLIC_API_MESSAGES.rewardNotFound);
    }
    // A read-only key of the whole other organisation: still 404 for organisation A's reward.
    const otherReadOnly = (await key(b.organisationId, { access: 'read' })).secret;
    await expectProblem(await call(otherReadOnly, `/rewards/${a.rewards.pending.id}/redeem`, { method: 'POST', idempotencyKey: crypto.randomUUID() }), 404, PUBLIC_API_MESSAGES.rewardNotFound);
    // Its own venue's reward: the access refuses it (403), and nothing is handed over.
    await expectProblem(await call(otherReadOnly, `/rewards/${b.rewards.pending.id}/redeem`, { method: 'POST', idempotencyKey: crypto.randomUUID() }), 403, PUBLIC_API_MESSAGES.readOnlyKey);
    const rows = await ctx.db.select({ status: customerRewards.status }).from(customerRewards).where(eq(customerRewards.id, b.rewards.pending.id));
    expect(rows).toEqual([{ status: 'pending' }]);
  });

  it('refuses a hand-over with a read-only key (403) or without an Idempotency-Key (400)', async () => {
    await expectProblem(await call(subsetKey, `/rewards/${a.rewards.pending.id}/redeem`, { method: 'POST', idempotencyKey: 'once' }), 403, PUBLIC_API_MESSAGES.readOnlyKey);
    const missing = await expectProblem(await call(allKey, `/rewards/${a.rewards.pending.id}/redeem`, { method: 'POST' }), 400);
    expect(missing.field).toBe('idempotency-key');
    await expectProblem(await call(allKey, `/rewards/${a.rewards.pending.id}/redeem`, { method: 'POST', idempotencyKey: 'x'.repeat(256) }), 400);
    const [row] = await ctx.db.select().from(customerRewards).where(eq(customerRewards.id, a.rewards.pending.id));
    expect(row.status).toBe('pending');
  });

  it('hands a reward over once for 20 parallel identical requests: one runs, the others replay it', async () => {
    const points = async () => (await ctx.db.select({ points: customers.points }).from(customers).where(eq(customers.id, a.customers.camille.id)))[0].points;
    const pointsBefore = await points();
    const idempotencyKey = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(allKey, `/rewards/${a.rewards.pending.id}/redeem`, { method: 'POST', idempotencyKey })));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(new Set(bodies).size).toBe(1);
    const body = JSON.parse(bodies[0]) as { reward: Json; customer_points: number };
    expect(body.reward).toMatchObject({ id: a.rewards.pending.id, status: 'redeemed', redeemed_at: expect.any(String) });
    expect(body.customer_points).toBe(pointsBefore);
    // One hand-over: one audit line (naming the key), the points untouched (the cost left at unlock).
    const audits = await ctx.db
      .select()
      .from(restaurantAuditLog)
      .where(and(eq(restaurantAuditLog.subjectId, a.rewards.pending.id), eq(restaurantAuditLog.action, 'reward_redeemed')));
    expect(audits).toHaveLength(1);
    expect(audits[0].actorUserId).toBeNull();
    expect(audits[0].details).toEqual({ apiKeyId: expect.any(String) });
    expect(await points()).toBe(pointsBefore);
    const stored = await ctx.db.select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.idempotencyKey, idempotencyKey));
    expect(stored).toHaveLength(1);
    expect(stored[0].responseStatus).toBe(200);

    // Later: the same key replays; the same key on another path is refused; a new key meets the 409.
    const replay = await call(allKey, `/rewards/${a.rewards.pending.id}/redeem`, { method: 'POST', idempotencyKey });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.text()).toBe(bodies[0]);
    await expectProblem(await call(allKey, `/rewards/${a.rewards.pendingToo.id}/redeem`, { method: 'POST', idempotencyKey }), 422, PUBLIC_API_MESSAGES.idempotencyOtherRequest);
    const again = crypto.randomUUID();
    const conflict = await call(allKey, `/rewards/${a.rewards.pending.id}/redeem`, { method: 'POST', idempotencyKey: again });
    expect(conflict.headers.get('idempotent-replayed')).toBeNull();
    await expectProblem(conflict, 409, PUBLIC_API_MESSAGES.rewardAlreadyRedeemed);
    const conflictReplay = await call(allKey, `/rewards/${a.rewards.pending.id}/redeem`, { method: 'POST', idempotencyKey: again });
    expect(conflictReplay.headers.get('idempotent-replayed')).toBe('true');
    await expectProblem(conflictReplay, 409, PUBLIC_API_MESSAGES.rewardAlreadyRedeemed);
    // Another key of the organisation has its own idempotency keys.
    const otherKey = (await key(a.organisationId)).secret;
    await json(await call(otherKey, `/rewards/${a.rewards.pendingToo.id}/redeem`, { method: 'POST', idempotencyKey }));
  });

  it('forgets an Idempotency-Key’s answer after a day (housekeeping)', async () => {
    const created = await key(a.organisationId);
    const [reward] = await ctx.db.insert(customerRewards).values({ restaurantId: a.first.id, customerId: a.customers.camille.id, label: 'Café offert', cost: 50 }).returning();
    await json(await call(created.secret, `/rewards/${reward.id}/redeem`, { method: 'POST', idempotencyKey: 'daily' }));
    const mine = () => ctx.db.select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.apiKeyId, created.id));
    expect(await mine()).toHaveLength(1);
    await purgeIdempotencyKeysJob.handle({}, ctx.deps);
    expect(await mine()).toHaveLength(1);
    await purgeIdempotencyKeys(ctx.db, new Date(Date.now() + 25 * 3600_000));
    expect(await mine()).toHaveLength(0);
    // The key is free again: the reward is already handed over (409), not replayed.
    await expectProblem(await call(created.secret, `/rewards/${reward.id}/redeem`, { method: 'POST', idempotencyKey: 'daily' }), 409, PUBLIC_API_MESSAGES.rewardAlreadyRedeemed);
  });

  it.runIf(onPostgres)('answers 409 to a repeat while the first request with its key is still running', async () => {
    const created = await key(a.organisationId);
    const idempotencyKey = crypto.randomUUID();
    const [reward] = await ctx.db.insert(customerRewards).values({ restaurantId: a.first.id, customerId: a.customers.camille.id, label: 'Café offert', cost: 50 }).returning();
    let answer: Response | null = null;
    // A first request holding its key (its transaction not committed) while the repeat arrives.
    await ctx.db
      .transaction(async (tx) => {
        await tx.insert(apiIdempotencyKeys).values({ apiKeyId: created.id, idempotencyKey, requestFingerprint: `POST /api/v1/rewards/${reward.id}/redeem` });
        answer = await call(created.secret, `/rewards/${reward.id}/redeem`, { method: 'POST', idempotencyKey });
        tx.rollback();
      })
      .catch(() => undefined);
    await expectProblem(answer!, 409, PUBLIC_API_MESSAGES.idempotencyInProgress);
    const [row] = await ctx.db.select().from(customerRewards).where(eq(customerRewards.id, reward.id));
    expect(row.status).toBe('pending');
  }, 20_000);
});

describe('/api/v1 visits', () => {
  it('counts visits per Paris day from the dashboard’s daily rows, every day listed', async () => {
    await ctx.db.insert(restaurantDailyStats).values([
      { restaurantId: a.first.id, day: '2026-11-02', shard: 0, visitCount: 7 },
      { restaurantId: a.first.id, day: '2026-11-02', shard: 3, visitCount: 5 },
      { restaurantId: a.first.id, day: '2026-11-04', shard: 0, visitCount: 2, feedbackCount: 1, ratingSum: 5 },
      { restaurantId: a.second.id, day: '2026-11-03', shard: 0, visitCount: 100 },
    ]);
    const answer = await json<Json>(await call(subsetKey, `/venues/${a.first.id}/visits?from=2026-11-01&to=2026-11-05`));
    expect(answer).toEqual({
      venue_id: a.first.id,
      from: '2026-11-01',
      to: '2026-11-05',
      total: 14,
      days: [
        { date: '2026-11-01', visits: 0 },
        { date: '2026-11-02', visits: 12 },
        { date: '2026-11-03', visits: 0 },
        { date: '2026-11-04', visits: 2 },
        { date: '2026-11-05', visits: 0 },
      ],
    });
    try {
      clock.freeze(new Date('2026-11-05T23:30:00Z')); // 00:30 on the 6th in Paris
      const byDefault = await json<{ from: string; to: string; days: unknown[]; total: number }>(await call(subsetKey, `/venues/${a.first.id}/visits`));
      expect(byDefault.to).toBe('2026-11-06');
      expect(byDefault.from).toBe('2026-10-08');
      expect(byDefault.days).toHaveLength(30);
      expect(byDefault.total).toBe(14);
    } finally {
      clock.reset();
    }
    await expectProblem(await call(subsetKey, `/venues/${a.first.id}/visits?from=2026-11-05&to=2026-11-01`), 400, `to : ${PUBLIC_API_MESSAGES.invalidRange}`);
    await expectProblem(await call(subsetKey, `/venues/${a.first.id}/visits?from=2024-01-01&to=2026-11-01`), 400, `from : ${PUBLIC_API_MESSAGES.rangeTooLong}`);
    await expectProblem(await call(subsetKey, `/venues/${a.first.id}/visits?from=2026-02-30`), 400, `from : ${PUBLIC_API_MESSAGES.invalidDate}`);
  });
});

describe('/api/v1 refusals of the shared pipeline', () => {
  it('answers them as problems too: a body too large, a body of another type, a foreign origin, broken text', async () => {
    const path = `/rewards/${a.rewards.redeemed.id}/redeem`;
    const tooLarge = await call(allKey, path, { method: 'POST', idempotencyKey: 'big', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }) });
    await expectProblem(tooLarge, 413, 'Requête trop volumineuse.');
    const otherType = await call(allKey, path, { method: 'POST', idempotencyKey: 'xml', headers: { 'content-type': 'application/xml' }, body: '<a/>' });
    await expectProblem(otherType, 415);
    const foreign = await call(allKey, path, { method: 'POST', idempotencyKey: 'origin', headers: { origin: 'https://evil.example' } });
    await expectProblem(foreign, 403, 'Origine de la requête refusée.');
    await expectProblem(await call(allKey, '/venues?cursor=%00'), 400);
    // None of them reached the hand-over.
    expect(await ctx.db.select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.idempotencyKey, 'big'))).toEqual([]);
  });

  it('answers an unexpected error as a generic 500 problem, without internals (the sub-app’s onError)', async () => {
    const app = new Hono<AppEnv>();
    app.onError(handleProblems(ctx.deps));
    app.get('/api/v1/boom', () => {
      throw new Error('relation "secret_table" does not exist');
    });
    const response = await app.request('http://localhost:3000/api/v1/boom');
    const body = await expectProblem(response, 500, PUBLIC_API_MESSAGES.internal);
    expect(JSON.stringify(body)).not.toContain('secret_table');
  });
});

describe('/api/v1 rate limit headers', () => {
  it('tells each answer the key’s quota (IETF RateLimit headers), counted per key', async () => {
    const created = (await key(a.organisationId)).secret;
    const first = await call(created, '/venues');
    expect(first.status).toBe(200);
    const { limit, windowSeconds } = API_RATE_LIMITS.perKey;
    expect(first.headers.get('ratelimit-policy')).toBe(`"per-key";q=${limit};w=${windowSeconds}`);
    expect(first.headers.get('ratelimit')).toMatch(new RegExp(`^"per-key";r=${limit - 1};t=\\d+$`));
    const second = await call(created, '/nothing');
    expect(second.status).toBe(404);
    expect(second.headers.get('ratelimit')).toMatch(new RegExp(`^"per-key";r=${limit - 2};t=\\d+$`));
    // Another key counts on its own.
    const other = await call((await key(a.organisationId)).secret, '/venues');
    expect(other.headers.get('ratelimit')).toMatch(new RegExp(`^"per-key";r=${limit - 1};t=`));
  });
});

describe('/api/v1 with a small injected limit', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await createDinerTestContext({
      rateLimits: { api: { perKey: { ...API_RATE_LIMITS.perKey, limit: 3 }, unknownKeyPerAddress: { ...API_RATE_LIMITS.unknownKeyPerAddress, limit: 3 } } },
    });
  });
  afterAll(async () => {
    await small.close();
  });

  it('refuses an address past its ceiling of unknown or revoked keys (429 problem), not other addresses nor its valid keys', async () => {
    const venue = await createRestaurant(small);
    const created = await createApiKey(small.db, { organisationId: venue.organisationId, name: 'Caisse', access: 'read', venueIds: null, personalData: false, createdBy: null });
    const call = (secret: string, ip: string) => small.app.request('http://localhost:3000/api/v1/venues', { headers: { authorization: `Bearer ${secret}`, 'x-forwarded-for': ip } });
    const flooder = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    const unknown = () => `rf_live_${randomBytes(32).toString('base64url')}`;
    const statuses: number[] = [];
    for (let n = 0; n < 3; n++) statuses.push((await call(unknown(), flooder)).status);
    expect(statuses).toEqual([401, 401, 401]);
    const refused = await call(unknown(), flooder);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await refused.json()).toMatchObject({ status: 429, detail: API_RATE_LIMITS.unknownKeyPerAddress.message });
    // Another address still gets its 401; the flooding address's valid key still works (only unknown keys count).
    expect((await call(unknown(), `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`)).status).toBe(401);
    expect((await call(created.secret, flooder)).status).toBe(200);
  });

  it('answers 429 with Retry-After past the limit, as a problem, and the key’s window reopens', async () => {
    const venue = await createRestaurant(small);
    const created = await createApiKey(small.db, { organisationId: venue.organisationId, name: 'BI', access: 'read', venueIds: null, personalData: false, createdBy: null });
    const request = () => small.app.request('http://localhost:3000/api/v1/venues', { headers: { authorization: `Bearer ${created.secret}` } });
    const statuses: number[] = [];
    const remaining: string[] = [];
    for (let n = 0; n < 3; n++) {
      const answer = await request();
      statuses.push(answer.status);
      remaining.push(answer.headers.get('ratelimit')!.split(';')[1]);
    }
    expect(statuses).toEqual([200, 200, 200]);
    expect(remaining).toEqual(['r=2', 'r=1', 'r=0']);
    const refused = await request();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit')).toMatch(/^"per-key";r=0;t=\d+$/);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await refused.json()) as Json;
    expect(body).toMatchObject({ status: 429, title: 'Trop de requêtes', detail: API_RATE_LIMITS.perKey.message, instance: '/api/v1/venues' });
    try {
      clock.advance(61_000);
      expect((await request()).status).toBe(200);
    } finally {
      clock.reset();
    }
    // The rows counted are keyed on the key's id hashed, as every other limit.
    const rows = await queryRows<{ key: string }>(small.db, sql`select key from rate_limits where key like 'rl:api:per-key:%'`);
    expect(rows.map((row) => row.key)).toContain(rateLimitKey(API_RATE_LIMITS.perKey, created.id));
    expect(rows.every((row) => /^rl:api:per-key:[0-9a-f]{40}$/.test(row.key))).toBe(true);
  });
});
