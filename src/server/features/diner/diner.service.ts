/** The feedback submission: one transaction from the rating to its points, rewards, emails and stats. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, feedbacks, loyaltyRules, pointEvents, qrCodes, restaurants, visits } from '../../db/schema';
import { preparedTransaction, runPrepared } from '../../db/prepared';
import type { AppDeps } from '../../deps';
import { clock } from '../../lib/clock';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { enforceRateLimits, hitRateLimits, RateLimitedError, type RequestHit } from '../../lib/rate-limit';
import { computeEarning, DEFAULT_POINTS_RULES, type PointsRules } from '../../../shared/rules/points';
import { lockCustomer } from '../../core/customers';
import { POINTS_RULES_COLUMNS, readEarningState, unlockRewards } from '../../core/loyalty';
import { recordDailyStats } from '../../core/daily-stats';
import { DINER_MESSAGES, ZSubmitFeedbackResponse, type TSubmitFeedbackInput, type TSubmitFeedbackResponse } from '../../../shared/schemas/diner';
import { linkEmailRule } from '../../lib/rate-limit-rules';
import { automationDelaysOf, planFollowUpEmails, queueFollowUpEmails } from './diner.jobs';
import { isUuid } from '../../../shared/rules/uuid';
import { validReviewUrl } from '../../../shared/rules/review-url';
import { createPendingLink } from './email-link.service';

/**
 * What a submission needs of its restaurant, in one read: that it is approved, its points rules (saved
 * or default) and its automations' delays (for the emails the feedback queues).
 */
async function readSubmissionSettings(
  tx: Db,
  restaurantId: string,
): Promise<{ rules: PointsRules; delays: Record<string, number> | null; reviewUrl: string | null; reviewPromptAllRatings: boolean }> {
  if (!isUuid(restaurantId)) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  const [found] = await runPrepared(tx
    .select({ ...POINTS_RULES_COLUMNS, delays: automationDelaysOf(restaurants.id), reviewUrl: restaurants.googleReviewUrl, reviewPromptAllRatings: restaurants.reviewPromptAllRatings })
    .from(restaurants)
    .leftJoin(loyaltyRules, eq(loyaltyRules.restaurantId, restaurants.id))
    .where(and(eq(restaurants.id, restaurantId), eq(restaurants.status, 'approved'))));
  if (!found) throw new AppError('NOT_FOUND', DINER_MESSAGES.restaurantNotFound);
  const { delays, reviewUrl, reviewPromptAllRatings, ...rules } = found;
  return { rules: rules.basePoints === null ? DEFAULT_POINTS_RULES : (rules as PointsRules), delays, reviewUrl: validReviewUrl(reviewUrl), reviewPromptAllRatings };
}

async function findStoredSubmission(db: Db, submissionId: string, restaurantId: string): Promise<TSubmitFeedbackResponse | null> {
  const [stored] = await runPrepared(db
    .select({ restaurantId: feedbacks.restaurantId, result: feedbacks.submissionResult })
    .from(feedbacks)
    .where(eq(feedbacks.submissionId, submissionId)));
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
      const { rules, delays, reviewUrl, reviewPromptAllRatings } = await readSubmissionSettings(tx, input.restaurantId);
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
      const [feedback] = await runPrepared(tx
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
          // Copied for /avis (decision 035): its filters read the feedback row alone.
          qrCodeId: visit.qrCodeId,
          tableLabel: visit.tableLabel,
          hasContact: !!customer.email || (!claim && !!input.phone) || sql`exists (select 1 from customers where id = ${customer.id} and phone is not null)`,
          reviewInvited: !!reviewUrl && (input.rating >= 4 || reviewPromptAllRatings),
        })
        .returning({ id: feedbacks.id }));

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
async function recordVisit(
  tx: Db,
  input: TSubmitFeedbackInput,
  customerId: string,
  now: Date,
): Promise<{ id: string; created: boolean; tableLabel: string | null; qrCodeId: string | null }> {
  if (input.visitId) {
    const [attached] = await runPrepared(tx
      .update(visits)
      .set({ customerId })
      .where(and(eq(visits.id, input.visitId), eq(visits.restaurantId, input.restaurantId), isNull(visits.customerId)))
      .returning({ id: visits.id, tableLabel: visits.tableLabel, qrCodeId: visits.qrCodeId }));
    if (attached) return { ...attached, created: false };
  }
  let qr: { id: string; tableLabel: string | null } | undefined;
  if (isUuid(input.qrId)) {
    [qr] = await runPrepared(tx
      .select({ id: qrCodes.id, tableLabel: qrCodes.tableLabel })
      .from(qrCodes)
      .where(and(eq(qrCodes.id, input.qrId), eq(qrCodes.restaurantId, input.restaurantId))));
  }
  const [visit] = await runPrepared(tx
    .insert(visits)
    .values({ restaurantId: input.restaurantId, customerId, qrCodeId: qr?.id ?? null, tableLabel: qr?.tableLabel ?? null, source: 'qr', createdAt: now })
    .returning({ id: visits.id }));
  return { id: visit.id, created: true, tableLabel: qr?.tableLabel ?? null, qrCodeId: qr?.id ?? null };
}
