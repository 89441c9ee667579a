import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './restaurants';

/**
 * An organisation's Stripe customer and subscription as last read from Stripe (decision 092): the webhooks
 * re-read the subscription and write it here; `organisations.plan` follows it unless the plan is a contract's.
 * Amounts are in the currency's minor unit (cents, pence), before tax.
 */
export const organisationBilling = pgTable(
  'organisation_billing',
  {
    organisationId: uuid('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    stripeCustomerId: text('stripe_customer_id').notNull().unique(),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Stripe's subscription status (trialing, active, past_due, unpaid, canceled, incomplete…), null before any. */
    status: text('status'),
    /** The subscribed plan and period, read from the price's lookup key. */
    plan: text('plan'),
    interval: text('interval'),
    currency: text('currency'),
    /** The price's amount per period, before tax (minor unit). */
    amount: integer('amount'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Since when the subscription is past due (null when paid up): 14 days later the organisation turns read only. */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    /** When the organisation was made read only for an unpaid subscription (null when not). */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** The Stripe `created` of the subscription read last: an older subscription never replaces a newer one. */
    subscriptionCreated: integer('subscription_created'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organisation_billing_interval_check', sql`${t.interval} is null or ${t.interval} in ('month', 'year')`),
    index('organisation_billing_past_due_idx').on(t.pastDueSince),
  ],
);

/** Every Stripe event handled, by its id (decision 092): a replayed event is answered 200 and changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
