import { desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisationBilling, organisations } from '../../db/schema';
import { billingStateOf, readMrr } from '../../core/billing';

/**
 * GET /api/admin/billing (issue 54, decision 092): every organisation that went to Checkout with its billing
 * state (a contract's plan is named so), the monthly recurring revenue by currency, in total and by plan
 * (before tax, minor units; a yearly price counts a twelfth; currencies never added together), and those past due.
 */
export async function getBillingOverview(db: Db) {
  const rows = await db
    .select({
      organisationId: organisations.id,
      name: organisations.name,
      plan: organisations.plan,
      planSource: organisations.planSource,
      status: organisationBilling.status,
      billingPlan: organisationBilling.plan,
      interval: organisationBilling.interval,
      currency: organisationBilling.currency,
      amount: organisationBilling.amount,
      cancelAtPeriodEnd: organisationBilling.cancelAtPeriodEnd,
      currentPeriodEnd: organisationBilling.currentPeriodEnd,
      pastDueSince: organisationBilling.pastDueSince,
      lockedAt: organisationBilling.lockedAt,
    })
    .from(organisationBilling)
    .innerJoin(organisations, eq(organisations.id, organisationBilling.organisationId))
    .where(isNotNull(organisationBilling.stripeCustomerId))
    .orderBy(desc(organisationBilling.updatedAt))
    .limit(500);
  const organisationsBilled = rows.map((row) => ({
    organisationId: row.organisationId,
    name: row.name,
    state: billingStateOf(row.planSource, row),
    plan: row.plan,
    subscribedPlan: row.billingPlan,
    interval: row.interval,
    currency: row.currency,
    amount: row.amount,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    pastDueSince: row.pastDueSince?.toISOString() ?? null,
    locked: row.lockedAt !== null,
  }));
  const byPlan = await readMrr(db);
  const totals = new Map<string, number>();
  for (const line of byPlan) totals.set(line.currency, (totals.get(line.currency) ?? 0) + line.mrr);
  return {
    mrr: { total: [...totals].map(([currency, mrr]) => ({ currency, mrr })), byPlan },
    pastDue: organisationsBilled.filter((row) => row.state === 'past_due'),
    organisations: organisationsBilled,
  };
}
