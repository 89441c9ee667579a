/** The propriétaires told once at 80 % and once at 100 % of the month's diner emails (issue #30, decision 058; quota.ts queues it). */
import { eq } from 'drizzle-orm';
import { organisations, restaurants } from '../db/schema';
import type { EmailDeps } from './email-deps';
import { defineJob, type JobDefinition } from '../jobs/queue';
import { claimQuotaWarning } from '../core/email-quota';
import { readOrganisationOwners } from '../core/organisation-owners';
import { paths } from '../../shared/paths';
import { effectivePlan, PLANS } from '../../shared/rules/plans';
import { clock } from '../lib/runtime/clock';
import { enqueueEmail } from './email-queue';
import { quotaWarningQueue, type QuotaWarningPayload } from './quota';

/**
 * Tells the organisation's propriétaires (else the venue's contact email) that it reached `level` of its
 * diner emails this month: once per level and month (the usage row's warned_… column is claimed first).
 */
export const quotaWarningJob = defineJob<QuotaWarningPayload, EmailDeps>({
  ...quotaWarningQueue,
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
    const owners = await readOrganisationOwners(db, payload.organisationId);
    const recipients = owners.length
      ? owners
      : (await db.select({ email: restaurants.contactEmail, firstName: restaurants.ownerFirstName }).from(restaurants).where(eq(restaurants.id, payload.restaurantId)));
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
              plan: plan.plan,
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

export const QUOTA_JOBS: ReadonlyArray<JobDefinition<unknown, EmailDeps>> = [quotaWarningJob] as ReadonlyArray<JobDefinition<unknown, EmailDeps>>;
