import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { organisationMembers, restaurants, session } from '../../src/server/db/schema';
import { addMember, createRestaurant, createSignedInOwner } from '../support/factories';
import { createTestContext, type TestAgent, type TestContext } from '../support/test-app';

// The owner routes read the session in one query (auth/session-reader.ts) instead of better-auth's
// getSession: these tests hold it to better-auth's rules, with no caching of sessions (only a cookie's
// valid signature is remembered: an altered cookie, a revoked or expired session are refused all the same).
let ctx: TestContext;
let cookieName: string;
beforeAll(async () => {
  ctx = await createTestContext({ startWorkers: false });
  cookieName = (await ctx.deps.auth.$context).authCookies.sessionToken.name;
});
afterAll(async () => {
  await ctx.close();
});

const DAY = 24 * 3600 * 1000;
const tokenOf = (agent: TestAgent) => decodeURIComponent(agent.cookies.get(cookieName)!).split('.')[0];

describe('the session of an owner request', () => {
  it('is refused when its cookie signature is altered, even with a real session token', async () => {
    const { agent } = await createSignedInOwner(ctx);
    expect((await agent.get('/api/dashboard')).status).toBe(200);
    const [token, signature] = decodeURIComponent(agent.cookies.get(cookieName)!).split('.');
    const flipped = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    for (const forged of [`${token}.${flipped}`, token, `${token}.`, '%E0%A4%A']) {
      agent.cookies.set(cookieName, forged.includes('%') ? forged : encodeURIComponent(forged));
      const response = await agent.get('/api/dashboard');
      expect(response.status).toBe(401);
      expect((await response.json()).error.message).toBe('Vous devez être connecté.');
    }
  });

  it('ends at once when the session is revoked (sign-out elsewhere, password change)', async () => {
    const { agent } = await createSignedInOwner(ctx);
    expect((await agent.get('/api/customers')).status).toBe(200);
    await ctx.db.delete(session).where(eq(session.token, tokenOf(agent)));
    expect((await agent.get('/api/customers')).status).toBe(401);
  });

  it('refuses an expired session and lets better-auth delete it', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const token = tokenOf(agent);
    await ctx.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.token, token));
    expect((await agent.get('/api/dashboard')).status).toBe(401);
    expect(await ctx.db.select().from(session).where(eq(session.token, token))).toHaveLength(0);
  });

  it('extends a session used after its refresh age, as better-auth does', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const token = tokenOf(agent);
    const { expiresIn, updateAge } = (await ctx.deps.auth.$context).sessionConfig;
    // Created long enough ago to be due for its refresh, still valid.
    const dueAt = new Date(Date.now() + expiresIn * 1000 - updateAge * 1000 - 60_000);
    await ctx.db.update(session).set({ expiresAt: dueAt }).where(eq(session.token, token));
    expect((await agent.get('/api/dashboard')).status).toBe(200);
    const [after] = await ctx.db.select().from(session).where(eq(session.token, token));
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + expiresIn * 1000 - DAY / 24);
  });

  it('sees a suspension on the very next request', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    expect((await agent.get('/api/dashboard')).status).toBe(200);
    await ctx.db.update(restaurants).set({ status: 'suspended' }).where(eq(restaurants.id, restaurant.id));
    const response = await agent.get('/api/dashboard');
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe('Compte suspendu');
  });

  it('reads the memberships with the session: oldest membership first, then oldest venue; a role change or a removal counts at once', async () => {
    const { agent, owner, restaurant } = await createSignedInOwner(ctx);
    // A later venue of the same organisation, and a later membership in another organisation (as lecture).
    const second = await createRestaurant(ctx, { organisationId: restaurant.organisationId, name: 'Deuxième salle' });
    const other = await createRestaurant(ctx, { name: 'Ailleurs' });
    await addMember(ctx, { organisationId: other.organisationId, userId: owner.id, role: 'viewer' });
    const me = await (await agent.get('/api/me')).json();
    expect(me.restaurants.map((r: { id: string; role: string }) => [r.id, r.role])).toEqual([
      [restaurant.id, 'owner'],
      [second.id, 'owner'],
      [other.id, 'viewer'],
    ]);
    expect((await (await agent.get('/api/owner/restaurant')).json()).id).toBe(restaurant.id);

    const mine = and(eq(organisationMembers.organisationId, restaurant.organisationId), eq(organisationMembers.userId, owner.id));
    await ctx.db.update(organisationMembers).set({ role: 'viewer' }).where(mine);
    const refused = await agent.get('/api/customers');
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe('Votre rôle ne permet pas cette action.');
    expect((await agent.get('/api/dashboard')).status).toBe(200);

    // Out of the first organisation: the other one's venue is now the first.
    await ctx.db.delete(organisationMembers).where(mine);
    expect((await (await agent.get('/api/owner/restaurant')).json()).id).toBe(other.id);
  });
});
