/**
 * The diner-email quota in the mail pipeline (issue #30, decision 058): the immediate diner emails counted
 * in the transaction that queues them (those past the month's limit queued marked, then logged skipped
 * 'quota' by their job), the later ones (nudge, 'we miss you') counted when their job sends them, and the
 * propriétaires' warning queued when the count crosses 80 % or 100 % (quota-warning.jobs.ts sends it).
 */
import { z } from 'zod';
import type { Db } from '../db/client';
import type { EmailDeps } from './email-deps';
import { defineJobQueue, enqueueJob, type PgBoss } from '../jobs/queue';
import { countDinerEmails, crossedLevels, type CountedDinerEmails } from '../core/email-quota';
import { MARKETING_TEMPLATES, QUOTA_COUNTED_TEMPLATES } from './catalogue';
import type { SendEmailRequest } from './email-request';

/** Marks a queued diner email as past the month's quota: its job logs it skipped ('quota') and sends nothing. */
export const OVER_QUOTA_MARK = 'quota_over';

/** The diner emails counted when their job sends them: planned for later and moved at each visit. */
export const COUNTED_AT_SEND: ReadonlySet<string> = new Set(['review_nudge_3d', 'we_miss_you_30d']);

export const ZQuotaWarning = z.object({
  organisationId: z.uuid(),
  restaurantId: z.uuid(),
  month: z.string().regex(/^\d{4}-\d{2}$/),
  level: z.union([z.literal(80), z.literal(100)]),
  /** The month's count when the level was crossed (the email names it, not a later one). */
  used: z.number().int().nonnegative(),
});
export type QuotaWarningPayload = z.infer<typeof ZQuotaWarning>;

/**
 * The propriétaires' warning's queue, declared here: its handler (quota-warning.jobs.ts) queues an email,
 * whose handler counts the quota here, so importing it would close a circle (decision 086).
 */
export const quotaWarningQueue = defineJobQueue({ name: 'email.quota-warning', payload: ZQuotaWarning });

/** Queues the propriétaires' warning for each level the count just crossed, in `tx`. */
async function queueCrossedWarnings(boss: PgBoss, tx: Db, restaurantId: string, usage: CountedDinerEmails): Promise<void> {
  for (const level of crossedLevels(usage.before, usage.after, usage.plan.limits.dinerEmailsPerMonth)) {
    const limit = usage.plan.limits.dinerEmailsPerMonth;
    // The emails sent: never more than the limit (those past it are skipped).
    const used = limit === null ? usage.after : Math.min(usage.after, Math.max(usage.before, limit));
    const payload: QuotaWarningPayload = { organisationId: usage.organisationId, restaurantId, month: usage.month, level, used };
    await enqueueJob(boss, quotaWarningQueue, payload, { tx });
  }
}

type Queued = { request: SendEmailRequest; id: string; startAfter?: Date };

/**
 * Counts the diner emails among `emails` (the immediate ones a feedback or a linked email queues) in `tx`,
 * in one upsert, and marks those past the month's limit; queues the propriétaires' warning when the count
 * crosses 80 % or 100 %. Nothing is counted without a diner email, nor for an organisation whose trial is
 * over (its diner emails are skipped at send: 'plan'). `marketingConsent` false: the marketing ones are not
 * counted (they are skipped at send). Returns the emails to queue.
 */
export async function countQueuedDinerEmails<T extends Queued>(boss: PgBoss, tx: Db, emails: readonly T[], { marketingConsent }: { marketingConsent?: boolean } = {}): Promise<T[]> {
  const counted = emails.filter(
    (email) =>
      QUOTA_COUNTED_TEMPLATES.has(email.request.template) &&
      !COUNTED_AT_SEND.has(email.request.template) &&
      !email.request.test &&
      !(marketingConsent === false && MARKETING_TEMPLATES.has(email.request.template)),
  );
  const restaurantId = counted[0]?.request.restaurantId;
  if (counted.length === 0 || !restaurantId) return [...emails];
  const usage = await countDinerEmails(tx, restaurantId, counted.length);
  if (!usage || usage.plan.state === 'expired') return [...emails];
  await queueCrossedWarnings(boss, tx, restaurantId, usage);
  const limit = usage.plan.limits.dinerEmailsPerMonth;
  if (limit === null || usage.after <= limit) return [...emails];
  // The n-th counted email of the month is over the limit when n > limit.
  let position = usage.before;
  return emails.map((email) => {
    if (!counted.includes(email)) return email;
    position += 1;
    return position > limit ? { ...email, request: { ...email.request, data: { ...email.request.data, [OVER_QUOTA_MARK]: 1 } } } : email;
  });
}

/**
 * Counts one diner email decided at send time (the review nudge and 'we miss you', planned for later and
 * moved at each visit, are counted when their job sends them): whether it is within the month's quota.
 */
export async function countDinerEmailAtSend(deps: Pick<EmailDeps, 'db' | 'boss'>, restaurantId: string): Promise<'ok' | 'quota' | 'plan'> {
  return deps.db.transaction(async (tx) => {
    const usage = await countDinerEmails(tx, restaurantId, 1);
    if (!usage) return 'ok';
    if (usage.plan.state === 'expired') return 'plan';
    await queueCrossedWarnings(deps.boss, tx, restaurantId, usage);
    const limit = usage.plan.limits.dinerEmailsPerMonth;
    return limit !== null && usage.after > limit ? 'quota' : 'ok';
  });
}
