import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { APP_TIME_ZONE, formatDecimal, LOCALE_TAGS } from '../../shared/format';
import { ownerMessages } from '../../shared/i18n/owner';
import type { OwnerLocale } from '../../shared/rules/locales';
import type { TemplateData } from '../../shared/rules/email-template';
import { validReviewUrl } from '../../shared/rules/review-url';
import { alertListItem, type AlertedRating } from './low-rating-alert-data';

/** Low ratings listed in a digest (the count says how many there were in all). */
export const DIGEST_LOW_RATINGS_SHOWN = 20;

const DAY_MS = 24 * 3600_000;

/** The Paris calendar day `days` after `day` (YYYY-MM-DD), computed on the calendar (no DST arithmetic). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date) + days * DAY_MS).toISOString().slice(0, 10);
}

// A calendar day, read in UTC (a day has no time zone), per owner language: built once each.
const dayFormats = (locale: OwnerLocale) => ({
  long: new Intl.DateTimeFormat(LOCALE_TAGS[locale], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  short: new Intl.DateTimeFormat(LOCALE_TAGS[locale], { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
});
const DAY_FORMATS = { fr: dayFormats('fr'), en: dayFormats('en') };
const atNoonUtc = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * 'du lundi 16 novembre au dimanche 22 novembre 2026' ('from Monday 16 November to Sunday 22 November 2026')
 * for the week starting on Monday `weekStart`.
 */
export function weekWording(weekStart: string, locale: OwnerLocale = 'fr'): string {
  const formats = DAY_FORMATS[locale];
  // British English puts a comma after the weekday before a year ('Sunday, 22 November 2026') and none without: one style for both ends.
  const end = formats.long.format(atNoonUtc(addDays(weekStart, 6)));
  return ownerMessages(locale).emails_digest_week({ start: formats.short.format(atNoonUtc(weekStart)), end: locale === 'en' ? end.replace(/^(\p{L}+),/u, '$1') : end });
}

const averageOf = (count: number, sum: number, locale: OwnerLocale) => (count > 0 ? formatDecimal(Math.round((sum / count) * 10) / 10, 1, locale) : null);

/**
 * The week of a restaurant as its digest tells it (decision 037), for the Paris week starting on Monday
 * `weekStart` (YYYY-MM-DD) and the week before: ratings and average (from the daily stats, per Paris
 * day), the week's low ratings with their comments, public-review invitations sent (review nudges,
 * and thank-yous while the restaurant has a valid review link: their button), new customers, rewards
 * handed over and emails sent.
 */
export async function readWeeklyDigest(db: Db, restaurantId: string, weekStart: string, venueBase: string, locale: OwnerLocale = 'fr'): Promise<TemplateData> {
  const previousStart = addDays(weekStart, -7);
  const weekEnd = addDays(weekStart, 7);
  const from = sql`(${weekStart}::date::timestamp at time zone ${APP_TIME_ZONE})`;
  const to = sql`(${weekEnd}::date::timestamp at time zone ${APP_TIME_ZONE})`;
  const [[stats], lows, [counts]] = await Promise.all([
    queryRows<{ count: number | string | null; sum: number | string | null; previous_count: number | string | null; previous_sum: number | string | null }>(
      db,
      sql`select sum(feedback_count) filter (where day >= ${weekStart}::date) as count, sum(rating_sum) filter (where day >= ${weekStart}::date) as sum,
                 sum(feedback_count) filter (where day < ${weekStart}::date) as previous_count, sum(rating_sum) filter (where day < ${weekStart}::date) as previous_sum
          from restaurant_daily_stats where restaurant_id = ${restaurantId} and day >= ${previousStart}::date and day < ${weekEnd}::date`,
    ),
    queryRows<{ id: string; rating: number; comment: string | null; created_at: string | Date; table_label: string | null; first_name: string | null; last_name: string | null; email: string | null; phone: string | null; total: number | string }>(
      db,
      sql`select f.id, f.rating, f.comment, f.created_at, v.table_label, c.first_name, c.last_name, c.email, c.phone, count(*) over () as total
          from feedbacks f left join visits v on v.id = f.visit_id left join customers c on c.id = f.customer_id
          where f.restaurant_id = ${restaurantId} and f.created_at >= ${from} and f.created_at < ${to} and f.rating <= 3
          order by (f.comment is null), f.created_at, f.id limit ${DIGEST_LOW_RATINGS_SHOWN}`,
    ),
    queryRows<{ nudges: number | string; thanks: number | string; emails: number | string; customers: number | string; rewards: number | string; review_url: string | null }>(
      db,
      sql`select
            (select count(*) from email_logs where restaurant_id = ${restaurantId} and template_name = 'review_nudge_3d' and status = 'sent' and created_at >= ${from} and created_at < ${to}) as nudges,
            (select count(*) from email_logs where restaurant_id = ${restaurantId} and template_name = 'thanks_after_visit' and status = 'sent' and created_at >= ${from} and created_at < ${to}) as thanks,
            (select count(*) from email_logs where restaurant_id = ${restaurantId} and status = 'sent' and created_at >= ${from} and created_at < ${to}) as emails,
            (select count(*) from customers where restaurant_id = ${restaurantId} and created_at >= ${from} and created_at < ${to}) as customers,
            (select count(*) from customer_rewards where restaurant_id = ${restaurantId} and status = 'redeemed' and redeemed_at >= ${from} and redeemed_at < ${to}) as rewards,
            (select google_review_url from restaurants where id = ${restaurantId}) as review_url`,
    ),
  ]);
  const count = Number(stats?.count ?? 0);
  const previousCount = Number(stats?.previous_count ?? 0);
  const lowRatings = lows.map((row) =>
    alertListItem(
      {
        feedbackId: row.id,
        rating: row.rating,
        comment: row.comment,
        createdAt: new Date(row.created_at),
        tableLabel: row.table_label,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        phone: row.phone,
      } satisfies AlertedRating,
      venueBase,
      locale,
    ),
  );
  const thanksInvite = validReviewUrl(counts.review_url) ? Number(counts.thanks) : 0;
  return {
    week: weekWording(weekStart, locale),
    ratings_count: count,
    ratings_count_previous: previousCount,
    // The counts with their noun, in the owner's language (the English defaults use them: '1 rating', '4 ratings').
    ratings_text: ownerMessages(locale).emails_digest_ratings({ count }),
    ratings_previous_text: ownerMessages(locale).emails_digest_ratings({ count: previousCount }),
    average: averageOf(count, Number(stats?.sum ?? 0), locale),
    average_previous: averageOf(previousCount, Number(stats?.previous_sum ?? 0), locale),
    low_rating_count: Number(lows[0]?.total ?? 0),
    low_ratings: lowRatings,
    review_invitations: Number(counts.nudges) + thanksInvite,
    new_customers: Number(counts.customers),
    rewards_redeemed: Number(counts.rewards),
    emails_sent: Number(counts.emails),
  };
}
