import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryPreparedRows } from '../platform';
import { parisDayOf } from '../../shared/format';
import { DASHBOARD_EVENING_HOUR } from '../../shared/schemas/dashboard';

/**
 * How many rows a day (restaurant_daily_stats) or a rollup key (feedback_stats) is spread over: each
 * connection writes the row of its own shard (`pg_backend_pid() % STAT_SHARDS`), so concurrent submissions
 * of one restaurant do not wait on one row lock until their commit (decision 047). Readers sum the shards.
 * The same number is written in the rollup's triggers (migration 0016).
 */
export const STAT_SHARDS = 64;

/** The shard a statement writes: its connection's. */
const SHARD = sql.raw(`(pg_backend_pid() % ${STAT_SHARDS})::smallint`);

// Built once: an Intl formatter costs far more to create than to use (this runs on every submission).
const PARIS_HOUR = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: 'numeric', hourCycle: 'h23' });
/** The hour (0–23) a Paris clock shows at `at`. */
function parisHourOf(at: Date): number {
  return Number(PARIS_HOUR.format(at)) % 24;
}

/** Whether `at` falls in its Paris day's evening (from DASHBOARD_EVENING_HOUR on), which the dashboard shows apart. */
export const isParisEvening = (at: Date) => parisHourOf(at) >= DASHBOARD_EVENING_HOUR;

/** The Paris evening in SQL, for a timestamptz expression: rebuilds and migration 0034 count it as isParisEvening does. */
const IS_EVENING_SQL = (column: string) => sql.raw(`extract(hour from ${column} at time zone 'Europe/Paris') >= ${DASHBOARD_EVENING_HOUR}`);

/**
 * The upsert that counts a visit and/or a feedback in the restaurant's row of its Paris day (its
 * connection's shard), the feedback in the day's evening too when it is one (decision 072), as a
 * statement or as the body of a data-modifying CTE. `visits` may be SQL (a count of a CTE's rows).
 */
export function dailyStatsUpsert(restaurantId: string, at: Date, counts: { visits?: number | SQL; feedbacks?: number; ratingSum?: number }): SQL {
  const visits = counts.visits ?? 0;
  const feedbacks = counts.feedbacks ?? 0;
  const ratingSum = counts.ratingSum ?? 0;
  const evening = isParisEvening(at);
  return sql`insert into restaurant_daily_stats (restaurant_id, day, shard, visit_count, feedback_count, rating_sum, evening_feedback_count, evening_rating_sum)
    values (${restaurantId}::uuid, ${parisDayOf(at)}::date, ${SHARD}, (${visits})::int, ${feedbacks}::int, ${ratingSum}::int, ${evening ? feedbacks : 0}::int, ${evening ? ratingSum : 0}::int)
    on conflict (restaurant_id, day, shard) do update set
      visit_count = restaurant_daily_stats.visit_count + excluded.visit_count,
      feedback_count = restaurant_daily_stats.feedback_count + excluded.feedback_count,
      rating_sum = restaurant_daily_stats.rating_sum + excluded.rating_sum,
      evening_feedback_count = restaurant_daily_stats.evening_feedback_count + excluded.evening_feedback_count,
      evening_rating_sum = restaurant_daily_stats.evening_rating_sum + excluded.evening_rating_sum`;
}

/**
 * Counts a visit and/or a feedback in the restaurant's row of its Paris day, in the caller's
 * transaction: the dashboard then reads 7 or 30 days of a few rows, however many millions of feedbacks
 * there are (docs/decisions/008-dashboard-daily-stats.md, 047).
 */
export async function recordDailyStats(tx: Db, restaurantId: string, at: Date, counts: { visits?: number; feedbacks?: number; ratingSum?: number }): Promise<void> {
  await queryPreparedRows(tx, dailyStatsUpsert(restaurantId, at, counts));
}

/** Recomputes a restaurant's daily rows from its visits and feedbacks (bulk seeds, repairs). */
export async function rebuildDailyStats(tx: Db, restaurantId: string): Promise<void> {
  await tx.execute(sql`delete from restaurant_daily_stats where restaurant_id = ${restaurantId}`);
  await tx.execute(sql`insert into restaurant_daily_stats (restaurant_id, day, visit_count, feedback_count, rating_sum, evening_feedback_count, evening_rating_sum)
    select ${restaurantId}, day, sum(v), sum(f), sum(r), sum(ef), sum(er) from (
      select (created_at at time zone 'Europe/Paris')::date as day, 1 as v, 0 as f, 0 as r, 0 as ef, 0 as er from visits where restaurant_id = ${restaurantId}
      union all
      select (created_at at time zone 'Europe/Paris')::date, 0, 1, rating, (${IS_EVENING_SQL('created_at')})::int, case when ${IS_EVENING_SQL('created_at')} then rating else 0 end
      from feedbacks where restaurant_id = ${restaurantId}
    ) as daily group by day`);
}

/**
 * Folds the shards of the days before `beforeDay` (Paris) into shard 0, in both tables (daily stats and
 * the /avis rollup), so a past day keeps one row per key; the sums are unchanged. Each table in one
 * statement (delete returning, then upsert): a writer of those past days (an erasure's negative delta)
 * meets the row lock at most. Returns the rows folded.
 */
export async function foldStatShards(db: Db, beforeDay: string): Promise<number> {
  const [daily] = await queryPreparedRows<{ n: number }>(
    db,
    sql`with moved as (
          delete from restaurant_daily_stats where day < ${beforeDay}::date and shard <> 0
          returning restaurant_id, day, visit_count, feedback_count, rating_sum, evening_feedback_count, evening_rating_sum
        ), folded as (
          insert into restaurant_daily_stats as s (restaurant_id, day, shard, visit_count, feedback_count, rating_sum, evening_feedback_count, evening_rating_sum)
          select restaurant_id, day, 0, sum(visit_count), sum(feedback_count), sum(rating_sum), sum(evening_feedback_count), sum(evening_rating_sum) from moved group by 1, 2
          on conflict (restaurant_id, day, shard) do update set
            visit_count = s.visit_count + excluded.visit_count, feedback_count = s.feedback_count + excluded.feedback_count, rating_sum = s.rating_sum + excluded.rating_sum,
            evening_feedback_count = s.evening_feedback_count + excluded.evening_feedback_count, evening_rating_sum = s.evening_rating_sum + excluded.evening_rating_sum
        )
        select count(*)::int as n from moved`,
  );
  const [rollup] = await queryPreparedRows<{ n: number }>(
    db,
    sql`with moved as (
          delete from feedback_stats where day < ${beforeDay}::date and shard <> 0
          returning restaurant_id, day, qr_key, rating, has_comment, has_contact, status, count
        ), folded as (
          insert into feedback_stats as s (restaurant_id, day, qr_key, rating, has_comment, has_contact, status, count, shard)
          select restaurant_id, day, qr_key, rating, has_comment, has_contact, status, sum(count), 0 from moved group by 1, 2, 3, 4, 5, 6, 7
          on conflict (restaurant_id, day, qr_key, rating, has_comment, has_contact, status, shard) do update set count = s.count + excluded.count
        )
        select count(*)::int as n from moved`,
  );
  return Number(daily?.n ?? 0) + Number(rollup?.n ?? 0);
}
