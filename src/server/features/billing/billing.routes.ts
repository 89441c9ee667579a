import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { requireMember } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { validate } from '../../lib/http/validate';
import { ZCheckoutRequest } from '../../../shared/schemas/billing';
import { createCheckout, createPortal, handleStripeWebhook, readBillingStatus } from './billing.service';
import { operatorLegalOf } from '../../core/operator-legal';

/**
 * Online payment (issue 54, decision 092): POST /api/billing/checkout and /api/billing/portal for the
 * propriétaires ('billing.manage', open even when the plan made the venue read only), and the one Stripe
 * webhook at POST /api/billing/stripe-webhook (no session: the SDK checks Stripe's signature over the raw body).
 * GET /api/billing/operator is public: the operator's details the legal notice shows when the app's own
 * router opens it (the served page has them filled in; decision 094).
 */
export function createBillingRoutes(deps: AppDeps) {
  const operator = operatorLegalOf(deps.env);
  return new Hono<AppEnv>()
    .get('/operator', (c) => c.json(operator))
    // The banner's word on every owner page (a failed payment, the read-only state it led to): one row read.
    .get('/status', requireMember(deps, 'billing.manage'), async (c) => c.json(await readBillingStatus(deps.db, c.get('tenant').organisationId)))
    .post('/checkout', requireMember(deps, 'billing.manage'), validate('json', ZCheckoutRequest), async (c) =>
      c.json(await createCheckout(deps, c.get('tenant').organisationId, c.req.valid('json'))),
    )
    .post('/portal', requireMember(deps, 'billing.manage'), async (c) => c.json(await createPortal(deps, c.get('tenant').organisationId)))
    .post('/stripe-webhook', async (c) => {
      // The body as received (the input guard kept it as text): the signature covers these bytes.
      const outcome = await handleStripeWebhook(deps, await c.req.text(), c.req.header('stripe-signature'));
      return c.json({ received: true, ...outcome });
    });
}
