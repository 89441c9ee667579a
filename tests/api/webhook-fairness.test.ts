import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { webhookAttempts, webhookDeliveries } from '../../src/server/db/schema';
import { webhookDeliverQueue, WEBHOOK_ORGANISATION_CONCURRENCY } from '../../src/server/core/webhook-events';
import { WEBHOOK_TIMEOUT_MS } from '../../src/server/features/webhooks/webhooks.jobs';
import { WEBHOOK_MAX_ENDPOINTS, type TWebhookEndpointWithSecret } from '../../src/shared/schemas/webhooks';
import { createUser, signIn, uniqueEmail } from '../support/factories';
import type { TestAgent, TestContext } from '../support/test-app';
import { fail, waitUntil } from '../support/wait';
import { createDinerRestaurant, createDinerTestContext, createVisitor } from './diner-support';

/**
 * Fair webhook delivery (issue 50, decision 077), with the real workers: organisation A has 20 endpoints that
 * accept the connection and never answer, and 5 low ratings to deliver to each (three events each: 300
 * deliveries); organisation B's one delivery to a fast endpoint still arrives before A’s lanes have turned over twice, because one
 * organisation's deliveries hold WEBHOOK_ORGANISATION_CONCURRENCY lanes at most and each waits
 * WEBHOOK_TIMEOUT_MS at most. Deliveries reach 127.0.0.1 because this context sets WEBHOOK_ALLOW_PRIVATE=1.
 */
let ctx: TestContext;

/** Accepts every connection and never answers (the sockets are counted while they are open). */
let hanging: TcpServer;
const openSockets = new Set<Socket>();
let mostOpenAtOnce = 0;
/** A's deliveries that gave up (their connection closed by the timeout). */
let closedSockets = 0;
let hangingBase: string;
/** Set when the file ends: a connection made then (a send still in flight) is closed at once. */
let closing = false;

/** Answers 200 at once, and notes when each request arrived. */
let fast: Server;
/** Each request to the fast endpoint, with how many of A's hanging deliveries had given up by then. */
const arrivals: Array<{ at: number; aGaveUp: number; body: string }> = [];
let fastBase: string;

beforeAll(async () => {
  ctx = await createDinerTestContext({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  hanging = createTcpServer((socket) => {
    if (closing) return void socket.destroy();
    openSockets.add(socket);
    mostOpenAtOnce = Math.max(mostOpenAtOnce, openSockets.size);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      openSockets.delete(socket);
      if (!closing) closedSockets++;
    });
  });
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  hangingBase = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  fast = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      arrivals.push({ at: Date.now(), aGaveUp: closedSockets, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => fast.listen(0, '127.0.0.1', resolve));
  fastBase = `http://127.0.0.1:${(fast.address() as AddressInfo).port}`;
});
afterAll(async () => {
  // A's waiting deliveries are dropped first, so that stopping the workers does not wait on them.
  await ctx.db.execute(sql`delete from pgboss.job where name = ${webhookDeliverQueue.name} and state = 'created'`);
  closing = true;
  const closed = new Promise((resolve) => hanging.close(resolve));
  for (const socket of openSockets) socket.destroy();
  await ctx.close();
  await closed;
  await new Promise((resolve) => fast.close(resolve));
});

let venues = 0;
async function premiumVenue() {
  const owner = await createUser(ctx, { email: uniqueEmail('proprio-fair') });
  const { restaurant } = await createDinerRestaurant(ctx, { ownerId: owner.id, name: `Équité ${++venues}`, plan: 'premium' });
  return { restaurant, agent: await signIn(ctx, owner.email) };
}

async function createEndpoint(agent: TestAgent, url: string, events: string[]): Promise<TWebhookEndpointWithSecret> {
  const response = await agent.post('/api/webhooks', { url, events });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TWebhookEndpointWithSecret;
}

describe('fair webhook delivery', () => {
  it('attack: 20 endpoints that never answer and 5 ratings at A; B’s delivery to a fast endpoint arrives before A’s lanes turn over twice', async () => {
    const a = await premiumVenue();
    for (let n = 0; n < WEBHOOK_MAX_ENDPOINTS; n++) await createEndpoint(a.agent, `${hangingBase}/a/${n}`, ['feedback.created', 'feedback.low_rating', 'customer.created']);
    for (let n = 0; n < 5; n++) expect((await createVisitor(ctx).submit({ restaurantId: a.restaurant.id, rating: 2, comment: `Lent ${n}` })).status).toBe(200);
    const [queued] = await queryRows<{ n: number | string }>(ctx.db, sql`select count(*) as n from webhook_deliveries where restaurant_id = ${a.restaurant.id}::uuid`);
    expect(Number(queued.n)).toBeGreaterThanOrEqual(5 * 2 * WEBHOOK_MAX_ENDPOINTS);
    // A's deliveries are hanging: its lanes are taken.
    await waitUntil(() => openSockets.size >= WEBHOOK_ORGANISATION_CONCURRENCY, { timeoutMs: 15_000, onTimeout: fail(() => `${openSockets.size} connection(s) to A's endpoints`) });

    const b = await premiumVenue();
    const { endpoint } = await createEndpoint(b.agent, `${fastBase}/b`, ['feedback.created']);
    const submittedAt = Date.now();
    expect((await createVisitor(ctx).submit({ restaurantId: b.restaurant.id, rating: 5 })).status).toBe(200);
    const arrived = await waitUntil(() => arrivals.find((arrival) => arrival.body.includes(b.restaurant.id)), {
      timeoutMs: 20_000,
      onTimeout: fail(() => `B's delivery had not arrived ${Date.now() - submittedAt} ms later`),
    });
    const delayMs = arrived.at - submittedAt;
    console.info(
      `webhook fairness: B's delivery arrived ${delayMs} ms after its rating, with A's ${WEBHOOK_MAX_ENDPOINTS} endpoints hanging (${arrived.aGaveUp} of A's deliveries had given up by then)`,
    );
    // Events, not a budget: B's delivery did not queue behind A's backlog (5 × 2 × 20 deliveries, each held
    // WEBHOOK_TIMEOUT_MS): it arrived before A's lanes had turned over twice.
    expect(arrived.aGaveUp).toBeLessThan(2 * WEBHOOK_ORGANISATION_CONCURRENCY);
    const [delivered] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    await waitUntil(async () => (await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivered.id)))[0]?.status === 'succeeded', {
      timeoutMs: 10_000,
      onTimeout: fail(() => 'B’s delivery is not marked succeeded'),
    });

    // Meanwhile A never had more than its share of deliveries in flight, and each gave up after the timeout.
    expect(mostOpenAtOnce).toBeLessThanOrEqual(WEBHOOK_ORGANISATION_CONCURRENCY);
    await waitUntil(async () => (await ctx.db.select().from(webhookAttempts)).some((attempt) => attempt.error?.includes('Délai')), {
      timeoutMs: 15_000,
      onTimeout: fail(() => 'no timed-out attempt logged'),
    });
    const timedOut = (await ctx.db.select().from(webhookAttempts)).filter((attempt) => attempt.error?.includes('Délai'));
    expect(timedOut.every((attempt) => attempt.durationMs < WEBHOOK_TIMEOUT_MS + 2_000)).toBe(true);
  }, 90_000);
});
