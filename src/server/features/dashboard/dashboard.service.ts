import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { automations, customers, feedbacks, qrCodes, restaurantDailyStats, restaurants, rewards } from '../../db/schema';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { parisDayOf } from '../../../shared/format';
import { DASHBOARD_CHART_DAYS, DASHBOARD_RECENT_FEEDBACKS, DASHBOARD_VISITS_DAYS, GOOD_RATING, type TDashboard } from '../../../shared/schemas/dashboard';
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

/**
 * The dashboard, computed by the server: the four counters of spec §2, the 10 latest feedbacks, the
 * to-do list and 30 days of feedbacks per day. Per-day numbers come from restaurant_daily_stats (30
 * rows), the latest feedbacks from the (restaurant, created_at) index: fast at millions of feedbacks.
 */
export async function getDashboard(db: Db, tenant: { restaurantId: string; role: string }): Promise<TDashboard> {
  const { restaurantId } = tenant;
  const days = listParisDays(clock.now(), DASHBOARD_CHART_DAYS);
  // Three queries side by side: the restaurant with its to-do facts, the latest feedbacks, the days.
  const [restaurantRows, recent, statRows] = await Promise.all([
    db
      .select({
        name: restaurants.name,
        googleReviewUrl: restaurants.googleReviewUrl,
        hasQrCodes: sql<boolean>`exists (select 1 from ${qrCodes} where ${qrCodes.restaurantId} = ${restaurantId})`,
        hasRewards: sql<boolean>`exists (select 1 from ${rewards} where ${rewards.restaurantId} = ${restaurantId} and ${rewards.isActive})`,
        hasActiveAutomations: sql<boolean>`exists (select 1 from ${automations} where ${automations.restaurantId} = ${restaurantId} and ${automations.status} = 'active')`,
      })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId)),
    db
      .select({ id: feedbacks.id, rating: feedbacks.rating, comment: feedbacks.comment, createdAt: feedbacks.createdAt, firstName: customers.firstName })
      .from(feedbacks)
      .leftJoin(customers, eq(customers.id, feedbacks.customerId))
      .where(eq(feedbacks.restaurantId, restaurantId))
      .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
      .limit(DASHBOARD_RECENT_FEEDBACKS),
    db
      .select()
      .from(restaurantDailyStats)
      .where(and(eq(restaurantDailyStats.restaurantId, restaurantId), gte(restaurantDailyStats.day, days[0]))),
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
    recentFeedbacks: recent.map((feedback) => ({ ...feedback, createdAt: feedback.createdAt.toISOString() })),
    todo: { hasQrCodes: !!restaurant.hasQrCodes, hasReviewLink, hasRewards: !!restaurant.hasRewards, hasActiveAutomations: !!restaurant.hasActiveAutomations },
    daily,
  };
}
