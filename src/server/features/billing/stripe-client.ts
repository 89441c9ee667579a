import Stripe from 'stripe';
import type { Env } from '../../env';

/**
 * The Stripe API version ReFeed speaks (decision 092): pinned, and the one of the published OpenAPI
 * description the fake Stripe server of the tests is checked against (tests/support/stripe-openapi). The
 * SDK's own types describe its latest version; what ReFeed reads back is parsed by core/billing.ts's schemas.
 */
export const STRIPE_API_VERSION = '2023-08-16';

export type StripeClient = Stripe;

/** The Stripe client of these settings, or null when online payment is not configured (no key or no webhook secret). */
export function createStripe(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'>): Stripe | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  const base = new URL(env.STRIPE_API_BASE);
  return new Stripe(env.STRIPE_SECRET_KEY, {
    // The pinned version is older than the SDK's types (see above).
    apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'ReFeed' },
  });
}
