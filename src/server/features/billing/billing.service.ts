import { asc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { organisationBilling, organisations, restaurants, stripeEvents } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Env } from '../../env';
import { readOrganisationOwners } from '../../core/organisation-owners';
import { applySubscription, billingStateOf, parseLookupKey, planPrices, priceLookupKey, readBilling, ZStripeSubscription, type BillingCurrency } from '../../core/billing';
import { enqueueEmail } from '../../email/email-queue';
import { AppError } from '../../lib/http/errors';
import { clock } from '../../lib/runtime/clock';
import { createStripe } from './stripe-client';
import { currencyOf } from '../../../shared/rules/locales';
import { PLANS, type PlanId } from '../../../shared/rules/plans';
import { paths } from '../../../shared/paths';
import { BILLING_MESSAGES, type TCheckoutRequest } from '../../../shared/schemas/billing';

/** One Stripe client per settings object (the SDK keeps its agent and telemetry state). */
const clients = new WeakMap<Env, Stripe | null>();
export function stripeOf(env: Env): Stripe | null {
  if (!clients.has(env)) clients.set(env, createStripe(env));
  return clients.get(env)!;
}
function requireStripe(env: Env): Stripe {
  const stripe = stripeOf(env);
  if (!stripe) throw new AppError('CONFLICT', BILLING_MESSAGES.notConfigured);
  return stripe;
}

/** A Stripe call that failed for the network or Stripe's side: 502 in French, logged by the caller's error handler. */
async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const type = (error as { type?: string }).type;
    if (type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError') throw new AppError('BAD_GATEWAY', BILLING_MESSAGES.stripeUnavailable);
    throw error;
  }
}

/**
 * The seller's mentions every invoice carries in its footer (decision 094): legal name, SIREN, VAT number and
 * registered address from the operator settings. Stripe numbers the invoices; the buyer's SIREN is a custom field.
 */
export function invoiceFooter(env: Pick<Env, 'OPERATOR_LEGAL_NAME' | 'OPERATOR_SIREN' | 'OPERATOR_VAT_NUMBER' | 'OPERATOR_ADDRESS'>): string {
  return [env.OPERATOR_LEGAL_NAME, env.OPERATOR_SIREN && `SIREN ${env.OPERATOR_SIREN}`, env.OPERATOR_VAT_NUMBER && `TVA ${env.OPERATOR_VAT_NUMBER}`, env.OPERATOR_ADDRESS]
    .filter(Boolean)
    .join(' — ');
}

/** The organisation's Stripe customer, created once (legal name, SIREN or company number, address, propriétaire's email). */
async function ensureCustomer(deps: Pick<AppDeps, 'db' | 'env'>, stripe: Stripe, organisationId: string): Promise<{ customerId: string; country: 'FR' | 'GB' }> {
  const [organisation] = await deps.db
    .select({ name: organisations.name, siren: organisations.siren, companyNumber: organisations.companyNumber, country: organisations.country })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!organisation) throw new AppError('NOT_FOUND', 'Organisation introuvable');
  const existing = await readBilling(deps.db, organisationId);
  if (existing) return { customerId: existing.stripeCustomerId, country: organisation.country };
  const [venue] = await deps.db
    .select({ legalName: restaurants.legalName, address: restaurants.address, contactEmail: restaurants.contactEmail })
    .from(restaurants)
    .where(eq(restaurants.organisationId, organisationId))
    .orderBy(asc(restaurants.createdAt))
    .limit(1);
  const [owner] = await readOrganisationOwners(deps.db, organisationId);
  const registration = organisation.country === 'GB' ? organisation.companyNumber : organisation.siren;
  const registrationLabel = organisation.country === 'GB' ? 'Company number' : 'SIREN';
  const footer = invoiceFooter(deps.env);
  const customer = await callStripe(() =>
    stripe.customers.create(
      {
        name: venue?.legalName ?? organisation.name,
        email: owner?.email ?? venue?.contactEmail,
        ...(venue?.address ? { address: { line1: venue.address, country: organisation.country } } : {}),
        preferred_locales: [organisation.country === 'GB' ? 'en-GB' : 'fr-FR'],
        metadata: { organisation_id: organisationId, ...(registration ? { registration } : {}) },
        invoice_settings: {
          ...(registration ? { custom_fields: [{ name: registrationLabel, value: registration }] } : {}),
          ...(footer ? { footer } : {}),
        },
      },
      // The same organisation asking twice at once gets one customer.
      { idempotencyKey: `refeed-customer-${organisationId}` },
    ),
  );
  await deps.db.insert(organisationBilling).values({ organisationId, stripeCustomerId: customer.id }).onConflictDoNothing();
  const stored = await readBilling(deps.db, organisationId);
  return { customerId: stored!.stripeCustomerId, country: organisation.country };
}

/** Stripe requires a Checkout trial to end at least 48 hours ahead; closer to its end, billing starts now. */
const MIN_CHECKOUT_TRIAL_MS = 48 * 3600_000 + 5 * 60_000;

/**
 * A Checkout session (subscription mode) for the chosen plan and period in the organisation's currency
 * (decision 092): card, and SEPA Direct Debit for EUR; Stripe Tax on the customer's address and VAT
 * number; a subscription taken during the trial starts billing when the trial ends. Returns its URL.
 */
export async function createCheckout(deps: Pick<AppDeps, 'db' | 'env'>, organisationId: string, input: TCheckoutRequest): Promise<{ url: string }> {
  const stripe = requireStripe(deps.env);
  const [organisation] = await deps.db
    .select({ planSource: organisations.planSource, trialEndsAt: organisations.trialEndsAt })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!organisation) throw new AppError('NOT_FOUND', 'Organisation introuvable');
  if (organisation.planSource === 'contract') throw new AppError('CONFLICT', BILLING_MESSAGES.contract);
  const billing = await readBilling(deps.db, organisationId);
  if (billing?.status && ['trialing', 'active', 'past_due', 'unpaid', 'incomplete'].includes(billing.status)) throw new AppError('CONFLICT', BILLING_MESSAGES.alreadySubscribed);
  const { customerId, country } = await ensureCustomer(deps, stripe, organisationId);
  const currency = currencyOf(country).toLowerCase() as BillingCurrency;
  const lookupKey = priceLookupKey(input.plan, input.interval, currency);
  const prices = await callStripe(() => stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }));
  const price = prices.data[0];
  if (!price) throw new AppError('CONFLICT', `Le prix ${lookupKey} n’existe pas chez Stripe : lancez npm run billing:sync.`);
  const now = clock.now();
  const trialEnd = organisation.trialEndsAt && organisation.trialEndsAt.getTime() - now.getTime() >= MIN_CHECKOUT_TRIAL_MS ? Math.floor(organisation.trialEndsAt.getTime() / 1000) : null;
  const back = `${deps.env.PUBLIC_URL}${paths.subscription.href()}`;
  const session = await callStripe(() =>
    stripe.checkout.sessions.create({
      // Card, and SEPA Direct Debit for EUR (API 2023-08-16's parameter; the SDK's latest types dropped it).
      ...({ payment_method_types: currency === 'eur' ? ['card', 'sepa_debit'] : ['card'] } as object),
      mode: 'subscription',
      customer: customerId,
      client_reference_id: organisationId,
      line_items: [{ price: price.id, quantity: 1 }],
      subscription_data: { metadata: { organisation_id: organisationId }, ...(trialEnd ? { trial_end: trialEnd } : {}) },
      metadata: { organisation_id: organisationId },
      automatic_tax: { enabled: true },
      tax_id_collection: { enabled: true },
      billing_address_collection: 'required',
      customer_update: { address: 'auto', name: 'auto' },
      locale: country === 'GB' ? 'en-GB' : 'fr',
      success_url: `${back}?paiement=ok`,
      cancel_url: `${back}?paiement=annule`,
    }),
  );
  if (!session.url) throw new AppError('BAD_GATEWAY', BILLING_MESSAGES.stripeUnavailable);
  return { url: session.url };
}

/** A Customer Portal session: change plan or period, update the payment method, invoices, cancel at period end. */
export async function createPortal(deps: Pick<AppDeps, 'db' | 'env'>, organisationId: string): Promise<{ url: string }> {
  const stripe = requireStripe(deps.env);
  const billing = await readBilling(deps.db, organisationId);
  if (!billing) throw new AppError('CONFLICT', BILLING_MESSAGES.noCustomer);
  const session = await callStripe(() =>
    stripe.billingPortal.sessions.create({ customer: billing.stripeCustomerId, return_url: `${deps.env.PUBLIC_URL}${paths.subscription.href()}`, locale: 'auto' }),
  );
  return { url: session.url };
}

/** The events ReFeed handles (issue 54); any other is acknowledged and ignored. */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/** The subscription an event is about (its id), or null. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as { object?: string; id?: string; subscription?: unknown; parent?: { subscription_details?: { subscription?: unknown } } };
  const id = (value: unknown) => (typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value ? String((value as { id: unknown }).id) : null);
  if (object.object === 'subscription') return object.id ?? null;
  return id(object.subscription) ?? id(object.parent?.subscription_details?.subscription);
}

export type WebhookOutcome = { handled: 'ignored' | 'duplicate' | 'applied'; type: string };

/**
 * POST /api/billing/stripe-webhook (decision 092): the signature is checked by the SDK over the raw body (400
 * and nothing changed when it fails); each event is handled once (its id stored in the same transaction as
 * its effects); the subscription is read again from Stripe, never taken from the payload; a failed payment
 * tells the propriétaires, queued in the same transaction.
 */
export async function handleStripeWebhook(deps: Pick<AppDeps, 'db' | 'env' | 'boss' | 'logger'>, rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
  const stripe = requireStripe(deps.env);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', deps.env.STRIPE_WEBHOOK_SECRET!);
  } catch {
    throw new AppError('BAD_REQUEST', BILLING_MESSAGES.badSignature);
  }
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return { handled: 'ignored', type: event.type };
  const [seen] = await deps.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return { handled: 'duplicate', type: event.type };
  const subscriptionId = subscriptionIdOf(event);
  const subscription = subscriptionId ? ZStripeSubscription.parse(await stripe.subscriptions.retrieve(subscriptionId)) : null;
  const now = clock.now();
  return deps.db.transaction(async (tx) => {
    const inserted = await tx.insert(stripeEvents).values({ id: event.id, type: event.type, receivedAt: now }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (inserted.length === 0) return { handled: 'duplicate' as const, type: event.type };
    if (!subscription) return { handled: 'applied' as const, type: event.type };
    const organisationId = await organisationOf(tx, subscription.customer);
    if (!organisationId) {
      deps.logger.warn({ eventId: event.id, customer: subscription.customer }, 'stripe event for a customer ReFeed does not know');
      return { handled: 'applied' as const, type: event.type };
    }
    await applySubscription(tx, organisationId, subscription, now);
    if (event.type === 'invoice.payment_failed') await queuePaymentFailedEmails(tx, deps, organisationId, event, subscription);
    return { handled: 'applied' as const, type: event.type };
  });
}

/** The organisation of a Stripe customer: only a customer ReFeed created (its billing row) names one. */
async function organisationOf(tx: Db, customerId: string): Promise<string | null> {
  const [row] = await tx
    .select({ organisationId: organisationBilling.organisationId })
    .from(organisationBilling)
    .where(eq(organisationBilling.stripeCustomerId, customerId));
  return row?.organisationId ?? null;
}

/** The organisation's propriétaires (core/organisation-owners.ts) and its first venue (the emails' sender context). */
export async function ownersOf(tx: Db, organisationId: string) {
  const owners = await readOrganisationOwners(tx, organisationId);
  const [venue] = await tx.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.organisationId, organisationId)).orderBy(asc(restaurants.createdAt)).limit(1);
  const [organisation] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId));
  return { owners, venueId: venue?.id ?? null, name: organisation?.name ?? null };
}

function formatAmount(amount: number | null, currency: string): string {
  if (amount === null) return '';
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100).replace(/\u202f|\u00a0/g, ' ');
}

async function queuePaymentFailedEmails(tx: Db, deps: Pick<AppDeps, 'boss' | 'env'>, organisationId: string, event: Stripe.Event, subscription: ReturnType<typeof ZStripeSubscription.parse>) {
  const { owners, venueId, name } = await ownersOf(tx, organisationId);
  const invoice = event.data.object as unknown as { amount_due?: number; currency?: string };
  const item = subscription.items.data[0];
  const plan = parseLookupKey(item.price.lookup_key)?.plan;
  for (const owner of owners) {
    await enqueueEmail(
      deps.boss,
      {
        template: 'billing_payment_failed',
        restaurantId: venueId,
        customerId: null,
        to: owner.email,
        eventId: `billing-failed:${event.id}:${owner.email}`,
        data: {
          first_name: owner.firstName,
          organisation_name: name,
          plan: plan ?? null,
          plan_name: plan ? PLANS[plan as PlanId].name.fr : null,
          amount: formatAmount(invoice.amount_due ?? item.price.unit_amount, invoice.currency ?? item.price.currency),
          url: `${deps.env.PUBLIC_URL}${paths.subscription.href()}`,
        },
      },
      { tx },
    );
  }
}

/**
 * `npm run billing:sync` (issue 54): one product per plan (its id `refeed_<plan>`) and one price per plan,
 * period and currency, found by lookup key. Run again, it creates nothing; a price changed in the plan table
 * gets a new Stripe price that takes the lookup key over (Stripe prices cannot change their amount).
 */
export async function syncStripeCatalogue(stripe: Stripe): Promise<{ productsCreated: number; pricesCreated: number; pricesKept: number }> {
  let productsCreated = 0;
  let pricesCreated = 0;
  let pricesKept = 0;
  for (const plan of Object.values(PLANS)) {
    const productId = `refeed_${plan.id}`;
    try {
      const product = await stripe.products.retrieve(productId);
      if (product.name !== `ReFeed ${plan.name.fr}`) await stripe.products.update(productId, { name: `ReFeed ${plan.name.fr}` });
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode !== 404) throw error;
      await stripe.products.create({ id: productId, name: `ReFeed ${plan.name.fr}`, metadata: { plan: plan.id } });
      productsCreated += 1;
    }
  }
  const wanted = planPrices();
  const existing = await stripe.prices.list({ lookup_keys: wanted.map((price) => price.lookupKey), active: true, limit: 100 });
  for (const price of wanted) {
    const found = existing.data.find((candidate) => candidate.lookup_key === price.lookupKey);
    if (found && found.unit_amount === price.unitAmount && found.currency === price.currency && found.recurring?.interval === price.interval) {
      pricesKept += 1;
      continue;
    }
    await stripe.prices.create({
      product: `refeed_${price.plan}`,
      currency: price.currency,
      unit_amount: price.unitAmount,
      recurring: { interval: price.interval },
      lookup_key: price.lookupKey,
      transfer_lookup_key: true,
      tax_behavior: 'exclusive',
      metadata: { plan: price.plan, interval: price.interval },
    });
    pricesCreated += 1;
  }
  return { productsCreated, pricesCreated, pricesKept };
}

/** GET /api/billing/status: the billing state and, when past due, since when and whether it made ReFeed read only. */
export async function readBillingStatus(db: Db, organisationId: string) {
  const [organisation] = await db.select({ planSource: organisations.planSource }).from(organisations).where(eq(organisations.id, organisationId));
  const billing = await readBilling(db, organisationId);
  return { state: billingStateOf(organisation?.planSource ?? null, billing), pastDueSince: billing?.pastDueSince?.toISOString() ?? null, locked: Boolean(billing?.lockedAt) };
}
