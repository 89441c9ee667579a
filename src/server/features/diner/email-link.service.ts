/** Keeping a device's points under an email: the one-time confirmation link, asked for and opened. */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { assertRestaurantApproved } from './public-reads.service';
import type { Db } from '../../db/client';
import { runPrepared } from '../../platform';
import { customers, feedbacks, restaurants, verification, visits } from '../../db/schema';
import { enqueueEmail } from '../../email/email-queue';
import { defineJobQueue, enqueueJob } from '../../jobs/queue';
import type { SendEmailRequest } from '../../email/email-request';
import type { AppDeps } from '../../deps';
import { clock } from '../../lib/runtime/clock';
import { AppError, isUniqueViolation } from '../../lib/http/errors';
import { lockCustomer, mergeAnonymousCustomer, type LinkInput } from '../../core/customers';
import { customerEventOf, queueWebhookEvents } from '../../core/webhook-events';
import { CARD_MESSAGES } from '../../../shared/schemas/card-messages';
import { DINER_MESSAGES, ZSubmitFeedbackResponse, type TConfirmEmailLinkResponse, type TLinkEmailResponse } from '../../../shared/schemas/diner';
import { countQueuedDinerEmails } from '../../email/quota';
import { LOCALES, type Locale } from '../../../shared/rules/locales';
import { automationDelaysOf, planFollowUpEmails, queueFollowUpEmails, REVIEW_NUDGE_DEFAULT_MINUTES } from './diner.jobs';

/** What a confirmation link stands for, kept (by the hash of its token) until it is opened. */
export const ZStoredLink = z.object({
  restaurantId: z.string(),
  anonId: z.string(),
  email: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phone: z.string().optional(),
  marketingConsent: z.boolean(),
  /** 'Retrouver ma carte' (issue 27): the device asking may have no record here yet; opening the link gives it the card. */
  purpose: z.optional(z.literal('recover')),
  /** The page's language (decision 091): the confirmation goes in it, and the customer keeps it when the link is opened. */
  lang: z.enum(LOCALES).optional(),
});

export const EMAIL_LINK_EXPIRES_MINUTES = 30;
export const LINK_IDENTIFIER_PREFIX = 'diner-link:';

const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A pending link ready to store: its verification row (by the hash of its one-time token, 30 minutes) and
 * its confirmation email, which holds the link only, nothing the requester typed.
 */
export function pendingLinkOf(deps: Pick<AppDeps, 'env'>, input: LinkInput, anonId: string, customerId: string, now: Date, purpose?: 'recover') {
  const token = randomBytes(32).toString('base64url');
  // A recovery link opens the card itself, which confirms it (issue 27); a points link opens the feedback page.
  const url = `${deps.env.PUBLIC_URL}/f/${input.restaurantId}${purpose === 'recover' ? '/carte' : ''}?link=${token}`;
  const stored = ZStoredLink.parse({ ...input, anonId, purpose });
  const linkId = hashLinkToken(token);
  return {
    url,
    /** The link's public name (the hash of its token): its confirmation email's event. */
    linkId,
    row: {
      id: crypto.randomUUID(),
      identifier: LINK_IDENTIFIER_PREFIX + hashLinkToken(token),
      value: JSON.stringify(stored),
      expiresAt: new Date(now.getTime() + EMAIL_LINK_EXPIRES_MINUTES * 60_000),
      createdAt: now,
      updatedAt: now,
    },
    email: {
      template: 'link_email_confirmation',
      restaurantId: input.restaurantId,
      customerId,
      to: input.email,
      eventId: `link:${linkId}`,
      data: { url, expires_in_minutes: EMAIL_LINK_EXPIRES_MINUTES, ...(input.lang ? { lang: input.lang } : {}) },
    } satisfies SendEmailRequest,
  };
}

/** Queues a pending link's confirmation email inside `tx`, its payload kept no longer than the link lives. */
export async function queuePendingLinkEmail(deps: Pick<AppDeps, 'boss'>, tx: Db, email: SendEmailRequest): Promise<void> {
  await enqueueEmail(deps.boss, email, { tx, deleteAfterSeconds: EMAIL_LINK_EXPIRES_MINUTES * 60 });
}

/** Stores a pending link and queues its confirmation email, inside `tx`. */
export async function createPendingLink(
  deps: Pick<AppDeps, 'boss' | 'env'>,
  tx: Db,
  input: LinkInput,
  anonId: string,
  customerId: string,
  now: Date,
  purpose?: 'recover',
): Promise<void> {
  const link = pendingLinkOf(deps, input, anonId, customerId, now, purpose);
  await runPrepared(tx.insert(verification).values(link.row));
  await queuePendingLinkEmail(deps, tx, link.email);
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
  if (anon) await deps.db.transaction((tx) => createLinkAfterRating(deps, tx, input, anonId, anon.id, clock.now()));
  return { status: 'confirmation_sent', message: DINER_MESSAGES.linkConfirmationSent };
}

/** How long after a rating the thank-you screen's link box still answers it with that rating's first email. */
const LINK_BOX_AFTER_RATING_MS = 3 * 3600_000;

/**
 * The link box of the thank-you screen (decision 074): the address typed after rating gets the same one
 * day-0 email the form's address would have had — the owner's thank-you carrying the confirmation after
 * an earning 4–5★ visit (once per visit: a second address for the same visit gets the confirmation
 * alone), else the confirmation (with the apology after 3★ or less). Without a recent rating, the plain
 * confirmation as before.
 */
async function createLinkAfterRating(deps: Pick<AppDeps, 'boss' | 'env'>, tx: Db, input: LinkInput, anonId: string, customerId: string, now: Date): Promise<void> {
  const [latest] = await tx
    .select({ id: feedbacks.id, rating: feedbacks.rating, comment: feedbacks.comment, createdAt: feedbacks.createdAt, tableLabel: feedbacks.tableLabel, result: feedbacks.submissionResult })
    .from(feedbacks)
    .where(and(eq(feedbacks.customerId, customerId), gt(feedbacks.createdAt, new Date(now.getTime() - LINK_BOX_AFTER_RATING_MS))))
    .orderBy(desc(feedbacks.createdAt))
    .limit(1);
  if (!latest) {
    await createPendingLink(deps, tx, input, anonId, customerId, now);
    return;
  }
  const link = pendingLinkOf(deps, input, anonId, customerId, now);
  await runPrepared(tx.insert(verification).values(link.row));
  const [device] = await tx.select({ points: customers.points }).from(customers).where(eq(customers.id, customerId));
  const submitted = ZSubmitFeedbackResponse.safeParse(latest.result);
  const plan = planFollowUpEmails({
    restaurantId: input.restaurantId,
    customerId,
    email: null,
    lastVisitAt: null,
    feedback: { id: latest.id, rating: latest.rating, comment: latest.comment, createdAt: latest.createdAt, tableLabel: latest.tableLabel },
    pointsAdded: submitted.success ? submitted.data.pointsAdded : 0,
    balance: device?.points ?? 0,
    rewards: [],
    delays: null,
    claim: { to: input.email, url: link.url, expiresInMinutes: EMAIL_LINK_EXPIRES_MINUTES, firstName: null, linkId: link.linkId },
    lang: input.lang ?? null,
  });
  const [first] = await countQueuedDinerEmails(deps.boss, tx, plan.emails);
  if (!first) return;
  const queued = await enqueueEmail(deps.boss, first.request, { tx, id: first.id, deleteAfterSeconds: EMAIL_LINK_EXPIRES_MINUTES * 60 });
  // This visit was thanked already (another address typed in the box): this one gets its confirmation alone.
  if (!queued) await queuePendingLinkEmail(deps, tx, { ...link.email, data: { ...link.email.data, points: device?.points ?? 0, context: 'visit' } });
}

/**
 * 'Retrouver ma carte' (issue 27, decision 043): on a new phone the diner types the email their card is
 * kept under. When a customer of this restaurant has that confirmed email, a one-time link (the same
 * confirmation link as link-email, 30 minutes) goes to that address; opening it on this phone hands the
 * card to this device (decision 024: the device keeps the customer's anon_id). Unknown addresses get
 * no email, and the answer is the same either way: nobody learns who is a customer.
 */
export async function requestCardRecovery(deps: Pick<AppDeps, 'db' | 'boss' | 'env'>, input: { restaurantId: string; email: string; lang?: Locale }, anonId: string): Promise<TLinkEmailResponse> {
  await assertRestaurantApproved(deps.db, input.restaurantId);
  // Known or unknown, the request does the same work, one job queued: neither its answer nor its time
  // says whether the restaurant knows the email (the job looks it up, and only a known one gets a link).
  // The typed address stays in the queue's table no longer than the link would live.
  await enqueueJob(deps.boss, cardRecoveryQueue, { restaurantId: input.restaurantId, email: input.email, anonId, ...(input.lang ? { lang: input.lang } : {}) }, { deleteAfterSeconds: EMAIL_LINK_EXPIRES_MINUTES * 60 });
  return { status: 'confirmation_sent', message: CARD_MESSAGES.recoverSent };
}

/** The queue of 'Retrouver ma carte' (its handler, email-link.jobs.ts, creates the link with createPendingLink here). */
export const cardRecoveryQueue = defineJobQueue({
  name: 'diner.card-recovery',
  payload: z.object({ restaurantId: z.string(), email: z.string(), anonId: z.string(), lang: z.enum(LOCALES).optional() }),
});

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
      // A recovery link opened on a phone that has no record here yet: an empty one is made, and merged below.
      if (link.purpose === 'recover') await lockCustomer(tx, link.restaurantId, { anonId: link.anonId });
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
      // The records the merge may change, as they are before it (for the customer's webhook event).
      const before = await tx
          .select({ id: customers.id, email: customers.email, first_name: customers.firstName, last_name: customers.lastName, phone: customers.phone, marketing_consent: customers.marketingConsent })
          .from(customers)
          .where(and(eq(customers.restaurantId, link.restaurantId), or(eq(customers.anonId, link.anonId), sql`lower(${customers.email}) = lower(${link.email})`)));
      const { customerId, balance, unlocked } = await mergeAnonymousCustomer(tx, link, link.anonId, now);
      const [after] = await tx
        .select({ email: customers.email, first_name: customers.firstName, last_name: customers.lastName, phone: customers.phone, marketing_consent: customers.marketingConsent })
        .from(customers)
        .where(eq(customers.id, customerId));
      // Webhooks (issue #31): the customer now known or changed (decision 077), the rewards the merged points unlocked.
      const at = now.toISOString();
      const customerEvent = after ? customerEventOf(link.restaurantId, customerId, before.find((row) => row.id === customerId) ?? null, after, now) : null;
      await queueWebhookEvents(deps.boss, tx, [
        ...(customerEvent ? [customerEvent] : []),
        ...unlocked.map((reward) => ({
          restaurantId: link.restaurantId,
          type: 'reward.unlocked' as const,
          data: { id: reward.id, label: reward.label, cost: reward.cost, customer_id: customerId, unlocked_at: at },
        })),
      ]);
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
