/**
 * The diner-email quota in the mail pipeline (issue #30, decision 058): the immediate diner emails counted
 * in the transaction that queues them (those past the month's limit queued marked, then logged skipped
 * 'quota' by their job), and the propriétaires told once at 80 % and once at 100 % each month.
 */
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { organisationMembers, organisations, restaurants, user } from '../db/schema';
import type { AppDeps } from '../deps';
import { defineJob, enqueueJob, type JobDefinition, type PgBoss } from '../jobs/queue';
import { claimQuotaWarning, countDinerEmails, crossedLevels } from '../core/email-quota';
import { paths } from '../../shared/paths';
import { effectivePlan, PLANS } from '../../shared/rules/plans';
import { clock } from '../lib/clock';
import { MARKETING_TEMPLATES, QUOTA_COUNTED_TEMPLATES } from './catalogue';
import type { QueuedEmail } from './email-queue';

/** Marks a queued diner email as past the month's quota: its job logs it skipped ('quota') and sends nothing. */
export const OVER_QUOTA_MARK = 'quota_over';

const ZQuotaWarning = z.object({
  organisationId: z.uuid(),
  restaurantId: z.uuid(),
  month: z.string().regex(/^\d{4}-\d{2}$/),
  level: z.union([z.literal(80), z.literal(100)]),
  /** The month's count when the level was crossed (the email names it, not a later one). */
  used: z.number().int().nonnegative(),
});

/**
 * Tells the organisation's propriétaires (else the venue's contact email) that it reached `level` of its
 * diner emails this month: once per level and month (the usage row's warned_… column is claimed first).
 */
export const QUOTA_WARNING_JOB = defineJob<z.infer<typeof ZQuotaWarning>, AppDeps>({
  name: 'email.quota-warning',
  payload: ZQuotaWarning,
  retryLimit: 5,
  async handle(payload, deps) {
    const { db } = deps;
    const [organisation] = await db
      .select({ name: organisations.name, plan: organisations.plan, trialEndsAt: organisations.trialEndsAt, limitOverrides: organisations.limitOverrides })
      .from(organisations)
      .where(eq(organisations.id, payload.organisationId));
    if (!organisation) return;
    const plan = effectivePlan(organisation, clock.now());
    const limit = plan.limits.dinerEmailsPerMonth;
    if (limit === null) return;
    const owners = await db
      .select({ email: user.email, name: user.name })
      .from(organisationMembers)
      .innerJoin(user, eq(user.id, organisationMembers.userId))
      .where(and(eq(organisationMembers.organisationId, payload.organisationId), eq(organisationMembers.role, 'owner')))
      .orderBy(asc(organisationMembers.createdAt), asc(user.id));
    const recipients = owners.length
      ? owners.map((owner) => ({ email: owner.email, firstName: owner.name?.split(' ')[0] ?? null }))
      : (await db.select({ email: restaurants.contactEmail, firstName: restaurants.ownerFirstName }).from(restaurants).where(eq(restaurants.id, payload.restaurantId)));
    // Loaded here: email-queue → send-email → this module, so a static import would be a cycle.
    const { enqueueEmail } = await import('./email-queue');
    await db.transaction(async (tx) => {
      if (!(await claimQuotaWarning(tx, payload.organisationId, payload.month, payload.level))) return;
      for (const recipient of recipients) {
        await enqueueEmail(
          deps.boss,
          {
            template: 'quota_warning',
            restaurantId: payload.restaurantId,
            customerId: null,
            to: recipient.email,
            eventId: `quota:${payload.organisationId}:${payload.month}:${payload.level}`,
            data: {
              first_name: recipient.firstName,
              organisation_name: organisation.name,
              plan_name: PLANS[plan.plan].name.fr,
              used: payload.used,
              limit,
              level: payload.level,
              url: `${deps.env.PUBLIC_URL}${paths.subscription.href()}`,
            },
          },
          { tx },
        );
      }
    });
  },
});

export const QUOTA_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [QUOTA_WARNING_JOB] as ReadonlyArray<JobDefinition<unknown, AppDeps>>;

/**
 * Counts the diner emails among `emails` (the immediate ones a feedback or a linked email queues) in `tx`,
 * in one upsert, and marks those past the month's limit; queues the propriétaires' warning when the count
 * crosses 80 % or 100 %. Nothing is counted without a diner email, nor for an organisation whose trial is
 * over (its diner emails are skipped at send: 'plan'). `marketingConsent` false: the marketing ones are not
 * counted (they are skipped at send). Returns the emails to queue.
 */
export async function countQueuedDinerEmails(
  boss: PgBoss,
  tx: Db,
  emails: readonly QueuedEmail[],
  { marketingConsent }: { marketingConsent?: boolean } = {},
): Promise<QueuedEmail[]> {
  // A marketing email to a diner known not to consent is skipped at send: not counted.
  const counted = emails.filter(
    (email) => QUOTA_COUNTED_TEMPLATES.has(email.request.template) && !COUNTED_AT_SEND.has(email.request.template) && !email.request.test && !(marketingConsent === false && MARKETING_TEMPLATES.has(email.request.template)),
  );
  const restaurantId = counted[0]?.request.restaurantId;
  if (counted.length === 0 || !restaurantId) return [...emails];
  if (counted.length === 0) return [...emails];
  const usage = await countDinerEmails(tx, restaurantId, counted.length);
  if (!usage || usage.plan.state === 'expired') return [...emails];
  const limit = usage.plan.limits.dinerEmailsPerMonth;
  for (const level of crossedLevels(usage.before, usage.after, limit)) {
    await enqueueJob(boss, QUOTA_WARNING_JOB, { organisationId: usage.organisationId, restaurantId, month: usage.month, level, used: usage.after }, { tx });
  }
  if (limit === null || usage.after <= limit) return [...emails];
  // The n-th counted email of the month is over the limit when n > limit.
  let position = usage.before;
  return emails.map((email) => {
    if (!counted.includes(email)) return email;
    position += 1;
    return position > limit ? { ...email, request: { ...email.request, data: { ...email.request.data, [OVER_QUOTA_MARK]: 1 } } } : email;
  });
}

/** The diner emails counted when their job sends them: planned for later and moved at each visit. */
export const COUNTED_AT_SEND: ReadonlySet<string> = new Set(['review_nudge_3d', 'we_miss_you_30d']);

/**
 * Counts one diner email decided at send time (the review nudge and 'we miss you', planned for later and
 * moved at each visit, are counted when their job sends them): whether it is within the month's quota.
 */
export async function countDinerEmailAtSend(deps: Pick<AppDeps, 'db' | 'boss'>, restaurantId: string): Promise<'ok' | 'quota' | 'plan'> {
  return deps.db.transaction(async (tx) => {
    const usage = await countDinerEmails(tx, restaurantId, 1);
    if (!usage) return 'ok';
    if (usage.plan.state === 'expired') return 'plan';
    const limit = usage.plan.limits.dinerEmailsPerMonth;
    for (const level of crossedLevels(usage.before, usage.after, limit)) {
      await enqueueJob(deps.boss, QUOTA_WARNING_JOB, { organisationId: usage.organisationId, restaurantId, month: usage.month, level, used: usage.after }, { tx });
    }
    return limit !== null && usage.after > limit ? 'quota' : 'ok';
  });
}
