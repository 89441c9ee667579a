import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryPreparedRows } from '../db/prepared';
import { parisDayOf } from '../../shared/format';

/**
 * Counts a visit and/or a feedback in the restaurant's row of its Paris day, in the caller's
 * transaction: the dashboard then reads 7 or 30 rows, however many millions of feedbacks there are
 * (docs/decisions/008-dashboard-daily-stats.md).
 */
export async function recordDailyStats(tx: Db, restaurantId: string, at: Date, counts: { visits?: number; feedbacks?: number; ratingSum?: number }): Promise<void> {
  const visits = counts.visits ?? 0;
  const feedbacks = counts.feedbacks ?? 0;
  const ratingSum = counts.ratingSum ?? 0;
  await queryPreparedRows(
    tx,
    sql`insert into restaurant_daily_stats (restaurant_id, day, visit_count, feedback_count, rating_sum)
    values (${restaurantId}, ${parisDayOf(at)}::date, ${visits}, ${feedbacks}, ${ratingSum})
    on conflict (restaurant_id, day) do update set
      visit_count = restaurant_daily_stats.visit_count + excluded.visit_count,
      feedback_count = restaurant_daily_stats.feedback_count + excluded.feedback_count,
      rating_sum = restaurant_daily_stats.rating_sum + excluded.rating_sum`,
  );
}

/** Recomputes a restaurant's daily rows from its visits and feedbacks (bulk seeds, repairs). */
export async function rebuildDailyStats(tx: Db, restaurantId: string): Promise<void> {
  await tx.execute(sql`delete from restaurant_daily_stats where restaurant_id = ${restaurantId}`);
  await tx.execute(sql`insert into restaurant_daily_stats (restaurant_id, day, visit_count, feedback_count, rating_sum)
    select ${restaurantId}, day, sum(v), sum(f), sum(r) from (
      select (created_at at time zone 'Europe/Paris')::date as day, 1 as v, 0 as f, 0 as r from visits where restaurant_id = ${restaurantId}
      union all
      select (created_at at time zone 'Europe/Paris')::date, 0, 1, rating from feedbacks where restaurant_id = ${restaurantId}
    ) as daily group by day`);
}
