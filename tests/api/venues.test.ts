import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automations, customerRewards, customers, feedbacks, loyaltyRules, qrCodes, restaurants, rewards } from '../../src/server/db/schema';
import { createVenue } from '../../src/server/features/venues/venues.service';
import { ROLE_NOT_ALLOWED_MESSAGE } from '../../src/server/auth/guards';
import { clock } from '../../src/server/lib/runtime/clock';
import { SIRET_MESSAGE } from '../../src/shared/rules/company';
import { ACCOUNT_MESSAGES } from '../../src/shared/schemas/accounts';
import { VENUE_MESSAGES, type TVenueList, type TVenueSynthesis } from '../../src/shared/schemas/venues';
import { addMember, createRestaurant, createSignedInOwner, createUser, signIn, uniqueEmail } from '../support/factories';
import { createTestContext, type TestAgent, type TestContext } from '../support/test-app';

/**
 * /etablissements (issue #29, decision 054): adding a venue (propriétaire only, one transaction, with the
 * defaults a venue needs), who then sees it, and the figures of the list and of the consolidated view on
 * known ratings of two venues, beside a venue of another organisation that must count nowhere.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  clock.reset();
  await ctx.close();
});

const VALID = { name: 'Le Bistrot du Port', address: '3 quai de la Fosse\n44000 Nantes', siret: '123 456 789 00021' };

async function venuesOf(agent: TestAgent): Promise<string[]> {
  const me = await (await agent.get('/api/me')).json();
  return me.restaurants.map((venue: { id: string }) => venue.id);
}

async function restaurantCount(): Promise<number> {
  const [{ n }] = await ctx.db.select({ n: count() }).from(restaurants);
  return Number(n);
}

describe('adding a venue', () => {
  let owner: Awaited<ReturnType<typeof createSignedInOwner>>;
  let organisationId: string;
  const members = {} as Record<'manager' | 'staff' | 'viewer' | 'chosen', TestAgent>;

  beforeAll(async () => {
    owner = await createSignedInOwner(ctx, { restaurantName: 'Siège' });
    organisationId = owner.restaurant.organisationId;
    for (const role of ['manager', 'staff', 'viewer'] as const) {
      const user = await createUser(ctx, { email: uniqueEmail(role) });
      await addMember(ctx, { organisationId, userId: user.id, role });
      members[role] = await signIn(ctx, user.email);
    }
    // A gérant on chosen venues (the first one only).
    const chosen = await createUser(ctx, { email: uniqueEmail('chosen') });
    await addMember(ctx, { organisationId, userId: chosen.id, role: 'manager', venues: [owner.restaurant.id] });
    members.chosen = await signIn(ctx, chosen.email);
  });

  it('refuses bad input with the field’s French message and creates nothing', async () => {
    const before = await restaurantCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...VALID, name: 'A' }, ACCOUNT_MESSAGES.restaurantNameShort],
      [{ ...VALID, name: undefined }, ACCOUNT_MESSAGES.restaurantNameShort],
      [{ ...VALID, address: '   ' }, VENUE_MESSAGES.addressRequired],
      [{ ...VALID, address: 'x'.repeat(301) }, 'L’adresse doit contenir au plus 300 caractères'],
      [{ ...VALID, siret: '123456789' }, SIRET_MESSAGE],
      [{ ...VALID, siret: '1234567890002A' }, SIRET_MESSAGE],
      [{ ...VALID, siret: undefined }, SIRET_MESSAGE],
      // Another SIREN than the organisation's (the factory's organisation has 123456789).
      [{ ...VALID, siret: '98765432100012' }, VENUE_MESSAGES.siretOtherSiren('123456789')],
    ];
    for (const [body, message] of cases) {
      const response = await owner.agent.post('/api/venues', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error.message).toBe(message);
    }
    expect(await restaurantCount()).toBe(before);
  });

  it('lets only the propriétaire add one (403 for gérant, équipe, lecture)', async () => {
    const before = await restaurantCount();
    for (const agent of [members.manager, members.staff, members.viewer, members.chosen]) {
      const response = await agent.post('/api/venues', VALID);
      expect(response.status).toBe(403);
      expect((await response.json()).error.message).toBe(ROLE_NOT_ALLOWED_MESSAGE);
    }
    expect(await restaurantCount()).toBe(before);
  });

  it('creates an active venue with what a venue needs, open to the owner and members on all venues, not to chosen venues', async () => {
    const response = await owner.agent.post('/api/venues', VALID);
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({ message: VENUE_MESSAGES.created, venue: { name: VALID.name, status: 'approved' } });
    const id: string = created.venue.id;
    const [row] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, id));
    expect(row).toMatchObject({ organisationId, address: '3 quai de la Fosse\n44000 Nantes', siret: '12345678900021', status: 'approved', contactEmail: owner.owner.email });
    // The defaults of sign-up: loyalty rules, the starter reward, the main QR, the automations.
    expect(await ctx.db.select().from(loyaltyRules).where(eq(loyaltyRules.restaurantId, id))).toHaveLength(1);
    expect(await ctx.db.select().from(rewards).where(eq(rewards.restaurantId, id))).toHaveLength(1);
    expect(await ctx.db.select().from(qrCodes).where(eq(qrCodes.restaurantId, id))).toEqual([expect.objectContaining({ isPrimary: true })]);
    expect((await ctx.db.select().from(automations).where(eq(automations.restaurantId, id))).length).toBeGreaterThanOrEqual(5);

    expect(await venuesOf(owner.agent)).toContain(id);
    expect(await venuesOf(members.manager)).toContain(id);
    expect(await venuesOf(members.viewer)).toContain(id);
    expect(await venuesOf(members.chosen)).toEqual([owner.restaurant.id]);
    // The list shows it to the owner, not to the gérant on chosen venues.
    const list: TVenueList = await (await owner.agent.get('/api/venues')).json();
    expect(list.canManage).toBe(true);
    expect(list.venues.map((venue) => venue.name)).toEqual([VALID.name, 'Siège']);
    const chosenList: TVenueList = await (await members.chosen.get('/api/venues')).json();
    expect(chosenList.canManage).toBe(false);
    expect(chosenList.venues.map((venue) => venue.id)).toEqual([owner.restaurant.id]);

    // The same SIRET twice in the organisation: refused, nothing created.
    const before = await restaurantCount();
    const again = await owner.agent.post('/api/venues', { ...VALID, name: 'Doublon' });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(VENUE_MESSAGES.siretTaken);
    expect(await restaurantCount()).toBe(before);
  });

  it('writes the venue and its defaults in one transaction: a failure on the last step leaves nothing', async () => {
    await ctx.db.execute(sql`create or replace function venues_test_fail() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from restaurants where id = new.restaurant_id and name = 'Échec volontaire') then raise exception 'échec volontaire'; end if;
        return new;
      end $$`);
    await ctx.db.execute(sql`create trigger venues_test_fail before insert on automations for each row execute function venues_test_fail()`);
    try {
      const before = await restaurantCount();
      const response = await owner.agent.post('/api/venues', { ...VALID, name: 'Échec volontaire', siret: '12345678900039' });
      expect(response.status).toBe(500);
      expect(await restaurantCount()).toBe(before);
      expect(await ctx.db.select().from(restaurants).where(eq(restaurants.name, 'Échec volontaire'))).toEqual([]);
    } finally {
      await ctx.db.execute(sql`drop trigger venues_test_fail on automations`);
      await ctx.db.execute(sql`drop function venues_test_fail()`);
    }
  });

  it('creates a pending venue while the organisation is not approved', async () => {
    const user = await createUser(ctx, { email: uniqueEmail('pending') });
    const pending = await createRestaurant(ctx, { ownerId: user.id, status: 'pending' });
    const result = await createVenue(
      ctx.db,
      { restaurantId: pending.id, organisationId: pending.organisationId, role: 'owner' },
      { id: user.id, email: user.email, name: 'Camille Test', emailVerified: true },
      { name: 'Annexe', address: '1 rue Haute', siret: '12345678900047' },
    );
    expect(result).toMatchObject({ message: VENUE_MESSAGES.createdPending, venue: { status: 'pending' } });
  });

  it('shows the list to lecture but not to équipe', async () => {
    expect((await members.viewer.get('/api/venues')).status).toBe(200);
    expect((await members.staff.get('/api/venues')).status).toBe(403);
    expect((await members.staff.get('/api/venues/synthesis')).status).toBe(403);
    expect((await members.staff.get('/api/venues/synthesis.csv')).status).toBe(403);
  });
});

describe('figures and the consolidated view', () => {
  let owner: Awaited<ReturnType<typeof createSignedInOwner>>;
  let second: { id: string };
  let viewerOfFirst: TestAgent;
  let other: Awaited<ReturnType<typeof createSignedInOwner>>;

  beforeAll(async () => {
    owner = await createSignedInOwner(ctx, { restaurantName: 'Alpha' });
    second = await createRestaurant(ctx, { organisationId: owner.restaurant.organisationId, name: 'Bêta' });
    other = await createSignedInOwner(ctx, { restaurantName: 'Concurrent' });
    const viewer = await createUser(ctx, { email: uniqueEmail('lecture') });
    await addMember(ctx, { organisationId: owner.restaurant.organisationId, userId: viewer.id, role: 'viewer', venues: [owner.restaurant.id] });
    viewerOfFirst = await signIn(ctx, viewer.email);

    const at = (restaurantId: string, iso: string, rating: number, extra: Partial<typeof feedbacks.$inferInsert> = {}) => ({ restaurantId, rating, createdAt: new Date(iso), ...extra });
    const alpha = owner.restaurant.id;
    await ctx.db.insert(feedbacks).values([
      at(alpha, '2026-03-18T12:00:00Z', 5, { reviewInvited: true }),
      at(alpha, '2026-03-18T12:05:00Z', 4, { reviewInvited: true }),
      at(alpha, '2026-03-18T12:10:00Z', 2),
      at(alpha, '2026-03-18T12:15:00Z', 1, { status: 'done' }),
      at(alpha, '2026-02-01T12:00:00Z', 3), // in 90 days, not in 30
      at(second.id, '2026-03-19T12:00:00Z', 5, { reviewInvited: true }),
      at(second.id, '2026-03-10T12:00:00Z', 3),
      at(second.id, '2026-03-09T23:30:00Z', 4), // 00:30 Paris on 10 March
      // Another organisation: counts nowhere.
      at(other.restaurant.id, '2026-03-18T12:00:00Z', 1),
      at(other.restaurant.id, '2026-03-18T12:00:00Z', 5, { reviewInvited: true }),
    ]);
    const customerOf = async (restaurantId: string) => (await ctx.db.insert(customers).values({ restaurantId, firstName: 'Alice' }).returning())[0].id;
    const reward = (restaurantId: string, customerId: string, redeemedAt: string | null) => ({
      restaurantId,
      customerId,
      label: 'Dessert offert',
      cost: 50,
      status: redeemedAt ? ('redeemed' as const) : ('pending' as const),
      redeemedAt: redeemedAt ? new Date(redeemedAt) : null,
    });
    const alphaCustomer = await customerOf(alpha);
    const betaCustomer = await customerOf(second.id);
    const otherCustomer = await customerOf(other.restaurant.id);
    await ctx.db.insert(customerRewards).values([
      reward(alpha, alphaCustomer, '2026-03-15T10:00:00Z'),
      reward(alpha, alphaCustomer, null),
      reward(second.id, betaCustomer, '2026-01-05T10:00:00Z'), // in 90 days only
      reward(other.restaurant.id, otherCustomer, '2026-03-15T10:00:00Z'),
    ]);
    clock.freeze(new Date('2026-03-20T12:00:00Z'));
  });
  afterAll(() => clock.reset());

  async function synthesis(agent: TestAgent, query: string): Promise<TVenueSynthesis> {
    const response = await agent.get(`/api/venues/synthesis${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  }

  it('lists each venue with this month’s figures', async () => {
    const list: TVenueList = await (await owner.agent.get('/api/venues')).json();
    expect(list.period).toEqual({ from: '2026-03-01', to: '2026-03-20' });
    expect(list.venues).toEqual([
      expect.objectContaining({
        name: 'Alpha',
        status: 'approved',
        role: 'owner',
        figures: { feedbacks: 4, averageRating: 3, goodShare: 0.5, reviewInvites: 2, lowUnhandled: 1, rewardsRedeemed: 1 },
      }),
      expect.objectContaining({
        name: 'Bêta',
        figures: { feedbacks: 3, averageRating: 4, goodShare: 2 / 3, reviewInvites: 1, lowUnhandled: 1, rewardsRedeemed: 0 },
      }),
    ]);
  });

  it('sums the period per venue and in total, for the venues of the organisation only', async () => {
    const thirty = await synthesis(owner.agent, '?period=30d');
    expect(thirty.period).toEqual({ from: '2026-02-19', to: '2026-03-20' });
    expect(thirty.rows.map((row) => row.name)).toEqual(['Alpha', 'Bêta']);
    expect(thirty.rows[0]).toMatchObject({ feedbacks: 4, averageRating: 3, goodShare: 0.5, reviewInvites: 2, lowUnhandled: 1, rewardsRedeemed: 1 });
    expect(thirty.totals).toEqual({ feedbacks: 7, averageRating: 3.4, goodShare: 4 / 7, reviewInvites: 3, lowUnhandled: 2, rewardsRedeemed: 1 });

    const ninety = await synthesis(owner.agent, '?period=90d');
    expect(ninety.period.from).toBe('2025-12-21');
    expect(ninety.rows[0]).toMatchObject({ name: 'Alpha', feedbacks: 5, averageRating: 3, goodShare: 0.4, lowUnhandled: 2 });
    expect(ninety.totals).toMatchObject({ feedbacks: 8, rewardsRedeemed: 2 });

    const seven = await synthesis(owner.agent, '?period=7d');
    expect(seven.period).toEqual({ from: '2026-03-14', to: '2026-03-20' });
    expect(seven.totals).toMatchObject({ feedbacks: 5, reviewInvites: 3, rewardsRedeemed: 1 });

    // Whole Paris days: 00:30 Paris on 10 March is the 10th.
    const custom = await synthesis(owner.agent, '?period=custom&from=2026-03-10&to=2026-03-10');
    expect(custom.rows).toEqual([
      expect.objectContaining({ name: 'Alpha', feedbacks: 0, averageRating: null, goodShare: null }),
      expect.objectContaining({ name: 'Bêta', feedbacks: 2, averageRating: 3.5, goodShare: 0.5, lowUnhandled: 1 }),
    ]);

    // The other organisation sees its own venue only.
    const theirs = await synthesis(other.agent, '?period=30d');
    expect(theirs.rows).toEqual([expect.objectContaining({ name: 'Concurrent', feedbacks: 2, reviewInvites: 1, lowUnhandled: 1, rewardsRedeemed: 1 })]);
  });

  it('shows a member on chosen venues only those venues', async () => {
    const mine = await synthesis(viewerOfFirst, '?period=30d');
    expect(mine.rows.map((row) => row.name)).toEqual(['Alpha']);
    expect(mine.totals.feedbacks).toBe(4);
  });

  it('sorts by any column, either way, venues without ratings last', async () => {
    expect((await synthesis(owner.agent, '?period=30d&sort=feedbacks&dir=desc')).rows.map((row) => row.name)).toEqual(['Alpha', 'Bêta']);
    expect((await synthesis(owner.agent, '?period=30d&sort=averageRating&dir=desc')).rows.map((row) => row.name)).toEqual(['Bêta', 'Alpha']);
    expect((await synthesis(owner.agent, '?period=30d&sort=name&dir=desc')).rows.map((row) => row.name)).toEqual(['Bêta', 'Alpha']);
    for (const dir of ['asc', 'desc']) {
      const rows = (await synthesis(owner.agent, `?period=custom&from=2026-03-10&to=2026-03-10&sort=averageRating&dir=${dir}`)).rows;
      expect(rows.map((row) => row.name)).toEqual(['Bêta', 'Alpha']);
    }
  });

  it('refuses a bad period or sort with a French 400', async () => {
    const cases: Array<[string, string]> = [
      ['?period=365d', 'Filtre invalide'],
      ['?period=custom', VENUE_MESSAGES.customDatesRequired],
      ['?period=custom&from=2026-03-10&to=2026-03-01', 'La date de début doit précéder la date de fin.'],
      ['?period=custom&from=2026-02-30&to=2026-03-01', 'Date invalide (format AAAA-MM-JJ)'],
      ['?period=custom&from=2024-01-01&to=2026-03-01', VENUE_MESSAGES.periodTooLong],
      ['?sort=email', 'Filtre invalide'],
    ];
    for (const [query, message] of cases) {
      const response = await owner.agent.get(`/api/venues/synthesis${query}`);
      expect(response.status, query).toBe(400);
      expect((await response.json()).error.message).toBe(message);
    }
  });

  it('exports the view as CSV for French Excel, in the chosen order, with the totals', async () => {
    const response = await owner.agent.get('/api/venues/synthesis.csv?period=30d&sort=averageRating&dir=desc');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="etablissements-2026-02-19-2026-03-20.csv"');
    const bytes = Buffer.from(await response.arrayBuffer());
    // The BOM (EF BB BF) French Excel needs to read UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')).toEqual([
      'Établissement;Notes;Moyenne;Part 4–5★ (%);Invitations à l’avis public;Notes basses non traitées;Récompenses remises;Statut;Du;Au',
      'Bêta;3;4,0;66,7;1;1;0;Actif;19/02/2026;20/03/2026',
      'Alpha;4;3,0;50,0;2;1;1;Actif;19/02/2026;20/03/2026',
      'Total;7;3,4;57,1;3;2;1;;19/02/2026;20/03/2026',
    ]);
  });

  it('counts nothing of a venue of another organisation even when its id is known', async () => {
    const ids = [owner.restaurant.id, second.id, other.restaurant.id];
    const before = await ctx.db.select({ id: restaurants.id }).from(restaurants).where(inArray(restaurants.id, ids));
    expect(before).toHaveLength(3);
    const text = await (await owner.agent.get('/api/venues/synthesis?period=90d')).text();
    expect(text).not.toContain(other.restaurant.id);
    expect(text).not.toContain('Concurrent');
  });
});
