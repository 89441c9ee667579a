import { describe, expect, it } from 'vitest';
import { billingStateOf, parseLookupKey, planPrices, priceLookupKey } from './billing';

describe('the prices of the plan table (decision 092)', () => {
  it('one price per plan × month/year × EUR/GBP, in minor units, by lookup key', () => {
    const prices = planPrices();
    expect(prices).toHaveLength(12);
    expect(new Set(prices.map((price) => price.lookupKey)).size).toBe(12);
    expect(prices.find((price) => price.lookupKey === 'refeed_essential_year_gbp')).toMatchObject({ unitAmount: 49000, currency: 'gbp', interval: 'year' });
    expect(prices.find((price) => price.lookupKey === 'refeed_premium_month_eur')).toMatchObject({ unitAmount: 14900 });
  });

  it('reads a lookup key back, and no key that is not ReFeed’s', () => {
    expect(parseLookupKey(priceLookupKey('pro', 'year', 'eur'))).toEqual({ plan: 'pro', interval: 'year', currency: 'eur' });
    for (const key of ['refeed_gold_month_eur', 'refeed_pro_week_eur', 'refeed_pro_month_usd', 'pro_month_eur', null, undefined]) expect(parseLookupKey(key)).toBeNull();
  });
});

describe('the billing state /abonnement names', () => {
  it('contract first, then Stripe’s status, a cancellation at period end as résiliation prévue', () => {
    expect(billingStateOf('contract', { status: 'past_due', cancelAtPeriodEnd: false })).toBe('contract');
    expect(billingStateOf(null, null)).toBe('none');
    expect(billingStateOf('stripe', { status: 'trialing', cancelAtPeriodEnd: false })).toBe('trialing');
    expect(billingStateOf('stripe', { status: 'active', cancelAtPeriodEnd: true })).toBe('canceling');
    expect(billingStateOf('stripe', { status: 'unpaid', cancelAtPeriodEnd: false })).toBe('past_due');
    expect(billingStateOf(null, { status: 'canceled', cancelAtPeriodEnd: true })).toBe('canceled');
    expect(billingStateOf(null, { status: 'incomplete', cancelAtPeriodEnd: false })).toBe('incomplete');
  });
});
