// Statement budgets of the hot paths: how many statements (round trips) a request may send, at most.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, qrCodes } from '../../src/server/db/schema';
import { createRestaurant, createSignedInAdmin, createSignedInOwner } from '../support/factories';
import { recordStatements } from '../support/statements';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('cheap reads in one round trip', () => {
  it('answers /api/me from the session query alone: user, admin flag and restaurants', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx, { restaurantName: 'Le Comptoir' });
    await agent.get('/api/me'); // first call: better-auth's context is built once
    let body: Record<string, unknown> = {};
    const statements = await recordStatements(ctx.database, async () => {
      const response = await agent.get('/api/me');
      expect(response.status).toBe(200);
      body = (await response.json()) as Record<string, unknown>;
    });
    // Budget: the session read alone (user, admin flag and restaurants in one statement).
    expect(statements.length).toBeLessThanOrEqual(1);
    expect(body).toMatchObject({ isAdmin: false, gate: 'approved', restaurants: [{ id: restaurant.id, name: 'Le Comptoir', status: 'approved', role: 'owner', rejectionReason: null }] });

    const { agent: admin } = await createSignedInAdmin(ctx);
    const adminMe = (await (await admin.get('/api/me')).json()) as { isAdmin: boolean; restaurants: unknown[] };
    expect(adminMe).toMatchObject({ isAdmin: true, restaurants: [] });
    // The admin flag read with the session is what opens the admin routes.
    expect((await admin.get('/api/admin/organisations')).status).toBe(200);
    expect((await agent.get('/api/admin/organisations')).status).toBe(403);
  });

  it('reads the restaurant or the printed code in one statement that writes nothing (the caller is counted in the instance)', async () => {
    const restaurant = await createRestaurant(ctx, { status: 'approved', name: 'Chez Lou' });
    const [qr] = await ctx.db.insert(qrCodes).values({ restaurantId: restaurant.id, code: `${restaurant.id.slice(0, 8)}-t1`, tableLabel: 'Table 1' }).returning();
    const phone = { 'x-forwarded-for': '203.0.113.77' };
    for (const [url, expected] of [
      [`/api/public/restaurants/${restaurant.id}`, { name: 'Chez Lou' }],
      [`/api/public/qr/${qr.code}`, { restaurantId: restaurant.id, restaurant: { name: 'Chez Lou' } }],
    ] as const) {
      let answer: unknown;
      const statements = await recordStatements(ctx.database, async () => {
        const response = await ctx.app.request(url, { headers: phone });
        expect(response.status).toBe(200);
        answer = await response.json();
      });
      expect(answer).toMatchObject(expected);
      // Budget: the read alone, one statement, and no write.
      expect(statements.length).toBeLessThanOrEqual(1);
      expect(statements.join(' ')).not.toMatch(/\b(insert|update|delete)\b/i);
    }
  });
});

describe('customer search counts only when it must', () => {
  it('takes the total from a page that is not full, and counts up to the cap (stopping there) only behind a full page', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx, { restaurantName: 'Chez Compte' });
    await ctx.db.insert(customers).values([
      ...Array.from({ length: 22 }, (_, i) => ({ restaurantId: restaurant.id, firstName: 'Camille', lastName: `Martin ${i}`, email: `martin-${i}-${Date.now()}@example.fr` })),
      ...Array.from({ length: 3 }, (_, i) => ({ restaurantId: restaurant.id, firstName: 'Zoé', lastName: `Rare ${i}`, email: `rare-${i}-${Date.now()}@example.fr` })),
    ]);
    await agent.get('/api/me');
    const search = async (query: string) => {
      let body = {} as { total: number; totalIsCapped: boolean; items: unknown[] };
      const statements = await recordStatements(ctx.database, async () => {
        const response = await agent.get(`/api/customers${query}`);
        expect(response.status).toBe(200);
        body = (await response.json()) as typeof body;
      });
      // The total's statement (a count over the capped customers); the page's own per-card subqueries
      // (visits, rewards to hand over) count a card's rows, not the restaurant's customers.
      return { body, counts: statements.filter((text) => /^select count\(/i.test(text.trim())).length };
    };
    // A rare search: its only page is short, so it is the total; nothing counts the restaurant's customers.
    const rare = await search('?q=zoe');
    expect(rare.body).toMatchObject({ total: 3, totalIsCapped: false });
    expect(rare.body.items).toHaveLength(3);
    expect(rare.counts).toBe(0);
    // The last page, short as well.
    const last = await search('?page=2');
    expect(last.body).toMatchObject({ total: 25, totalIsCapped: false });
    expect(last.counts).toBe(0);
    // A full page: the total is counted (exact under the cap).
    const full = await search('');
    expect(full.body).toMatchObject({ total: 25, totalIsCapped: false });
    expect(full.body.items).toHaveLength(20);
    expect(full.counts).toBe(1);
  });
});
