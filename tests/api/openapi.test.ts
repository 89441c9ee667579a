import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/server/core/api-keys';
import { customerRewards, customers, feedbacks, restaurantDailyStats } from '../../src/server/db/schema';
import { PUBLIC_API_ROUTES } from '../../src/server/features/public-api/public-api.routes';
import { PROBLEM_KINDS } from '../../src/server/features/public-api/problem';
import { ZProblem } from '../../src/server/features/public-api/public-api.schemas';
import { WEBHOOK_PAYLOAD_SCHEMAS } from '../../src/server/features/public-api/webhook-schemas';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../src/shared/rules/developer-api';
import { createUser, signIn, uniqueEmail } from '../support/factories';
import { fail, waitUntil } from '../support/wait';
import type { TestContext } from '../support/test-app';
import { createConfirmedVisitor, createDinerRestaurant, createDinerTestContext, createVisitor, linkEmailAndConfirm } from './diner-support';

type Operation = { operationId: string; security?: unknown; responses: Record<string, { content?: Record<string, { example?: unknown; schema?: unknown }> }> };
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  servers: Array<{ url: string }>;
  security: unknown[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }>; schemas: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> }; parameters: Array<{ name: string; in: string; required?: boolean }> } }>;
};

let ctx: TestContext;
let document: OpenApiDocument;
/** The webhook receiver (127.0.0.1, reachable with WEBHOOK_ALLOW_PRIVATE=1): every body it is sent. */
let receiver: Server;
let receiverUrl: string;
const sent: Array<{ headers: Record<string, unknown>; body: string }> = [];
beforeAll(async () => {
  ctx = await createDinerTestContext({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      sent.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const answer = await ctx.app.request('http://localhost:3000/api/v1/openapi.json');
  expect(answer.status).toBe(200);
  document = (await answer.json()) as OpenApiDocument;
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => receiver.close(resolve));
});

/** The route config (and so its zod schemas) behind an operation of the document (paths are relative to the server, …/api/v1). */
function routeOf(method: string, path: string) {
  const route = PUBLIC_API_ROUTES.find((one) => one.method === method && one.path === path);
  if (!route) throw new Error(`no route for ${method} ${path}`);
  return route;
}

function responseSchema(method: string, path: string, status: string, mediaType: string): z.ZodType {
  const responses = routeOf(method, path).responses as Record<string, { content?: Record<string, { schema: z.ZodType }> }>;
  const schema = responses[status]?.content?.[mediaType]?.schema;
  if (!schema) throw new Error(`no ${mediaType} schema for ${status} of ${method} ${path}`);
  return schema;
}

/** Parsed with the schema, and nothing dropped: the answer has no field the schema does not describe. */
function expectMatches(schema: z.ZodType, value: unknown, label: string) {
  const parsed = schema.safeParse(value);
  expect(parsed.success, `${label}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}`).toBe(true);
  expect(parsed.data, label).toEqual(value);
}

describe('the OpenAPI 3.1 document of /api/v1', () => {
  it('names the API, its server and its bearer security, applied to every operation', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'ReFeed API', version: '1' });
    expect(document.servers).toEqual([expect.objectContaining({ url: 'http://localhost:3000/api/v1' })]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) expect(operation.security, operation.operationId).toBeUndefined();
    }
  });

  it('validates against the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists exactly the routes the sub-application serves, each with its problem answers', () => {
    const listed = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    expect(listed.sort()).toEqual(PUBLIC_API_ROUTES.map((route) => `${route.method} ${route.path}`).sort());
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const status of ['400', '401', '403', '429', '500']) {
          expect(operation.responses[status]?.content?.['application/problem+json'], `${method} ${path} ${status}`).toBeDefined();
        }
        if (path.includes('{')) expect(operation.responses['404'], `${method} ${path} 404`).toBeDefined();
      }
    }
  });

  it('gives every response an example that its zod schema accepts', () => {
    let examples = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const [mediaType, content] of Object.entries(response.content ?? {})) {
            const label = `${method} ${path} ${status} ${mediaType}`;
            expect(content.example, label).toBeDefined();
            expectMatches(responseSchema(method, path, status, mediaType), content.example, label);
            examples++;
          }
        }
      }
    }
    expect(examples).toBeGreaterThanOrEqual(PUBLIC_API_ROUTES.length * 6);
  });
});

describe('real answers of /api/v1 match their schemas', () => {
  it('on every operation, and the problems too', async () => {
    const { restaurant, tableQr } = await createDinerRestaurant(ctx);
    const [customer] = await ctx.db
      .insert(customers)
      .values({ restaurantId: restaurant.id, email: uniqueEmail('diner'), firstName: 'Lou', lastName: 'Bernard', phone: '0600000000', points: 12, marketingConsent: true, marketingConsentAt: new Date() })
      .returning();
    const [feedback] = await ctx.db.insert(feedbacks).values({ restaurantId: restaurant.id, customerId: customer.id, rating: 2, comment: 'Trop salé', qrCodeId: tableQr.id, tableLabel: 'Table 1' }).returning();
    await ctx.db.insert(feedbacks).values({ restaurantId: restaurant.id, rating: 5, status: 'done', handledAt: new Date() });
    const [reward] = await ctx.db
      .insert(customerRewards)
      .values([
        { restaurantId: restaurant.id, customerId: customer.id, label: 'Café offert', cost: 50 },
        { restaurantId: restaurant.id, customerId: customer.id, label: 'Dessert offert', cost: 100 },
      ])
      .returning();
    await ctx.db.insert(restaurantDailyStats).values({ restaurantId: restaurant.id, day: new Date().toISOString().slice(0, 10), shard: 1, visitCount: 3 });
    const ids: Record<string, string> = { venueId: restaurant.id };
    const idFor: Record<string, string> = { getFeedback: feedback.id, getCustomer: customer.id, redeemReward: reward.id };
    for (const personalData of [true, false]) {
      const { secret } = await createApiKey(ctx.db, { organisationId: restaurant.organisationId, name: 'Schémas', access: 'read_write', venueIds: null, personalData, createdBy: null });
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const url = path.replace('{venueId}', ids.venueId).replace('{id}', idFor[operation.operationId] ?? '');
          const headers: Record<string, string> = { authorization: `Bearer ${secret}`, 'idempotency-key': `schemas-${personalData}` };
          const answer = await ctx.app.request(`http://localhost:3000/api/v1${url}`, { method: method.toUpperCase(), headers });
          const body: unknown = await answer.json();
          const expectedStatus = operation.operationId === 'redeemReward' && !personalData ? 409 : 200;
          expect(answer.status, `${method} ${url}: ${JSON.stringify(body)}`).toBe(expectedStatus);
          const mediaType = expectedStatus === 200 ? 'application/json' : 'application/problem+json';
          expect(answer.headers.get('content-type')).toMatch(new RegExp(`^${mediaType.replace('+', '\\+')}`));
          expectMatches(responseSchema(method, path, String(expectedStatus), mediaType), body, `${method} ${url}`);
          if (expectedStatus === 200) expect(JSON.stringify(body)).not.toBe('{"data":[],"next_cursor":null}');
        }
      }
    }
    // Problems of every kind the API answers.
    const { secret } = await createApiKey(ctx.db, { organisationId: restaurant.organisationId, name: 'Problèmes', access: 'read', venueIds: null, personalData: false, createdBy: null });
    const problems = [
      await ctx.app.request('http://localhost:3000/api/v1/venues'),
      await ctx.app.request('http://localhost:3000/api/v1/venues?limit=0', { headers: { authorization: `Bearer ${secret}` } }),
      await ctx.app.request(`http://localhost:3000/api/v1/customers/${crypto.randomUUID()}`, { headers: { authorization: `Bearer ${secret}` } }),
      await ctx.app.request(`http://localhost:3000/api/v1/rewards/${reward.id}/redeem`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'idempotency-key': 'k' } }),
    ];
    expect(problems.map((answer) => answer.status)).toEqual([401, 400, 404, 403]);
    for (const answer of problems) expectMatches(ZProblem, await answer.json(), `problem ${answer.status}`);
  });
});

describe('/api/v1/docs, the reference page written from the document (decision 064)', () => {
  it('shows every operation with its parameters and answers, in French, with no script', async () => {
    const answer = await ctx.app.request('http://localhost:3000/api/v1/docs');
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<html lang="fr">');
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations) as Array<[string, Operation & { summary: string; parameters?: Array<{ name: string }> }]>) {
        const section = html.slice(html.indexOf(`id="op-${operation.operationId}"`), html.indexOf('</article>', html.indexOf(`id="op-${operation.operationId}"`)));
        expect(section, operation.operationId).toContain(`<code class="path">${path}</code>`);
        expect(section).toContain(`>${method.toUpperCase()}</span>`);
        expect(section).toContain(operation.summary);
        for (const parameter of operation.parameters ?? []) expect(section, `${operation.operationId} ${parameter.name}`).toContain(`<code>${parameter.name}</code>`);
        for (const status of Object.keys(operation.responses)) expect(section, `${operation.operationId} ${status}`).toContain(`<span class="status">${status}</span>`);
        // The table of contents links to it.
        expect(html).toContain(`href="#op-${operation.operationId}"`);
      }
    }
    // Swagger UI's English labels are gone.
    for (const english of ['Parameters', 'Responses', 'Example Value', 'No parameters', 'Try it out']) expect(html).not.toContain(english);
  });

  it('has the section every problem type URI names: a real 401 and 404 land on their explanation', async () => {
    const html = await (await ctx.app.request('http://localhost:3000/api/v1/docs')).text();
    for (const { slug } of Object.values(PROBLEM_KINDS)) expect(html).toContain(`id="probleme-${slug}"`);
    const { restaurant } = await createDinerRestaurant(ctx);
    const { secret } = await createApiKey(ctx.db, { organisationId: restaurant.organisationId, name: 'Liens', access: 'read', venueIds: null, personalData: false, createdBy: null });
    const answers = [
      await ctx.app.request('http://localhost:3000/api/v1/venues'),
      await ctx.app.request(`http://localhost:3000/api/v1/feedbacks/${crypto.randomUUID()}`, { headers: { authorization: `Bearer ${secret}` } }),
    ];
    for (const answer of answers) {
      const { type, title } = (await answer.json()) as { type: string; title: string };
      const anchor = new URL(type).hash.slice(1);
      expect(new URL(type).pathname).toBe('/api/v1/docs');
      const at = html.indexOf(`id="${anchor}"`);
      expect(at, type).toBeGreaterThan(0);
      expect(html.slice(at, at + 300)).toContain(title);
    }
  });
});

describe('webhooks, in the document and as sent (decision 077)', () => {
  it('documents every event as an OpenAPI 3.1 webhook: its payload schema, the Standard Webhooks headers and the retry schedule', async () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const components = document.components.schemas;
    for (const event of WEBHOOK_EVENTS) {
      const operation = document.webhooks[event].post;
      const ref = operation.requestBody.content['application/json'].schema.$ref;
      expect(components[ref.replace('#/components/schemas/', '')], event).toBeDefined();
      expect(operation.parameters.filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    }
    const html = await (await ctx.app.request('http://localhost:3000/api/v1/docs')).text();
    for (const event of WEBHOOK_EVENTS) {
      expect(html).toContain(`id="webhook-${event.replace('.', '-')}"`);
      expect(html).toContain(`href="#webhook-${event.replace('.', '-')}"`);
    }
    expect(html).toContain('5 s, 5 min, 30 min, 2 h, 5 h, 10 h puis 10 h');
    expect(html).toContain('<code>webhook-signature</code>');
  });

  it('every payload the app sends matches its event’s schema in the document, and customer events fire only for a customer the restaurant can know', async () => {
    const owner = await createUser(ctx, { email: uniqueEmail('proprio-contrat') });
    const { restaurant } = await createDinerRestaurant(ctx, { ownerId: owner.id, name: 'Contrat' });
    const agent = await signIn(ctx, owner.email);
    expect((await agent.post('/api/webhooks', { url: receiverUrl, events: [...WEBHOOK_EVENTS] })).status).toBe(201);

    // An anonymous device rates: feedback events only, no customer event (the restaurant cannot know who it is).
    const anonymous = createVisitor(ctx);
    expect((await anonymous.submit({ restaurantId: restaurant.id, rating: 2, comment: 'Froid', firstName: 'Anonyme' })).status).toBe(200);
    // It confirms an address: customer.created.
    const email = uniqueEmail('contrat');
    expect((await linkEmailAndConfirm(ctx, anonymous, { restaurantId: restaurant.id, email, marketingConsent: true })).response.status).toBe(200);
    // A known customer gives their name and reaches a reward: customer.updated, feedback.created, reward.unlocked.
    const known = await createConfirmedVisitor(ctx, restaurant.id, uniqueEmail('connu'), { points: 45 });
    expect((await known.submit({ restaurantId: restaurant.id, rating: 5, email: (await ctx.db.select().from(customers)).find((row) => row.id === known.customerId)!.email, firstName: 'Lou', lastName: 'Bernard' })).status).toBe(200);
    // The reward is handed over through the API: reward.redeemed.
    const [reward] = (await ctx.db.select().from(customerRewards)).filter((row) => row.customerId === known.customerId);
    expect(reward).toBeDefined();
    const { secret } = await createApiKey(ctx.db, { organisationId: restaurant.organisationId, name: 'Remise', access: 'read_write', venueIds: null, personalData: false, createdBy: null });
    const redeemed = await ctx.app.request(`http://localhost:3000/api/v1/rewards/${reward.id}/redeem`, { method: 'POST', headers: { authorization: `Bearer ${secret}`, 'idempotency-key': 'contrat' } });
    expect(redeemed.status).toBe(200);

    const received = await waitUntil(
      () => {
        const types = new Set(sent.map((one) => (JSON.parse(one.body) as { type: string }).type));
        return WEBHOOK_EVENTS.every((event) => types.has(event)) ? sent : null;
      },
      { timeoutMs: 20_000, onTimeout: fail(() => `received: ${sent.map((one) => (JSON.parse(one.body) as { type: string }).type).join(', ')}`) },
    );
    for (const one of received) {
      const payload = JSON.parse(one.body) as { type: WebhookEvent; data: { id: string } };
      const schema = WEBHOOK_PAYLOAD_SCHEMAS[payload.type];
      expect(schema, payload.type).toBeDefined();
      expectMatches(schema, payload, `webhook ${payload.type}`);
      for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) expect(one.headers[header], header).toEqual(expect.any(String));
    }
    // The customer events: one customer.created (the confirmed address), one customer.updated (the name); none for the anonymous rating.
    const customerEvents = received.map((one) => JSON.parse(one.body) as { type: string; data: { id: string; changes: string[] } }).filter((payload) => payload.type.startsWith('customer.'));
    expect(customerEvents.map((payload) => [payload.type, payload.data.changes])).toEqual(
      expect.arrayContaining([
        ['customer.created', expect.arrayContaining(['email', 'marketing_consent'])],
        ['customer.updated', ['name']],
      ]),
    );
    expect(customerEvents).toHaveLength(2);
    expect(customerEvents.find((payload) => payload.type === 'customer.updated')!.data.id).toBe(known.customerId);
  }, 60_000);
});

