import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/server/core/api-keys';
import { insertDefaultAutomations } from '../../src/server/email/default-automations';
import { automations, customerRewards, customers, feedbacks, rewards, webhookDeliveries, webhookEndpoints } from '../../src/server/db/schema';
import type { TestAgent, TestContext } from '../support/test-app';
import { addMember, createSignedInOwner, createUser, signIn, uniqueEmail } from '../support/factories';
import { createDinerRestaurant, createDinerTestContext, createConfirmedVisitor } from './diner-support';
import { bodyWith, listOwnerRoutes, snapshotRestaurant } from './owner-routes-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('tenancy: owner B with owner A’s ids', () => {
  let ownerA: { agent: TestAgent; restaurantId: string; ids: string[]; code: string };
  let ownerB: TestAgent;

  beforeAll(async () => {
    const user = await createUser(ctx, { email: uniqueEmail('owner-a') });
    const { restaurant, mainQr, tableQr } = await createDinerRestaurant(ctx, { contactEmail: user.email });
    await addMember(ctx, { organisationId: restaurant.organisationId, userId: user.id, role: 'owner' });
    const email = uniqueEmail('client-a');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    for (let n = 0; n < 3; n++) await visitor.submit({ restaurantId: restaurant.id, rating: 5, email, firstName: 'Alice' });
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.restaurantId, restaurant.id));
    const earned = await ctx.db.select().from(customerRewards).where(eq(customerRewards.customerId, customer.id));
    const catalogue = await ctx.db.select().from(rewards).where(eq(rewards.restaurantId, restaurant.id));
    await insertDefaultAutomations(ctx.db, restaurant.id);
    const mails = await ctx.db.select().from(automations).where(eq(automations.restaurantId, restaurant.id));
    const rated = await ctx.db.select({ id: feedbacks.id }).from(feedbacks).where(eq(feedbacks.restaurantId, restaurant.id));
    // An API key of A's organisation (issue #31): B may neither see nor revoke it.
    const apiKey = await createApiKey(ctx.db, { organisationId: restaurant.organisationId, name: 'Clé de A', access: 'read', venueIds: null, personalData: false, createdBy: user.id });
    expect(earned.length).toBeGreaterThan(0);
    // A reward presented at A's counter (issue 27): its live code is one more of A's ids for B to try.
    const presented = await visitor.post(`/api/public/card/${restaurant.id}/rewards/${earned[0].id}/code`);
    const { code } = (await presented.json()) as { code: string };
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    ownerA = {
      agent: await signIn(ctx, user.email),
      restaurantId: restaurant.id,
      ids: [restaurant.id, mainQr.id, tableQr.id, customer.id, ...earned.map((r) => r.id), ...catalogue.map((r) => r.id), ...mails.map((a) => a.id), ...rated.map((f) => f.id), apiKey.id],
      code,
    };
    // A webhook endpoint of A's organisation and one delivery (issue #31): two more of A's ids for B to try.
    const [endpoint] = await ctx.db
      .insert(webhookEndpoints)
      .values({ organisationId: restaurant.organisationId, url: 'https://hooks.example.com/a', events: ['feedback.created'], secretEncrypted: 'v1.x' })
      .returning({ id: webhookEndpoints.id });
    const [delivery] = await ctx.db
      .insert(webhookDeliveries)
      .values({ endpointId: endpoint.id, restaurantId: restaurant.id, eventType: 'feedback.created', payload: {}, status: 'failed' })
      .returning({ id: webhookDeliveries.id });
    ownerA.ids.push(endpoint.id, delivery.id);
    ownerB = (await createSignedInOwner(ctx)).agent;
  });

  it('lists the owner routes from the router (the walk below is not empty)', () => {
    const paths = listOwnerRoutes(ctx.deps).map((route) => `${route.method} ${route.path}`);
    expect(paths).toEqual(expect.arrayContaining(['GET /counter/codes/:code', 'POST /counter/rewards/:id/hand-over', 'GET /counter/pending', 'GET /counter/search', 'GET /qr', 'GET /customers/:id', 'PATCH /loyalty/rewards/:id', 'GET /dashboard', 'PUT /settings', 'PUT /settings/logo', 'DELETE /settings/logo', 'POST /qr/downloaded']));
  });

  it('answers 404 or 403 to every owner route naming A’s rows, shows none of A’s data, and changes nothing of A', async () => {
    await ctx.waitForIdleQueue();
    const before = await snapshotRestaurant(ctx.db, ownerA.restaurantId);
    const failures: string[] = [];
    for (const route of listOwnerRoutes(ctx.deps)) {
      const params = route.path.match(/:[A-Za-z]+/g) ?? [];
      // Routes with ids: every id of A in every slot. Routes without: A's ids in the query and the body.
      // A ':code' slot (the counter) also gets A's live reward code.
      const slotValues = route.path.includes(':code') ? [...ownerA.ids, ownerA.code] : ownerA.ids;
      const attempts = params.length ? slotValues.map((id) => route.path.replace(/:[A-Za-z]+/g, id)) : [`${route.path}?ids=${ownerA.ids.join(',')}&customerId=${ownerA.ids[3]}`];
      for (const path of attempts) {
        const json = route.method === 'GET' || route.method === 'DELETE' ? undefined : bodyWith(ownerA.ids);
        const response = await ownerB.request(`/api${path}`, { method: route.method, json });
        const text = await response.text();
        if (params.length && ![403, 404].includes(response.status)) failures.push(`${route.method} ${path} → ${response.status}`);
        if (!params.length && response.status >= 500) failures.push(`${route.method} ${path} → ${response.status}`);
        const leaked = [...ownerA.ids, ownerA.code].filter((id) => text.includes(id));
        if (response.ok && leaked.length) failures.push(`${route.method} ${path} → shows ${leaked.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    await ctx.waitForIdleQueue();
    expect(await snapshotRestaurant(ctx.db, ownerA.restaurantId)).toEqual(before);
    // And owner A still reaches its own rows through the same routes.
    expect((await ownerA.agent.get(`/api/customers/${ownerA.ids[3]}`)).status).toBe(200);
  });
});

describe('tenancy: the public API (/api/v1) with another organisation’s key, and with cookies', () => {
  type Operation = { operationId: string };
  let paths: Record<string, Record<string, Operation>>;
  let ownerA: { agent: TestAgent; organisationId: string; ids: string[] };
  let keyOfB: string;

  beforeAll(async () => {
    const document = (await (await ctx.app.request('http://localhost:3000/api/v1/openapi.json')).json()) as { paths: typeof paths };
    paths = document.paths;
    const user = await createUser(ctx, { email: uniqueEmail('owner-a') });
    const { restaurant, tableQr } = await createDinerRestaurant(ctx, { contactEmail: user.email });
    await addMember(ctx, { organisationId: restaurant.organisationId, userId: user.id, role: 'owner' });
    const email = uniqueEmail('client-a');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    for (let n = 0; n < 3; n++) await visitor.submit({ restaurantId: restaurant.id, rating: 5, email, firstName: 'Alice' });
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.restaurantId, restaurant.id));
    const earned = await ctx.db.select().from(customerRewards).where(eq(customerRewards.customerId, customer.id));
    const rated = await ctx.db.select({ id: feedbacks.id }).from(feedbacks).where(eq(feedbacks.restaurantId, restaurant.id));
    expect(earned.length).toBeGreaterThan(0);
    ownerA = {
      agent: await signIn(ctx, user.email),
      organisationId: restaurant.organisationId,
      ids: [restaurant.id, tableQr.id, customer.id, ...earned.map((reward) => reward.id), ...rated.map((feedback) => feedback.id)],
    };
    const ownerB = await createSignedInOwner(ctx);
    keyOfB = (await createApiKey(ctx.db, { organisationId: ownerB.restaurant.organisationId, name: 'B', access: 'read_write', venueIds: null, personalData: true, createdBy: null })).secret;
  });

  /** Every operation of the document with A's ids in every slot (an operation without ids: once, A's ids in the query). */
  function attempts() {
    return Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations).flatMap((method) =>
        path.includes('{')
          ? ownerA.ids.map((id) => ({ method: method.toUpperCase(), path: `/api/v1${path.replace(/\{\w+\}/g, id)}`, withIds: true }))
          : [{ method: method.toUpperCase(), path: `/api/v1${path}?venueId=${ownerA.ids[0]}&id=${ownerA.ids[2]}`, withIds: false }],
      ),
    );
  }

  it('reads the routes from the OpenAPI document (the walk below is not empty)', () => {
    const listed = Object.entries(paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    expect(listed).toEqual(expect.arrayContaining(['get /venues', 'get /venues/{venueId}/feedbacks', 'get /feedbacks/{id}', 'get /customers/{id}', 'post /rewards/{id}/redeem', 'get /venues/{venueId}/visits']));
  });

  it('answers 404 (or an empty page) to B’s key on every route naming A’s rows, shows none of A’s data, and changes nothing of A', async () => {
    await ctx.waitForIdleQueue();
    const before = await snapshotRestaurant(ctx.db, ownerA.ids[0]);
    const failures: string[] = [];
    for (const attempt of attempts()) {
      const response = await ctx.app.request(`http://localhost:3000${attempt.path}`, {
        method: attempt.method,
        headers: { authorization: `Bearer ${keyOfB}`, 'idempotency-key': crypto.randomUUID() },
      });
      const text = await response.text();
      if (attempt.withIds && response.status !== 404) failures.push(`${attempt.method} ${attempt.path} → ${response.status}`);
      if (!attempt.withIds && response.status !== 200) failures.push(`${attempt.method} ${attempt.path} → ${response.status}`);
      const leaked = ownerA.ids.filter((id) => text.includes(id));
      if (response.ok && leaked.length) failures.push(`${attempt.method} ${attempt.path} → shows ${leaked.join(', ')}`);
    }
    expect(failures).toEqual([]);
    await ctx.waitForIdleQueue();
    expect(await snapshotRestaurant(ctx.db, ownerA.ids[0])).toEqual(before);
    // And a key of A reads the same rows.
    const keyOfA = (await createApiKey(ctx.db, { organisationId: ownerA.organisationId, name: 'A', access: 'read', venueIds: null, personalData: false, createdBy: null })).secret;
    expect((await ctx.app.request(`http://localhost:3000/api/v1/customers/${ownerA.ids[2]}`, { headers: { authorization: `Bearer ${keyOfA}` } })).status).toBe(200);
  });

  it('answers 401 to A’s own signed-in session (cookies, no key) on every route', async () => {
    const failures: string[] = [];
    for (const attempt of attempts()) {
      const response = await ownerA.agent.request(attempt.path, { method: attempt.method, headers: { 'idempotency-key': crypto.randomUUID() } });
      if (response.status !== 401) failures.push(`${attempt.method} ${attempt.path} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });
});
