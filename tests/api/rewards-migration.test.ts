import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRewards, customers, pointEvents } from '../../src/server/db/schema';
import { customMigrationStatements } from '../support/migrations';
import type { TestContext } from '../support/test-app';
import { createDinerRestaurant, createDinerTestContext } from './diner-support';

/**
 * Decision 024's migration of rewards unlocked before they were paid at unlock: the hand-written part of
 * migration 0010, run again on rows shaped as the old rule left them (its own database: it touches
 * every customer).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('migrating rewards unlocked under the old rule', () => {
  it('pays pending rewards oldest first as far as the balance covers them and withdraws the rest: nothing refused, nothing negative', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const rewardRow = (customerId: string, label: string, cost: number, at: string, status: 'pending' | 'redeemed' = 'pending') => ({
      restaurantId: restaurant.id,
      customerId,
      label,
      cost,
      status,
      createdAt: new Date(at),
    });
    // The diner: 100 points, shown a 50-point coffee and a 100-point dessert as 'à remettre'.
    const [promised] = await ctx.db.insert(customers).values({ restaurantId: restaurant.id, email: 'promis@example.fr', points: 100 }).returning();
    // A diner whose one pending reward is covered, and one whose reward was already handed over.
    const [covered] = await ctx.db.insert(customers).values({ restaurantId: restaurant.id, email: 'couvert@example.fr', points: 70 }).returning();
    const [handed] = await ctx.db.insert(customers).values({ restaurantId: restaurant.id, email: 'remis@example.fr', points: 30 }).returning();
    await ctx.db.insert(customerRewards).values([
      rewardRow(promised.id, 'Café offert', 50, '2026-10-01T12:00:00Z'),
      rewardRow(promised.id, 'Dessert offert', 100, '2026-10-05T12:00:00Z'),
      rewardRow(covered.id, 'Café offert', 50, '2026-10-02T12:00:00Z'),
      rewardRow(handed.id, 'Café offert', 50, '2026-10-03T12:00:00Z', 'redeemed'),
    ]);

    for (const statement of customMigrationStatements('0011_earning_interval_rewards_paid.sql')) await ctx.db.execute(sql.raw(statement));

    const state = async (customerId: string) => {
      const [row] = await ctx.db.select({ points: customers.points }).from(customers).where(eq(customers.id, customerId));
      const rewards = await ctx.db.select().from(customerRewards).where(eq(customerRewards.customerId, customerId));
      const events = await ctx.db.select().from(pointEvents).where(eq(pointEvents.customerId, customerId));
      return { points: row.points, rewards: rewards.map((r) => [r.label, r.status]).sort(), events: events.map((e) => [e.points, e.reason]) };
    };
    // 100 covers the coffee (paid: 50 left), not the dessert too: the dessert is withdrawn.
    expect(await state(promised.id)).toEqual({ points: 50, rewards: [['Café offert', 'pending']], events: [[-50, 'reward_unlocked']] });
    expect(await state(covered.id)).toEqual({ points: 20, rewards: [['Café offert', 'pending']], events: [[-50, 'reward_unlocked']] });
    // A reward already handed over was paid then: nothing changes.
    expect(await state(handed.id)).toEqual({ points: 30, rewards: [['Café offert', 'redeemed']], events: [] });
  });
});
