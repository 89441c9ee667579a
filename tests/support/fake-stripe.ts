// A fake Stripe server on a local port (issue 54): only the endpoints ReFeed calls, answering as Stripe's API
// version 2023-08-16 does (the contract test, tests/api/stripe-contract.test.ts, validates every answer and
// every request's parameters against Stripe's published OpenAPI description of those endpoints), a Checkout
// page with a « Payer » button, and the test's levers: a failed or paid invoice, a cancellation at the
// period's end, a plan change. Events are signed with the SDK's own test-header helper and delivered to
// ReFeed's webhook through `deliver`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type FakeStripeRequest = { method: string; path: string; route: string; params: Record<string, unknown>; status: number; body: unknown };
type Obj = Record<string, unknown> & { id: string };

/** Stripe's form encoding (`a[b][0][c]=v`) read back into objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = root as Record<string, unknown>;
    parts.forEach((part, index) => {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (index === parts.length - 1) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k], i) => k === String(i))) return entries.map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

export type FakeStripe = {
  url: string;
  apiKey: string;
  webhookSecret: string;
  /** Every API request ReFeed made, with its parsed parameters and the answer given. */
  requests: FakeStripeRequest[];
  products: Map<string, Obj>;
  prices: Map<string, Obj>;
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** Where events go (the test's app.request, or the browser test's server). Returns the HTTP status. */
  deliver: (body: string, signature: string) => Promise<number>;
  /** An event signed as Stripe signs it (the SDK's generateTestHeaderString), not sent. */
  signedEvent: (type: string, object: Record<string, unknown>) => { event: Obj; body: string; signature: string };
  /** Signs and delivers an event; returns the webhook's HTTP status. */
  send: (type: string, object: Record<string, unknown>) => Promise<number>;
  /** What the Checkout page's « Payer » does: the subscription (trialing to the session's trial end, else active), then its events. */
  completeCheckout: (sessionId: string) => Promise<Obj>;
  /** The next invoice fails: the subscription turns past_due; invoice.payment_failed and customer.subscription.updated are sent. */
  failPayment: (subscriptionId: string) => Promise<void>;
  /** The invoice is paid: active again; invoice.paid and customer.subscription.updated are sent. */
  payInvoice: (subscriptionId: string) => Promise<void>;
  /** The Customer Portal's « Annuler » (at the period's end). */
  cancelAtPeriodEnd: (subscriptionId: string) => Promise<void>;
  /** The Customer Portal's plan change (proration by Stripe): the item's price becomes the lookup key's. */
  changePrice: (subscriptionId: string, lookupKey: string) => Promise<void>;
  /** The period ended after a cancellation: canceled, customer.subscription.deleted sent. */
  endSubscription: (subscriptionId: string) => Promise<void>;
  close: () => Promise<void>;
};

export async function startFakeStripe(options: { now: () => Date; deliver?: (body: string, signature: string) => Promise<number> }): Promise<FakeStripe> {
  const apiKey = 'sk_test_fake_refeed';
  const webhookSecret = 'whsec_fake_refeed_0123456789';
  const signer = new Stripe(apiKey);
  const requests: FakeStripeRequest[] = [];
  const products = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let counter = 0;
  const id = (prefix: string) => `${prefix}_fake${(++counter).toString().padStart(6, '0')}`;
  const seconds = () => Math.floor(options.now().getTime() / 1000);
  let base = '';

  const fake: FakeStripe = {
    url: '',
    apiKey,
    webhookSecret,
    requests,
    products,
    prices,
    customers,
    sessions,
    subscriptions,
    deliver: options.deliver ?? (async () => 599),
    signedEvent(type, object) {
      const event: Obj = { id: id('evt'), object: 'event', api_version: '2023-08-16', created: seconds(), data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type };
      const body = JSON.stringify(event, null, 2);
      return { event, body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }) };
    },
    async send(type, object) {
      const { body, signature } = fake.signedEvent(type, object);
      return fake.deliver(body, signature);
    },
    async completeCheckout(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const lineItems = session.__line_items as Array<{ price: string; quantity?: string }>;
      const price = prices.get(lineItems[0].price)!;
      const data = (session.__subscription_data ?? {}) as { trial_end?: string; metadata?: Record<string, string> };
      const now = seconds();
      const trialEnd = data.trial_end ? Number(data.trial_end) : null;
      const periodEnd = trialEnd ?? now + ((price.recurring as { interval: string }).interval === 'year' ? 365 : 30) * 86400;
      const subscriptionId = id('sub');
      const subscription: Obj = {
        id: subscriptionId,
        object: 'subscription',
        automatic_tax: { enabled: true },
        billing_cycle_anchor: periodEnd,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        collection_method: 'charge_automatically',
        created: now,
        currency: price.currency,
        current_period_end: periodEnd,
        current_period_start: now,
        customer: session.customer,
        ended_at: null,
        items: { object: 'list', data: [item(subscriptionId, price)], has_more: false, url: `/v1/subscription_items?subscription=${subscriptionId}` },
        livemode: false,
        metadata: data.metadata ?? {},
        start_date: now,
        status: trialEnd ? 'trialing' : 'active',
        trial_end: trialEnd,
        trial_start: trialEnd ? now : null,
      };
      subscriptions.set(subscriptionId, subscription);
      Object.assign(session, { status: 'complete', payment_status: trialEnd ? 'no_payment_required' : 'paid', subscription: subscriptionId });
      await fake.send('customer.subscription.created', subscription);
      await fake.send('checkout.session.completed', publicSession(session));
      if (!trialEnd) await fake.send('invoice.paid', invoice(subscription, 'paid'));
      return subscription;
    },
    async failPayment(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId)!;
      subscription.status = 'past_due';
      await fake.send('invoice.payment_failed', invoice(subscription, 'open'));
      await fake.send('customer.subscription.updated', subscription);
    },
    async payInvoice(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId)!;
      subscription.status = 'active';
      await fake.send('invoice.paid', invoice(subscription, 'paid'));
      await fake.send('customer.subscription.updated', subscription);
    },
    async cancelAtPeriodEnd(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId)!;
      Object.assign(subscription, { cancel_at_period_end: true, cancel_at: subscription.current_period_end, canceled_at: seconds() });
      await fake.send('customer.subscription.updated', subscription);
    },
    async changePrice(subscriptionId, lookupKey) {
      const subscription = subscriptions.get(subscriptionId)!;
      const price = [...prices.values()].find((candidate) => candidate.lookup_key === lookupKey && candidate.active);
      if (!price) throw new Error(`no price ${lookupKey}`);
      (subscription.items as { data: Obj[] }).data = [item(subscriptionId, price)];
      await fake.send('customer.subscription.updated', subscription);
    },
    async endSubscription(subscriptionId) {
      const subscription = subscriptions.get(subscriptionId)!;
      Object.assign(subscription, { status: 'canceled', ended_at: seconds() });
      await fake.send('customer.subscription.deleted', subscription);
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const item = (subscriptionId: string, price: Obj): Obj => ({ id: id('si'), object: 'subscription_item', created: seconds(), metadata: {}, price, quantity: 1, subscription: subscriptionId, tax_rates: [] });
  const invoice = (subscription: Obj, status: string): Obj => {
    const price = (subscription.items as { data: Array<{ price: Obj }> }).data[0].price;
    return { id: id('in'), object: 'invoice', customer: subscription.customer, subscription: subscription.id, status, amount_due: price.unit_amount, currency: price.currency, attempt_count: 1 };
  };
  /** A session as the API shows it (ReFeed's parameters kept aside under __ keys). */
  const publicSession = (session: Obj) => Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('__'))) as Obj;
  const list = (url: string, data: Obj[]) => ({ object: 'list', data, has_more: false, url });
  const missing = (kind: string, value: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${value}'`, param: 'id' } } });

  function route(method: string, path: string, params: Record<string, unknown>): { route: string; status: number; body: unknown } {
    let match: RegExpExecArray | null;
    if (method === 'GET' && (match = /^\/v1\/products\/([^/]+)$/.exec(path))) {
      const product = products.get(decodeURIComponent(match[1]));
      return { route: 'get /v1/products/{id}', ...(product ? { status: 200, body: product } : missing('product', match[1])) };
    }
    if (method === 'POST' && path === '/v1/products') {
      const productId = String(params.id ?? id('prod'));
      if (products.has(productId)) return { route: 'post /v1/products', status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_already_exists', message: 'Product already exists.' } } };
      const now = seconds();
      const product: Obj = { id: productId, object: 'product', active: true, created: now, updated: now, features: [], images: [], livemode: false, metadata: params.metadata ?? {}, name: String(params.name) };
      products.set(productId, product);
      return { route: 'post /v1/products', status: 200, body: product };
    }
    if (method === 'POST' && (match = /^\/v1\/products\/([^/]+)$/.exec(path))) {
      const product = products.get(decodeURIComponent(match[1]));
      if (!product) return { route: 'post /v1/products/{id}', ...missing('product', match[1]) };
      Object.assign(product, params.name ? { name: String(params.name) } : {}, { updated: seconds() });
      return { route: 'post /v1/products/{id}', status: 200, body: product };
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys = (params.lookup_keys as string[] | undefined) ?? [];
      const data = [...prices.values()].filter((price) => (keys.length === 0 || keys.includes(String(price.lookup_key))) && (params.active === undefined || String(price.active) === params.active));
      return { route: 'get /v1/prices', status: 200, body: list('/v1/prices', data.slice(0, Number(params.limit ?? 10))) };
    }
    if (method === 'POST' && path === '/v1/prices') {
      const product = products.get(String(params.product));
      if (!product) return { route: 'post /v1/prices', ...missing('product', String(params.product)) };
      const lookupKey = params.lookup_key ? String(params.lookup_key) : null;
      const holder = [...prices.values()].find((price) => lookupKey && price.lookup_key === lookupKey);
      if (holder && params.transfer_lookup_key !== 'true') return { route: 'post /v1/prices', status: 400, body: { error: { type: 'invalid_request_error', message: 'A price with this lookup key already exists.' } } };
      if (holder) holder.lookup_key = null;
      const recurring = params.recurring as { interval: string };
      const unitAmount = Number(params.unit_amount);
      const price: Obj = {
        id: id('price'),
        object: 'price',
        active: true,
        billing_scheme: 'per_unit',
        created: seconds(),
        currency: String(params.currency),
        livemode: false,
        lookup_key: lookupKey,
        metadata: params.metadata ?? {},
        nickname: null,
        product: product.id,
        recurring: { aggregate_usage: null, interval: recurring.interval, interval_count: 1, trial_period_days: null, usage_type: 'licensed' },
        tax_behavior: params.tax_behavior ?? 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
        type: 'recurring',
        unit_amount: unitAmount,
        unit_amount_decimal: String(unitAmount),
      };
      prices.set(price.id, price);
      return { route: 'post /v1/prices', status: 200, body: price };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const settings = (params.invoice_settings ?? {}) as { custom_fields?: unknown[]; footer?: string };
      const customer: Obj = {
        id: id('cus'),
        object: 'customer',
        address: params.address ? { city: null, line2: null, postal_code: null, state: null, ...(params.address as object) } : null,
        balance: 0,
        created: seconds(),
        delinquent: false,
        email: params.email ?? null,
        invoice_prefix: `RF${counter}`,
        invoice_settings: { custom_fields: settings.custom_fields ?? null, default_payment_method: null, footer: settings.footer ?? null, rendering_options: null },
        livemode: false,
        metadata: params.metadata ?? {},
        name: params.name ?? null,
        next_invoice_sequence: 1,
        preferred_locales: params.preferred_locales ?? [],
        tax_exempt: 'none',
      };
      customers.set(customer.id, customer);
      return { route: 'post /v1/customers', status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const customer = customers.get(String(params.customer));
      if (!customer) return { route: 'post /v1/checkout/sessions', ...missing('customer', String(params.customer)) };
      const lineItems = params.line_items as Array<{ price: string }>;
      const price = prices.get(lineItems?.[0]?.price);
      if (!price) return { route: 'post /v1/checkout/sessions', ...missing('price', String(lineItems?.[0]?.price)) };
      const sessionId = id('cs_test');
      const session: Obj = {
        id: sessionId,
        object: 'checkout.session',
        amount_subtotal: price.unit_amount,
        amount_total: price.unit_amount,
        automatic_tax: { enabled: (params.automatic_tax as { enabled?: string })?.enabled === 'true', status: 'requires_location_inputs' },
        billing_address_collection: params.billing_address_collection ?? null,
        cancel_url: params.cancel_url ?? null,
        client_reference_id: params.client_reference_id ?? null,
        created: seconds(),
        currency: price.currency,
        custom_fields: [],
        custom_text: { shipping_address: null, submit: null },
        customer: customer.id,
        expires_at: seconds() + 86400,
        livemode: false,
        locale: params.locale ?? null,
        metadata: params.metadata ?? {},
        mode: 'subscription',
        payment_method_types: params.payment_method_types ?? ['card'],
        payment_status: 'unpaid',
        shipping_options: [],
        status: 'open',
        subscription: null,
        success_url: params.success_url,
        url: `${base}/checkout/${sessionId}`,
        __line_items: lineItems,
        __subscription_data: params.subscription_data,
      };
      sessions.set(sessionId, session);
      return { route: 'post /v1/checkout/sessions', status: 200, body: publicSession(session) };
    }
    if (method === 'GET' && (match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(decodeURIComponent(match[1]));
      return { route: 'get /v1/subscriptions/{subscription_exposed_id}', ...(subscription ? { status: 200, body: subscription } : missing('subscription', match[1])) };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = customers.get(String(params.customer));
      if (!customer) return { route: 'post /v1/billing_portal/sessions', ...missing('customer', String(params.customer)) };
      const sessionId = id('bps');
      return {
        route: 'post /v1/billing_portal/sessions',
        status: 200,
        body: { id: sessionId, object: 'billing_portal.session', configuration: 'bpc_fake_default', created: seconds(), customer: customer.id, flow: null, livemode: false, locale: null, on_behalf_of: null, return_url: params.return_url ?? null, url: `${base}/portal/${sessionId}` },
      };
    }
    return { route: `${method.toLowerCase()} ${path}`, status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  const checkoutPage = (session: Obj) => {
    const lineItems = session.__line_items as Array<{ price: string }>;
    const price = prices.get(lineItems[0].price)!;
    const product = products.get(String(price.product))!;
    const amount = `${(Number(price.unit_amount) / 100).toFixed(2)} ${String(price.currency).toUpperCase()}`;
    return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Fake Stripe Checkout</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem"><h1>Fake Stripe Checkout</h1>
<p data-testid="checkout-product">${product.name}</p><p>${amount} / ${(price.recurring as { interval: string }).interval}</p>
<p>Moyens : ${(session.payment_method_types as string[]).join(', ')}</p>
<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Payer</button></form></body></html>`;
  };

  const server: Server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url!, 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let match: RegExpExecArray | null;
    if ((match = /^\/checkout\/([^/]+)$/.exec(url.pathname)) && request.method === 'GET') {
      const session = sessions.get(match[1]);
      response.writeHead(session ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(session ? checkoutPage(session) : 'not found');
      return;
    }
    if ((match = /^\/checkout\/([^/]+)\/pay$/.exec(url.pathname)) && request.method === 'POST') {
      const session = sessions.get(match[1]);
      if (!session) return void response.writeHead(404).end();
      await fake.completeCheckout(session.id);
      response.writeHead(303, { location: String(session.success_url) }).end();
      return;
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }));
      return;
    }
    const params = request.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(text);
    const key = request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const cacheKey = typeof key === 'string' ? `${url.pathname}|${key}` : null;
    const replay = cacheKey ? idempotent.get(cacheKey) : undefined;
    const answer = replay ? { route: route.name, ...replay } : route(request.method!, url.pathname, params);
    if (cacheKey && !replay) idempotent.set(cacheKey, { status: answer.status, body: answer.body });
    if (!replay) requests.push({ method: request.method!, path: url.pathname, route: answer.route, params, status: answer.status, body: answer.body });
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  return fake;
}
