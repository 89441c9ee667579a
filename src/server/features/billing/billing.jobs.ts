import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import { organisationBilling, organisations } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { lockOverdueSubscriptions } from '../../core/billing';
import { enqueueEmail } from '../../email/email-queue';
import { defineJob, type JobDefinition } from '../../jobs/queue';
import { clock } from '../../lib/runtime/clock';
import { formatDateFr, parisDayOf } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { PLANS, TRIAL_PLAN } from '../../../shared/rules/plans';
import { ownersOf } from './billing.service';

/** Every hour: subscriptions past due for 14 days turn their organisation read only (decision 092). */
export const lockOverdueJob = defineJob<Record<string, never>, AppDeps>({
  name: 'billing.lock-overdue',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  schedule: '5 * * * *',
  retryLimit: 1,
  async handle(_payload, deps) {
    const locked = await lockOverdueSubscriptions(deps.db, clock.now());
    if (locked > 0) deps.logger.info({ locked }, 'organisations past due for 14 days made read only');
  },
});

const DAY_MS = 24 * 3600_000;

/**
 * Every hour: the propriétaires of a trial with no subscription are told 3 days before its end and on its
 * last day (Paris days), once each (the email's key), through the one mail pipeline. Returns how many emails were queued.
 */
export async function queueTrialReminders(deps: Pick<AppDeps, 'db' | 'boss' | 'env'>, now: Date): Promise<number> {
  const today = parisDayOf(now);
  const candidates = await deps.db
    .select({ id: organisations.id, trialEndsAt: organisations.trialEndsAt, status: organisationBilling.status })
    .from(organisations)
    .leftJoin(organisationBilling, eq(organisationBilling.organisationId, organisations.id))
    .where(and(isNull(organisations.plan), gt(organisations.trialEndsAt, now), lte(organisations.trialEndsAt, new Date(now.getTime() + 4 * DAY_MS))));
  let queued = 0;
  for (const candidate of candidates) {
    if (!candidate.trialEndsAt || candidate.status) continue;
    const endDay = parisDayOf(candidate.trialEndsAt);
    const threeDaysBefore = parisDayOf(new Date(candidate.trialEndsAt.getTime() - 3 * DAY_MS));
    const which = endDay === today ? 'day' : threeDaysBefore === today ? '3d' : null;
    if (!which) continue;
    await deps.db.transaction(async (tx) => {
      const { owners, venueId, name } = await ownersOf(tx, candidate.id);
      for (const owner of owners) {
        const id = await enqueueEmail(
          deps.boss,
          {
            template: 'trial_ending',
            restaurantId: venueId,
            customerId: null,
            to: owner.email,
            eventId: `trial-reminder:${candidate.id}:${which}:${owner.email}`,
            data: {
              first_name: owner.firstName,
              organisation_name: name,
              // The plan and the day as facts too: the email words them in the owner's language (issue #53).
              plan: TRIAL_PLAN,
              plan_name: PLANS[TRIAL_PLAN].name.fr,
              when: which,
              trial_ends_at: candidate.trialEndsAt!.toISOString(),
              trial_end: formatDateFr(candidate.trialEndsAt!),
              url: `${deps.env.PUBLIC_URL}${paths.subscription.href()}`,
            },
          },
          // Sent once per key (the pipeline's send key): the hourly run queues it again harmlessly.
          { tx },
        );
        if (id) queued += 1;
      }
    });
  }
  return queued;
}

export const trialRemindersJob = defineJob<Record<string, never>, AppDeps>({
  name: 'billing.trial-reminders',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  schedule: '15 * * * *',
  retryLimit: 1,
  async handle(_payload, deps) {
    const queued = await queueTrialReminders(deps, clock.now());
    if (queued > 0) deps.logger.info({ queued }, 'trial reminders queued');
  },
});

export const BILLING_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [lockOverdueJob, trialRemindersJob] as ReadonlyArray<JobDefinition<unknown, AppDeps>>;
