/** The diner pages' reads: an approved restaurant's public face, a printed QR code, the page-load visit, the device's points, and whether a diner page exists. */
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { queryPreparedRows, preparedTransaction, runPrepared } from '../../platform';
import { customers, qrCodes, restaurants, visits } from '../../db/schema';
import { clock } from '../../lib/runtime/clock';
import { AppError } from '../../lib/http/errors';
import { recordDailyStats } from '../../core/daily-stats';
import { isVenueActive, venueIsActiveSql } from '../../core/venue-state';
import { DINER_MESSAGES, type TPublicRestaurant, type TQrLookupResponse, type TTrackVisitResponse } from '../../../shared/schemas/diner';
import { validReviewUrl } from '../../../shared/rules/review-url';
import { isUuid } from '../../../shared/rules/uuid';
import { hasWhiteLabel } from '../../core/plan';
import { LOCALES, type Locale } from '../../../shared/rules/locales';

type ApprovedRestaurant = {
  id: string;
  name: string;
  logoUrl: string | null;
  googleReviewUrl: string | null;
  reviewPromptAllRatings: boolean;
  brandColor: string | null;
  orgPlan: string | null;
  orgTrialEndsAt: string | Date | null;
  dinerLanguages: string[] | null;
};

/** Throws not-found unless the restaurant exists and is open (its organisation approved, itself not suspended; any other state reads as not found). */
export async function assertRestaurantApproved(db: Db, restaurantId: string): Promise<void> {
  if (!isUuid(restaurantId)) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  const [found] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(and(eq(restaurants.id, restaurantId), isVenueActive()));
  if (!found) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
}

function toPublicRestaurant(restaurant: ApprovedRestaurant): TPublicRestaurant {
  const whiteLabel = hasWhiteLabel({ plan: restaurant.orgPlan, trialEndsAt: restaurant.orgTrialEndsAt });
  return {
    name: restaurant.name,
    logoUrl: restaurant.logoUrl,
    reviewUrl: validReviewUrl(restaurant.googleReviewUrl),
    reviewPromptAllRatings: restaurant.reviewPromptAllRatings,
    // White label (decision 058): the restaurant's colour, and no 'Propulsé par ReFeed'.
    whiteLabel,
    brandColor: whiteLabel ? restaurant.brandColor : null,
    // The owner's choice (/parametres), in LOCALES order; French at least.
    languages: LOCALES.filter((lang) => lang === 'fr' || (restaurant.dinerLanguages ?? LOCALES).includes(lang)),
  };
}

/** What a diner may see of a restaurant (`r` is restaurants), under the names ApprovedRestaurant uses. */
const PUBLIC_RESTAURANT_COLUMNS = sql`r.id, r.name, r.logo_url as "logoUrl", r.google_review_url as "googleReviewUrl", r.review_prompt_all_ratings as "reviewPromptAllRatings",
  r.brand_color as "brandColor", r.diner_languages as "dinerLanguages", (select o.plan from organisations o where o.id = r.organisation_id) as "orgPlan",
  (select o.trial_ends_at from organisations o where o.id = r.organisation_id) as "orgTrialEndsAt"`;

/** The two public reads: fixed texts, named once (one round trip, no write; the caller counted its hits in the instance). */
const readPublicRestaurant = sql`select ${PUBLIC_RESTAURANT_COLUMNS} from restaurants r where r.id = ${sql.placeholder('id')} and ${venueIsActiveSql('r')}`;
const readQrCode = sql`select q.id as "qrId", q.slug, ${venueIsActiveSql('r')} as active, ${PUBLIC_RESTAURANT_COLUMNS}
      from qr_codes q join restaurants r on r.id = q.restaurant_id where q.code = ${sql.placeholder('code')}`;

/** get-public-restaurant: only the name, logo and review link of an approved restaurant. */
export async function getPublicRestaurant(db: Db, restaurantId: string): Promise<TPublicRestaurant> {
  if (!isUuid(restaurantId)) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  const [found] = await queryPreparedRows<ApprovedRestaurant>(db, readPublicRestaurant, { id: restaurantId });
  if (!found) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  return toPublicRestaurant(found);
}

/** Resolves a printed /r/{code}: unknown code → 'QR code invalide'; inactive restaurant → not found. */
export async function lookupQrCode(db: Db, code: string): Promise<TQrLookupResponse> {
  // No printed code is that long or holds U+0000 (which PostgreSQL refuses in a text parameter).
  if (code.length > 100 || code.includes('\u0000')) throw new AppError('NOT_FOUND', DINER_MESSAGES.invalidQr);
  const [found] = await queryPreparedRows<ApprovedRestaurant & { qrId: string; slug: string | null; active: boolean }>(db, readQrCode, { code });
  if (!found) throw new AppError('NOT_FOUND', DINER_MESSAGES.invalidQr);
  if (!found.active) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  return { restaurantId: found.id, qrId: found.qrId, label: found.slug, restaurant: toPublicRestaurant(found) };
}

/**
 * track-visit: one page load records a visit (source 'qr'); when the load came from a QR of this
 * restaurant (/r/{code}, or /f/{id}?qr={qr id}) it also counts one scan of that QR.
 */
export async function trackVisit(
  db: Db,
  input: { restaurantId?: string | null; code?: string | null; qrId?: string | null; userAgent?: string | null },
): Promise<TTrackVisitResponse> {
  let restaurantId = input.restaurantId ?? null;
  let qr: { id: string; tableLabel: string | null } | null = null;
  if (input.code) {
    const [found] = await db
      .select({ id: qrCodes.id, tableLabel: qrCodes.tableLabel, restaurantId: qrCodes.restaurantId })
      .from(qrCodes)
      .where(eq(qrCodes.code, input.code));
    if (!found || (restaurantId && found.restaurantId !== restaurantId)) throw new AppError('NOT_FOUND', DINER_MESSAGES.invalidQr);
    restaurantId = found.restaurantId;
    qr = found;
  }
  if (!restaurantId) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  await assertRestaurantApproved(db, restaurantId);
  if (!qr && isUuid(input.qrId)) {
    // A stale or foreign ?qr= is ignored: the visit still counts for the restaurant.
    const [found] = await db
      .select({ id: qrCodes.id, tableLabel: qrCodes.tableLabel })
      .from(qrCodes)
      .where(and(eq(qrCodes.id, input.qrId), eq(qrCodes.restaurantId, restaurantId)));
    qr = found ?? null;
  }
  const visitRestaurantId = restaurantId;
  const visitId = await preparedTransaction(db, async (tx) => {
    const now = clock.now();
    const [visit] = await runPrepared(tx
      .insert(visits)
      .values({
        restaurantId: visitRestaurantId,
        qrCodeId: qr?.id ?? null,
        source: 'qr',
        tableLabel: qr?.tableLabel ?? null,
        userAgent: input.userAgent?.slice(0, 300) ?? null,
        createdAt: now,
      })
      .returning({ id: visits.id }));
    await recordDailyStats(tx, visitRestaurantId, now, { visits: 1 });
    if (qr) await runPrepared(tx.update(qrCodes).set({ scanCount: sql`${qrCodes.scanCount} + 1` }).where(eq(qrCodes.id, qr.id)));
    return visit.id;
  });
  return { visitId, restaurantId, qrId: qr?.id ?? null };
}

/** anon-points: the balance of this device's anonymous customer (0 when it has none). */
export async function getAnonymousPoints(db: Db, restaurantId: string, anonId: string): Promise<{ points: number }> {
  await assertRestaurantApproved(db, restaurantId);
  const [found] = await db
    .select({ points: customers.points })
    .from(customers)
    .where(and(eq(customers.restaurantId, restaurantId), eq(customers.anonId, anonId)));
  return { points: found?.points ?? 0 };
}

/** A diner page that exists: the languages its restaurant offers (French always among them) and the restaurant's own. */
export type DinerPage = { languages: Locale[]; language: Locale };

/** The restaurant's language (issue 53): English for a UK organisation when its pages offer it, else French. */
export function restaurantLocale(country: string | null, languages: readonly Locale[]): Locale {
  return country === 'GB' && languages.includes('en') ? 'en' : 'fr';
}

/**
 * The diner page (/f/{restaurant_id}, its card /f/{id}/carte and 'Mes données' /f/{id}/donnees, or
 * /r/{code}) if it names an open restaurant, else null, so the server answers 404 to crawlers and monitors
 * for the others (the page itself still shows its not-found state).
 */
export async function dinerPage(db: Db, pathname: string): Promise<DinerPage | null> {
  const match = /^\/(f|r)\/([^/]+)\/?$/.exec(pathname) ?? /^\/(f)\/([^/]+)\/(?:carte|donnees)\/?$/.exec(pathname);
  if (!match) return null;
  let value: string;
  try {
    value = decodeURIComponent(match[2]);
  } catch {
    return null;
  }
  if (match[1] === 'f' ? !isUuid(value) : value.length > 100 || value.includes('\u0000')) return null;
  const where = match[1] === 'f' ? sql`r.id = ${value}` : sql`r.id = (select q.restaurant_id from qr_codes q where q.code = ${value})`;
  const [found] = await queryRows<{ languages: string[] | null; country: string | null }>(
    db,
    sql`select r.diner_languages as languages, (select o.country from organisations o where o.id = r.organisation_id) as country
        from restaurants r where ${where} and ${venueIsActiveSql('r')}`,
  );
  if (!found) return null;
  const languages = LOCALES.filter((lang) => lang === 'fr' || (found.languages ?? LOCALES).includes(lang));
  return { languages, language: restaurantLocale(found.country, languages) };
}
