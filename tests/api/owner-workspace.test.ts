import { and, eq, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerRewards, customers, emailLogs, feedbacks, loyaltyRules, pointEvents, restaurantAuditLog, visits } from '../../src/server/db/schema';
import { clock } from '../../src/server/lib/runtime/clock';
import type { TCustomerDetail, TCustomersPage } from '../../src/shared/schemas/customers';
import type { TDashboard } from '../../src/shared/schemas/dashboard';
import type { TLoyaltyOverview, TReward } from '../../src/shared/schemas/loyalty';
import { addMember, createSignedInOwner, createUser, signIn, uniqueEmail } from '../support/factories';
import type { TestAgent } from '../support/test-app';
import { createConfirmedVisitor, createDinerRestaurant, createVisitor, useDinerContext } from './diner-support';

const ctx = useDinerContext();

/** An approved restaurant with QR codes and the demo catalogue, and its owner signed in. */
async function createOwnerWithDinerRestaurant() {
  const owner = await createUser(ctx, { email: uniqueEmail('owner') });
  const { restaurant, tableQr } = await createDinerRestaurant(ctx, { contactEmail: owner.email });
  await addMember(ctx, { organisationId: restaurant.organisationId, userId: owner.id, role: 'owner' });
  const agent = await signIn(ctx, owner.email);
  return { owner, restaurant, tableQr, agent };
}

async function readJson<T>(agent: TestAgent, path: string): Promise<T> {
  const response = await agent.get(path);
  expect(response.status).toBe(200);
  return response.json() as Promise<T>;
}

describe('/api/dashboard', () => {
  it('answers N/A and zeros for a restaurant with no feedback yet', async () => {
    const { agent } = await createSignedInOwner(ctx, { restaurantName: 'Le Vide' });
    const dashboard = await readJson<TDashboard>(agent, '/api/dashboard');
    expect(dashboard.counters).toEqual({ visitsLast7Days: 0, averageRating: null, goodRatings: 0, recentCount: 0 });
    expect(dashboard.recentFeedbacks).toEqual([]);
    expect(dashboard).toMatchObject({ restaurantName: 'Le Vide', role: 'Propriétaire', hasReviewLink: false });
    expect(dashboard.daily).toHaveLength(30);
    expect(dashboard.todo).toEqual({ hasQrCodes: false, hasReviewLink: false, hasRewards: false, hasOpenedAutomations: false });
  });

  it('computes the four counters on known data: average of the last 10 to one decimal, ratings ≥ 4 among them', async () => {
    const { restaurant, agent } = await createOwnerWithDinerRestaurant();
    const start = new Date('2026-11-20T10:00:00Z');
    // 12 feedbacks, one minute apart: the two oldest (1 and 1) are not among the last 10.
    const ratings = [1, 1, 5, 4, 3, 5, 2, 4, 4, 5, 1, 3];
    for (const [index, rating] of ratings.entries()) {
      clock.freeze(new Date(start.getTime() + index * 60_000));
      expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating, comment: `Avis ${index}` })).status).toBe(200);
    }
    clock.freeze(new Date('2026-11-22T10:00:00Z'));
    const dashboard = await readJson<TDashboard>(agent, '/api/dashboard');
    const lastTen = ratings.slice(2);
    expect(dashboard.counters).toEqual({
      visitsLast7Days: 12,
      averageRating: Math.round((lastTen.reduce((a, b) => a + b, 0) / 10) * 10) / 10,
      goodRatings: lastTen.filter((r) => r >= 4).length,
      recentCount: 10,
    });
    expect(dashboard.counters.averageRating).toBe(3.6);
    expect(dashboard.todo).toEqual({ hasQrCodes: false, hasReviewLink: false, hasRewards: false, hasOpenedAutomations: false });
    expect(dashboard.recentFeedbacks.map((f) => f.comment)).toEqual(ratings.map((_, i) => `Avis ${i}`).slice(2).reverse());
    const day = dashboard.daily.find((d) => d.day === '2026-11-20')!;
    expect(day).toEqual({ day: '2026-11-20', visits: 12, feedbacks: 12, averageRating: Math.round((ratings.reduce((a, b) => a + b, 0) / 12) * 10) / 10 });
  });

  it('counts visits of the last 7 Paris days: 00:30 in Paris is already the next day', async () => {
    const { restaurant, agent } = await createOwnerWithDinerRestaurant();
    const track = async (at: string) => {
      clock.freeze(new Date(at));
      expect((await createVisitor(ctx).post('/api/public/visits', { restaurantId: restaurant.id })).status).toBe(201);
    };
    // Today in Paris is 23 November (23:30, UTC+1): the window is 17–23 November.
    await track('2026-11-16T22:30:00Z'); // 16 Nov 23:30 in Paris: outside
    await track('2026-11-16T23:30:00Z'); // 17 Nov 00:30 in Paris: inside
    await track('2026-11-23T22:29:00Z'); // 23 Nov 23:29 in Paris: inside
    clock.freeze(new Date('2026-11-23T22:30:00Z'));
    expect((await readJson<TDashboard>(agent, '/api/dashboard')).counters.visitsLast7Days).toBe(2);
  });

  it('refuses a visitor without a session', async () => {
    expect((await ctx.agent().get('/api/dashboard')).status).toBe(401);
  });
});

describe('/api/customers', () => {
  it('finds "elodie" in "Élodie", ignores case, searches last name and email, and pages by 20', async () => {
    const { restaurant, agent } = await createSignedInOwner(ctx);
    await ctx.db.insert(customers).values([
      { restaurantId: restaurant.id, firstName: 'Élodie', lastName: 'Durand', email: 'e.durand@example.fr' },
      { restaurantId: restaurant.id, firstName: 'Paul', lastName: 'LEFÈVRE', email: 'paul@example.fr' },
      { restaurantId: restaurant.id, firstName: 'Zoé', lastName: 'Martin', email: 'zoe.100%@example.fr' },
      ...Array.from({ length: 25 }, (_, index) => ({ restaurantId: restaurant.id, firstName: `Client${index}`, lastName: 'Série', lastVisitAt: new Date(Date.UTC(2026, 0, 1 + index)) })),
    ]);
    // scope=all: most of these customers have no contact (the default list shows those the restaurant can know).
    const search = (q: string, page = 1) => readJson<TCustomersPage>(agent, `/api/customers?q=${encodeURIComponent(q)}&page=${page}&scope=all`);
    expect((await search('elodie')).items.map((c) => c.firstName)).toEqual(['Élodie']);
    expect((await search('ÉLODIE')).items.map((c) => c.firstName)).toEqual(['Élodie']);
    expect((await search('lefevre')).items.map((c) => c.firstName)).toEqual(['Paul']);
    expect((await search('durand@')).items.map((c) => c.firstName)).toEqual(['Élodie']);
    // % and _ are searched literally, not as wildcards.
    expect((await search('100%')).items.map((c) => c.firstName)).toEqual(['Zoé']);
    expect((await search('_')).total).toBe(0);
    const first = await search('serie');
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    // Most recent visit first.
    expect(first.items[0].firstName).toBe('Client24');
    const second = await search('serie', 2);
    expect(second.items.map((c) => c.firstName)).toEqual(['Client4', 'Client3', 'Client2', 'Client1', 'Client0']);
    expect((await search('')).total).toBe(28);
    expect((await agent.get('/api/customers?page=0')).status).toBe(400);
  });

  it('gives an exact total up to 1 000 customers, then "1 000+" with paging still open', async () => {
    const { restaurant, agent } = await createSignedInOwner(ctx);
    await ctx.db.insert(customers).values(Array.from({ length: 1005 }, (_, index) => ({ restaurantId: restaurant.id, firstName: `Habitué${index}` })));
    const first = await readJson<TCustomersPage>(agent, '/api/customers?scope=all');
    expect(first).toMatchObject({ total: 1000, totalIsCapped: true, pageSize: 20 });
    expect((await readJson<TCustomersPage>(agent, '/api/customers?page=51&scope=all')).items).toHaveLength(5);
    expect(await readJson<TCustomersPage>(agent, '/api/customers?q=habitue1004&scope=all')).toMatchObject({ total: 1, totalIsCapped: false });
  });

  it('exports the customers as CSV for French Excel: BOM, semicolons, CRLF, formula cells neutralised', async () => {
    const { restaurant, agent } = await createSignedInOwner(ctx);
    await ctx.db.insert(customers).values([
      { restaurantId: restaurant.id, firstName: '=HYPERLINK("http://evil")', lastName: 'Piège', email: 'a@example.fr', points: 30, createdAt: new Date('2026-03-01T10:00:00Z') },
      { restaurantId: restaurant.id, firstName: 'Léa', lastName: 'Dupont; fils', email: 'b@example.fr', phone: '+33612345678', createdAt: new Date('2026-03-02T10:00:00Z') },
    ]);
    const response = await agent.get('/api/customers/export.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Prénom;Nom;Email;Email confirmé;Téléphone;Points;Dernière visite;Client depuis;Consentement marketing');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil"")";Piège;a@example.fr;oui;;30;;01/03/2026;non`);
    // A phone number is not neutralised with a visible quote but with a tab (decision 046; customer-base.test.ts).
    expect(lines[2]).toBe(`Léa;"Dupont; fils";b@example.fr;oui;\t+33612345678;0;;02/03/2026;non`);
    expect(text.includes('\n') && !/[^\r]\n/.test(text)).toBe(true);
    expect((await ctx.db.select().from(restaurantAuditLog).where(eq(restaurantAuditLog.restaurantId, restaurant.id))).map((a) => a.action)).toEqual(['customers_csv_exported']);
  });

  it('hands two rewards the diner was told about over once each under 20 parallel clicks: paid at unlock, never refused, never negative', async () => {
    const { restaurant, agent } = await createOwnerWithDinerRestaurant();
    await ctx.db.update(loyaltyRules).set({ basePoints: 90, bonusGoodRating: 10, maxPointsPerDay: 500 }).where(eq(loyaltyRules.restaurantId, restaurant.id));
    const email = uniqueEmail('fidele');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    // 0 → 100: 'Café offert' (50) is unlocked and paid at once (50 left; the dessert is not covered, so not promised).
    expect(await (await visitor.submit({ restaurantId: restaurant.id, rating: 5, email })).json()).toMatchObject({ balance: 50, unlockedRewards: [{ name: 'Café offert' }] });
    // 50 → 150: 'Dessert offert' (100) is unlocked and paid: 50 left, both rewards 'à remettre'.
    expect(await (await visitor.submit({ restaurantId: restaurant.id, rating: 5, email })).json()).toMatchObject({ balance: 50, unlockedRewards: [{ name: 'Dessert offert' }] });
    const [customer] = await ctx.db.select().from(customers).where(and(eq(customers.restaurantId, restaurant.id), eq(customers.email, email)));
    expect(customer.points).toBe(50);
    const detail = await readJson<TCustomerDetail>(agent, `/api/customers/${customer.id}`);
    const pending = detail.rewards.filter((r) => r.status === 'pending');
    expect(pending.map((r) => [r.label, r.cost]).sort()).toEqual([
      ['Café offert', 50],
      ['Dessert offert', 100],
    ]);
    // The dessert (100) costs more than the balance (50): it is paid already, so the counter hands it over.
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => agent.post(`/api/customers/${customer.id}/rewards/${pending[n % 2].id}/redeem`)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(2);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(18);
    for (const refused of answers.filter((r) => r.status === 409)) expect((await refused.json()).error.message).not.toContain('Points insuffisants');
    for (const ok of answers.filter((r) => r.status === 200)) expect(await ok.json()).toEqual({ message: 'Récompense utilisée', balance: 50 });
    const [after] = await ctx.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(after.points).toBe(50);
    const events = await ctx.db.select().from(pointEvents).where(and(eq(pointEvents.customerId, customer.id), lt(pointEvents.points, 0)));
    expect(events.map((e) => [e.points, e.reason]).sort()).toEqual([
      [-100, 'reward_unlocked'],
      [-50, 'reward_unlocked'],
    ]);
    const handed = await ctx.db.select().from(customerRewards).where(eq(customerRewards.customerId, customer.id));
    expect(handed.map((r) => r.status)).toEqual(['redeemed', 'redeemed']);
    expect(handed.every((r) => r.redeemedAt instanceof Date)).toBe(true);
  });

  it('exports one customer’s data as JSON and erases them: personal data gone, feedbacks kept anonymous without their comments, both audited', async () => {
    const { restaurant, agent, owner } = await createOwnerWithDinerRestaurant();
    const email = uniqueEmail('rgpd');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    for (let n = 0; n < 3; n++) await visitor.submit({ restaurantId: restaurant.id, rating: 5, email, firstName: 'Inès', phone: '0612345678', comment: `Merci ${n}` });
    await ctx.waitForIdleQueue();
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.email, email));
    const exported = await agent.get(`/api/customers/${customer.id}/export`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain(`client-${customer.id}.json`);
    const data = await exported.json();
    // 60 points earned, 50 of them paid for 'Café offert' at unlock.
    expect(data.customer).toMatchObject({ email, firstName: 'Inès', phone: '0612345678', points: 10 });
    expect(data.feedbacks).toHaveLength(3);
    expect(data.rewards.map((r: { label: string }) => r.label)).toEqual(['Café offert']);
    expect(data.emails.length).toBeGreaterThan(0);

    expect((await agent.delete(`/api/customers/${customer.id}`)).status).toBe(200);
    expect(await ctx.db.select().from(customers).where(eq(customers.id, customer.id))).toEqual([]);
    expect(await ctx.db.select().from(customerRewards).where(eq(customerRewards.customerId, customer.id))).toEqual([]);
    expect(await ctx.db.select().from(pointEvents).where(eq(pointEvents.customerId, customer.id))).toEqual([]);
    expect(await ctx.db.select().from(emailLogs).where(eq(emailLogs.toEmail, email))).toEqual([]);
    const kept = await ctx.db.select().from(feedbacks).where(eq(feedbacks.restaurantId, restaurant.id));
    // The ratings stay for the statistics; the comments the diner wrote go with them (decision 028).
    expect(kept.map((f) => [f.rating, f.comment, f.customerId])).toEqual([[5, null, null], [5, null, null], [5, null, null]]);
    expect((await ctx.db.select().from(visits).where(eq(visits.customerId, customer.id))).length).toBe(0);
    const audit = await ctx.db.select().from(restaurantAuditLog).where(eq(restaurantAuditLog.restaurantId, restaurant.id));
    expect(audit.map((a) => [a.action, a.subjectId, a.actorUserId])).toEqual([
      ['customer_data_exported', customer.id, owner.id],
      ['customer_erased', customer.id, owner.id],
    ]);
    expect((await agent.get(`/api/customers/${customer.id}`)).status).toBe(404);
  });
});

describe('/api/loyalty', () => {
  it('saves the rules, refusing a threshold outside 3–5 and non-integers with a French 400', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const rules = { basePoints: 15, bonusGoodRating: 5, ratingThreshold: 5, maxPointsPerDay: 60 };
    expect((await agent.put('/api/loyalty/rules', rules)).status).toBe(200);
    // An older client that does not send the interval keeps it (3 hours by default).
    expect((await readJson<TLoyaltyOverview>(agent, '/api/loyalty')).rules).toEqual({ ...rules, earningIntervalHours: 3 });
    expect((await agent.put('/api/loyalty/rules', { ...rules, earningIntervalHours: 0 })).status).toBe(200);
    expect((await agent.put('/api/loyalty/rules', rules)).status).toBe(200);
    expect((await readJson<TLoyaltyOverview>(agent, '/api/loyalty')).rules).toEqual({ ...rules, earningIntervalHours: 0 });
    for (const [field, value] of [
      ['ratingThreshold', 2],
      ['ratingThreshold', 6],
      ['ratingThreshold', 4.5],
      ['basePoints', 1.5],
      ['maxPointsPerDay', -1],
      ['basePoints', '10'],
      ['earningIntervalHours', -1],
      ['earningIntervalHours', 25],
      ['earningIntervalHours', 1.5],
    ] as const) {
      const response = await agent.put('/api/loyalty/rules', { ...rules, [field]: value });
      expect(response.status, `${field}=${value}`).toBe(400);
      expect((await response.json()).error.message).toMatch(/[a-zé]/);
    }
    const threshold = await agent.put('/api/loyalty/rules', { ...rules, ratingThreshold: 6 });
    expect((await threshold.json()).error.message).toBe('Le seuil doit être un nombre entier entre 3 et 5');
    const interval = await agent.put('/api/loyalty/rules', { ...rules, earningIntervalHours: 25 });
    expect((await interval.json()).error.message).toBe('Intervalle entre deux visites : nombre entier d’heures entre 0 et 24');
  });

  it('creates, lists by cost, toggles and deletes rewards; stats count the points distributed', async () => {
    const { restaurant, agent } = await createOwnerWithDinerRestaurant();
    const before = await readJson<TLoyaltyOverview>(agent, '/api/loyalty');
    expect(before.stats).toEqual({ totalPoints: 0, attributions: 0, hasPointEvents: false });
    expect(before.rulesExist).toBe(true);
    const created = await agent.post('/api/loyalty/rewards', { label: '  Digestif  ' });
    expect(created.status).toBe(201);
    const reward = (await created.json()).reward as TReward;
    expect(reward).toMatchObject({ label: 'Digestif', cost: 100, isActive: true, description: null });
    expect((await agent.post('/api/loyalty/rewards', { label: '   ' })).status).toBe(400);
    expect((await readJson<TLoyaltyOverview>(agent, '/api/loyalty')).rewards.map((r) => [r.label, r.cost])).toEqual([
      ['Café offert', 50],
      ['Apéritif maison', 60],
      ['Dessert offert', 100],
      ['Digestif', 100],
    ]);
    const toggled = await agent.patch(`/api/loyalty/rewards/${reward.id}`, { isActive: false });
    expect((await toggled.json()).reward.isActive).toBe(false);
    expect((await agent.delete(`/api/loyalty/rewards/${reward.id}`)).status).toBe(200);
    expect((await agent.delete(`/api/loyalty/rewards/${reward.id}`)).status).toBe(404);

    await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 5 });
    await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 2 });
    expect((await readJson<TLoyaltyOverview>(agent, '/api/loyalty')).stats).toEqual({ totalPoints: 30, attributions: 2, hasPointEvents: true });
  });

  it('does not touch another restaurant’s reward', async () => {
    const a = await createOwnerWithDinerRestaurant();
    const b = await createSignedInOwner(ctx);
    const [reward] = (await readJson<TLoyaltyOverview>(a.agent, '/api/loyalty')).rewards;
    expect((await b.agent.patch(`/api/loyalty/rewards/${reward.id}`, { isActive: false })).status).toBe(404);
    expect((await b.agent.delete(`/api/loyalty/rewards/${reward.id}`)).status).toBe(404);
    expect((await readJson<TLoyaltyOverview>(a.agent, '/api/loyalty')).rewards[0].isActive).toBe(true);
  });
});

