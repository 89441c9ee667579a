import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { organisationBilling, organisations } from '../db/schema';
import { isPlanId, PLAN_IDS, PLANS, type PlanId } from '../../shared/rules/plans';

/**
 * An organisation's billing by Stripe (decision 092), below the features that sell (billing), show
 * (subscription) and watch it (admin): the prices' lookup keys, what ReFeed reads of a Stripe subscription,
 * how the organisation's plan follows it, and the monthly recurring revenue.
 */

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export const BILLING_CURRENCIES = ['eur', 'gbp'] as const;
export type BillingCurrency = (typeof BILLING_CURRENCIES)[number];

/** Days a subscription may stay past due before the organisation turns read only (issue 54: Stripe retries meanwhile). */
export const PAST_DUE_GRACE_DAYS = 14;

/** The lookup key of a plan's price: one per plan, period and currency (`refeed_pro_month_eur`). */
export function priceLookupKey(plan: PlanId, interval: BillingInterval, currency: BillingCurrency): string {
  return `refeed_${plan}_${interval}_${currency}`;
}

/** The plan, period and currency a lookup key names, or null for a price that is not ReFeed's. */
export function parseLookupKey(key: string | null | undefined): { plan: PlanId; interval: BillingInterval; currency: BillingCurrency } | null {
  const match = /^refeed_([a-z]+)_(month|year)_(eur|gbp)$/.exec(key ?? '');
  if (!match || !isPlanId(match[1])) return null;
  return { plan: match[1], interval: match[2] as BillingInterval, currency: match[3] as BillingCurrency };
}

/** Every price of the plan table, in minor units (plan × period × currency): what `npm run billing:sync` creates. */
export function planPrices(): Array<{ plan: PlanId; interval: BillingInterval; currency: BillingCurrency; unitAmount: number; lookupKey: string }> {
  return PLAN_IDS.flatMap((plan) =>
    BILLING_CURRENCIES.flatMap((currency) =>
      BILLING_INTERVALS.map((interval) => {
        const price = PLANS[plan].prices[currency];
        const unitAmount = Math.round((interval === 'month' ? price.monthly : price.yearly) * 100);
        return { plan, interval, currency, unitAmount, lookupKey: priceLookupKey(plan, interval, currency) };
      }),
    ),
  );
}

const unix = z.number().int();
const ref = z.union([z.string(), z.object({ id: z.string() }).transform((object) => object.id)]);

/** What ReFeed reads of a Stripe subscription (API version 2023-08-16; a period end on the item, as later versions put it, is read too). */
export const ZStripeSubscription = z.object({
  id: z.string(),
  object: z.literal('subscription'),
  customer: ref,
  status: z.enum(['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused']),
  created: unix,
  current_period_end: unix.optional(),
  trial_end: unix.nullable().optional(),
  cancel_at_period_end: z.boolean(),
  canceled_at: unix.nullable().optional(),
  metadata: z.record(z.string(), z.string()).default({}),
  items: z.object({
    data: z
      .array(
        z.object({
          current_period_end: unix.optional(),
          quantity: z.number().int().optional(),
          price: z.object({
            id: z.string(),
            lookup_key: z.string().nullable().optional(),
            unit_amount: z.number().int().nullable(),
            currency: z.string(),
            recurring: z.object({ interval: z.string() }).nullable().optional(),
          }),
        }),
      )
      .min(1),
  }),
});
export type StripeSubscription = z.infer<typeof ZStripeSubscription>;

/** The statuses whose subscription gives its plan (past due only within the grace period). */
const LIVE = new Set(['trialing', 'active']);
/** The statuses that end what the subscription gave: the organisation falls back on its trial, else read only. */
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired', 'paused']);

const at = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? null : new Date(seconds * 1000));

export type ApplyOutcome = { organisationId: string; changed: 'plan' | 'billing' | 'ignored' };

/**
 * Writes a subscription as just read from Stripe to its organisation (decision 092), inside the caller's
 * transaction, the organisation row locked: the billing row takes its state; the plan follows unless a
 * contract set it. Reading the subscription again on every event makes order and replays harmless: the same
 * subscription always writes the same state, and an older subscription of the customer never replaces a newer one.
 */
export async function applySubscription(tx: Db, organisationId: string, subscription: StripeSubscription, now: Date): Promise<ApplyOutcome> {
  const [organisation] = await tx
    .select({ plan: organisations.plan, planSource: organisations.planSource })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update');
  if (!organisation) return { organisationId, changed: 'ignored' };
  const [billing] = await tx.select().from(organisationBilling).where(eq(organisationBilling.organisationId, organisationId));
  if (!billing) return { organisationId, changed: 'ignored' };
  if (billing.stripeSubscriptionId && billing.stripeSubscriptionId !== subscription.id && (billing.subscriptionCreated ?? 0) > subscription.created) {
    return { organisationId, changed: 'ignored' };
  }
  const item = subscription.items.data[0];
  const price = parseLookupKey(item.price.lookup_key);
  const pastDue = subscription.status === 'past_due' || subscription.status === 'unpaid';
  const pastDueSince = pastDue ? (billing.stripeSubscriptionId === subscription.id && billing.pastDueSince ? billing.pastDueSince : now) : null;
  const overdue = pastDueSince !== null && now.getTime() - pastDueSince.getTime() >= PAST_DUE_GRACE_DAYS * 24 * 3600_000;
  const live = price !== null && (LIVE.has(subscription.status) || (subscription.status === 'past_due' && !overdue));
  const ended = ENDED.has(subscription.status) || (subscription.status === 'past_due' && overdue);
  const lockedAt = pastDue && overdue ? (billing.lockedAt ?? now) : null;
  await tx
    .update(organisationBilling)
    .set({
      stripeSubscriptionId: subscription.id,
      status: subscription.status,
      plan: price?.plan ?? null,
      interval: price?.interval ?? null,
      currency: item.price.currency,
      amount: item.price.unit_amount === null ? null : item.price.unit_amount * (item.quantity ?? 1),
      currentPeriodEnd: at(item.current_period_end ?? subscription.current_period_end),
      trialEnd: at(subscription.trial_end),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      canceledAt: at(subscription.canceled_at),
      pastDueSince,
      lockedAt,
      subscriptionCreated: subscription.created,
      updatedAt: now,
    })
    .where(eq(organisationBilling.organisationId, organisationId));
  // A contract's plan is the platform team's: Stripe never overwrites it.
  if (organisation.planSource === 'contract') return { organisationId, changed: 'billing' };
  const next = live ? { plan: price.plan, planSource: 'stripe' as const } : ended ? { plan: null, planSource: null } : null;
  if (!next || (next.plan === organisation.plan && next.planSource === organisation.planSource)) return { organisationId, changed: 'billing' };
  await tx.update(organisations).set(next).where(eq(organisations.id, organisationId));
  return { organisationId, changed: 'plan' };
}

/**
 * The organisations whose subscription is past due for 14 days turn read only (the state a trial's end
 * leaves; ratings and points go on, no diner email): their Stripe plan is taken off. Run every hour; a
 * payment restores the plan at once (the invoice.paid event re-reads the subscription). Returns how many.
 */
export async function lockOverdueSubscriptions(db: Db, now: Date): Promise<number> {
  const threshold = new Date(now.getTime() - PAST_DUE_GRACE_DAYS * 24 * 3600_000);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ organisationId: organisationBilling.organisationId })
      .from(organisationBilling)
      .innerJoin(organisations, eq(organisations.id, organisationBilling.organisationId))
      .where(and(lte(organisationBilling.pastDueSince, threshold), isNull(organisationBilling.lockedAt)))
      .for('update');
    for (const { organisationId } of due) {
      await tx.update(organisationBilling).set({ lockedAt: now, updatedAt: now }).where(eq(organisationBilling.organisationId, organisationId));
      await tx
        .update(organisations)
        .set({ plan: null, planSource: null })
        .where(and(eq(organisations.id, organisationId), eq(organisations.planSource, 'stripe')));
    }
    return due.length;
  });
}

/** The billing row of an organisation (null when it never went to Checkout). */
export async function readBilling(db: Db, organisationId: string) {
  const [row] = await db.select().from(organisationBilling).where(eq(organisationBilling.organisationId, organisationId));
  return row ?? null;
}

/** Billing states as the product names them (issue 54): essai, actif, paiement en retard, résiliation prévue, résilié, contrat. */
export const BILLING_STATES = ['none', 'trialing', 'active', 'past_due', 'canceling', 'canceled', 'incomplete', 'contract'] as const;
export type BillingState = (typeof BILLING_STATES)[number];

/** The product's billing state of an organisation from its plan source and its billing row. */
export function billingStateOf(planSource: string | null, billing: { status: string | null; cancelAtPeriodEnd: boolean } | null): BillingState {
  if (planSource === 'contract') return 'contract';
  if (!billing?.status) return 'none';
  if (billing.status === 'past_due' || billing.status === 'unpaid') return 'past_due';
  if ((billing.status === 'active' || billing.status === 'trialing') && billing.cancelAtPeriodEnd) return 'canceling';
  if (billing.status === 'active' || billing.status === 'trialing') return billing.status;
  if (billing.status === 'incomplete') return 'incomplete';
  return 'canceled';
}

/**
 * Monthly recurring revenue by currency and plan, before tax, in minor units (issue 54's admin console):
 * every subscription that bills (active or past due; not in trial, not ended), a yearly price counted as a
 * twelfth (rounded per subscription, so the lines add up). Amounts of different currencies are never added together.
 */
export async function readMrr(db: Db): Promise<Array<{ currency: string; plan: string; subscriptions: number; mrr: number }>> {
  const rows = await db
    .select({
      currency: organisationBilling.currency,
      plan: organisationBilling.plan,
      subscriptions: sql<number>`count(*)::int`,
      mrr: sql<number>`coalesce(sum(case when ${organisationBilling.interval} = 'year' then round(${organisationBilling.amount} / 12.0) else ${organisationBilling.amount} end), 0)::float8`,
    })
    .from(organisationBilling)
    .where(sql`${organisationBilling.status} in ('active', 'past_due') and ${organisationBilling.plan} is not null and ${organisationBilling.currency} is not null`)
    .groupBy(organisationBilling.currency, organisationBilling.plan);
  return rows.map((row) => ({ currency: row.currency ?? '', plan: row.plan ?? '', subscriptions: Number(row.subscriptions), mrr: Math.round(Number(row.mrr)) }));
}
