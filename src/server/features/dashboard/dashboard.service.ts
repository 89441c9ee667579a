import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryPreparedRows } from '../../platform';
import { isParisEvening } from '../../core/daily-stats';
import { clock } from '../../lib/runtime/clock';
import { AppError } from '../../lib/http/errors';
import { parisDayOf } from '../../../shared/format';
import { DASHBOARD_CHART_DAYS, DASHBOARD_MESSAGES, DASHBOARD_RECENT_FEEDBACKS, DASHBOARD_VISITS_DAYS, GOOD_RATING, type TDashboard } from '../../../shared/schemas/dashboard';
import { formatRoleFr } from '../../../shared/rules/roles';

/** The Paris calendar days ending today, oldest first ('YYYY-MM-DD'). */
export function listParisDays(now: Date, count: number): string[] {
  const today = parisDayOf(now);
  const [year, month, day] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1, day - (count - 1 - index)));
    return date.toISOString().slice(0, 10);
  });
}

const roundOneDecimal = (value: number) => Math.round(value * 10) / 10;

type DashboardRow = {
  restaurant: { name: string; google_review_url: string | null; todo_qr: boolean; todo_rewards: boolean; todo_automations: boolean } | null;
  recent: TDashboard['recentFeedbacks'];
  daily: TDashboard['daily'];
  evening: { count: number; averageRating: number | null } | null;
};

/**
 * The whole dashboard in one statement, built once (a fixed text: named and planned once per connection
 * on PostgreSQL) and answered as JSON shaped like TDashboard's parts, so Node does no query building and
 * no per-row work (issue 34: ≤ 2 ms of Node CPU per call):
 * - the restaurant with its to-do facts;
 * - the 10 latest feedbacks (the feedbacks_inbox_idx order), with the diner's first name and the QR's
 *   label as it is now, 'QR principal', or the label the visit's link carried;
 * - the 30 Paris days, oldest first, each day's shards of restaurant_daily_stats summed (decision 047),
 *   the average rounded to one decimal;
 * - after 16:00 Paris, the feedbacks since 16:00 today (count and average), from today's shards of
 *   restaurant_daily_stats too (decision 072): a busy evening costs the same as a quiet one.
 */
const dashboardRead = (evening: boolean) =>
  sql`with recent as (
    select f.id, f.rating, f.comment, f.created_at, c.first_name,
           coalesce(q.table_label, case when q.is_primary then 'QR principal' end, v.table_label) as table_label
    from feedbacks f
    left join customers c on c.id = f.customer_id
    left join visits v on v.id = f.visit_id
    left join qr_codes q on q.id = v.qr_code_id
    where f.restaurant_id = ${sql.placeholder('restaurantId')}::uuid
    order by f.created_at desc, f.id desc
    limit ${DASHBOARD_RECENT_FEEDBACKS}
  ), stats as (
    select day, sum(visit_count)::int as visits, sum(feedback_count)::int as feedbacks, sum(rating_sum)::int as rating_sum
    from restaurant_daily_stats
    where restaurant_id = ${sql.placeholder('restaurantId')}::uuid and day >= ${sql.placeholder('firstDay')}::date
    group by day
  )
  select
    (select json_build_object('name', r.name, 'google_review_url', r.google_review_url, 'todo_qr', r.todo_qr_codes_at is not null,
            'todo_rewards', r.todo_rewards_at is not null, 'todo_automations', r.todo_automations_at is not null)
     from restaurants r where r.id = ${sql.placeholder('restaurantId')}::uuid) as restaurant,
    (select coalesce(json_agg(json_build_object('id', id, 'rating', rating, 'comment', comment,
              'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'firstName', first_name, 'tableLabel', table_label)
            order by created_at desc, id desc), '[]'::json) from recent) as recent,
    (select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'visits', coalesce(s.visits, 0), 'feedbacks', coalesce(s.feedbacks, 0),
              'averageRating', case when s.feedbacks > 0 then round(s.rating_sum::numeric / s.feedbacks, 1) end) order by d.day)
     from generate_series(${sql.placeholder('firstDay')}::date, ${sql.placeholder('today')}::date, interval '1 day') as d(day)
     left join stats s on s.day = d.day::date) as daily,
    ${
      evening
        ? sql`(select json_build_object('count', coalesce(sum(evening_feedback_count), 0)::int,
                 'averageRating', case when sum(evening_feedback_count) > 0 then round(sum(evening_rating_sum)::numeric / sum(evening_feedback_count), 1) end)
               from restaurant_daily_stats
               where restaurant_id = ${sql.placeholder('restaurantId')}::uuid and day = ${sql.placeholder('today')}::date)`
        : sql`null::json`
    } as evening`;
/** Two fixed texts: before 16:00 Paris without the evening's numbers (not even a plan that reads nothing: a parallel one starts its workers). */
const readDashboard = { day: dashboardRead(false), evening: dashboardRead(true) };


/**
 * The dashboard, computed by the server: the four counters of spec §2, the 10 latest feedbacks, the
 * to-do list and 30 days of feedbacks per day. Per-day numbers come from restaurant_daily_stats (30
 * days of a few rows), the latest feedbacks from the (restaurant, created_at) index: fast at millions of
 * feedbacks, in one statement.
 */
export async function getDashboard(db: Db, tenant: { restaurantId: string; role: string }): Promise<TDashboard> {
  const { restaurantId } = tenant;
  const now = clock.now();
  const today = parisDayOf(now);
  const firstDay = listParisDays(now, DASHBOARD_CHART_DAYS)[0];
  const [row] = await queryPreparedRows<DashboardRow>(db, isParisEvening(now) ? readDashboard.evening : readDashboard.day, { restaurantId, firstDay, today });
  const { restaurant, recent, daily } = row;
  if (!restaurant) throw new AppError('NOT_FOUND', DASHBOARD_MESSAGES.restaurantNotFound);
  const visitsLast7Days = daily.slice(-DASHBOARD_VISITS_DAYS).reduce((sum, day) => sum + day.visits, 0);
  let ratingSum = 0;
  let goodRatings = 0;
  for (const feedback of recent) {
    ratingSum += feedback.rating;
    if (feedback.rating >= GOOD_RATING) goodRatings++;
  }
  const hasReviewLink = !!restaurant.google_review_url;
  const todayRow = daily[daily.length - 1];
  return {
    restaurantName: restaurant.name,
    role: formatRoleFr(tenant.role),
    hasReviewLink,
    counters: { visitsLast7Days, averageRating: recent.length ? roundOneDecimal(ratingSum / recent.length) : null, goodRatings, recentCount: recent.length },
    today: { count: todayRow.feedbacks, averageRating: todayRow.averageRating },
    sinceEvening: row.evening,
    recentFeedbacks: recent,
    todo: {
      hasQrCodes: restaurant.todo_qr,
      hasReviewLink,
      hasRewards: restaurant.todo_rewards,
      hasOpenedAutomations: restaurant.todo_automations,
    },
    daily,
  };
}
