import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { automations, customerRewards, customers, feedbacks, restaurants, visits } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AutomationTemplateKey } from '../../email/catalogue';
import { enqueueEmails, scheduleComebackEmail, type QueuedEmail, type SendEmailRequest } from '../../email/send-email';
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
    // One read: the restaurant, the feedback (with its table) and its customer, and the automations'
    // delays. The customer may have been merged into another one (email linked) since the feedback:
    // the feedback's current customer wins over the payload's.
    const customerId = sql<string>`coalesce(${feedbacks.customerId}, ${payload.customerId}::uuid)`;
    const [found] = await db
      .select({
        feedbackId: feedbacks.id,
        rating: feedbacks.rating,
        comment: feedbacks.comment,
        createdAt: feedbacks.createdAt,
        tableLabel: visits.tableLabel,
        customerId,
        email: customers.email,
        lastVisitAt: customers.lastVisitAt,
        delays: sql<Record<string, number> | null>`(select json_object_agg(${automations.key}, ${automations.config}->'delay_minutes') from ${automations} where ${automations.restaurantId} = ${restaurants.id})`,
      })
      .from(restaurants)
      .leftJoin(feedbacks, payload.feedbackId ? and(eq(feedbacks.id, payload.feedbackId), eq(feedbacks.restaurantId, restaurants.id)) : sql`false`)
      .leftJoin(visits, eq(visits.id, feedbacks.visitId))
      .leftJoin(customers, eq(customers.id, customerId))
      .where(eq(restaurants.id, payload.restaurantId));
    if (!found) return;
    const delayOf = (key: AutomationTemplateKey) => found.delays?.[key] ?? DEFAULT_DELAY_MINUTES[key] ?? 0;
    const base = { restaurantId: payload.restaurantId, customerId: found.customerId, to: null } satisfies Partial<SendEmailRequest>;
    // Every email of this feedback is queued by one statement.
    const emails: QueuedEmail[] = [];
    const queue = (template: AutomationTemplateKey, eventId: string, data: SendEmailRequest['data'], startAfter?: Date) =>
      emails.push({ request: { ...base, template, eventId, data }, id: emailJobId(template, eventId), ...(startAfter ? { startAfter } : {}) });

    if (found.feedbackId && found.rating !== null && found.createdAt) {
      const facts = {
        rating: found.rating,
        comment: found.comment,
        label: found.tableLabel,
        created_at: formatDateTimeFr(found.createdAt),
        points_added: payload.pointsAdded,
        balance: payload.balance,
      };
      if (found.rating >= POSITIVE_RATING && found.email) {
        queue('thanks_after_visit', found.feedbackId, facts);
        queue('review_nudge_3d', found.feedbackId, facts, new Date(clock.now().getTime() + delayOf('review_nudge_3d') * 60_000));
      }
      if (found.rating < POSITIVE_RATING) queue('manager_alert_low_rating', found.feedbackId, facts);
    }
    if (found.email && payload.customerRewardIds.length > 0) {
      const unlocked = await db
        .select({ id: customerRewards.id, label: customerRewards.label })
        .from(customerRewards)
        .where(and(inArray(customerRewards.id, payload.customerRewardIds), eq(customerRewards.customerId, found.customerId)));
      for (const reward of unlocked) queue('reward_unlocked', reward.id, { reward_name: reward.label, balance: payload.balance });
    }
    const comeback =
      found.email && found.lastVisitAt && found.feedbackId
        ? {
            request: { ...base, template: 'we_miss_you_30d' as const, eventId: `${found.customerId}:${found.lastVisitAt.toISOString()}`, data: {} },
            dueAt: new Date(found.lastVisitAt.getTime() + delayOf('we_miss_you_30d') * 60_000),
          }
        : null;
    if (emails.length === 0 && !comeback) return;
    // The emails and the moved comeback in one transaction: one commit (a log flush) instead of two.
    await db.transaction(async (tx) => {
      await enqueueEmails(deps.boss, emails, { tx });
      if (comeback) await scheduleComebackEmail(deps.boss, comeback.request, comeback.dueAt, { tx });
    });
  },
});

/** Background jobs of this feature (queue name + zod payload + handler), registered at start. */
export const DINER_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [followUpJob] as ReadonlyArray<JobDefinition<unknown, AppDeps>>;
