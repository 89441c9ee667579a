import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { customerRewards, customers, feedbacks, restaurants, visits } from '../../db/schema';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { AutomationTemplateKey } from '../../email/catalogue';
import { type SendEmailRequest } from '../../email/email-request';
import { RATING_COLUMNS } from '../../email/low-rating-alert-data';
import { queueLowRatingAlert } from '../../email/low-rating-alerts.jobs';
import { countQueuedDinerEmails } from '../../email/quota';
import { enqueueEmails, schedulePendingEmail, type PendingEmail, type QueuedEmail } from '../../email/email-queue';
import { defineJob, type JobDefinition } from '../../jobs/queue';
import { clock } from '../../lib/runtime/clock';
import { formatDateTimeFr } from '../../../shared/format';
import { POSITIVE_RATING } from '../../../shared/schemas/diner';
import { DEFAULT_SENDING_HOURS, nextSendingTime, type SendingHours } from '../../../shared/rules/sending-hours';
import type { Locale } from '../../../shared/rules/locales';

const ZFollowUp = z.object({
  restaurantId: z.uuid(),
  customerId: z.uuid(),
  /** Null when the rewards come from linking an email rather than from a feedback. */
  feedbackId: z.uuid().nullable(),
  pointsAdded: z.number().int(),
  balance: z.number().int(),
  customerRewardIds: z.array(z.uuid()),
});
export type TFollowUpPayload = z.infer<typeof ZFollowUp>;

export const REVIEW_NUDGE_DEFAULT_MINUTES = 4320;

/** Delays of the defaults, used when a restaurant has no row for the automation (it then skips at send). */
const DEFAULT_DELAY_MINUTES: Partial<Record<AutomationTemplateKey, number>> = { review_nudge_3d: REVIEW_NUDGE_DEFAULT_MINUTES, we_miss_you_30d: 43200 };

/** A stable job id per (template, source row), so a retried fan-out never queues the same email twice. */
function emailJobId(template: string, sourceId: string): string {
  const hex = createHash('sha256').update(`email:${template}:${sourceId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What a feedback (or a linked email's rewards) is followed by: known in the transaction that records it. */
export type FollowUpFacts = {
  restaurantId: string;
  customerId: string;
  /** The customer's address now (null: an anonymous diner, who gets no email). */
  email: string | null;
  lastVisitAt: Date | null;
  /** Null when the rewards come from linking an email rather than from a feedback. */
  feedback: { id: string; rating: number; comment: string | null; createdAt: Date; tableLabel: string | null } | null;
  pointsAdded: number;
  balance: number;
  rewards: ReadonlyArray<{ id: string; label: string; cost?: number }>;
  /**
   * The restaurant's follow-up timing, as automationDelaysOf reads it: its automation delays in minutes,
   * by key (null or missing: the default's), and its sending hours under SENDING_HOURS_KEYS (missing: 10–19).
   */
  delays: Record<string, number> | null;
  /**
   * The address was just confirmed (link opened) after `feedback`: its later emails (day-3 nudge after a
   * 4–5★ rating, day-30 comeback) are planned as for a rating with an email; the moment's emails
   * (thank-you, low-rating alert) are not.
   */
  linkConfirmed?: boolean;
  /**
   * A typed address not confirmed yet (decision 074): its one day-0 email carries the confirmation link.
   * After an earning 4–5★ visit it is the owner's thank-you with the confirmation block, otherwise the
   * confirmation alone (with the apology after 3★ or less). It names nothing of any customer record: the
   * device's points only, and nothing typed (no name, no comment: the address may be a stranger's, and an
   * email to it relays no text of the submitter's). No nudge, comeback or reward email before the link is opened.
   */
  claim?: { to: string; url: string; expiresInMinutes: number; firstName: string | null; linkId: string } | null;
  /**
   * The language the diner rated in (decision 091): the claim's email names it in its data (it reads no
   * customer record); the other diner emails read the customer's stored language at send time.
   */
  lang?: Locale | null;
};

/** The points set aside by the rewards just unlocked (the balance plus these is what the diner reached). */
const totalCost = (rewards: FollowUpFacts['rewards']) => rewards.reduce((sum, reward) => sum + (reward.cost ?? 0), 0);

/** Where the follow-up timing keeps the restaurant's sending hours (no automation key holds ':'). */
const SENDING_HOURS_KEYS = { start: 'sending_hours:start', end: 'sending_hours:end' } as const;

/**
 * A restaurant's follow-up timing, as a column of a read: its automations' delays (json: key → delay
 * in minutes) and its sending hours (decision 025), in the one json planFollowUpEmails reads as `delays`.
 * `restaurantId` is read once, in a FROM item of its own (`k`): drizzle writes a column of a one-table
 * select without its table (`"id"`), and written anywhere inside `restaurants hours` or `automations`
 * that name would mean their own id (every restaurant: 'more than one row returned by a subquery').
 */
export const automationDelaysOf = (restaurantId: unknown) =>
  sql<Record<string, number> | null>`(select jsonb_build_object(${SENDING_HOURS_KEYS.start}::text, hours.sending_hour_start, ${SENDING_HOURS_KEYS.end}::text, hours.sending_hour_end)
    || coalesce((select jsonb_object_agg(a.key, a.config->'delay_minutes') from automations a where a.restaurant_id = hours.id), '{}'::jsonb)
    from (select ${restaurantId}::uuid as restaurant_id) k join restaurants hours on hours.id = k.restaurant_id)`;

/** The sending hours carried by a follow-up timing (the defaults when it has none). */
export function sendingHoursOf(delays: Record<string, number> | null): SendingHours {
  const start = delays?.[SENDING_HOURS_KEYS.start];
  const end = delays?.[SENDING_HOURS_KEYS.end];
  return typeof start === 'number' && typeof end === 'number' ? { start, end } : DEFAULT_SENDING_HOURS;
}

/**
 * The emails a feedback (or a linked email's rewards) leads to, queued through the one send-email job;
 * each is rendered and checked (automation active, consent, unsubscribe) when it is sent:
 * - 4 stars or more: thanks_after_visit now and review_nudge_3d after its delay (the customer's one
 *   pending nudge, moved to this visit's);
 * - 3 or less: the low-rating alert job, which sends manager_alert_low_rating to the restaurant's
 *   contact email at once or groups it with the next ones (at most one alert per 15 minutes, decision 036);
 * - one reward_unlocked per new reward;
 * - we_miss_you_30d: the customer's one pending send moved to 30 days after this visit.
 * The sends for later (nudge, comeback) are due inside the restaurant's sending hours: at the next
 * opening when their delay ends outside them (decision 025). The immediate ones are never delayed.
 * Diner emails are only queued when the customer has an address (anonymous diners get none).
 * Nothing is written here: queueFollowUpEmails writes the plan.
 */
export function planFollowUpEmails(facts: FollowUpFacts): FollowUpPlan {
  const delayOf = (key: AutomationTemplateKey) => facts.delays?.[key] ?? DEFAULT_DELAY_MINUTES[key] ?? 0;
  const hours = sendingHoursOf(facts.delays);
  const dueAfter = (from: Date, key: AutomationTemplateKey) => nextSendingTime(new Date(from.getTime() + delayOf(key) * 60_000), hours);
  const base = { restaurantId: facts.restaurantId, customerId: facts.customerId, to: null } satisfies Partial<SendEmailRequest>;
  const pending: PendingEmail[] = [];
  const emails: QueuedEmail[] = [];
  let lowRatingAlert: FollowUpPlan['lowRatingAlert'] = null;
  const queue = (template: AutomationTemplateKey, eventId: string, data: SendEmailRequest['data']) =>
    emails.push({ request: { ...base, template, eventId, data }, id: emailJobId(template, eventId) });

  const { feedback } = facts;
  if (feedback) {
    const details = {
      rating: feedback.rating,
      comment: feedback.comment,
      label: feedback.tableLabel,
      created_at: formatDateTimeFr(feedback.createdAt),
      points_added: facts.pointsAdded,
      balance: facts.balance,
    };
    // One thank-you per earning visit: a rating inside the earning interval (or past the day's cap) earned
    // nothing and is thanked by nobody (it is stored and shown to the owner).
    const thanked = feedback.rating >= POSITIVE_RATING && facts.pointsAdded > 0 && !facts.linkConfirmed;
    const { claim } = facts;
    if (claim) {
      const confirm = { confirm_url: claim.url, confirm_minutes: claim.expiresInMinutes, confirm_points: facts.balance, ...(facts.lang ? { lang: facts.lang } : {}) };
      const secret = { deleteAfterSeconds: claim.expiresInMinutes * 60 };
      if (thanked) {
        const eventId = feedback.id;
        emails.push({
          request: { ...base, to: claim.to, template: 'thanks_after_visit', eventId, data: { ...details, comment: null, first_name: claim.firstName, ...confirm } },
          id: emailJobId('thanks_after_visit', eventId),
          ...secret,
        });
      } else {
        emails.push({
          request: {
            ...base,
            to: claim.to,
            template: 'link_email_confirmation',
            eventId: `link:${claim.linkId}`,
            data: { url: claim.url, expires_in_minutes: claim.expiresInMinutes, points: facts.balance, context: feedback.rating >= POSITIVE_RATING ? 'visit' : 'visit_low', ...(facts.lang ? { lang: facts.lang } : {}) },
          },
          id: emailJobId('link_email_confirmation', claim.linkId),
          ...secret,
        });
      }
    } else if (feedback.rating >= POSITIVE_RATING && facts.email) {
      if (thanked) queue('thanks_after_visit', feedback.id, details);
      pending.push({ request: { ...base, template: 'review_nudge_3d', eventId: feedback.id, data: details }, dueAt: dueAfter(clock.now(), 'review_nudge_3d') });
    }
    if (feedback.rating < POSITIVE_RATING && !facts.linkConfirmed) lowRatingAlert = { restaurantId: facts.restaurantId, feedbackId: feedback.id };
  }
  if (facts.email && !facts.claim) {
    for (const reward of facts.rewards) {
      queue('reward_unlocked', reward.id, { reward_name: reward.label, balance: facts.balance, reward_cost: reward.cost ?? null, reached: facts.balance + totalCost(facts.rewards) });
    }
  }
  if (facts.email && !facts.claim && facts.lastVisitAt && (feedback || facts.linkConfirmed)) {
    pending.push({
      request: { ...base, template: 'we_miss_you_30d', eventId: `${facts.customerId}:${facts.lastVisitAt.toISOString()}`, data: {} },
      dueAt: dueAfter(facts.lastVisitAt, 'we_miss_you_30d'),
    });
  }
  return { emails, pending, lowRatingAlert };
}

export type FollowUpPlan = {
  /** The emails queued as they are (due now: thanks, alert, rewards). */
  emails: QueuedEmail[];
  /** The customer's one pending review nudge and 'we miss you', each moved to its new date. */
  pending: PendingEmail[];
  /** A low rating to alert the restaurant about (the alert job decides when: decision 036). */
  lowRatingAlert: { restaurantId: string; feedbackId: string } | null;
};

/**
 * Writes a follow-up plan inside `tx` (the transaction that records the feedback, or the follow-up job's
 * own): its diner emails counted against the month's quota (one upsert, decision 058), all its emails in one statement and each pending send moved by one upsert, committed with it,
 * so a rolled-back feedback queues nothing.
 */
export async function queueFollowUpEmails(boss: AppDeps['boss'], tx: Db, plan: FollowUpPlan, counting: { marketingConsent?: boolean } = {}): Promise<void> {
  // The diner emails counted against the month's quota in this transaction (decision 058): one upsert.
  const emails = await countQueuedDinerEmails(boss, tx, plan.emails, counting);
  await enqueueEmails(boss, emails, { tx });
  for (const send of plan.pending) await schedulePendingEmail(boss, send, { tx });
  if (plan.lowRatingAlert) await queueLowRatingAlert(boss, tx, plan.lowRatingAlert.restaurantId, plan.lowRatingAlert.feedbackId);
}

/**
 * The follow-up of a linked email's rewards, and of feedbacks recorded before submissions queued their
 * emails themselves (jobs still waiting from an older version): reads what the emails need, then
 * queues them as the submission does. The customer may have been merged into another one (email
 * linked) since the feedback: the feedback's current customer wins over the payload's.
 */
export const followUpJob = defineJob<TFollowUpPayload, AppDeps>({
  name: 'diner.feedback-follow-up',
  payload: ZFollowUp,
  async handle(payload, deps) {
    const { db } = deps;
    const customerId = sql<string>`coalesce(${feedbacks.customerId}, ${payload.customerId}::uuid)`;
    const [found] = await db
      .select({
        ...RATING_COLUMNS,
        customerId,
        email: customers.email,
        lastVisitAt: customers.lastVisitAt,
        delays: automationDelaysOf(restaurants.id),
      })
      .from(restaurants)
      .leftJoin(feedbacks, payload.feedbackId ? and(eq(feedbacks.id, payload.feedbackId), eq(feedbacks.restaurantId, restaurants.id)) : sql`false`)
      .leftJoin(visits, eq(visits.id, feedbacks.visitId))
      .leftJoin(customers, eq(customers.id, customerId))
      .where(eq(restaurants.id, payload.restaurantId));
    if (!found) return;
    const rewards =
      found.email && payload.customerRewardIds.length > 0
        ? await db
            .select({ id: customerRewards.id, label: customerRewards.label })
            .from(customerRewards)
            .where(and(inArray(customerRewards.id, payload.customerRewardIds), eq(customerRewards.customerId, found.customerId)))
        : [];
    const feedback =
      found.feedbackId && found.rating !== null && found.createdAt
        ? { id: found.feedbackId, rating: found.rating, comment: found.comment, createdAt: found.createdAt, tableLabel: found.tableLabel }
        : null;
    const plan = planFollowUpEmails({
      restaurantId: payload.restaurantId,
      customerId: found.customerId,
      email: found.email,
      lastVisitAt: found.lastVisitAt,
      feedback,
      pointsAdded: payload.pointsAdded,
      balance: payload.balance,
      rewards,
      delays: found.delays,
    });
    if (plan.emails.length === 0 && plan.pending.length === 0 && !plan.lowRatingAlert) return;
    // The emails and the moved comeback in one transaction: one commit (a log flush) instead of two.
    await db.transaction((tx) => queueFollowUpEmails(deps.boss, tx, plan));
  },
});

/** Background jobs of this feature (queue name + zod payload + handler), registered at start. */
export const DINER_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [followUpJob] as ReadonlyArray<JobDefinition<unknown, AppDeps>>;
