import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../../db/client';
import { organisations } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { readUsage } from '../../core/plan';
import { countDinerEmailsThisMonth, countQuotaSkippedThisMonth } from '../../core/email-quota';
import { SKIP_REASONS } from '../../email/catalogue';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { requireMember } from '../../lib/guards';
import type { AppEnv } from '../../lib/hono-env';
import { effectivePlan, trialDaysLeft } from '../../../shared/rules/plans';

/** What /abonnement shows (decision 057): the plan that applies, the trial's days left, and this month's usage. */
async function getSubscription(db: Db, organisationId: string) {
  const [row] = await db
    .select({ name: organisations.name, plan: organisations.plan, trialEndsAt: organisations.trialEndsAt, limitOverrides: organisations.limitOverrides })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!row) throw new AppError('NOT_FOUND', 'Organisation introuvable');
  const now = clock.now();
  const effective = effectivePlan(row, now);
  return {
    organisation: { name: row.name },
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
  return new Hono<AppEnv>().get('/', requireMember(deps, 'organisation.manage'), async (c) => c.json(await getSubscription(deps.db, c.get('tenant').organisationId)));
}
