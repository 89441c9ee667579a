import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRewards, customers, feedbacks, pointEvents } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/client';
import { uniqueEmail } from '../support/factories';
import type { TestContext } from '../support/test-app';
import { createConfirmedVisitor, createDinerTestContext, createDinerRestaurant, createVisitor } from './diner-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('parallel submissions for one customer', () => {
  it('never give more than max_points_per_day, and each is recorded once', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = uniqueEmail('rush');
    // One phone that confirmed its email, as many submissions at once as its own limit lets through
    // (typed in either case): 10 × 20 points asked, 100 allowed.
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, n) => visitor.submit({ restaurantId: restaurant.id, rating: 5, email: n % 2 ? email : email.toUpperCase() })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const answers = await Promise.all(responses.map((r) => r.json() as Promise<{ pointsAdded: number; balance: number }>));
    expect(answers.reduce((sum, a) => sum + a.pointsAdded, 0)).toBe(100);

    const owners = await ctx.db.select().from(customers).where(and(eq(customers.restaurantId, restaurant.id), sql`lower(${customers.email}) = ${email}`));
    expect(owners).toHaveLength(1);
    const [events] = await queryRows<{ total: number }>(
      ctx.db,
      sql`select coalesce(sum(points) filter (where points > 0), 0)::int as total from ${pointEvents} where customer_id = ${owners[0].id}`,
    );
    expect(events.total).toBe(100);
    // Rewards are paid at unlock: the balance and the rewards waiting to be handed over add up to what was earned.
    const pending = await ctx.db.select().from(customerRewards).where(eq(customerRewards.customerId, owners[0].id));
    expect(owners[0].points + pending.reduce((sum, reward) => sum + reward.cost, 0)).toBe(100);
    expect(owners[0].points).toBeGreaterThanOrEqual(0);
    expect((await ctx.db.select().from(feedbacks).where(eq(feedbacks.customerId, owners[0].id))).length).toBe(10);
  });

  it('attack: the same phone rating twice in parallel within the interval earns once', async () => {
    const { restaurant } = await createDinerRestaurant(ctx, { earningIntervalHours: 3 });
    const visitor = createVisitor(ctx);
    // A first request gives the phone its cookie, so both ratings come from the same device.
    await visitor.get(`/api/public/restaurants/${restaurant.id}/anonymous-points`);
    const answers = await Promise.all(
      Array.from({ length: 2 }, async () => (await visitor.submit({ restaurantId: restaurant.id, rating: 5 })).json() as Promise<{ pointsAdded: number; earning: string }>),
    );
    expect(answers.map((a) => [a.pointsAdded, a.earning]).sort()).toEqual([
      [0, 'interval'],
      [20, 'earned'],
    ]);
    const tid = visitor.agent.cookies.get('rf_tid')!;
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.anonId, tid));
    expect(customer.points).toBe(20);
    expect((await ctx.db.select().from(feedbacks).where(eq(feedbacks.customerId, customer.id))).length).toBe(2);
  });
});
