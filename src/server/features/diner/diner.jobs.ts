import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { customerRewards, customers, emailLogs, feedbacks, restaurants, visits } from '../../db/schema';
import type { AppDeps } from '../../deps';
import {
  renderLowRatingAlertEmail,
  renderRewardUnlockedEmail,
  renderThanksEmail,
  type DinerEmailTemplate,
} from '../../email/templates/diner';
import { buildSendKey, deliverEmailOnce } from '../../email/deliver';
import { defineJob, enqueueJob, type JobDefinition } from '../../jobs/queue';
import { formatDateTimeFr } from '../../../shared/format';
import { POSITIVE_RATING } from '../../../shared/schemas/diner';

const ZSendDinerEmail = z.object({
  restaurantId: z.uuid(),
  customerId: z.uuid().nullable(),
  template: z.enum(['thanks_after_visit', 'manager_alert_low_rating', 'reward_unlocked', 'link_email_confirmation']),
  to: z.string().min(3),
  subject: z.string(),
  html: z.string(),
  text: z.string().optional(),
  /** restaurant | recipient | template | triggering row: one email per key, ever (email/deliver.ts). */
  sendKey: z.string().min(1).max(1000).optional(),
});

/**
 * Sends one follow-up email and logs it in email_logs. A failure is logged as 'failed' and thrown so
 * pg-boss retries this one email only; the feedback was committed long before.
 */
export const sendDinerEmailJob = defineJob<z.infer<typeof ZSendDinerEmail>, AppDeps>({
  name: 'diner.send-email',
  payload: ZSendDinerEmail,
  retryLimit: 5,
  async handle(payload, deps) {
    const log = {
      restaurantId: payload.restaurantId,
      customerId: payload.customerId,
      toEmail: payload.to,
      toDomain: payload.to.split('@')[1]?.toLowerCase() ?? '',
      templateName: payload.template,
      subject: payload.subject,
    };
    // Jobs queued before keys existed get one from their content.
    const sendKey = payload.sendKey ?? buildSendKey({ restaurantId: payload.restaurantId, to: payload.to, template: payload.template, eventId: createHash('sha256').update(payload.html).digest('hex') });
    try {
      const outcome = await deliverEmailOnce(deps, sendKey, { to: payload.to, subject: payload.subject, html: payload.html, text: payload.text });
      if (outcome !== 'sent') {
        await deps.db.insert(emailLogs).values({ ...log, status: 'skipped', error: outcome === 'already-sent' ? 'already sent' : 'an earlier attempt died while sending' });
        return;
      }
    } catch (error) {
      await deps.db.insert(emailLogs).values({ ...log, status: 'failed', error: error instanceof Error ? error.message.slice(0, 500) : String(error) });
      throw error;
    }
    await deps.db.insert(emailLogs).values({ ...log, status: 'sent' });
  },
});

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

/** A stable job id per (template, source row), so a retried fan-out never queues the same email twice. */
function emailJobId(template: DinerEmailTemplate, sourceId: string): string {
  const hex = createHash('sha256').update(`diner:${template}:${sourceId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The follow-up of a feedback, enqueued inside the submission's transaction: a thank-you when the rating
 * is 4 or more and the diner's email is known, a low-rating alert to the restaurant's contact email for
 * 3 or less, and one reward-unlocked email per new reward. Each email is its own job.
 */
export const followUpJob = defineJob<TFollowUpPayload, AppDeps>({
  name: 'diner.feedback-follow-up',
  payload: ZFollowUp,
  async handle(payload, deps) {
    const { db } = deps;
    const [restaurant] = await db
      .select({ name: restaurants.name, contactEmail: restaurants.contactEmail, reviewUrl: restaurants.googleReviewUrl })
      .from(restaurants)
      .where(eq(restaurants.id, payload.restaurantId));
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
    const [customer] = await db
      .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName, phone: customers.phone })
      .from(customers)
      .where(eq(customers.id, customerId));
    const sends: Array<{ template: DinerEmailTemplate; sourceId: string; mail: ReturnType<typeof renderThanksEmail>; customerId: string | null }> = [];

    if (feedback && payload.feedbackId) {
      if (feedback.rating >= POSITIVE_RATING && customer?.email) {
        sends.push({
          template: 'thanks_after_visit',
          sourceId: payload.feedbackId,
          customerId,
          mail: renderThanksEmail({
            to: customer.email,
            restaurantName: restaurant.name,
            firstName: customer.firstName,
            pointsAdded: payload.pointsAdded,
            balance: payload.balance,
            reviewUrl: restaurant.reviewUrl,
          }),
        });
      }
      if (feedback.rating < POSITIVE_RATING) {
        const name = [customer?.firstName, customer?.lastName].filter(Boolean).join(' ');
        sends.push({
          template: 'manager_alert_low_rating',
          sourceId: payload.feedbackId,
          customerId,
          mail: renderLowRatingAlertEmail({
            to: restaurant.contactEmail,
            restaurantName: restaurant.name,
            rating: feedback.rating,
            comment: feedback.comment,
            customerName: name || null,
            customerEmail: customer?.email ?? null,
            customerPhone: customer?.phone ?? null,
            tableLabel: feedback.tableLabel,
            createdAt: formatDateTimeFr(feedback.createdAt),
            dashboardUrl: `${deps.env.PUBLIC_URL}/dashboard`,
          }),
        });
      }
    }
    if (customer?.email && payload.customerRewardIds.length > 0) {
      const unlocked = await db
        .select({ id: customerRewards.id, label: customerRewards.label })
        .from(customerRewards)
        .where(inArray(customerRewards.id, payload.customerRewardIds));
      for (const reward of unlocked) {
        sends.push({
          template: 'reward_unlocked',
          sourceId: reward.id,
          customerId,
          mail: renderRewardUnlockedEmail({ to: customer.email, restaurantName: restaurant.name, firstName: customer.firstName, rewardName: reward.label, balance: payload.balance }),
        });
      }
    }
    for (const send of sends) {
      await enqueueJob(
        deps.boss,
        sendDinerEmailJob,
        {
          restaurantId: payload.restaurantId,
          customerId: send.customerId,
          template: send.template,
          ...send.mail,
          sendKey: buildSendKey({ restaurantId: payload.restaurantId, to: send.mail.to, template: send.template, eventId: send.sourceId }),
        },
        { id: emailJobId(send.template, send.sourceId) },
      );
    }
  },
});

/** Background jobs of this feature (queue name + zod payload + handler), registered at start. */
export const DINER_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [followUpJob, sendDinerEmailJob] as ReadonlyArray<JobDefinition<unknown, AppDeps>>;
