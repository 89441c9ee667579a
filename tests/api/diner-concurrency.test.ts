import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, feedbacks, pointEvents } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/client';
import { uniqueEmail } from '../support/factories';
import type { TestContext } from '../support/test-app';
import { createDinerTestContext, createDinerRestaurant, createVisitor } from './diner-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('50 submissions for one customer at the same moment', () => {
  it('never give more than max_points_per_day, and each is recorded once', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = uniqueEmail('rush');
    // 50 phones (their own IP and cookie), one email, all at once: 50 × 20 points asked, 100 allowed.
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, n) => createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 5, email: n % 2 ? email : email.toUpperCase() })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    const answers = await Promise.all(responses.map((r) => r.json() as Promise<{ pointsAdded: number; balance: number }>));
    expect(answers.reduce((sum, a) => sum + a.pointsAdded, 0)).toBe(100);
    expect(Math.max(...answers.map((a) => a.balance))).toBe(100);

    const owners = await ctx.db.select().from(customers).where(and(eq(customers.restaurantId, restaurant.id), sql`lower(${customers.email}) = ${email}`));
    expect(owners).toHaveLength(1);
    expect(owners[0].points).toBe(100);
    const [events] = await queryRows<{ total: number; n: number }>(
      ctx.db,
      sql`select coalesce(sum(points), 0)::int as total, count(*)::int as n from ${pointEvents} where customer_id = ${owners[0].id}`,
    );
    expect(events.total).toBe(100);
    expect((await ctx.db.select().from(feedbacks).where(eq(feedbacks.customerId, owners[0].id))).length).toBe(50);
  });
});
