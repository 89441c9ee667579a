// Online payment through Stripe (issue 54, decision 092), against the fake Stripe server of tests/support:
// Checkout during a trial, events signed by the SDK's test-header helper, replays and disorder, a bad
// signature, dunning on a clock, cancellation, plan change, one trial per company, a contract's plan.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { organisationBilling, organisations, stripeEvents } from '../../src/server/db/schema';
import { lockOverdueSubscriptions } from '../../src/server/core/billing';
import { trialEndForCompany } from '../../src/server/core/plan';
import { createStripe } from '../../src/server/features/billing/stripe-client';
import { syncStripeCatalogue } from '../../src/server/features/billing/billing.service';
import { queueTrialReminders } from '../../src/server/features/billing/billing.jobs';
import { clock } from '../../src/server/lib/runtime/clock';
import { BILLING_MESSAGES } from '../../src/shared/schemas/billing';
import { PLAN_MESSAGES } from '../../src/shared/rules/plans';
import { createRestaurant, createSignedInAdmin, createUser, signIn, uniqueEmail } from '../support/factories';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { createTestContext, type TestContext } from '../support/test-app';
import { queryRows } from '../../src/server/db/client';

let ctx: TestContext;
let fake: FakeStripe;
const DAY = 24 * 3600_000;
const NOW = new Date('2026-12-01T10:00:00Z');

beforeAll(async () => {
  fake = await startFakeStripe({ now: () => clock.now() });
  ctx = await createTestContext({ env: { STRIPE_SECRET_KEY: fake.apiKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_BASE: fake.url } });
  fake.deliver = async (body, signature) =>
    (await ctx.app.request('http://localhost:3000/api/billing/stripe-webhook', { method: 'POST', body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } })).status;
  await syncStripeCatalogue(createStripe(ctx.deps.env)!);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
afterEach(() => clock.reset());

/** A propriétaire signed in, of an organisation on a trial ending in `trialDays` (null: none), with a SIREN. */
async function owner(options: { trialDays?: number | null; siren?: string } = {}) {
  const person = await createUser(ctx, { email: uniqueEmail('billing'), name: 'Camille Durand' });
  const trialEndsAt = options.trialDays === null ? null : new Date(clock.now().getTime() + (options.trialDays ?? 10) * DAY);
  const restaurant = await createRestaurant(ctx, { ownerId: person.id, plan: null, trialEndsAt });
  if (options.siren) await ctx.db.update(organisations).set({ siren: options.siren }).where(eq(organisations.id, restaurant.organisationId));
  return { person, restaurant, organisationId: restaurant.organisationId, agent: await signIn(ctx, person.email) };
}

async function subscribe(agent: Awaited<ReturnType<typeof owner>>['agent'], plan = 'pro', interval = 'month') {
  const response = await agent.post('/api/billing/checkout', { plan, interval });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const sessionId = new URL(url).pathname.split('/').pop()!;
  const subscription = await fake.completeCheckout(sessionId);
  return { url, sessionId, subscriptionId: subscription.id };
}

async function orgRow(organisationId: string) {
  const [row] = await ctx.db.select().from(organisations).where(eq(organisations.id, organisationId));
  const [billing] = await ctx.db.select().from(organisationBilling).where(eq(organisationBilling.organisationId, organisationId));
  return { plan: row.plan, planSource: row.planSource, billing };
}

describe('npm run billing:sync', () => {
  it('creates the 3 products and 12 prices (plan × month/year × EUR/GBP) once: run again, it creates nothing', async () => {
    expect(fake.products.size).toBe(3);
    expect([...fake.prices.values()].map((price) => price.lookup_key).sort()).toEqual(
      ['essential', 'premium', 'pro'].flatMap((plan) => ['eur', 'gbp'].flatMap((currency) => ['month', 'year'].map((interval) => `refeed_${plan}_${interval}_${currency}`))).sort(),
    );
    expect([...fake.prices.values()].find((price) => price.lookup_key === 'refeed_pro_year_gbp')).toMatchObject({ unit_amount: 99000, currency: 'gbp', recurring: { interval: 'year' } });
    const again = await syncStripeCatalogue(createStripe(ctx.deps.env)!);
    expect(again).toEqual({ productsCreated: 0, pricesCreated: 0, pricesKept: 12 });
    expect(fake.prices.size).toBe(12);
  });
});

describe('subscribing', () => {
  it('during the trial: a Checkout session in EUR with card and SEPA, Stripe Tax, billing from the trial’s end; the plan follows the subscription', async () => {
    clock.freeze(NOW);
    const { agent, organisationId } = await owner({ trialDays: 10, siren: '732829320' });
    const before = fake.requests.length;
    const { url } = await subscribe(agent, 'pro', 'month');
    expect(url.startsWith(`${fake.url}/checkout/`)).toBe(true);
    const customerCall = fake.requests.slice(before).find((request) => request.route === 'post /v1/customers')!;
    expect(customerCall.params).toMatchObject({
      name: expect.any(String),
      metadata: { organisation_id: organisationId, registration: '732829320' },
      invoice_settings: { custom_fields: [{ name: 'SIREN', value: '732829320' }], footer: expect.stringContaining('ReFeed SAS') },
    });
    const sessionCall = fake.requests.slice(before).find((request) => request.route === 'post /v1/checkout/sessions')!;
    expect(sessionCall.params).toMatchObject({
      mode: 'subscription',
      payment_method_types: ['card', 'sepa_debit'],
      automatic_tax: { enabled: 'true' },
      tax_id_collection: { enabled: 'true' },
      subscription_data: { trial_end: String(Math.floor((NOW.getTime() + 10 * DAY) / 1000)), metadata: { organisation_id: organisationId } },
      line_items: [{ price: [...fake.prices.values()].find((price) => price.lookup_key === 'refeed_pro_month_eur')!.id, quantity: '1' }],
    });
    expect(await orgRow(organisationId)).toMatchObject({ plan: 'pro', planSource: 'stripe', billing: { status: 'trialing', plan: 'pro', interval: 'month', currency: 'eur', amount: 7900 } });
    const page = await (await agent.get('/api/subscription')).json();
    expect(page).toMatchObject({ state: 'active', plan: 'pro', billing: { onlinePayment: true, state: 'trialing', trialEnd: new Date(NOW.getTime() + 10 * DAY).toISOString() } });
    // A second Checkout while subscribed is refused: plan changes go through the portal.
    const again = await agent.post('/api/billing/checkout', { plan: 'premium', interval: 'year' });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(BILLING_MESSAGES.alreadySubscribed);
    const portal = await agent.post('/api/billing/portal');
    expect(portal.status).toBe(200);
    expect((await portal.json()).url).toMatch(`${fake.url}/portal/`);
  });

  it('refuses a bad plan or period in French', async () => {
    const { agent } = await owner();
    const bad = await agent.post('/api/billing/checkout', { plan: 'gold', interval: 'month' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Forfait inconnu');
  });

  it('a trial over (read only) may still pay: Checkout bills at once and the plan is back', async () => {
    clock.freeze(NOW);
    const { agent, organisationId } = await owner({ trialDays: null });
    expect((await agent.post('/api/venues', { name: 'Deuxième salle' })).status).toBe(403);
    const before = fake.requests.length;
    await subscribe(agent, 'essential', 'year');
    const sessionCall = fake.requests.slice(before).find((request) => request.route === 'post /v1/checkout/sessions')!;
    expect((sessionCall.params.subscription_data as Record<string, unknown>).trial_end).toBeUndefined();
    expect(await orgRow(organisationId)).toMatchObject({ plan: 'essential', billing: { status: 'active', interval: 'year', amount: 39000 } });
  });
});

describe('the webhook', () => {
  it('a bad signature answers 400 and changes nothing', async () => {
    const { agent, organisationId } = await owner();
    const { subscriptionId } = await subscribe(agent);
    const events = await ctx.db.select().from(stripeEvents);
    const before = await orgRow(organisationId);
    fake.subscriptions.get(subscriptionId)!.status = 'canceled';
    const { body } = fake.signedEvent('customer.subscription.deleted', fake.subscriptions.get(subscriptionId)!);
    const forged = await ctx.app.request('http://localhost:3000/api/billing/stripe-webhook', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
    });
    expect(forged.status).toBe(400);
    expect((await forged.json()).error.message).toBe(BILLING_MESSAGES.badSignature);
    const unsigned = await ctx.app.request('http://localhost:3000/api/billing/stripe-webhook', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.status).toBe(400);
    expect(await ctx.db.select().from(stripeEvents)).toHaveLength(events.length);
    expect(await orgRow(organisationId)).toEqual(before);
  });

  it('an event replayed, or arriving after a later one, changes nothing twice: the subscription is read again from Stripe', async () => {
    const { agent, organisationId } = await owner();
    const { subscriptionId } = await subscribe(agent);
    const subscription = fake.subscriptions.get(subscriptionId)!;
    const created = fake.signedEvent('customer.subscription.created', structuredClone(subscription));
    expect(await fake.deliver(created.body, created.signature)).toBe(200);
    await fake.cancelAtPeriodEnd(subscriptionId);
    const after = await orgRow(organisationId);
    expect(after.billing).toMatchObject({ cancelAtPeriodEnd: true });
    const versionOf = async () => (await queryRows<{ v: number }>(ctx.db, sql`select count(*)::int as v from stripe_events`))[0].v;
    const count = await versionOf();
    // Replayed: answered 200, stored once, nothing changed.
    const replay = await ctx.app.request('http://localhost:3000/api/billing/stripe-webhook', { method: 'POST', body: created.body, headers: { 'content-type': 'application/json', 'stripe-signature': created.signature } });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ handled: 'duplicate' });
    expect(await versionOf()).toBe(count);
    // Out of order: an older « created » event (new id) whose payload says not cancelled still yields Stripe's current state.
    const stale = fake.signedEvent('customer.subscription.created', { ...structuredClone(subscription), cancel_at_period_end: false });
    expect(await fake.deliver(stale.body, stale.signature)).toBe(200);
    expect(await orgRow(organisationId)).toEqual({ ...after, billing: { ...after.billing, updatedAt: expect.any(Date) } });
  });

  it('ignores events it does not handle, and a customer it does not know', async () => {
    expect(await fake.send('customer.created', { id: 'cus_other', object: 'customer' })).toBe(200);
    const stranger: Record<string, unknown> = { ...structuredClone([...fake.subscriptions.values()][0]), id: 'sub_stranger', customer: 'cus_stranger' };
    fake.subscriptions.set('sub_stranger', stranger as never);
    expect(await fake.send('customer.subscription.updated', stranger)).toBe(200);
  });
});

describe('dunning', () => {
  it('payment failed → the propriétaires are emailed → read only on day 14 (not before) → paid → restored at once', async () => {
    clock.freeze(NOW);
    const { agent, organisationId, person } = await owner({ trialDays: null });
    const { subscriptionId } = await subscribe(agent, 'pro', 'month');
    await fake.failPayment(subscriptionId);
    const mail = await ctx.waitForMail((m) => m.toEmail === person.email && m.subject === 'Le paiement de votre abonnement ReFeed a échoué');
    expect(mail.html).toContain('79,00 €');
    expect(mail.html).toContain('/abonnement');
    expect(await orgRow(organisationId)).toMatchObject({ plan: 'pro', billing: { status: 'past_due', pastDueSince: NOW } });
    expect((await (await agent.get('/api/subscription')).json()).billing).toMatchObject({ state: 'past_due', locked: false });
    // Replayed failure: one email only.
    clock.advance(13 * DAY);
    expect(await lockOverdueSubscriptions(ctx.db, clock.now())).toBe(0);
    expect((await agent.post('/api/venues', { name: 'Salle du fond' })).status).not.toBe(403);
    clock.advance(DAY);
    expect(await lockOverdueSubscriptions(ctx.db, clock.now())).toBe(1);
    expect(await orgRow(organisationId)).toMatchObject({ plan: null, billing: { lockedAt: clock.now() } });
    const refused = await agent.post('/api/venues', { name: 'Salle du haut' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe(PLAN_MESSAGES.expired);
    expect((await (await agent.get('/api/subscription')).json()).billing).toMatchObject({ state: 'past_due', locked: true });
    // Paying is still possible (the portal is open to the read-only organisation), and restores at once.
    expect((await agent.post('/api/billing/portal')).status).toBe(200);
    await fake.payInvoice(subscriptionId);
    expect(await orgRow(organisationId)).toMatchObject({ plan: 'pro', planSource: 'stripe', billing: { status: 'active', pastDueSince: null, lockedAt: null } });
    expect((await agent.post('/api/venues', { name: 'Salle du haut' })).status).not.toBe(403);
    expect((await ctx.mails(person.email)).filter((m) => m.subject.startsWith('Le paiement'))).toHaveLength(1);
  });

  it('trial reminders: 3 days before and on the day, once each, to the propriétaires; not to a subscribed organisation', async () => {
    clock.freeze(new Date('2026-12-01T08:00:00Z'));
    const { person } = await owner({ trialDays: 3 });
    const subscribed = await owner({ trialDays: 3 });
    await subscribe(subscribed.agent);
    await queueTrialReminders(ctx.deps, clock.now());
    await queueTrialReminders(ctx.deps, clock.now());
    const soon = await ctx.waitForMail((m) => m.toEmail === person.email && m.subject === 'Votre essai gratuit de ReFeed se termine dans 3 jours');
    expect(soon.html).toContain('/abonnement');
    clock.advance(3 * DAY - 2 * 3600_000);
    await queueTrialReminders(ctx.deps, clock.now());
    await ctx.waitForMail((m) => m.toEmail === person.email && m.subject === 'Votre essai gratuit de ReFeed se termine aujourd’hui');
    await ctx.waitForIdleQueue();
    expect(await ctx.mails(person.email)).toHaveLength(2);
    expect((await ctx.mails(subscribed.person.email)).filter((m) => m.subject.startsWith('Votre essai'))).toHaveLength(0);
  });
});

describe('the subscription’s life', () => {
  it('cancel at period end: the plan stays until the end, then the organisation falls back to read only', async () => {
    clock.freeze(NOW);
    const { agent, organisationId } = await owner({ trialDays: null });
    const { subscriptionId } = await subscribe(agent);
    await fake.cancelAtPeriodEnd(subscriptionId);
    expect(await orgRow(organisationId)).toMatchObject({ plan: 'pro', billing: { cancelAtPeriodEnd: true, status: 'active' } });
    expect((await (await agent.get('/api/subscription')).json()).billing).toMatchObject({ state: 'canceling', currentPeriodEnd: new Date(NOW.getTime() + 30 * DAY).toISOString() });
    await fake.endSubscription(subscriptionId);
    expect(await orgRow(organisationId)).toMatchObject({ plan: null, planSource: null, billing: { status: 'canceled' } });
    expect(await (await agent.get('/api/subscription')).json()).toMatchObject({ state: 'expired', billing: { state: 'canceled' } });
  });

  it('a plan change in the portal moves the plan and its price', async () => {
    const { agent, organisationId } = await owner({ trialDays: null });
    const { subscriptionId } = await subscribe(agent, 'essential', 'month');
    await fake.changePrice(subscriptionId, 'refeed_premium_year_eur');
    expect(await orgRow(organisationId)).toMatchObject({ plan: 'premium', billing: { plan: 'premium', interval: 'year', amount: 149000 } });
  });

  it('a contract’s plan, set by the platform team, survives every Stripe event', async () => {
    const { agent, organisationId } = await owner({ trialDays: null });
    const { subscriptionId } = await subscribe(agent, 'pro', 'month');
    const { agent: admin } = await createSignedInAdmin(ctx);
    expect((await admin.post(`/api/admin/organisations/${organisationId}/plan`, { plan: 'premium', trialEndsAt: null, limitOverrides: {} })).status).toBe(200);
    await fake.changePrice(subscriptionId, 'refeed_essential_month_eur');
    await fake.failPayment(subscriptionId);
    await fake.endSubscription(subscriptionId);
    clock.advance(20 * DAY);
    await lockOverdueSubscriptions(ctx.db, clock.now());
    expect(await orgRow(organisationId)).toMatchObject({ plan: 'premium', planSource: 'contract', billing: { status: 'canceled', plan: 'essential' } });
    const refused = await agent.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(BILLING_MESSAGES.contract);
  });
});

describe('one free trial per company', () => {
  it('a second organisation of the same SIREN starts without a trial (the sign-up asks the same rule)', async () => {
    clock.freeze(NOW);
    await owner({ siren: '404833048' });
    expect(await trialEndForCompany(ctx.db, { siren: '404833048' }, NOW)).toBeNull();
    expect(await trialEndForCompany(ctx.db, { siren: '999999999' }, NOW)).toEqual(new Date(NOW.getTime() + 14 * DAY));
    // Through the sign-up: the organisation of a known SIREN is created with no trial.
    const email = uniqueEmail('second');
    const password = 'Motdepasse-solide-42';
    const signup = await ctx.agent().post('/api/signup', {
      restaurantName: 'Le Second Zinc',
      siren: '404833048',
      firstName: 'Camille',
      lastName: 'Durand',
      email,
      phone: '06 12 34 56 78',
      password,
      passwordConfirmation: password,
      acceptTerms: true,
    });
    expect(signup.status).toBe(201);
    const rows = await ctx.db.select({ trialEndsAt: organisations.trialEndsAt }).from(organisations).where(eq(organisations.siren, '404833048'));
    expect(rows.map((row) => row.trialEndsAt === null).sort()).toEqual([false, true]);
  });
});

describe('without Stripe settings', () => {
  it('/abonnement says online payment is not configured and Checkout answers so', async () => {
    const plain = await createTestContext({ startWorkers: false });
    try {
      const person = await createUser(plain, { email: uniqueEmail('plain') });
      await createRestaurant(plain, { ownerId: person.id, plan: null, trialEndsAt: new Date(Date.now() + 5 * DAY) });
      const agent = await signIn(plain, person.email);
      expect((await (await agent.get('/api/subscription')).json()).billing).toMatchObject({ onlinePayment: false, state: 'none' });
      const refused = await agent.post('/api/billing/checkout', { plan: 'pro', interval: 'month' });
      expect(refused.status).toBe(409);
      expect((await refused.json()).error.message).toBe(BILLING_MESSAGES.notConfigured);
    } finally {
      await plain.close();
    }
  });
});

describe('the admin console', () => {
  it('shows each organisation’s billing state, the MRR in total and by plan (a year counts a twelfth), and those past due', async () => {
    const { agent: admin } = await createSignedInAdmin(ctx);
    const before = (await (await admin.get('/api/admin/billing')).json()) as { mrr: { total: Array<{ currency: string; mrr: number }>; byPlan: Array<{ currency: string; plan: string; mrr: number; subscriptions: number }> } };
    const eurBefore = before.mrr.total.find((line) => line.currency === 'eur')?.mrr ?? 0;
    const monthly = await owner({ trialDays: null });
    await subscribe(monthly.agent, 'pro', 'month');
    const yearly = await owner({ trialDays: null });
    await subscribe(yearly.agent, 'premium', 'year');
    const late = await owner({ trialDays: null });
    const { subscriptionId } = await subscribe(late.agent, 'essential', 'month');
    await fake.failPayment(subscriptionId);
    const trialing = await owner({ trialDays: 10 });
    await subscribe(trialing.agent, 'pro', 'month');
    const overview = (await (await admin.get('/api/admin/billing')).json()) as typeof before & { pastDue: Array<{ organisationId: string }>; organisations: Array<{ organisationId: string; state: string }> };
    // Pro 79 + Premium 1490/12 + Essentielle 39 (past due still bills); the trial bills nothing yet.
    expect(overview.mrr.total.find((line) => line.currency === 'eur')!.mrr - eurBefore).toBe(7900 + Math.round(149000 / 12) + 3900);
    expect(overview.pastDue.map((row) => row.organisationId)).toContain(late.organisationId);
    expect(overview.organisations.find((row) => row.organisationId === trialing.organisationId)).toMatchObject({ state: 'trialing' });
    expect(overview.organisations.find((row) => row.organisationId === yearly.organisationId)).toMatchObject({ state: 'active', interval: 'year' });
    const owners = await monthly.agent.get('/api/admin/billing');
    expect(owners.status).toBe(403);
  });
});
