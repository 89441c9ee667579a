import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { preparedTransaction, runPrepared } from '../../db/prepared';
import { customers, feedbacks, loyaltyRules, pointEvents, qrCodes, restaurants, verification, visits } from '../../db/schema';
import { enqueueEmail } from '../../email/send-email';
import type { AppDeps } from '../../deps';
import { clock } from '../../lib/clock';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { enforceRateLimits, hitRateLimits, RateLimitedError, readWithinRateLimits, type RequestHit } from '../../lib/rate-limit';
import { computeEarning, DEFAULT_POINTS_RULES, type PointsRules } from '../../../shared/rules/points';
import { lockCustomer, mergeAnonymousCustomer, type LinkInput } from '../../core/customers';
import { POINTS_RULES_COLUMNS, readEarningState, unlockRewards } from '../../core/loyalty';
import { recordDailyStats } from '../../core/daily-stats';
import {
  DINER_MESSAGES,
  ZSubmitFeedbackResponse,
  type TConfirmEmailLinkResponse,
  type TLinkEmailResponse,
  type TPublicRestaurant,
  type TQrLookupResponse,
  type TSubmitFeedbackInput,
  type TSubmitFeedbackResponse,
  type TTrackVisitResponse,
} from '../../../shared/schemas/diner';
import { linkEmailRule } from './rate-limit';
import { automationDelaysOf, planFollowUpEmails, queueFollowUpEmails, REVIEW_NUDGE_DEFAULT_MINUTES } from './diner.jobs';
import { validReviewUrl } from '../../../shared/rules/review-url';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | null | undefined): value is string {
  return !!value && UUID_PATTERN.test(value);
}

type ApprovedRestaurant = { id: string; name: string; logoUrl: string | null; googleReviewUrl: string | null; reviewPromptAllRatings: boolean };

/** Throws not-found unless the restaurant exists and is approved (any other state reads as not found). */
async function assertRestaurantApproved(db: Db, restaurantId: string): Promise<void> {
  if (!isUuid(restaurantId)) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  const [found] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(and(eq(restaurants.id, restaurantId), eq(restaurants.status, 'approved')));
  if (!found) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
}

/**
 * What a submission needs of its restaurant, in one read: that it is approved, its points rules (saved
 * or default) and its automations' delays (for the emails the feedback queues).
 */
async function readSubmissionSettings(tx: Db, restaurantId: string): Promise<{ rules: PointsRules; delays: Record<string, number> | null }> {
  if (!isUuid(restaurantId)) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  const [found] = await runPrepared(
    tx
      .select({ ...POINTS_RULES_COLUMNS, delays: automationDelaysOf(restaurants.id) })
      .from(restaurants)
      .leftJoin(loyaltyRules, eq(loyaltyRules.restaurantId, restaurants.id))
      .where(and(eq(restaurants.id, restaurantId), eq(restaurants.status, 'approved'))),
  );
  if (!found) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  const { delays, ...rules } = found;
  return { rules: rules.basePoints === null ? DEFAULT_POINTS_RULES : (rules as PointsRules), delays };
}

function toPublicRestaurant(restaurant: ApprovedRestaurant): TPublicRestaurant {
  return { name: restaurant.name, logoUrl: restaurant.logoUrl, reviewUrl: validReviewUrl(restaurant.googleReviewUrl), reviewPromptAllRatings: restaurant.reviewPromptAllRatings };
}

/** What a diner may see of a restaurant, as the JSON names readWithinRateLimits returns (`r` is restaurants). */
const PUBLIC_RESTAURANT_COLUMNS = sql`r.id, r.name, r.logo_url as "logoUrl", r.google_review_url as "googleReviewUrl", r.review_prompt_all_ratings as "reviewPromptAllRatings"`;


/**
 * get-public-restaurant: only the name, logo and review link of an approved restaurant. The caller's
 * rate-limit hits are counted in the same statement as the read (one round trip).
 */
export async function getPublicRestaurant(db: Db, restaurantId: string, hits: readonly RequestHit[] = []): Promise<TPublicRestaurant> {
  if (!isUuid(restaurantId)) {
    await enforceRateLimits(db, hits);
    throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  }
  const found = await readWithinRateLimits<ApprovedRestaurant>(
    db,
    hits,
    sql`select ${PUBLIC_RESTAURANT_COLUMNS} from restaurants r where r.id = ${restaurantId} and r.status = 'approved'`,
  );
  if (!found) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  return toPublicRestaurant(found);
}

/**
 * Resolves a printed /r/{code}: unknown code → 'QR code invalide'; inactive restaurant → not found. The
 * code, its restaurant and the caller's rate-limit hits are read and counted in one statement.
 */
export async function lookupQrCode(db: Db, code: string, hits: readonly RequestHit[] = []): Promise<TQrLookupResponse> {
  // No printed code is that long or holds U+0000 (which PostgreSQL refuses in a text parameter).
  if (code.length > 100 || code.includes('\u0000')) {
    await enforceRateLimits(db, hits);
    throw new AppError('NOT_FOUND', DINER_MESSAGES.invalidQr);
  }
  const found = await readWithinRateLimits<ApprovedRestaurant & { qrId: string; slug: string | null; status: string }>(
    db,
    hits,
    sql`select q.id as "qrId", q.slug, r.status, ${PUBLIC_RESTAURANT_COLUMNS}
        from qr_codes q join restaurants r on r.id = q.restaurant_id where q.code = ${code}`,
  );
  if (!found) throw new AppError('NOT_FOUND', DINER_MESSAGES.invalidQr);
  if (found.status !== 'approved') throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
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
    const [visit] = await runPrepared(
      tx
        .insert(visits)
        .values({
          restaurantId: visitRestaurantId,
          qrCodeId: qr?.id ?? null,
          source: 'qr',
          tableLabel: qr?.tableLabel ?? null,
          userAgent: input.userAgent?.slice(0, 300) ?? null,
          createdAt: now,
        })
        .returning({ id: visits.id }),
    );
    await recordDailyStats(tx, visitRestaurantId, now, { visits: 1 });
    if (qr) await runPrepared(tx.update(qrCodes).set({ scanCount: sql`${qrCodes.scanCount} + 1` }).where(eq(qrCodes.id, qr.id)));
    return visit.id;
  });
  return { visitId, restaurantId, qrId: qr?.id ?? null };
}

async function findStoredSubmission(db: Db, submissionId: string, restaurantId: string): Promise<TSubmitFeedbackResponse | null> {
  const [stored] = await runPrepared(
    db.select({ restaurantId: feedbacks.restaurantId, result: feedbacks.submissionResult }).from(feedbacks).where(eq(feedbacks.submissionId, submissionId)),
  );
  if (!stored) return null;
  // A submission id reused for another restaurant is not a retry.
  if (stored.restaurantId !== restaurantId) throw new AppError('CONFLICT', DINER_MESSAGES.invalidRequest);
  return ZSubmitFeedbackResponse.parse(stored.result);
}

/**
 * submit-feedback, in one transaction (one commit): the caller's rate limits, the device's customer (by
 * its anonymous id: a typed email is only a claim), visit, feedback, points (none within the earning
 * interval, capped per Paris day), point event, balance and names, rewards reached (paid at once), the
 * emails the feedback leads to (and the customer's 'we miss you' moved) and the day's stats. A typed
 * email the device has not confirmed becomes a pending link: its confirmation email is the only one
 * that address gets, and nothing of the customer of that address is read or changed, so the answer is
 * the same whoever owns it. A retried submission id returns the first answer and records nothing twice.
 */
export async function submitFeedback(
  deps: Pick<AppDeps, 'db' | 'boss' | 'env' | 'rateLimits'>,
  input: TSubmitFeedbackInput,
  anonId: string,
  rateLimits: readonly RequestHit[] = [],
): Promise<TSubmitFeedbackResponse> {
  const { db } = deps;
  try {
    // On one connection the transaction knows, so that its statements are named (prepared) there: decision 031.
    return await preparedTransaction(db, async (tx) => {
      // The caller's rate limits are counted here, so the count and the feedback share one commit (a
      // refused submission rolls its count back and stays refused: the count was at the limit already).
      await enforceRateLimits(tx, rateLimits);
      const earlier = await findStoredSubmission(tx, input.submissionId, input.restaurantId);
      if (earlier) return earlier;
      const { rules, delays } = await readSubmissionSettings(tx, input.restaurantId);
      const now = clock.now();
      const customer = await lockCustomer(tx, input.restaurantId, { anonId });
      // The device's own confirmed address: the form works as before. Any other typed address is a claim.
      const confirmed = !!input.email && !!customer.email && customer.email.toLowerCase() === input.email;
      const claim = input.email && !confirmed ? input.email : null;
      const { earnedToday, earnedRecently } = await readEarningState(tx, customer.id, now, rules.earningIntervalHours);
      const visit = await recordVisit(tx, input, customer.id, now);
      const { points: pointsAdded, earning } = computeEarning(input.rating, rules, earnedToday, earnedRecently);
      const { unlocked, balance } = await unlockRewards(tx, input.restaurantId, customer.id, customer.points, customer.points + pointsAdded, now);
      const result: TSubmitFeedbackResponse = { pointsAdded, balance, unlockedRewards: unlocked.map((reward) => ({ name: reward.label })), earning };

      // Stored with its answer (a retried submission id gets the same one back).
      const [feedback] = await runPrepared(
        tx
          .insert(feedbacks)
          .values({
            restaurantId: input.restaurantId,
            visitId: visit.id,
            customerId: customer.id,
            rating: input.rating,
            comment: input.comment ?? null,
            submissionId: input.submissionId,
            submissionResult: result,
            createdAt: now,
          })
          .returning({ id: feedbacks.id }),
      );

      if (pointsAdded > 0) {
        await runPrepared(tx.insert(pointEvents).values({ restaurantId: input.restaurantId, customerId: customer.id, feedbackId: feedback.id, points: pointsAdded, createdAt: now }));
      }
      // Names, phone and consent typed with a claimed address wait in the pending link: a device already
      // holding a confirmed address is not renamed by what is typed with another one.
      const identity =
        claim && customer.email
          ? {}
          : claim
            ? { firstName: input.firstName ?? sql`${customers.firstName}`, lastName: input.lastName ?? sql`${customers.lastName}` }
            : {
                firstName: input.firstName ?? sql`${customers.firstName}`,
                lastName: input.lastName ?? sql`${customers.lastName}`,
                phone: input.phone ?? sql`${customers.phone}`,
                ...(confirmed && input.marketingConsent && !customer.marketing_consent ? { marketingConsent: true, marketingConsentAt: now, unsubscribedAt: null } : {}),
              };
      await runPrepared(
        tx
          .update(customers)
          .set({ points: balance, lastVisitAt: now, ...identity })
          .where(eq(customers.id, customer.id)),
      );

      const followUp = planFollowUpEmails({
        restaurantId: input.restaurantId,
        customerId: customer.id,
        // Diner emails go to a confirmed address only; with a claim pending, none for this rating.
        email: claim ? null : customer.email,
        lastVisitAt: now,
        feedback: { id: feedback.id, rating: input.rating, comment: input.comment ?? null, createdAt: now, tableLabel: visit.tableLabel },
        pointsAdded,
        balance,
        rewards: unlocked,
        delays,
      });
      await queueFollowUpEmails(deps.boss, tx, followUp);
      if (claim) {
        const link = { restaurantId: input.restaurantId, email: claim, firstName: input.firstName, lastName: input.lastName, phone: input.phone, marketingConsent: input.marketingConsent };
        // Over the address's hourly limit (shared with the link box), the rating is kept and no email leaves.
        const [allowed] = await hitRateLimits(tx, [{ rule: linkEmailRule(deps.rateLimits.diner), subject: claim }]);
        if (allowed.allowed) await createPendingLink(deps, tx, link, anonId, customer.id, now);
      }
      // Last, in one statement: the day's row is shared by every diner of the restaurant, and its lock
      // is held until commit, so taking it at the end keeps concurrent submissions from queueing.
      await recordDailyStats(tx, input.restaurantId, now, { visits: visit.created ? 1 : 0, feedbacks: 1, ratingSum: input.rating });
      return result;
    });
  } catch (error) {
    // Two identical submissions at the same moment: the second one loses the race on the unique id.
    if (isUniqueViolation(error, 'feedbacks_submission_id_unique')) {
      const stored = await findStoredSubmission(db, input.submissionId, input.restaurantId);
      if (stored) return stored;
    }
    // A submission refused for another reason (an unknown restaurant…) still counts against the
    // caller's limits, as every request does: its transaction rolled the count back, so it is
    // counted again on its own (and answers 429 once over the limit, as a counted-first request would).
    if (!(error instanceof RateLimitedError) && rateLimits.length > 0) await enforceRateLimits(db, rateLimits);
    throw error;
  }
}

/** Uses the visit tracked at page load when it is still free, otherwise records a new one (`created`: to count in the day's stats). */
async function recordVisit(tx: Db, input: TSubmitFeedbackInput, customerId: string, now: Date): Promise<{ id: string; created: boolean; tableLabel: string | null }> {
  if (input.visitId) {
    const [attached] = await runPrepared(
      tx
        .update(visits)
        .set({ customerId })
        .where(and(eq(visits.id, input.visitId), eq(visits.restaurantId, input.restaurantId), isNull(visits.customerId)))
        .returning({ id: visits.id, tableLabel: visits.tableLabel }),
    );
    if (attached) return { ...attached, created: false };
  }
  let qr: { id: string; tableLabel: string | null } | undefined;
  if (isUuid(input.qrId)) {
    [qr] = await runPrepared(
      tx
        .select({ id: qrCodes.id, tableLabel: qrCodes.tableLabel })
        .from(qrCodes)
        .where(and(eq(qrCodes.id, input.qrId), eq(qrCodes.restaurantId, input.restaurantId))),
    );
  }
  const [visit] = await runPrepared(
    tx
      .insert(visits)
      .values({ restaurantId: input.restaurantId, customerId, qrCodeId: qr?.id ?? null, tableLabel: qr?.tableLabel ?? null, source: 'qr', createdAt: now })
      .returning({ id: visits.id }),
  );
  return { id: visit.id, created: true, tableLabel: qr?.tableLabel ?? null };
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

/** What a confirmation link stands for, kept (by the hash of its token) until it is opened. */
const ZStoredLink = z.object({
  restaurantId: z.string(),
  anonId: z.string(),
  email: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phone: z.string().optional(),
  marketingConsent: z.boolean(),
});

export const EMAIL_LINK_EXPIRES_MINUTES = 30;
const LINK_IDENTIFIER_PREFIX = 'diner-link:';

const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Stores a pending link (by the hash of its one-time token, 30 minutes) and queues its confirmation
 * email, inside `tx`. The email holds the link only: nothing the requester typed.
 */
async function createPendingLink(deps: Pick<AppDeps, 'boss' | 'env'>, tx: Db, input: LinkInput, anonId: string, customerId: string, now: Date): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const url = `${deps.env.PUBLIC_URL}/f/${input.restaurantId}?link=${token}`;
  const stored = ZStoredLink.parse({ ...input, anonId });
  await runPrepared(
    tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: LINK_IDENTIFIER_PREFIX + hashLinkToken(token),
      value: JSON.stringify(stored),
      expiresAt: new Date(now.getTime() + EMAIL_LINK_EXPIRES_MINUTES * 60_000),
      createdAt: now,
      updatedAt: now,
    }),
  );
  await enqueueEmail(
    deps.boss,
    {
      template: 'link_email_confirmation',
      restaurantId: input.restaurantId,
      customerId,
      to: input.email,
      eventId: `link:${hashLinkToken(token)}`,
      data: { url, expires_in_minutes: EMAIL_LINK_EXPIRES_MINUTES },
    },
    // The job carries the link until it is sent: keep it no longer than the link lives.
    { tx, deleteAfterSeconds: EMAIL_LINK_EXPIRES_MINUTES * 60 },
  );
}

/**
 * link-email, step 1: the diner asks to keep this device's points under an address. Nothing is linked
 * and no consent is recorded yet: a one-time link (30 minutes, stored as a hash) goes to that address,
 * and the answer is the same whatever the email, so nobody learns who is a customer or their points.
 */
export async function requestEmailLink(deps: Pick<AppDeps, 'db' | 'boss' | 'env'>, input: LinkInput, anonId: string): Promise<TLinkEmailResponse> {
  await assertRestaurantApproved(deps.db, input.restaurantId);
  const [anon] = await deps.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.restaurantId, input.restaurantId), eq(customers.anonId, anonId)));
  // Without points on this device there is nothing to link: the answer stays the same.
  if (anon) await deps.db.transaction((tx) => createPendingLink(deps, tx, input, anonId, anon.id, clock.now()));
  return { status: 'confirmation_sent', message: DINER_MESSAGES.linkConfirmationSent };
}

/**
 * link-email, step 2: the link was opened, so the diner controls the address. In one transaction the
 * token is consumed (a parallel second use finds nothing), the device's points are merged into the
 * customer of that email, with the consent asked for, and the follow-ups a rating with that email
 * would have had are scheduled: the day-3 nudge after the device's latest rating when it was 4–5★ and
 * recent, and the day-30 comeback from the last visit.
 */
export async function confirmEmailLink(deps: Pick<AppDeps, 'db' | 'boss'>, token: string): Promise<TConfirmEmailLinkResponse> {
  const identifier = LINK_IDENTIFIER_PREFIX + hashLinkToken(token);
  const run = () =>
    deps.db.transaction(async (tx) => {
      const now = clock.now();
      const [consumed] = await tx.delete(verification).where(eq(verification.identifier, identifier)).returning({ value: verification.value, expiresAt: verification.expiresAt });
      if (!consumed || consumed.expiresAt.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', DINER_MESSAGES.linkInvalid);
      const link = ZStoredLink.parse(JSON.parse(consumed.value));
      const [restaurant] = await tx
        .select({ name: restaurants.name, delays: automationDelaysOf(restaurants.id) })
        .from(restaurants)
        .where(eq(restaurants.id, link.restaurantId));
      // The device's latest rating, read before the merge moves it.
      const [latest] = await tx
        .select({ id: feedbacks.id, rating: feedbacks.rating, comment: feedbacks.comment, createdAt: feedbacks.createdAt, tableLabel: visits.tableLabel })
        .from(feedbacks)
        .innerJoin(customers, eq(customers.id, feedbacks.customerId))
        .leftJoin(visits, eq(visits.id, feedbacks.visitId))
        .where(and(eq(customers.restaurantId, link.restaurantId), eq(customers.anonId, link.anonId)))
        .orderBy(desc(feedbacks.createdAt))
        .limit(1);
      const { customerId, balance, unlocked } = await mergeAnonymousCustomer(tx, link, link.anonId, now);
      const [merged] = await tx.select({ lastVisitAt: customers.lastVisitAt }).from(customers).where(eq(customers.id, customerId));
      const delays = restaurant?.delays ?? null;
      const nudgeWithinMs = (delays?.review_nudge_3d ?? REVIEW_NUDGE_DEFAULT_MINUTES) * 60_000;
      const recent = latest && now.getTime() - latest.createdAt.getTime() <= nudgeWithinMs ? latest : null;
      const followUp = planFollowUpEmails({
        restaurantId: link.restaurantId,
        customerId,
        email: link.email,
        lastVisitAt: merged?.lastVisitAt ?? null,
        feedback: recent,
        pointsAdded: 0,
        balance,
        // The rewards the merged points unlocked are announced to the address just confirmed.
        rewards: unlocked,
        delays,
        linkConfirmed: true,
      });
      await queueFollowUpEmails(deps.boss, tx, followUp);
      return { balance, restaurantName: restaurant?.name ?? '' };
    });
  try {
    return await run();
  } catch (error) {
    // The same email linked from two devices at once: the loser retries and finds the new row.
    if (isUniqueViolation(error, 'customers_restaurant_email_uq')) return run();
    throw error;
  }
}

/**
 * dinerPageExists, remembered per address for a few seconds: the table's phones all open the same few
 * pages, and the answer only sets the HTTP status (the page loads its restaurant itself, which is
 * checked on every call). At most `maxEntries` addresses are kept, the oldest dropped first, so random
 * addresses cannot grow it.
 */
export function createDinerPageCheck(db: Db, options: { ttlMs?: number; maxEntries?: number } = {}) {
  const { ttlMs = 5_000, maxEntries = 10_000 } = options;
  const known = new Map<string, { exists: boolean; at: number }>();
  return async (pathname: string): Promise<boolean> => {
    const now = Date.now();
    const hit = known.get(pathname);
    if (hit && now - hit.at < ttlMs) return hit.exists;
    const exists = await dinerPageExists(db, pathname);
    known.delete(pathname);
    if (known.size >= maxEntries) known.delete(known.keys().next().value!);
    known.set(pathname, { exists, at: now });
    return exists;
  };
}

/**
 * Whether a diner page (/f/{restaurant_id} or /r/{code}) names something that exists, so the server
 * answers 404 to crawlers and monitors for the others (the page itself still shows its French state).
 */
export async function dinerPageExists(db: Db, pathname: string): Promise<boolean> {
  const match = /^\/(f|r)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return false;
  let value: string;
  try {
    value = decodeURIComponent(match[2]);
  } catch {
    return false;
  }
  try {
    if (match[1] === 'f') await assertRestaurantApproved(db, value);
    else await lookupQrCode(db, value);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return false;
    throw error;
  }
}
