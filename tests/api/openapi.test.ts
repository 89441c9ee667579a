import { Validator } from '@seriousme/openapi-schema-validator';
import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/server/core/api-keys';
import { customerRewards, customers, feedbacks, restaurantDailyStats } from '../../src/server/db/schema';
import { PUBLIC_API_ROUTES } from '../../src/server/features/public-api/public-api.routes';
import { PROBLEM_KINDS } from '../../src/server/features/public-api/problem';
import { ZProblem } from '../../src/server/features/public-api/public-api.schemas';
import { uniqueEmail } from '../support/factories';
import type { TestContext } from '../support/test-app';
import { createDinerRestaurant, createDinerTestContext } from './diner-support';

type Operation = { operationId: string; security?: unknown; responses: Record<string, { content?: Record<string, { example?: unknown; schema?: unknown }> }> };
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  servers: Array<{ url: string }>;
  security: unknown[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  paths: Record<string, Record<string, Operation>>;
};

let ctx: TestContext;
let document: OpenApiDocument;
beforeAll(async () => {
  ctx = await createDinerTestContext();
  const answer = await ctx.app.request('http://localhost:3000/api/v1/openapi.json');
  expect(answer.status).toBe(200);
  document = (await answer.json()) as OpenApiDocument;
});
afterAll(async () => {
  await ctx.close();
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
