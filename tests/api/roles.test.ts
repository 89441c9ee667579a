import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automations, customerRewards, customers, feedbacks, qrCodes, restaurants, rewards } from '../../src/server/db/schema';
import { createApiKey } from '../../src/server/core/api-keys';
import { insertDefaultAutomations } from '../../src/server/email/default-automations';
import { ROLE_NOT_ALLOWED_MESSAGE, VENUE_NOT_FOUND_MESSAGE } from '../../src/server/auth/guards';
import { VENUE_HEADER, VENUE_QUERY } from '../../src/shared/venue';
import { can, permissionsOf, type Action, type Role } from '../../src/shared/rules/permissions';
import { addMember, createSignedInOwner, createUser, signIn, uniqueEmail } from '../support/factories';
import type { TestAgent, TestContext } from '../support/test-app';
import { createConfirmedVisitor, createDinerRestaurant, createDinerTestContext } from './diner-support';
import { bodyWith, listOwnerRoutes, snapshotRestaurant } from './owner-routes-support';

/**
 * The role × route matrix of issue #29: every owner route read from the router, called by each role of
 * one organisation, by a gérant of its other venue only, by the owner of another organisation and signed
 * out. A refused role gets 403 before anything runs; an allowed one is never refused; no call from outside
 * the venue changes or shows its rows.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/**
 * The action each owner route's guard names, written out here (not read from the code): a new route
 * fails the first test until its action is chosen, and a route guarded by another action fails the matrix.
 */
const ROUTE_ACTIONS: Record<string, Action> = {
  'GET /owner/restaurant': 'venue.view',
  'GET /subscription': 'organisation.manage',
  'GET /billing/status': 'billing.manage',
  'POST /billing/checkout': 'billing.manage',
  'POST /billing/portal': 'billing.manage',
  'GET /dashboard': 'dashboard.view',
  'GET /inbox': 'reviews.view',
  'GET /inbox/options': 'reviews.view',
  'GET /inbox/today': 'reviews.today',
  'POST /inbox/status': 'reviews.reply',
  'POST /inbox/:id/status': 'reviews.reply',
  'POST /inbox/:id/reply': 'reviews.reply',
  'GET /counter/codes/:code': 'counter.use',
  'GET /counter/search': 'counter.use',
  'GET /counter/pending': 'counter.use',
  'POST /counter/rewards/:id/hand-over': 'counter.use',
  'GET /customers': 'customers.view',
  'GET /customers/export.csv': 'customers.export',
  'GET /customers/:id': 'customers.view',
  'GET /customers/:id/export': 'customers.export',
  'POST /customers/:id/rewards/:rewardId/redeem': 'counter.use',
  'DELETE /customers/:id': 'customers.erase',
  'GET /loyalty': 'loyalty.manage',
  'PUT /loyalty/rules': 'loyalty.manage',
  'POST /loyalty/rewards': 'loyalty.manage',
  'PATCH /loyalty/rewards/:id': 'loyalty.manage',
  'DELETE /loyalty/rewards/:id': 'loyalty.manage',
  'GET /qr': 'qr.manage',
  'POST /qr': 'qr.manage',
  'GET /qr/cards.pdf': 'qr.manage',
  'POST /qr/downloaded': 'qr.manage',
  'POST /qr/:id/regenerate': 'qr.manage',
  'DELETE /qr/:id': 'qr.manage',
  'GET /review-link': 'settings.manage',
  'PUT /review-link': 'settings.manage',
  'POST /review-link/test': 'settings.manage',
  'PUT /review-link/prompt-all-ratings': 'settings.manage',
  'POST /review-link/places': 'settings.manage',
  'GET /automations': 'automations.manage',
  'GET /automations/sending-hours': 'automations.manage',
  'PUT /automations/sending-hours': 'automations.manage',
  'POST /automations/images': 'automations.manage',
  'GET /automations/by-key/:key': 'automations.manage',
  'PATCH /automations/:id/status': 'automations.manage',
  'PUT /automations/:id': 'automations.manage',
  'PUT /automations/:id/translations/:lang': 'automations.manage',
  'DELETE /automations/:id/translations/:lang': 'automations.manage',
  'GET /automations/:id/preview': 'automations.manage',
  'POST /automations/:id/preview': 'automations.manage',
  'POST /automations/:id/test': 'automations.manage',
  'GET /automations/:id/versions': 'automations.manage',
  'POST /automations/:id/versions/:versionId/restore': 'automations.manage',
  'POST /security/check': 'security.check',
  'GET /security/document': 'security.check',
  'GET /email-usage': 'dashboard.view',
  'GET /settings': 'settings.manage',
  'PUT /settings': 'settings.manage',
  'PUT /settings/languages': 'settings.manage',
  'PUT /settings/logo': 'settings.manage',
  'DELETE /settings/logo': 'settings.manage',
  'GET /team': 'members.invite',
  'POST /team/invitations': 'members.invite',
  'POST /team/invitations/:id/resend': 'members.invite',
  'DELETE /team/invitations/:id': 'members.invite',
  'PATCH /team/members/:userId/role': 'members.manage',
  'PUT /team/members/:userId/venues': 'members.manage',
  'DELETE /team/members/:userId': 'members.manage',
  'GET /webhooks': 'api.manage',
  'POST /webhooks': 'api.manage',
  'GET /webhooks/:id': 'api.manage',
  'PATCH /webhooks/:id': 'api.manage',
  'DELETE /webhooks/:id': 'api.manage',
  'POST /webhooks/:id/rotate-secret': 'api.manage',
  'POST /webhooks/:id/test': 'api.manage',
  'GET /webhooks/:id/deliveries': 'api.manage',
  'POST /webhooks/:id/deliveries/:deliveryId/resend': 'api.manage',
  'GET /venues': 'dashboard.view',
  'POST /venues': 'venues.manage',
  'GET /venues/synthesis': 'dashboard.view',
  'GET /venues/synthesis.csv': 'dashboard.view',
  'GET /api-keys': 'api.manage',
  'POST /api-keys': 'api.manage',
  'DELETE /api-keys/:id': 'api.manage',
};

/** The diner's phone at each venue, and the writings of it a body could carry. */
const DINER_PHONE = '06 98 76 54 32';
const PHONE_WRITINGS = [DINER_PHONE, '0698765432', '+33698765432', '+33 6 98 76 54 32', '698765432'];

/** The diner's full email or phone found in an answer's text (JSON-escaped or not), if any. */
function contactIn(text: string, email: string): string[] {
  const lowered = text.toLowerCase();
  const found = [email, ...PHONE_WRITINGS].filter((value) => lowered.includes(value.toLowerCase()) || lowered.includes(JSON.stringify(value).slice(1, -1).toLowerCase()));
  // A phone in any spacing: its digits in a row once the text's separators are dropped.
  if (text.replace(/[\s.\-()]/g, '').includes('698765432')) found.push('phone digits');
  return found;
}

type VenueIds = { restaurant: string; apiKey: string; customer: string; email: string; customerReward: string; reward: string; qr: string; automation: string; feedback: string; code: string };

/** The route's path with the venue's own ids in its slots (each slot the row it names). */
function pathFor(path: string, ids: VenueIds): string {
  const slots: Array<[RegExp, string[]]> = [
    [/^\/counter\/codes\/:code$/, [ids.code]],
    [/^\/counter\/rewards\/:id\//, [ids.customerReward]],
    [/^\/customers\/:id\/rewards\/:rewardId\//, [ids.customer, ids.customerReward]],
    [/^\/customers\/:id/, [ids.customer]],
    [/^\/loyalty\/rewards\/:id$/, [ids.reward]],
    [/^\/qr\/:id/, [ids.qr]],
    [/^\/automations\/by-key\/:key$/, ['thanks_after_visit']],
    // No version of the automation exists yet: a well-formed unknown one.
    [/^\/automations\/:id\/versions\/:versionId\//, [ids.automation, randomUUID()]],
    [/^\/automations\/:id\/translations\/:lang$/, [ids.automation, 'en']],
    [/^\/automations\/:id/, [ids.automation]],
    [/^\/inbox\/:id\//, [ids.feedback]],
    // No invitation or member of these ids: a well-formed unknown one (the team test covers the real ones).
    [/^\/team\/invitations\/:id/, [randomUUID()]],
    [/^\/team\/members\/:userId/, [randomUUID()]],
    [/^\/api-keys\/:id$/, [ids.apiKey]],
    // No endpoint of these ids (webhooks.test.ts covers the real ones and another organisation's).
    [/^\/webhooks\/:id\/deliveries\/:deliveryId\//, [randomUUID(), randomUUID()]],
    [/^\/webhooks\/:id/, [randomUUID()]],
  ];
  if (!path.includes(':')) return path;
  const slot = slots.find(([pattern]) => pattern.test(path));
  if (!slot) throw new Error(`no ids for ${path}: add its slots to pathFor`);
  const values = [...slot[1]];
  return path.replace(/:[A-Za-z]+/g, () => values.shift()!);
}

/** A venue of the organisation with a diner, rewards earned (one presented at the counter), ratings and automations. */
async function venueWithData(organisationId: string | undefined, ownerId: string | undefined, name: string): Promise<VenueIds> {
  const { restaurant, tableQr } = await createDinerRestaurant(ctx, { organisationId, ownerId, name });
  const email = uniqueEmail('client');
  const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
  for (let n = 0; n < 3; n++) await visitor.submit({ restaurantId: restaurant.id, rating: 5, email, firstName: 'Alice' });
  const [found] = await ctx.db.select().from(customers).where(eq(customers.restaurantId, restaurant.id));
  // A diner with a known phone too: a role without customers.view never reads the email or the phone whole (issue 50).
  const [customer] = await ctx.db.update(customers).set({ phone: DINER_PHONE, lastName: 'Durand' }).where(eq(customers.id, found.id)).returning();
  const earned = await ctx.db.select().from(customerRewards).where(eq(customerRewards.customerId, customer.id));
  const presented = await visitor.post(`/api/public/card/${restaurant.id}/rewards/${earned[0].id}/code`);
  const { code } = (await presented.json()) as { code: string };
  const [reward] = await ctx.db.select().from(rewards).where(eq(rewards.restaurantId, restaurant.id));
  await insertDefaultAutomations(ctx.db, restaurant.id);
  const [automation] = await ctx.db.select().from(automations).where(and(eq(automations.restaurantId, restaurant.id), eq(automations.key, 'thanks_after_visit')));
  const [feedback] = await ctx.db.select().from(feedbacks).where(eq(feedbacks.restaurantId, restaurant.id));
  const [qr] = await ctx.db.select().from(qrCodes).where(eq(qrCodes.id, tableQr.id));
  // An API key of the organisation on this venue (issue #31).
  const apiKey = await createApiKey(ctx.db, { organisationId: restaurant.organisationId, name: `Clé ${name}`, access: 'read', venueIds: [restaurant.id], personalData: false, createdBy: null });
  return { restaurant: restaurant.id, apiKey: apiKey.id, customer: customer.id, email, customerReward: earned[0].id, reward: reward.id, qr: qr.id, automation: automation.id, feedback: feedback.id, code };
}

/** One owner call with `ids` in the path's slots; `venue` names the venue it is about (X-Venue, decision 056). */
const call = (agent: TestAgent, method: string, path: string, ids: VenueIds, venue?: string) =>
  agent.request(`/api${pathFor(path, ids)}${path === '/counter/search' ? `?q=${encodeURIComponent(ids.email)}` : ''}`, {
    method,
    json: method === 'GET' || method === 'DELETE' ? undefined : bodyWith(Object.values(ids)),
    headers: venue ? { [VENUE_HEADER]: venue } : {},
  });

describe('roles × owner routes (issue #29)', () => {
  let venueA: VenueIds;
  let venueB: VenueIds;
  let organisationId: string;
  const members = {} as Record<Role, TestAgent>;
  let managerOfB: TestAgent;
  let otherOrganisation: TestAgent;

  beforeAll(async () => {
    const owner = await createUser(ctx, { email: uniqueEmail('proprietaire') });
    venueA = await venueWithData(undefined, owner.id, 'Venue A');
    [{ organisationId }] = await ctx.db.select({ organisationId: restaurants.organisationId }).from(restaurants).where(eq(restaurants.id, venueA.restaurant));
    // The organisation's second venue, opened later: everyone on all venues still lands on venue A.
    venueB = await venueWithData(organisationId, undefined, 'Venue B');
    members.owner = await signIn(ctx, owner.email);
    for (const role of ['manager', 'staff', 'viewer'] as const) {
      const user = await createUser(ctx, { email: uniqueEmail(role) });
      await addMember(ctx, { organisationId, userId: user.id, role });
      members[role] = await signIn(ctx, user.email);
    }
    // A gérant of venue B only (member_venues).
    const manager = await createUser(ctx, { email: uniqueEmail('gerant-b') });
    await addMember(ctx, { organisationId, userId: manager.id, role: 'manager', venues: [venueB.restaurant] });
    managerOfB = await signIn(ctx, manager.email);
    otherOrganisation = (await createSignedInOwner(ctx)).agent;
  });

  it('knows the action of every owner route of the router, and of no other route', () => {
    const routes = listOwnerRoutes(ctx.deps).map((route) => `${route.method} ${route.path}`);
    expect([...routes].sort()).toEqual(Object.keys(ROUTE_ACTIONS).sort());
  });

  it('opens to each member the venue of its membership, with its role and what that role may do', async () => {
    for (const role of ['owner', 'manager', 'staff', 'viewer'] as const) {
      const me = await (await members[role].get('/api/me')).json();
      expect(me.gate).toBe('approved');
      expect(me.restaurants.map((r: { id: string }) => r.id)).toEqual([venueA.restaurant, venueB.restaurant]);
      expect(me.restaurants[0]).toMatchObject({ organisationId, role, permissions: permissionsOf(role) });
      expect((await (await members[role].get('/api/owner/restaurant')).json()).id).toBe(venueA.restaurant);
    }
    const mine = await (await managerOfB.get('/api/me')).json();
    expect(mine.restaurants).toEqual([expect.objectContaining({ id: venueB.restaurant, role: 'manager' })]);
    expect((await (await managerOfB.get('/api/owner/restaurant')).json()).id).toBe(venueB.restaurant);
  });

  it('refuses, before anything runs, every route a role may not use; signed out is 401; from outside the venue nothing of it is shown or changed', async () => {
    await ctx.waitForIdleQueue();
    const before = await snapshotRestaurant(ctx.db, venueA.restaurant);
    const failures: string[] = [];
    const leaks = (text: string) => Object.values(venueA).filter((id) => text.includes(id));
    for (const { method, path } of listOwnerRoutes(ctx.deps)) {
      const key = `${method} ${path}`;
      const action = ROUTE_ACTIONS[key];
      const signedOut = await call(ctx.agent(), method, path, venueA);
      if (signedOut.status !== 401) failures.push(`signed out: ${key} → ${signedOut.status}`);
      for (const role of ['manager', 'staff', 'viewer'] as const) {
        if (can(role, action)) continue;
        const refused = await call(members[role], method, path, venueA);
        const body = await refused.text();
        if (refused.status !== 403 || !body.includes(ROLE_NOT_ALLOWED_MESSAGE)) failures.push(`${role}: ${key} → ${refused.status} ${body.slice(0, 80)}`);
      }
      // The gérant of venue B and the owner of another organisation, with venue A's ids.
      for (const [who, agent] of [['gérant of B', managerOfB], ['other organisation', otherOrganisation]] as const) {
        const response = await call(agent, method, path, venueA);
        const text = await response.text();
        // A slot naming a row of venue A is refused or unknown; a key (by-key) names the caller's own automation.
        const namesRowOfA = /:(id|code|rewardId|versionId)\b/.test(path);
        if (namesRowOfA && ![403, 404].includes(response.status)) failures.push(`${who}: ${key} → ${response.status}`);
        if (response.status >= 500) failures.push(`${who}: ${key} → ${response.status}`);
        if (response.ok && leaks(text).length) failures.push(`${who}: ${key} shows ${leaks(text).join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    await ctx.waitForIdleQueue();
    expect(await snapshotRestaurant(ctx.db, venueA.restaurant)).toEqual(before);
  }, 300_000);

  it('never refuses a route a role may use (its own venue’s ids), whatever the route then answers; without customers.view no body carries the diner’s full email or phone', async () => {
    const failures: string[] = [];
    let read = 0;
    // First every read of the roles without customers.view, while the diner's reward still waits at the counter
    // with a live code (the writes below hand it over, the gérant then erases the diner).
    for (const role of ['viewer', 'staff'] as const) {
      for (const { method, path } of listOwnerRoutes(ctx.deps)) {
        if (method !== 'GET' || !can(role, ROUTE_ACTIONS[`${method} ${path}`])) continue;
        const response = await call(members[role], method, path, venueA);
        const text = await response.text();
        read++;
        if (response.status >= 500) failures.push(`${role}: ${method} ${path} → ${response.status}`);
        const shown = contactIn(text, venueA.email);
        if (shown.length) failures.push(`${role}: ${method} ${path} shows the diner's ${shown.join(', ')}`);
      }
    }
    // Équipe's counter answers name the diner, masked (the counter test checks the exact masks); before the gérant's erasure below.
    const counter = await (await members.staff.get(`/api/counter/search?q=${encodeURIComponent(venueA.email)}`)).json();
    expect(counter.results).toEqual([expect.objectContaining({ customer: expect.objectContaining({ id: venueA.customer, name: 'Alice', masked: true, phone: '06 •• •• •• 32' }) })]);
    const whole = await (await members.manager.get(`/api/counter/search?q=${encodeURIComponent(venueA.email)}`)).json();
    expect(whole.results[0].customer).toMatchObject({ email: venueA.email, phone: DINER_PHONE, masked: false });
    // Lecture and équipe first, the gérant, then the owner: a row the gérant erased is a 404 for the owner, not a 403.
    for (const role of ['viewer', 'staff', 'manager', 'owner'] as const) {
      for (const { method, path } of listOwnerRoutes(ctx.deps)) {
        const key = `${method} ${path}`;
        if (!can(role, ROUTE_ACTIONS[key])) continue;
        const response = await call(members[role], method, path, venueA);
        const text = await response.text();
        if ([401, 403].includes(response.status) || response.status >= 500) failures.push(`${role}: ${key} → ${response.status} ${text.slice(0, 80)}`);
        if (!can(role, 'customers.view')) {
          read++;
          const shown = contactIn(text, venueA.email);
          if (shown.length) failures.push(`${role}: ${key} shows the diner's ${shown.join(', ')}`);
        }
      }
    }
    expect(read).toBeGreaterThan(10);
    // The gérant of venue B uses its own venue (the routes a gérant may use: adding venues is the owner's alone).
    for (const { method, path } of listOwnerRoutes(ctx.deps)) {
      if (!can('manager', ROUTE_ACTIONS[`${method} ${path}`])) continue;
      const response = await call(managerOfB, method, path, venueB);
      if ([401, 403].includes(response.status) || response.status >= 500) failures.push(`gérant of B: ${method} ${path} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('works in the venue a request names (X-Venue): each member in each venue it may open, by its role there', async () => {
    for (const role of ['owner', 'manager', 'staff', 'viewer'] as const) {
      for (const venue of [venueA, venueB]) {
        const opened = await members[role].get('/api/owner/restaurant', { headers: { [VENUE_HEADER]: venue.restaurant } });
        expect(opened.status).toBe(200);
        expect((await opened.json()).id).toBe(venue.restaurant);
      }
      // The dashboard of venue B is venue B's, refused exactly where the role may not see it.
      const dashboard = await members[role].get('/api/dashboard', { headers: { [VENUE_HEADER]: venueB.restaurant } });
      expect(dashboard.status).toBe(can(role, 'dashboard.view') ? 200 : 403);
    }
    // A link the browser opens itself names its venue in the query (a PDF in a new tab).
    const byQuery = await members.owner.get(`/api/owner/restaurant?${VENUE_QUERY}=${venueB.restaurant}`);
    expect((await byQuery.json()).id).toBe(venueB.restaurant);
    // A list is the named venue's rows, no other's.
    for (const venue of [venueA, venueB]) {
      const listed = await (await members.manager.get('/api/qr', { headers: { [VENUE_HEADER]: venue.restaurant } })).json();
      const stored = await ctx.db.select({ id: qrCodes.id }).from(qrCodes).where(eq(qrCodes.restaurantId, venue.restaurant));
      expect(listed.qrCodes.map((qr: { id: string }) => qr.id).sort()).toEqual(stored.map((qr) => qr.id).sort());
    }
  });

  it('answers 404 on every owner route to a request naming a venue its member cannot open, and nothing of that venue changes', async () => {
    await ctx.waitForIdleQueue();
    const before = await snapshotRestaurant(ctx.db, venueA.restaurant);
    const failures: string[] = [];
    const unknownVenue = randomUUID();
    for (const { method, path } of listOwnerRoutes(ctx.deps)) {
      const key = `${method} ${path}`;
      for (const [who, agent, venue] of [
        ['gérant of B naming A', managerOfB, venueA.restaurant],
        ['other organisation naming A', otherOrganisation, venueA.restaurant],
        ['owner naming an unknown venue', members.owner, unknownVenue],
        ['owner naming a malformed venue', members.owner, 'pas-un-id'],
      ] as const) {
        const response = await call(agent, method, path, venueA, venue);
        const body = await response.text();
        if (response.status !== 404 || !body.includes(VENUE_NOT_FOUND_MESSAGE)) failures.push(`${who}: ${key} → ${response.status} ${body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
    await ctx.waitForIdleQueue();
    expect(await snapshotRestaurant(ctx.db, venueA.restaurant)).toEqual(before);
  }, 300_000);
});
