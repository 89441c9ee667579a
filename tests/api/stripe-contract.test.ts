// The fake Stripe server's contract (issue 54, decision 092): ReFeed's own calls (billing:sync, Checkout,
// Customer Portal, the webhook's re-read of the subscription) go to the fake through the SDK; every request's
// parameters and every answer are then validated against Stripe's published OpenAPI description of those
// endpoints, at the API version ReFeed pins. The description is the extract that scripts/stripe-openapi-extract.mjs
// writes from github.com/stripe/openapi (openapi/spec3.yaml of commit 63a67463, 2023-09-12, API 2023-08-16,
// the newest published one under the 4 MiB the snapshots here carry); it is data kept outside the repository:
// STRIPE_OPENAPI_EXTRACT names it, else tests/support/stripe-openapi/ or ../shared/stripe-openapi/ beside a checkout.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_API_VERSION, createStripe } from '../../src/server/features/billing/stripe-client';
import { syncStripeCatalogue } from '../../src/server/features/billing/billing.service';
import { clock } from '../../src/server/lib/runtime/clock';
import { createRestaurant, createUser, signIn, uniqueEmail } from '../support/factories';
import { parseStripeForm, startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { createTestContext, type TestContext } from '../support/test-app';

const root = path.resolve(import.meta.dirname, '../..');
const FILE = `spec3-${STRIPE_API_VERSION}.extract.json`;
const candidates = [process.env.STRIPE_OPENAPI_EXTRACT, path.join(root, 'tests/support/stripe-openapi', FILE), path.join(root, '../shared/stripe-openapi', FILE)].filter(
  (file): file is string => Boolean(file),
);
const extractFile = candidates.find((file) => existsSync(file));

type Operation = {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: object }>;
  requestBody?: { content: Record<string, { schema: object }> };
  responses: { 200: { content: { 'application/json': { schema: object } } } };
};
type Extract = { version: string; commit: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, object> } };

/** OpenAPI 3.0's `nullable: true` as JSON Schema: the type also takes null, or (no type: a $ref, an anyOf) null is one more choice. */
function withNulls(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNulls);
  if (!node || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, key === 'properties' || key === 'schemas' ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, withNulls(v)])) : withNulls(value)]));
  if (nullable !== true) return converted;
  if (typeof converted.type === 'string') return { ...converted, type: [converted.type, 'null'], ...(Array.isArray(converted.enum) ? { enum: [...converted.enum, null] } : {}) };
  return { anyOf: [converted, { type: 'null' }] };
}

describe.skipIf(!extractFile)('the fake Stripe server against Stripe’s OpenAPI description', () => {
  let ctx: TestContext;
  let fake: FakeStripe;
  let spec: Extract;

  beforeAll(async () => {
    spec = JSON.parse(readFileSync(extractFile!, 'utf8')) as Extract;
    fake = await startFakeStripe({ now: () => clock.now() });
    ctx = await createTestContext({ env: { STRIPE_SECRET_KEY: fake.apiKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_BASE: fake.url }, startWorkers: false });
    fake.deliver = async (body, signature) =>
      (await ctx.app.request('http://localhost:3000/api/billing/stripe-webhook', { method: 'POST', body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } })).status;
    // ReFeed's calls, each endpoint at least once: sync (products get/create/update, prices list/create), Checkout (customer,
    // prices list, session), the webhook's subscription read, the portal; and a product renamed (products update).
    const stripe = createStripe(ctx.deps.env)!;
    await syncStripeCatalogue(stripe);
    fake.products.get('refeed_pro')!.name = 'Ancien nom';
    await syncStripeCatalogue(stripe);
    const person = await createUser(ctx, { email: uniqueEmail('contract') });
    await createRestaurant(ctx, { ownerId: person.id, plan: null, trialEndsAt: new Date(Date.now() + 10 * 24 * 3600_000) });
    const agent = await signIn(ctx, person.email);
    const { url } = (await (await agent.post('/api/billing/checkout', { plan: 'pro', interval: 'month' })).json()) as { url: string };
    await fake.completeCheckout(new URL(url).pathname.split('/').pop()!);
    expect((await agent.post('/api/billing/portal')).status).toBe(200);
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  const operationOf = (route: string) => {
    const [method, pattern] = route.split(' ');
    const operation = spec.paths[pattern]?.[method];
    if (!operation) throw new Error(`ReFeed called ${route}, which the extract does not describe`);
    return operation;
  };
  /** A validator of `schema` whose `#/components/schemas/…` references resolve in the extract (OpenAPI 3.0's `nullable` read as JSON Schema's null). */
  const validatorOf = (ajv: Ajv, schema: object) => ajv.compile(withNulls({ ...schema, components: spec.components }) as object);

  it('is the description of the API version ReFeed pins', () => {
    expect(spec.version).toBe(STRIPE_API_VERSION);
    expect(spec.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('ReFeed called every endpoint the fake implements, and only those', () => {
    const called = new Set(fake.requests.map((request) => request.route));
    expect([...called].sort()).toEqual(Object.entries(spec.paths).flatMap(([route, methods]) => Object.keys(methods).map((method) => `${method} ${route}`)).sort());
  });

  it('every answer of the fake validates against the endpoint’s 200 schema', () => {
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    const validators = new Map<string, ReturnType<Ajv['compile']>>();
    const failures: unknown[] = [];
    for (const request of fake.requests) {
      if (request.status !== 200) continue;
      const validate = validators.get(request.route) ?? validatorOf(ajv, operationOf(request.route).responses[200].content['application/json'].schema);
      validators.set(request.route, validate);
      if (!validate(request.body)) failures.push({ route: request.route, errors: validate.errors?.slice(0, 5) });
    }
    expect(failures).toEqual([]);
    expect(fake.requests.filter((request) => request.status === 200).length).toBeGreaterThanOrEqual(9);
  });

  it('every request ReFeed sent has only the parameters the endpoint takes, of their types', () => {
    // Form values arrive as text: the validator reads « 7900 » as the integer and « true » as the boolean Stripe does.
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, coerceTypes: 'array' });
    const failures: unknown[] = [];
    for (const request of fake.requests) {
      const operation = operationOf(request.route);
      const body = operation.requestBody?.content['application/x-www-form-urlencoded']?.schema;
      const query = Object.fromEntries((operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, parameter.schema]));
      const schema = request.method === 'GET' ? { type: 'object', properties: query, additionalProperties: false } : body;
      if (!schema) continue;
      const validate = validatorOf(ajv, schema);
      const params = structuredClone(request.params);
      if (!validate(params)) failures.push({ route: request.route, params: request.params, errors: validate.errors?.slice(0, 5) });
    }
    expect(failures).toEqual([]);
  });

  it('reads Stripe’s form encoding back as Stripe does (nested objects, indexed arrays)', () => {
    expect(parseStripeForm('line_items[0][price]=price_1&line_items[0][quantity]=1&metadata[a]=b&lookup_keys[0]=x&lookup_keys[1]=y')).toEqual({
      line_items: [{ price: 'price_1', quantity: '1' }],
      metadata: { a: 'b' },
      lookup_keys: ['x', 'y'],
    });
  });
});
