import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, feedbacks, qrCodes, restaurantDailyStats, restaurants, visits } from '../../db/schema';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { parisDayOf } from '../../../shared/format';
import { DASHBOARD_CHART_DAYS, DASHBOARD_EVENING_HOUR, DASHBOARD_RECENT_FEEDBACKS, DASHBOARD_VISITS_DAYS, GOOD_RATING, type TDashboard } from '../../../shared/schemas/dashboard';
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

const PARIS_HOUR = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: 'numeric', hourCycle: 'h23' });
/** The hour (0–23) a Paris clock shows at `now`. */
export function parisHourOf(now: Date): number {
  return Number(PARIS_HOUR.format(now)) % 24;
}

/** Count and average of the restaurant's feedbacks from `today` at 16:00 Paris to `now` (the (restaurant, created_at) index). */
async function eveningNumbers(db: Db, restaurantId: string, today: string, now: Date): Promise<{ count: number; averageRating: number | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, average: sql<string | null>`avg(${feedbacks.rating})` })
    .from(feedbacks)
    .where(
      and(
        eq(feedbacks.restaurantId, restaurantId),
        gte(feedbacks.createdAt, sql`((${today}::date + make_time(${DASHBOARD_EVENING_HOUR}, 0, 0)) at time zone 'Europe/Paris')`),
        lte(feedbacks.createdAt, now),
      ),
    );
  return { count: row.count, averageRating: row.average === null ? null : roundOneDecimal(Number(row.average)) };
}

/**
 * The dashboard, computed by the server: the four counters of spec §2, the 10 latest feedbacks, the
 * to-do list and 30 days of feedbacks per day. Per-day numbers come from restaurant_daily_stats (30
 * rows), the latest feedbacks from the (restaurant, created_at) index: fast at millions of feedbacks.
 */
export async function getDashboard(db: Db, tenant: { restaurantId: string; role: string }): Promise<TDashboard> {
  const { restaurantId } = tenant;
  const now = clock.now();
  const days = listParisDays(now, DASHBOARD_CHART_DAYS);
  const today = days[days.length - 1];
  const evening = parisHourOf(now) >= DASHBOARD_EVENING_HOUR;
  // Queries side by side: the restaurant with its to-do facts, the latest feedbacks, the days, and
  // after 16:00 the evening's feedbacks.
  const [restaurantRows, recent, statRows, eveningRow] = await Promise.all([
    db
      .select({
        name: restaurants.name,
        googleReviewUrl: restaurants.googleReviewUrl,
        // Ticked by the owner's own actions only (core/owner-todo.ts), never by setup defaults.
        todoQrCodesAt: restaurants.todoQrCodesAt,
        todoRewardsAt: restaurants.todoRewardsAt,
        todoAutomationsAt: restaurants.todoAutomationsAt,
      })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId)),
    db
      .select({
        id: feedbacks.id,
        rating: feedbacks.rating,
        comment: feedbacks.comment,
        createdAt: feedbacks.createdAt,
        firstName: customers.firstName,
        // The QR's label as it is now, 'QR principal', or the label the visit's link carried.
        tableLabel: sql<string | null>`coalesce(${qrCodes.tableLabel}, case when ${qrCodes.isPrimary} then 'QR principal' end, ${visits.tableLabel})`,
      })
      .from(feedbacks)
      .leftJoin(customers, eq(customers.id, feedbacks.customerId))
      .leftJoin(visits, eq(visits.id, feedbacks.visitId))
      .leftJoin(qrCodes, eq(qrCodes.id, visits.qrCodeId))
      .where(eq(feedbacks.restaurantId, restaurantId))
      .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
      .limit(DASHBOARD_RECENT_FEEDBACKS),
    // A day's shards summed (decision 047).
    db
      .select({
        day: restaurantDailyStats.day,
        visitCount: sql<number>`sum(${restaurantDailyStats.visitCount})::int`,
        feedbackCount: sql<number>`sum(${restaurantDailyStats.feedbackCount})::int`,
        ratingSum: sql<number>`sum(${restaurantDailyStats.ratingSum})::int`,
      })
      .from(restaurantDailyStats)
      .where(and(eq(restaurantDailyStats.restaurantId, restaurantId), gte(restaurantDailyStats.day, days[0])))
      .groupBy(restaurantDailyStats.day),
    evening ? eveningNumbers(db, restaurantId, today, now) : Promise.resolve(null),
  ]);
  const [restaurant] = restaurantRows;
  if (!restaurant) throw new AppError('NOT_FOUND', 'Restaurant introuvable');

  const byDay = new Map(statRows.map((row) => [row.day, row]));
  const daily = days.map((day) => {
    const row = byDay.get(day);
    const feedbackCount = row?.feedbackCount ?? 0;
    return { day, visits: row?.visitCount ?? 0, feedbacks: feedbackCount, averageRating: feedbackCount ? roundOneDecimal(row!.ratingSum / feedbackCount) : null };
  });
  const visitsLast7Days = daily.slice(-DASHBOARD_VISITS_DAYS).reduce((sum, day) => sum + day.visits, 0);
  const ratings = recent.map((feedback) => feedback.rating);
  const hasReviewLink = !!restaurant.googleReviewUrl;
  const todayRow = daily[daily.length - 1];
  return {
    restaurantName: restaurant.name,
    role: formatRoleFr(tenant.role),
    hasReviewLink,
    counters: {
      visitsLast7Days,
      averageRating: ratings.length ? roundOneDecimal(ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) : null,
      goodRatings: ratings.filter((rating) => rating >= GOOD_RATING).length,
      recentCount: ratings.length,
    },
    today: { count: todayRow.feedbacks, averageRating: todayRow.averageRating },
    sinceEvening: eveningRow,
    recentFeedbacks: recent.map((feedback) => ({ ...feedback, createdAt: feedback.createdAt.toISOString() })),
    todo: {
      hasQrCodes: restaurant.todoQrCodesAt !== null,
      hasReviewLink,
      hasRewards: restaurant.todoRewardsAt !== null,
      hasOpenedAutomations: restaurant.todoAutomationsAt !== null,
    },
    daily,
  };
}
