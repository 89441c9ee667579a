import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { memberVenues, organisationMembers, organisations, restaurants, user } from '../../src/server/db/schema';
import { createDeps } from '../../src/server/deps';
import { addMember, createRestaurant, createSignedInOwner, createUser, signIn, uniqueEmail } from '../support/factories';
import { createTestContext, TestAgent, type TestContext } from '../support/test-app';

// Decision 060: the session statement reads a user's venues again only when users.access_version moved,
// and migration 0032's triggers move it whenever anything those venues are made of changes. These tests
// hold both halves: an unchanged user is not read again, and every kind of change shows on the next request.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ startWorkers: false });
});
afterAll(async () => {
  await ctx.close();
});

type MeVenue = {
  id: string;
  name: string;
  status: string;
  role: string;
  emailVerified: boolean;
  rejectionReason: string | null;
  suspensionReason: string | null;
  permissions: string[];
  plan: { id: string; state: string; trialEndsAt: string | null; readOnly: string | null };
};
const venuesOf = async (agent: TestAgent): Promise<MeVenue[]> => {
  const response = await agent.get('/api/me');
  expect(response.status).toBe(200);
  return ((await response.json()) as { restaurants: MeVenue[] }).restaurants;
};
const versionOf = async (userId: string) => (await ctx.db.select({ version: user.accessVersion }).from(user).where(eq(user.id, userId)))[0].version;

describe("a session's venues, read again only when they changed (decision 060)", () => {
  it('are not read again while nothing they are made of changed', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx, { restaurantName: 'Chez Vu' });
    expect((await venuesOf(agent))[0].name).toBe('Chez Vu');
    // A rename with the triggers off (replica role) leaves the version as it was: the reader keeps what it read.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(restaurants).set({ name: 'Chez Caché' }).where(eq(restaurants.id, restaurant.id));
    });
    expect((await venuesOf(agent))[0].name).toBe('Chez Vu');
    // The same rename as the app makes it raises the version: read again at once.
    await ctx.db.update(restaurants).set({ name: 'Chez Revu' }).where(eq(restaurants.id, restaurant.id));
    expect((await venuesOf(agent))[0].name).toBe('Chez Revu');
  });

  it('leave the version alone when a venue column the session does not show changes', async () => {
    const { owner, restaurant } = await createSignedInOwner(ctx);
    const before = await versionOf(owner.id);
    await ctx.db.update(restaurants).set({ phone: '0102030405', googleReviewUrl: 'https://g.page/r/abc/review' }).where(eq(restaurants.id, restaurant.id));
    await ctx.db.update(organisations).set({ notes: 'Appelé le 3' }).where(eq(organisations.id, restaurant.organisationId));
    expect(await versionOf(owner.id)).toBe(before);
  });

  it("show every change to the organisation's state, plan and limits on the next request", async () => {
    const { agent, owner, restaurant } = await createSignedInOwner(ctx);
    const second = await createRestaurant(ctx, { organisationId: restaurant.organisationId, name: 'Salle deux' });
    const organisation = eq(organisations.id, restaurant.organisationId);
    expect((await venuesOf(agent)).map((venue) => venue.plan.readOnly)).toEqual([null, null]);

    await ctx.db.update(organisations).set({ limitOverrides: { venues: 1 } }).where(organisation);
    expect((await venuesOf(agent)).map((venue) => venue.plan.readOnly)).toEqual([null, 'venue']);

    await ctx.db.update(organisations).set({ plan: 'essential', limitOverrides: {} }).where(organisation);
    expect((await venuesOf(agent))[0].plan.id).toBe('essential');

    const trialEnd = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    await ctx.db.update(organisations).set({ plan: null, trialEndsAt: trialEnd }).where(organisation);
    expect((await venuesOf(agent))[0].plan).toMatchObject({ state: 'trial', trialEndsAt: trialEnd.toISOString() });

    await ctx.db.update(organisations).set({ status: 'suspended', suspensionReason: 'Impayé' }).where(organisation);
    expect((await venuesOf(agent)).map((venue) => [venue.status, venue.suspensionReason])).toEqual([
      ['suspended', 'Impayé'],
      ['suspended', 'Impayé'],
    ]);
    await ctx.db.update(organisations).set({ suspensionReason: 'Impayé (relance)' }).where(organisation);
    expect((await venuesOf(agent))[1].suspensionReason).toBe('Impayé (relance)');

    await ctx.db.update(organisations).set({ status: 'rejected', rejectionReason: 'SIREN inconnu' }).where(organisation);
    expect((await venuesOf(agent))[0]).toMatchObject({ status: 'rejected', rejectionReason: 'SIREN inconnu' });
    await ctx.db.update(organisations).set({ rejectionReason: 'SIREN introuvable' }).where(organisation);
    expect((await venuesOf(agent))[0].rejectionReason).toBe('SIREN introuvable');
    expect(second.id).toBe((await venuesOf(agent))[1].id);
    expect(await versionOf(owner.id)).toBeGreaterThan(0);
  });

  it("show every change to the venues on the next request: added, renamed, suspended, verified, reordered, deleted", async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx, { restaurantName: 'Première' });
    const second = await createRestaurant(ctx, { organisationId: restaurant.organisationId, name: 'Seconde' });
    expect((await venuesOf(agent)).map((venue) => venue.name)).toEqual(['Première', 'Seconde']);

    await ctx.db.update(restaurants).set({ status: 'suspended', suspensionReason: 'Fermeture' }).where(eq(restaurants.id, second.id));
    expect((await venuesOf(agent))[1]).toMatchObject({ status: 'suspended', suspensionReason: 'Fermeture' });
    await ctx.db.update(restaurants).set({ suspensionReason: 'Travaux' }).where(eq(restaurants.id, second.id));
    expect((await venuesOf(agent))[1].suspensionReason).toBe('Travaux');

    await ctx.db.update(restaurants).set({ emailVerified: false }).where(eq(restaurants.id, restaurant.id));
    expect((await venuesOf(agent))[0].emailVerified).toBe(false);

    // The order (and the plan's venue ranks) follow the creation date.
    await ctx.db.update(restaurants).set({ createdAt: new Date('2020-01-01T00:00:00Z') }).where(eq(restaurants.id, second.id));
    expect((await venuesOf(agent)).map((venue) => venue.name)).toEqual(['Seconde', 'Première']);

    await ctx.db.delete(restaurants).where(eq(restaurants.id, second.id));
    expect((await venuesOf(agent)).map((venue) => venue.name)).toEqual(['Première']);
  });

  it("show another member's arrival and departure (the member ranks), a role and a venue list on the next request", async () => {
    const { agent: ownerAgent, owner, restaurant } = await createSignedInOwner(ctx);
    const second = await createRestaurant(ctx, { organisationId: restaurant.organisationId, name: 'Annexe' });
    await ctx.db.update(organisations).set({ limitOverrides: { members: 1 } }).where(eq(organisations.id, restaurant.organisationId));
    const manager = await createUser(ctx, { email: uniqueEmail('gerant') });
    await addMember(ctx, { organisationId: restaurant.organisationId, userId: manager.id, role: 'manager', venues: [restaurant.id] });
    const managerAgent = await signIn(ctx, manager.email);
    // Beyond the one member the plan allows: the gérant acts as lecture, on the one venue listed.
    let managerVenues = await venuesOf(managerAgent);
    expect(managerVenues.map((venue) => [venue.id, venue.plan.readOnly])).toEqual([[restaurant.id, 'member']]);
    expect(managerVenues[0].permissions).not.toContain('customers.export');

    // The venue list grows: the next request has both.
    await ctx.db.insert(memberVenues).values({ organisationId: restaurant.organisationId, userId: manager.id, restaurantId: second.id });
    expect((await venuesOf(managerAgent)).map((venue) => venue.id)).toEqual([restaurant.id, second.id]);
    await ctx.db.delete(memberVenues).where(and(eq(memberVenues.userId, manager.id), eq(memberVenues.restaurantId, restaurant.id)));
    expect((await venuesOf(managerAgent)).map((venue) => venue.id)).toEqual([second.id]);

    // Another member's departure changes this one's rank: the propriétaire leaves, the gérant is the first member.
    expect((await venuesOf(ownerAgent)).length).toBe(2);
    await ctx.db.delete(organisationMembers).where(and(eq(organisationMembers.organisationId, restaurant.organisationId), eq(organisationMembers.userId, owner.id)));
    managerVenues = await venuesOf(managerAgent);
    expect(managerVenues[0].plan.readOnly).toBe(null);
    expect(managerVenues[0].permissions).toContain('customers.export');
    expect(await venuesOf(ownerAgent)).toEqual([]);

    // Its own role, and all venues.
    const membership = and(eq(organisationMembers.organisationId, restaurant.organisationId), eq(organisationMembers.userId, manager.id));
    await ctx.db.update(organisationMembers).set({ role: 'owner', allVenues: true }).where(membership);
    expect((await venuesOf(managerAgent)).map((venue) => [venue.id, venue.role])).toEqual([
      [restaurant.id, 'owner'],
      [second.id, 'owner'],
    ]);
    // Another member's arrival ahead of it (a propriétaire comes first): its rank moves to 1, beyond the limit.
    await ctx.db.update(organisationMembers).set({ role: 'manager' }).where(membership);
    await addMember(ctx, { organisationId: restaurant.organisationId, userId: owner.id, role: 'owner' });
    expect((await venuesOf(managerAgent)).map((venue) => venue.plan.readOnly)).toEqual(['member', 'member']);
  });

  it('show an organisation deleted with its members, and a user deleted with theirs, without an error', async () => {
    const { agent, owner, restaurant } = await createSignedInOwner(ctx);
    const colleague = await createUser(ctx, { email: uniqueEmail('collegue') });
    await addMember(ctx, { organisationId: restaurant.organisationId, userId: colleague.id, role: 'viewer' });
    const colleagueAgent = await signIn(ctx, colleague.email);
    expect(await venuesOf(colleagueAgent)).toHaveLength(1);
    await ctx.db.delete(user).where(eq(user.id, owner.id));
    expect((await agent.get('/api/me')).status).toBe(401);
    await ctx.db.delete(organisations).where(eq(organisations.id, restaurant.organisationId));
    expect(await venuesOf(colleagueAgent)).toEqual([]);
  });

  it('on two instances of one database: a change made through one shows on the next request to the other', { timeout: 60_000 }, async () => {
    const { agent } = await createSignedInOwner(ctx, { restaurantName: 'Avant' });
    // A second server on the same database: its own pool (PostgreSQL), its own session reader.
    const database = ctx.database.kind === 'postgres' ? await openDatabase({ databaseUrl: ctx.database.pool.options.connectionString }) : ctx.database;
    const secondDeps = createDeps(ctx.deps.env, database, ctx.deps.logger);
    try {
      const other = new TestAgent(createApp(secondDeps, { clientDist: ctx.dataDir }));
      for (const [name, value] of agent.cookies) other.cookies.set(name, value);
      expect((await venuesOf(other))[0].name).toBe('Avant');
      expect((await venuesOf(agent))[0].name).toBe('Avant');
      const settings = (await (await agent.get('/api/settings')).json()) as { contactEmail: string };
      expect((await agent.put('/api/settings', { name: 'Après', address: '', contactEmail: settings.contactEmail, phone: '' })).status).toBe(200);
      expect((await venuesOf(other))[0].name).toBe('Après');
      expect((await venuesOf(agent))[0].name).toBe('Après');
    } finally {
      secondDeps.mailer.close();
      if (database !== ctx.database) await database.close();
    }
  });

  it('raise the versions of many members at once without a deadlock (parallel changes to one organisation)', { timeout: 60_000 }, async () => {
    const { restaurant } = await createSignedInOwner(ctx);
    const members = await Promise.all(Array.from({ length: 8 }, (_, n) => createUser(ctx, { email: uniqueEmail(`membre${n}`) })));
    for (const member of members) await addMember(ctx, { organisationId: restaurant.organisationId, userId: member.id, role: 'viewer' });
    const venues = await Promise.all(Array.from({ length: 6 }, (_, n) => createRestaurant(ctx, { organisationId: restaurant.organisationId, name: `Salle ${n}` })));
    const before = await versionOf(members[0].id);
    // Renames, role changes and plan changes of one organisation at once, each in its own transaction.
    await Promise.all([
      ...venues.map((venue, n) => ctx.db.update(restaurants).set({ name: `Salle ${n} bis` }).where(eq(restaurants.id, venue.id))),
      ...members.map((member) =>
        ctx.db.update(organisationMembers).set({ role: 'manager' }).where(and(eq(organisationMembers.organisationId, restaurant.organisationId), eq(organisationMembers.userId, member.id))),
      ),
      ctx.db.update(organisations).set({ plan: 'pro' }).where(eq(organisations.id, restaurant.organisationId)),
    ]);
    expect(await versionOf(members[0].id)).toBe(before + venues.length + members.length + 1);
  });
});
