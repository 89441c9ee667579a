import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { automations, customerRewards, customers, feedbacks, restaurants, visits } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AutomationTemplateKey } from '../../email/catalogue';
import { enqueueEmail, scheduleComebackEmail, type SendEmailRequest } from '../../email/send-email';
import { defineJob, type JobDefinition } from '../../jobs/queue';
import { clock } from '../../lib/clock';
import { formatDateTimeFr } from '../../../shared/format';
import { POSITIVE_RATING } from '../../../shared/schemas/diner';

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

/** Delays of the defaults, used when a restaurant has no row for the automation (it then skips at send). */
const DEFAULT_DELAY_MINUTES: Partial<Record<AutomationTemplateKey, number>> = { review_nudge_3d: 4320, we_miss_you_30d: 43200 };

/** A stable job id per (template, source row), so a retried fan-out never queues the same email twice. */
function emailJobId(template: string, sourceId: string): string {
  const hex = createHash('sha256').update(`email:${template}:${sourceId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The emails a feedback (or a linked email's rewards) leads to, queued through the one send-email job;
 * each is rendered and checked (automation active, consent, unsubscribe) when it is sent:
 * - 4 stars or more: thanks_after_visit now and review_nudge_3d after its delay;
 * - 3 or less: manager_alert_low_rating to the restaurant's contact email;
 * - one reward_unlocked per new reward;
 * - we_miss_you_30d: the customer's one pending send moved to 30 days after this visit.
 * Diner emails are only queued when the customer has an address (anonymous diners get none).
 */
export const followUpJob = defineJob<TFollowUpPayload, AppDeps>({
  name: 'diner.feedback-follow-up',
  payload: ZFollowUp,
  async handle(payload, deps) {
    const { db } = deps;
    const [restaurant] = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, payload.restaurantId));
    if (!restaurant) return;
    const [feedback] = payload.feedbackId
      ? await db
          .select({ rating: feedbacks.rating, comment: feedbacks.comment, customerId: feedbacks.customerId, createdAt: feedbacks.createdAt, tableLabel: visits.tableLabel })
          .from(feedbacks)
          .leftJoin(visits, eq(visits.id, feedbacks.visitId))
          .where(eq(feedbacks.id, payload.feedbackId))
      : [];
    // The customer may have been merged into another one (email linked) since the feedback.
    const customerId = feedback?.customerId ?? payload.customerId;
    const [customer] = await db.select({ email: customers.email, lastVisitAt: customers.lastVisitAt }).from(customers).where(eq(customers.id, customerId));
    const delays = new Map(
      (await db.select({ key: automations.key, config: automations.config }).from(automations).where(eq(automations.restaurantId, payload.restaurantId))).map((row) => [
        row.key,
        row.config.delay_minutes,
      ]),
    );
    const delayOf = (key: AutomationTemplateKey) => delays.get(key) ?? DEFAULT_DELAY_MINUTES[key] ?? 0;
    const base = { restaurantId: payload.restaurantId, customerId, to: null } satisfies Partial<SendEmailRequest>;
    const queue = (template: AutomationTemplateKey, eventId: string, data: SendEmailRequest['data'], startAfter?: Date) =>
      enqueueEmail(deps.boss, { ...base, template, eventId, data }, { id: emailJobId(template, eventId), ...(startAfter ? { startAfter } : {}) });

    if (feedback && payload.feedbackId) {
      const facts = {
        rating: feedback.rating,
        comment: feedback.comment,
        label: feedback.tableLabel,
        created_at: formatDateTimeFr(feedback.createdAt),
        points_added: payload.pointsAdded,
        balance: payload.balance,
      };
      if (feedback.rating >= POSITIVE_RATING && customer?.email) {
        await queue('thanks_after_visit', payload.feedbackId, facts);
        await queue('review_nudge_3d', payload.feedbackId, facts, new Date(clock.now().getTime() + delayOf('review_nudge_3d') * 60_000));
      }
      if (feedback.rating < POSITIVE_RATING) await queue('manager_alert_low_rating', payload.feedbackId, facts);
    }
    if (customer?.email && payload.customerRewardIds.length > 0) {
      const unlocked = await db
        .select({ id: customerRewards.id, label: customerRewards.label })
        .from(customerRewards)
        .where(and(inArray(customerRewards.id, payload.customerRewardIds), eq(customerRewards.customerId, customerId)));
      for (const reward of unlocked) await queue('reward_unlocked', reward.id, { reward_name: reward.label, balance: payload.balance });
    }
    if (customer?.email && customer.lastVisitAt && payload.feedbackId) {
      const dueAt = new Date(customer.lastVisitAt.getTime() + delayOf('we_miss_you_30d') * 60_000);
      await scheduleComebackEmail(deps.boss, { ...base, customerId, template: 'we_miss_you_30d', eventId: `${customerId}:${customer.lastVisitAt.toISOString()}`, data: {} }, dueAt);
    }
  },
});

/** Background jobs of this feature (queue name + zod payload + handler), registered at start. */
export const DINER_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [followUpJob] as ReadonlyArray<JobDefinition<unknown, AppDeps>>;
