import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { readUsage } from '../../core/plan';
import { billingStateOf, readBilling } from '../../core/billing';
import { countDinerEmailsThisMonth, countQuotaSkippedThisMonth } from '../../core/email-quota';
import { SKIP_REASONS } from '../../email/catalogue';
import { clock } from '../../lib/runtime/clock';
import { AppError } from '../../lib/http/errors';
import { requireMember } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { effectivePlan, trialDaysLeft } from '../../../shared/rules/plans';

/** What /abonnement shows (decision 057): the plan that applies, the trial's days left, and this month's usage. */
async function getSubscription(db: Db, organisationId: string, onlinePayment: boolean) {
  const [row] = await db
    .select({ name: organisations.name, country: organisations.country, plan: organisations.plan, planSource: organisations.planSource, trialEndsAt: organisations.trialEndsAt, limitOverrides: organisations.limitOverrides })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!row) throw new AppError('NOT_FOUND', 'Organisation introuvable');
  const now = clock.now();
  const effective = effectivePlan(row, now);
  const billing = await readBilling(db, organisationId);
  const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
  return {
    organisation: { name: row.name, country: row.country },
    // Online payment (decision 092): whether Stripe is configured, and the subscription as last read from it.
    billing: {
      onlinePayment,
      state: billingStateOf(row.planSource, billing),
      plan: billing?.plan ?? null,
      interval: billing?.interval ?? null,
      currency: billing?.currency ?? null,
      amount: billing?.amount ?? null,
      currentPeriodEnd: iso(billing?.currentPeriodEnd),
      trialEnd: iso(billing?.trialEnd),
      cancelAtPeriodEnd: billing?.cancelAtPeriodEnd ?? false,
      canceledAt: iso(billing?.canceledAt),
      pastDueSince: iso(billing?.pastDueSince),
      locked: Boolean(billing?.lockedAt),
      hasCustomer: Boolean(billing),
    },
    state: effective.state,
    plan: effective.plan,
    trialEndsAt: effective.trialEndsAt,
    trialDaysLeft: effective.state === 'trial' ? trialDaysLeft(effective.trialEndsAt, now) : 0,
    limits: effective.limits,
    // Seats from the plan's counts, diner emails from the quota's own counter (decision 058).
    usage: {
      ...(await readUsage(db, organisationId)),
      dinerEmailsThisMonth: await countDinerEmailsThisMonth(db, organisationId),
      // Skipped past the quota, listed apart: never counted as sent (issue 48).
      dinerEmailsSkippedThisMonth: await countQuotaSkippedThisMonth(db, organisationId, SKIP_REASONS.quota),
    },
  };
}

/** GET /api/subscription (propriétaire: 'organisation.manage'): the organisation's plan and usage. */
export function createSubscriptionRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', requireMember(deps, 'organisation.manage'), async (c) => c.json(await getSubscription(deps.db, c.get('tenant').organisationId, Boolean(deps.env.STRIPE_SECRET_KEY && deps.env.STRIPE_WEBHOOK_SECRET))));
}
