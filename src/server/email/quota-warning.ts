/** The propriétaires told once at 80 % and once at 100 % of the month's diner emails (issue #30, decision 058; quota.ts queues it). */
import { and, asc, eq } from 'drizzle-orm';
import { organisationMembers, organisations, restaurants, user } from '../db/schema';
import type { AppDeps } from '../deps';
import { defineJob, type JobDefinition } from '../jobs/queue';
import { claimQuotaWarning } from '../core/email-quota';
import { paths } from '../../shared/paths';
import { effectivePlan, PLANS } from '../../shared/rules/plans';
import { clock } from '../lib/clock';
import { enqueueEmail } from './email-queue';
import { QUOTA_WARNING_QUEUE, ZQuotaWarning, type QuotaWarningPayload } from './quota';

/**
 * Tells the organisation's propriétaires (else the venue's contact email) that it reached `level` of its
 * diner emails this month: once per level and month (the usage row's warned_… column is claimed first).
 */
export const QUOTA_WARNING_JOB = defineJob<QuotaWarningPayload, AppDeps>({
  name: QUOTA_WARNING_QUEUE,
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
