import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRewards, customers, pointEvents } from '../../src/server/db/schema';
import { CAP_AFTER_MERGE_REASON } from '../../src/server/features/diner/diner.service';
import { DEFAULT_POINTS_RULES } from '../../src/shared/rules/points';
import { uniqueEmail } from '../support/factories';
import type { TestContext } from '../support/test-app';
import { createDinerRestaurant, createDinerTestContext, createVisitor } from './diner-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('linking anonymous points to an email', () => {
  it('attack: rating with a fresh rf_tid then linking stays under the daily cap and unlocks each reward once', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = uniqueEmail('farmer');
    for (let cycle = 0; cycle < 5; cycle++) {
      // A new phone (or cleared cookies): a fresh anonymous id that reaches the daily cap on its own.
      const visitor = createVisitor(ctx);
      for (let n = 0; n < 5; n++) expect((await visitor.submit({ restaurantId: restaurant.id, rating: 5 })).status).toBe(200);
      expect((await visitor.post('/api/public/link-email', { restaurantId: restaurant.id, email })).status).toBe(200);
    }
    const [customer] = await ctx.db.select().from(customers).where(and(eq(customers.restaurantId, restaurant.id), eq(customers.email, email)));
    expect(customer.points).toBe(DEFAULT_POINTS_RULES.maxPointsPerDay);
    const adjustments = await ctx.db.select().from(pointEvents).where(and(eq(pointEvents.customerId, customer.id), eq(pointEvents.reason, CAP_AFTER_MERGE_REASON)));
    expect(adjustments.length).toBeGreaterThan(0);
    expect(adjustments.reduce((sum, event) => sum + event.points, 0)).toBe(-(5 - 1) * DEFAULT_POINTS_RULES.maxPointsPerDay);
    const pending = await ctx.db.select().from(customerRewards).where(and(eq(customerRewards.customerId, customer.id), eq(customerRewards.status, 'pending')));
    const perReward = new Map<string | null, number>();
    for (const reward of pending) perReward.set(reward.rewardId, (perReward.get(reward.rewardId) ?? 0) + 1);
    // The catalogue of the test restaurant has two active rewards (50 and 100): each reached once.
    expect([...perReward.values()].every((count) => count === 1)).toBe(true);
    expect(pending).toHaveLength(2);
  });
});
