import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { customerRewards, customers, feedbacks, visits } from '../../src/server/db/schema';
import { eraseCustomerData } from '../../src/server/core/customer-erasure';
import { customerListQueries } from '../../src/server/features/customers/customers.service';
import { clock } from '../../src/server/lib/runtime/clock';
import type { TCustomerDetail, TCustomersPage } from '../../src/shared/schemas/customers';
import { createSignedInOwner } from '../support/factories';
import type { TestAgent, TestContext } from '../support/test-app';
import { createDinerTestContext } from './diner-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
});
afterEach(() => clock.reset());
afterAll(async () => {
  await ctx.close();
});

const DAY = 24 * 3600 * 1000;
const NOW = new Date('2026-11-26T12:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

async function list(agent: TestAgent, query = ''): Promise<TCustomersPage> {
  const response = await agent.get(`/api/customers${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as TCustomersPage;
}
const names = (page: TCustomersPage) => page.items.map((item) => item.firstName ?? `anonyme:${item.points}`);

/**
 * A restaurant with a customer of each kind: Alice (email, consent, 3 visits, 5★ last), Bruno (a phone
 * only, 2★ last after a 5★), an anonymous device with a reward waiting, an anonymous device with
 * nothing (hidden by default), Eve (email, unsubscribed, 3★ last, away for 200 days).
 */
async function seed() {
  const owner = await createSignedInOwner(ctx);
  const restaurantId = owner.restaurant.id;
  const [alice, bruno, rewarded, nobody, eve] = await ctx.db
    .insert(customers)
    .values([
      { restaurantId, firstName: 'Alice', lastName: 'Durand', email: 'alice@example.fr', marketingConsent: true, lastVisitAt: ago(10), points: 20 },
      { restaurantId, firstName: 'Bruno', phone: '+33 6 12 34 56 78', lastVisitAt: ago(40) },
      { restaurantId, anonId: crypto.randomUUID(), lastVisitAt: ago(100), points: 7 },
      { restaurantId, anonId: crypto.randomUUID(), lastVisitAt: ago(5), points: 3 },
      { restaurantId, firstName: 'Eve', email: 'eve@example.fr', marketingConsent: false, unsubscribedAt: ago(300), lastVisitAt: ago(200) },
    ])
    .returning();
  await ctx.db.insert(visits).values([0, 1, 2].map((n) => ({ restaurantId, customerId: alice.id, createdAt: ago(10 + n) })));
  await ctx.db.insert(feedbacks).values([
    { restaurantId, customerId: alice.id, rating: 5, createdAt: ago(10) },
    { restaurantId, customerId: bruno.id, rating: 5, createdAt: ago(60) },
    { restaurantId, customerId: bruno.id, rating: 2, createdAt: ago(40) },
    { restaurantId, customerId: eve.id, rating: 3, createdAt: ago(200) },
  ]);
  await ctx.db.insert(customerRewards).values({ restaurantId, customerId: rewarded.id, label: 'Café offert', cost: 50 });
  return { ...owner, alice, bruno, rewarded, nobody, eve };
}

describe('the customer list shows the diners the restaurant can know', () => {
  it('by default: an email, a phone or a reward waiting; “all” adds the anonymous devices; cards carry visits and rewards', async () => {
    clock.freeze(NOW);
    const { agent } = await seed();
    const known = await list(agent);
    expect(names(known)).toEqual(['Alice', 'Bruno', 'anonyme:7', 'Eve']);
    expect(known).toMatchObject({ total: 4, totalIsCapped: false });
    const all = await list(agent, '?scope=all');
    expect(names(all)).toEqual(['anonyme:3', 'Alice', 'Bruno', 'anonyme:7', 'Eve']);
    // The card's facts: visit count, last visit, rewards waiting.
    expect(known.items[0]).toMatchObject({ firstName: 'Alice', visitCount: 3, pendingRewards: 0, lastVisitAt: ago(10).toISOString() });
    expect(known.items[2]).toMatchObject({ visitCount: 0, pendingRewards: 1 });
  });

  it('filters: with email, with consent, with a reward waiting, not seen for 30 or 90 days, gave ≤ 3★ last time', async () => {
    clock.freeze(NOW);
    const { agent } = await seed();
    const filtered = async (filter: string) => names(await list(agent, `?filter=${filter}`));
    expect(await filtered('email')).toEqual(['Alice', 'Eve']);
    // Eve unsubscribed: her old consent does not count.
    expect(await filtered('consent')).toEqual(['Alice']);
    expect(await filtered('reward')).toEqual(['anonyme:7']);
    expect(await filtered('away30')).toEqual(['Bruno', 'anonyme:7', 'Eve']);
    expect(await filtered('away90')).toEqual(['anonyme:7', 'Eve']);
    // Bruno's last rating is 2★ (his 5★ was before), Eve's 3★; Alice's 5★.
    expect(await filtered('lowRating')).toEqual(['Bruno', 'Eve']);
    // A filter on every device too.
    expect(names(await list(agent, '?scope=all&filter=away30'))).toEqual(['Bruno', 'anonyme:7', 'Eve']);
    const bad = await agent.get('/api/customers?filter=vip');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Filtre inconnu');
    expect((await agent.get('/api/customers?scope=tous')).status).toBe(400);
  });

  it('search finds phones whatever their writing: “06 12” matches “+33 6 12 34 56 78”; names and emails as before; never another restaurant’s', async () => {
    clock.freeze(NOW);
    const { agent } = await seed();
    const other = await createSignedInOwner(ctx);
    await ctx.db.insert(customers).values({ restaurantId: other.restaurant.id, firstName: 'Voisin', phone: '06 12 34 56 78', email: 'voisin@example.fr' });
    const search = async (q: string) => names(await list(agent, `?q=${encodeURIComponent(q)}`));
    for (const q of ['06 12', '0612345678', '+33 6 12 34', '+33612345678', '0033 6 12', '12 34 56', '06.12.34']) {
      expect(await search(q), q).toEqual(['Bruno']);
    }
    expect(await search('06 99')).toEqual([]);
    expect(await search('durand')).toEqual(['Alice']);
    expect(await search('eve@')).toEqual(['Eve']);
    // The other restaurant finds its own diner with the same number, not Bruno.
    expect(names(await list(other.agent, `?q=${encodeURIComponent('06 12')}`))).toEqual(['Voisin']);
  });
});

describe('a record the retention job anonymised (decision 045)', () => {
  it('carries its anonymisation date to the list and its page (which name it “Fiche anonymisée”), where a living diner has none', async () => {
    const owner = await createSignedInOwner(ctx);
    const restaurantId = owner.restaurant.id;
    const [gone, living] = await ctx.db
      .insert(customers)
      .values([
        { restaurantId, firstName: 'Jeanne', email: 'jeanne.ancienne@example.fr', points: 30, lastVisitAt: ago(1200) },
        { restaurantId, firstName: 'Paul', email: 'paul.present@example.fr', points: 10, lastVisitAt: ago(2) },
      ])
      .returning();
    clock.freeze(NOW);
    await eraseCustomerData(ctx.db, restaurantId, gone.id, { actorUserId: null, by: 'retention' }, 'anonymize');
    const page = await list(owner.agent, '?scope=all');
    const anonymised = page.items.find((item) => item.id === gone.id)!;
    expect(anonymised).toMatchObject({ firstName: null, email: null, points: 30, anonymizedAt: NOW.toISOString() });
    expect(page.items.find((item) => item.id === living.id)).toMatchObject({ firstName: 'Paul', anonymizedAt: null });
    const detail = await owner.agent.get(`/api/customers/${gone.id}`);
    expect(detail.status).toBe(200);
    expect(((await detail.json()) as TCustomerDetail).customer).toMatchObject({ firstName: null, anonymizedAt: NOW.toISOString() });
  });
});

describe('the CSV export', () => {
  it('a phone “+33 6 …” is text in Excel without a visible quote: its cell starts with a tab, never with + or an apostrophe; formulas stay neutralised', async () => {
    const { restaurant, agent } = await createSignedInOwner(ctx);
    await ctx.db.insert(customers).values([
      { restaurantId: restaurant.id, firstName: 'Léa', email: 'lea@example.fr', phone: '+33 6 12 34 56 78', createdAt: new Date('2026-03-01T10:00:00Z') },
      { restaurantId: restaurant.id, firstName: 'Paul', phone: '06 12 34 56 78', createdAt: new Date('2026-03-02T10:00:00Z') },
      { restaurantId: restaurant.id, firstName: '+SUM(1,2)', lastName: '@cmd', phone: '+33=1+1', createdAt: new Date('2026-03-03T10:00:00Z') },
    ]);
    const bytes = new Uint8Array(await (await agent.get('/api/customers/export.csv')).arrayBuffer());
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    const cells = (line: string) => line.split(';');
    // The phone column, after 'Email confirmé' (issue 48).
    expect(cells(lines[0])[4]).toBe('Téléphone');
    // Léa's phone, byte by byte: TAB, then the number as typed.
    const phone = new TextEncoder().encode(cells(lines[1])[4]);
    expect([...phone.slice(0, 4)]).toEqual([0x09, 0x2b, 0x33, 0x33]);
    expect(cells(lines[1])[4]).toBe('\t+33 6 12 34 56 78');
    // What Excel evaluates: a cell starting with = + - @. What shows a quote: the apostrophe. Neither here.
    expect(cells(lines[1])[4]).not.toMatch(/^[=+\-@']/);
    expect(cells(lines[1])[4]).not.toContain("'");
    // A number typed with spaces, starting with 0, needs nothing.
    expect(cells(lines[2])[4]).toBe('06 12 34 56 78');
    // Anything that is not only a phone number keeps the apostrophe: names, and a 'phone' hiding a formula.
    expect([...cells(lines[3]).slice(0, 3), cells(lines[3])[4]]).toEqual(["'+SUM(1,2)", "'@cmd", '', "'+33=1+1"]);
  });
});

describe('the list stays fast at 100,000 customers', () => {
  it('the default page and its capped total read indexes, not the whole table', async () => {
    const { restaurant, agent } = await createSignedInOwner(ctx);
    // 100,000 customers: one in ten with an email, the rest anonymous devices.
    await ctx.db.execute(sql`
      insert into customers (restaurant_id, first_name, email, anon_id, last_visit_at, created_at)
      select ${restaurant.id}, 'Client' || n, case when n % 10 = 0 then 'client' || n || '@example.fr' end,
             case when n % 10 <> 0 then md5(n::text) end, now() - (n || ' minutes')::interval, now() - (n || ' minutes')::interval
      from generate_series(1, 100000) as n`);
    await ctx.db.execute(sql`analyze customers`);
    const explain = async (statement: { sql: string; params: unknown[] }) =>
      (await queryRows<Record<string, string>>(ctx.db, sql.raw(`explain ${inline(statement.sql, statement.params)}`))).map((row) => Object.values(row)[0]).join('\n');
    for (const query of [{ q: '', page: 1 }, { q: '', page: 1, filter: 'email' as const }, { q: '06 12', page: 1 }]) {
      const { page, total } = customerListQueries(ctx.db, restaurant.id, query);
      // The page: an index (the list order, or a trigram index for a search), never the whole table.
      const pagePlan = await explain(page.toSQL());
      expect(pagePlan, JSON.stringify(query)).not.toMatch(/Seq Scan on customers/);
      // The total stops at 1,001 matching rows (a Limit above whatever scan the planner picks).
      const totalPlan = await explain(total.toSQL());
      const lines = totalPlan.split('\n');
      const limit = lines.findIndex((line) => /Limit/.test(line));
      const scan = lines.findIndex((line) => /Scan\b.* on customers/.test(line));
      expect(limit, totalPlan).toBeGreaterThanOrEqual(0);
      expect(limit, totalPlan).toBeLessThan(scan);
    }
    const started = performance.now();
    const first = await list(agent);
    const elapsed = performance.now() - started;
    expect(first).toMatchObject({ total: 1000, totalIsCapped: true });
    expect(first.items).toHaveLength(20);
    console.info(`customer list, default page at 100,000 customers: ${elapsed.toFixed(0)} ms`);
  }, 120_000);
});

/** A statement with its parameters written in (EXPLAIN takes no parameters). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number') return String(value);
    const literal = value instanceof Date ? value.toISOString() : String(value);
    return `'${literal.replace(/'/g, "''")}'`;
  });
}
