import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { organisationEmailUsage, organisationInvitations, organisationMembers, organisations, restaurants } from '../../src/server/db/schema';
import { clock } from '../../src/server/lib/runtime/clock';
import { PLAN_MESSAGES, PLANS } from '../../src/shared/rules/plans';
import { VENUE_HEADER } from '../../src/shared/venue';
import { addMember, createRestaurant, createSignedInAdmin, createUser, signIn, uniqueEmail } from '../support/factories';
import type { TestAgent, TestContext } from '../support/test-app';
import { createConfirmedVisitor, createDinerRestaurant, createDinerTestContext } from './diner-support';

/**
 * The plans honoured by the product (issue #30, decision 057): the table and the organisation's overrides
 * drive the venue and member limits (checked under the organisation's lock), a downgrade deletes nothing
 * (venues and members beyond the plan are read only), an expired trial is read only for the back office
 * while diners still earn points, the admin's change is audited, and /api/subscription's figures.
 */
let ctx: TestContext;
let admin: TestAgent;
beforeAll(async () => {
  ctx = await createDinerTestContext();
  admin = (await createSignedInAdmin(ctx)).agent;
});
afterEach(() => clock.reset());
afterAll(async () => {
  clock.reset();
  await ctx.close();
});

const messageOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

let siretCounter = 10;
/** A SIRET of the test organisations' SIREN (123456789), new each call. */
const nextSiret = () => `123456789${String(siretCounter++).padStart(5, '0')}`;
const venueBody = () => ({ name: 'Le Bistrot du Port', address: '3 quai de la Fosse\n44000 Nantes', siret: nextSiret() });
const RULES = { basePoints: 10, bonusGoodRating: 10, ratingThreshold: 4, maxPointsPerDay: 100 };

async function ownerOf(options: Parameters<typeof createRestaurant>[1]) {
  const owner = await createUser(ctx, { email: uniqueEmail('owner') });
  const restaurant = await createRestaurant(ctx, { ownerId: owner.id, ...options });
  return { owner, restaurant, organisationId: restaurant.organisationId, agent: await signIn(ctx, owner.email) };
}

async function setPlan(organisationId: string, body: Record<string, unknown>) {
  const response = await admin.post(`/api/admin/organisations/${organisationId}/plan`, { plan: null, trialEndsAt: null, limitOverrides: {}, ...body });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

const venuesOf = async (organisationId: string) => Number((await ctx.db.select({ n: count() }).from(restaurants).where(eq(restaurants.organisationId, organisationId)))[0].n);

describe('venue limit', () => {
  it('lets N+1 parallel additions add exactly up to the plan’s venues, with the French message naming the plan, and follows an override', async () => {
    const { agent, organisationId } = await ownerOf({ plan: 'pro' });
    // Pro: 3 venues; one exists, four asked at once → two pass.
    const answers = await Promise.all(Array.from({ length: 4 }, () => agent.post('/api/venues', venueBody())));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 403, 403]);
    const refused = answers.find((r) => r.status === 403)!;
    expect(await messageOf(refused)).toBe('Votre forfait Pro comprend 3 établissements. Pour en ajouter un autre, passez au forfait Premium.');
    expect(await venuesOf(organisationId)).toBe(3);

    // The platform team raises the organisation's venues to 4: the guard follows the override.
    await setPlan(organisationId, { plan: 'pro', limitOverrides: { venues: 4 } });
    expect((await agent.post('/api/venues', venueBody())).status).toBe(201);
    const fifth = await agent.post('/api/venues', venueBody());
    expect(fifth.status).toBe(403);
    expect(await messageOf(fifth)).toBe(PLAN_MESSAGES.venueLimit('pro', 4));
    // Unlimited by override.
    await setPlan(organisationId, { plan: 'pro', limitOverrides: { venues: null } });
    expect((await agent.post('/api/venues', venueBody())).status).toBe(201);
    expect(await venuesOf(organisationId)).toBe(5);
  });

  it('names the plan on Essentielle (one venue)', async () => {
    const { agent } = await ownerOf({ plan: 'essential' });
    const refused = await agent.post('/api/venues', venueBody());
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe('Votre forfait Essentielle comprend 1 établissement. Pour en ajouter un autre, passez au forfait Pro.');
  });

  it('reads the limits from the plan table itself: a changed table changes what the guard allows', async () => {
    const { agent, organisationId } = await ownerOf({ plan: 'essential' });
    const table = PLANS.essential.limits;
    const before = table.venues;
    table.venues = 2;
    try {
      expect((await agent.post('/api/venues', venueBody())).status).toBe(201);
      const third = await agent.post('/api/venues', venueBody());
      expect(third.status).toBe(403);
      expect(await messageOf(third)).toBe(PLAN_MESSAGES.venueLimit('essential', 2));
    } finally {
      table.venues = before;
    }
    expect(await venuesOf(organisationId)).toBe(2);
  });
});

describe('member limit', () => {
  it('counts members and pending invitations of propriétaires, gérants and lecture, never équipe; parallel invitations stop at the limit', async () => {
    const { agent, organisationId } = await ownerOf({ plan: 'pro' });
    // Pro: one member, the propriétaire.
    const viewer = await agent.post('/api/team/invitations', { email: uniqueEmail('lecture'), role: 'viewer', allVenues: true });
    expect(viewer.status).toBe(403);
    expect(await messageOf(viewer)).toBe('Votre forfait Pro comprend 1 membre (propriétaires, gérants et lecture). Pour en inviter un autre, passez au forfait Premium.');
    // Counter staff are not counted (decision 057).
    expect((await agent.post('/api/team/invitations', { email: uniqueEmail('equipe'), role: 'staff', allVenues: true })).status).toBe(201);

    // An override of 3 seats: the propriétaire and two more, four invitations at once → two pass.
    await setPlan(organisationId, { plan: 'pro', limitOverrides: { members: 3 } });
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => agent.post('/api/team/invitations', { email: uniqueEmail(`gerant${i}`), role: 'manager', allVenues: true })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 403, 403]);
    expect(await messageOf(answers.find((r) => r.status === 403)!)).toBe(PLAN_MESSAGES.memberLimit('pro', 3));
    const open = await ctx.db.select({ role: organisationInvitations.role }).from(organisationInvitations).where(eq(organisationInvitations.organisationId, organisationId));
    expect(open.map((row) => row.role).sort()).toEqual(['manager', 'manager', 'staff']);
  });

  it('refuses raising an équipe member to a counted role beyond the plan', async () => {
    const { agent, organisationId } = await ownerOf({ plan: 'pro' });
    const waiter = await createUser(ctx, { email: uniqueEmail('serveur') });
    await addMember(ctx, { organisationId, userId: waiter.id, role: 'staff' });
    const raised = await agent.request(`/api/team/members/${waiter.id}/role`, { method: 'PATCH', json: { role: 'manager' } });
    expect(raised.status).toBe(403);
    expect(await messageOf(raised)).toBe(PLAN_MESSAGES.memberLimit('pro', 1));
    const [row] = await ctx.db.select({ role: organisationMembers.role }).from(organisationMembers).where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, waiter.id)));
    expect(row.role).toBe('staff');
  });
});

describe('a downgrade deletes nothing', () => {
  it('keeps every venue and member: venues beyond the plan and members beyond it are read only, until the plan allows them again', async () => {
    const { agent, organisationId, restaurant: first } = await ownerOf({ plan: 'premium' });
    const second = await createRestaurant(ctx, { organisationId, name: 'Deuxième' });
    const managerUser = await createUser(ctx, { email: uniqueEmail('gerant') });
    await addMember(ctx, { organisationId, userId: managerUser.id, role: 'manager' });
    const manager = await signIn(ctx, managerUser.email);
    const on = (venueId: string) => ({ headers: { [VENUE_HEADER]: venueId } });

    const detail = await setPlan(organisationId, { plan: 'essential' });
    expect(detail.plan.effective.limits).toEqual(PLANS.essential.limits);
    // Nothing deleted.
    expect(await venuesOf(organisationId)).toBe(2);
    expect(Number((await ctx.db.select({ n: count() }).from(organisationMembers).where(eq(organisationMembers.organisationId, organisationId)))[0].n)).toBe(2);

    // The oldest venue stays writable; the other is read only (reads open, writes refused in French).
    expect((await agent.put('/api/loyalty/rules', RULES, on(first.id))).status).toBe(200);
    const refused = await agent.put('/api/loyalty/rules', RULES, on(second.id));
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(PLAN_MESSAGES.venueReadOnly('essential', 1));
    expect((await agent.get('/api/dashboard', on(second.id))).status).toBe(200);
    const me = await (await agent.get('/api/me')).json();
    expect(me.restaurants.map((venue: { plan: { readOnly: string | null } }) => venue.plan.readOnly)).toEqual([null, 'venue']);

    // The gérant, beyond Essentielle's one member, acts as lecture: dashboards yes, customers and writes no.
    expect((await manager.get('/api/dashboard', on(first.id))).status).toBe(200);
    const customers = await manager.get('/api/customers', on(first.id));
    expect(customers.status).toBe(403);
    expect(await messageOf(customers)).toBe(PLAN_MESSAGES.memberReadOnly('essential', 1));
    expect((await manager.put('/api/loyalty/rules', RULES, on(first.id))).status).toBe(403);
    const managerMe = await (await manager.get('/api/me')).json();
    expect(managerMe.restaurants[0]).toMatchObject({ role: 'manager', plan: { readOnly: 'member' } });
    expect(managerMe.restaurants[0].permissions).not.toContain('customers.view');

    // Back on Premium: everything as before.
    await setPlan(organisationId, { plan: 'premium' });
    expect((await agent.put('/api/loyalty/rules', RULES, on(second.id))).status).toBe(200);
    expect((await manager.put('/api/loyalty/rules', RULES, on(first.id))).status).toBe(200);
  });
});

describe('the trial', () => {
  it('ends on the clock: the back office turns read only for the owner, the counter and the diners’ points go on', async () => {
    clock.freeze(new Date('2026-11-26T10:00:00Z'));
    const owner = await createUser(ctx, { email: uniqueEmail('essai') });
    const { restaurant } = await createDinerRestaurant(ctx, { ownerId: owner.id, plan: null, trialEndsAt: new Date('2026-12-10T10:00:00Z') });
    const agent = await signIn(ctx, owner.email);
    const during = await (await agent.get('/api/subscription')).json();
    expect(during).toMatchObject({ state: 'trial', plan: 'pro', trialDaysLeft: 14, limits: PLANS.pro.limits });
    expect((await agent.put('/api/loyalty/rules', RULES)).status).toBe(200);

    clock.advance(14 * 24 * 3600_000);
    const refused = await agent.put('/api/loyalty/rules', RULES);
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(PLAN_MESSAGES.expired);
    expect((await agent.get('/api/dashboard')).status).toBe(200);
    expect(await (await agent.get('/api/subscription')).json()).toMatchObject({ state: 'expired', trialDaysLeft: 0 });
    const me = await (await agent.get('/api/me')).json();
    expect(me.restaurants[0].plan).toMatchObject({ state: 'expired', readOnly: 'expired', message: PLAN_MESSAGES.expired });

    // A diner still rates and earns points.
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, uniqueEmail('diner'));
    const rated = await visitor.submit({ restaurantId: restaurant.id, rating: 5, email: uniqueEmail('diner2') });
    expect(rated.status).toBe(200);
    expect((await rated.json()).pointsAdded).toBeGreaterThan(0);

    // Sign-out still works.
    expect((await agent.post('/api/auth/sign-out', {})).status).toBe(200);
  });
});

describe('admin', () => {
  it('sets the plan, the trial end and the overrides in one audited change (before → after), and refuses bad input in French', async () => {
    const { organisationId } = await ownerOf({ plan: 'premium' });
    const bad = await admin.post(`/api/admin/organisations/${organisationId}/plan`, { plan: 'gold', trialEndsAt: null, limitOverrides: {} });
    expect(bad.status).toBe(400);
    expect(await messageOf(bad)).toBe('Forfait inconnu');

    await setPlan(organisationId, { plan: 'essential', limitOverrides: { venues: 2, dinerEmailsPerMonth: null } });
    const [row] = await ctx.db.select().from(organisations).where(eq(organisations.id, organisationId));
    expect(row).toMatchObject({ plan: 'essential', trialEndsAt: null, limitOverrides: { venues: 2, dinerEmailsPerMonth: null } });
    const detail = await (await admin.get(`/api/admin/organisations/${organisationId}`)).json();
    expect(detail.history[0]).toMatchObject({ action: 'plan', reason: 'Premium → Essentielle (établissements : 2, emails clients par mois : illimité)' });
    expect(detail.organisation.plan.effective).toMatchObject({ state: 'active', plan: 'essential', limits: { venues: 2, members: 1, dinerEmailsPerMonth: null } });

    const list = await (await admin.get(`/api/admin/organisations?q=${encodeURIComponent(row.name)}`)).json();
    expect(list.items.find((item: { id: string }) => item.id === organisationId).plan).toMatchObject({ plan: 'essential', state: 'active' });

    // Not an admin: refused.
    const { agent } = await ownerOf({ plan: 'premium' });
    expect((await agent.post(`/api/admin/organisations/${organisationId}/plan`, { plan: 'premium', trialEndsAt: null, limitOverrides: {} })).status).toBe(403);
  });
});

describe('GET /api/subscription', () => {
  it('gives the plan, the limits and this month’s usage: venues, counted members with open invitations, diner emails sent', async () => {
    clock.freeze(new Date('2026-11-20T12:00:00Z'));
    const { agent, organisationId, restaurant } = await ownerOf({ plan: 'essential', trialEndsAt: null });
    await createRestaurant(ctx, { organisationId, name: 'Deuxième' });
    for (const role of ['viewer', 'staff'] as const) {
      const user = await createUser(ctx, { email: uniqueEmail(role) });
      await addMember(ctx, { organisationId, userId: user.id, role });
    }
    // Diner emails are the quota's own counter (decision 058): this Paris month's row, not last month's.
    await ctx.db.insert(organisationEmailUsage).values([
      { organisationId, month: '2026-11', dinerEmails: 2 },
      { organisationId, month: '2026-10', dinerEmails: 7 },
    ]);
    const response = await agent.get('/api/subscription');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      organisation: { name: restaurant.name, country: 'FR' },
      // No Stripe in this test: the contact path (decision 092; tests/api/billing.test.ts has Stripe).
      billing: {
        onlinePayment: false,
        state: 'none',
        plan: null,
        interval: null,
        currency: null,
        amount: null,
        currentPeriodEnd: null,
        trialEnd: null,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        pastDueSince: null,
        locked: false,
        hasCustomer: false,
      },
      state: 'active',
      plan: 'essential',
      trialEndsAt: null,
      trialDaysLeft: 0,
      limits: PLANS.essential.limits,
      usage: { venues: 2, members: 2, dinerEmailsThisMonth: 2, dinerEmailsSkippedThisMonth: 0 },
    });
  });
});
