import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { feedbacks } from '../../src/server/db/schema';
import { customMigrationStatements } from '../support/migrations';
import type { TestContext } from '../support/test-app';
import { createDinerRestaurant, createDinerTestContext } from './diner-support';

/**
 * Decision 072's migration: the hand-written part of migration 0034, which counts each day's evening
 * (from 16:00 Paris) from the feedbacks already there, run again on feedbacks written before the columns
 * existed (its own database: it touches every restaurant's rows).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('migrating the evening’s numbers (0034)', () => {
  it('counts each Paris day’s feedbacks from 16:00 on into that day, beside the sums the day already had', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    // Paris is UTC+1 in November, UTC+2 in July.
    const rated = [
      ['2026-11-20T14:59:00Z', 5], // 15:59: not the evening
      ['2026-11-20T15:00:00Z', 2], // 16:00
      ['2026-11-20T22:59:00Z', 4], // 23:59
      ['2026-11-20T23:01:00Z', 1], // Saturday 00:01: the next day, not its evening
      ['2026-07-14T14:30:00Z', 3], // 16:30 in summer
    ] as const;
    await ctx.db.insert(feedbacks).values(rated.map(([at, rating]) => ({ restaurantId: restaurant.id, rating, createdAt: new Date(at) })));
    // The rows as the last version wrote them: the day's sums on several shards, no evening.
    await ctx.db.execute(sql`delete from restaurant_daily_stats where restaurant_id = ${restaurant.id}`);
    await ctx.db.execute(sql`insert into restaurant_daily_stats (restaurant_id, day, shard, feedback_count, rating_sum) values
      (${restaurant.id}, '2026-11-20', 7, 3, 11), (${restaurant.id}, '2026-11-21', 0, 1, 1), (${restaurant.id}, '2026-07-14', 3, 1, 3)`);

    for (const statement of customMigrationStatements('0034_evening_stats.sql')) await ctx.db.execute(sql.raw(statement));

    const days = await queryRows<{ day: string; feedbacks: number; evening: number; evening_sum: number }>(
      ctx.db,
      sql`select day::text as day, sum(feedback_count)::int as feedbacks, sum(evening_feedback_count)::int as evening, sum(evening_rating_sum)::int as evening_sum
          from restaurant_daily_stats where restaurant_id = ${restaurant.id} group by day order by day`,
    );
    expect(days).toEqual([
      { day: '2026-07-14', feedbacks: 1, evening: 1, evening_sum: 3 },
      { day: '2026-11-20', feedbacks: 3, evening: 2, evening_sum: 6 },
      { day: '2026-11-21', feedbacks: 1, evening: 0, evening_sum: 0 },
    ]);
  });
});
