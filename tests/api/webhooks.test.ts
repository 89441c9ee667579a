import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fail, waitUntil } from '../support/wait';
import { createApp } from '../../src/server/app';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { customerRewards, customers, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../src/server/db/schema';
import { createDeps } from '../../src/server/deps';
import { parseEnv } from '../../src/server/env';
import { clock } from '../../src/server/lib/runtime/clock';
import { isPublicAddress } from '../../src/server/lib/http/safe-fetch';
import { openSecret } from '../../src/server/lib/runtime/secret-box';
import { webhookDeliverQueue, WEBHOOK_PAYLOAD_MAX_BYTES, webhookPayloadOf } from '../../src/server/core/webhook-events';
import {
  deliverWebhook,
  pauseDurationMs,
  purgeWebhookDeliveries,
  WEBHOOK_DELIVERY_RETENTION_DAYS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_PAUSE_AFTER_FAILURES,
  WEBHOOK_PAUSE_DURATIONS_MS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_USER_AGENT,
} from '../../src/server/features/webhooks/webhooks.jobs';
import { WEBHOOK_SECRET_PURPOSE } from '../../src/server/features/webhooks/webhook-policy';
import { PLAN_FEATURE_MESSAGES } from '../../src/server/auth/guards';
import { WEBHOOK_MAX_ENDPOINTS, WEBHOOK_MESSAGES, type TWebhookDeliveriesPage, type TWebhookEndpoint, type TWebhookEndpointWithSecret } from '../../src/shared/schemas/webhooks';
import { createUser, signIn, uniqueEmail } from '../support/factories';
import { firstTransaction, recordRoundTrips } from '../support/statements';
import type { TestAgent, TestContext } from '../support/test-app';
import { createConfirmedVisitor, createDinerRestaurant, createDinerTestContext, createVisitor } from './diner-support';

/**
 * Webhooks (issue #31): events written where they happen, signed deliveries to a local receiver on 127.0.0.1
 * (reachable only because this context sets WEBHOOK_ALLOW_PRIVATE=1, the explicit test option), retries,
 * disabling, the SSRF guard, exactly-once across two instances, and the owner routes.
 */
let ctx: TestContext;

type Received = { path: string; headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
/** The status the receiver answers on a path (200 by default); a 302 answers with a Location to /target. */
const answers = new Map<string, number>();
let receiver: Server;
let base: string;

beforeAll(async () => {
  ctx = await createDinerTestContext({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  // Every job but the deliveries runs (emails reach the outbox); deliveries run when a test says so.
  await ctx.deps.boss.offWork(webhookDeliverQueue.name);
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.get(path) ?? 200;
      if (status === 302) response.writeHead(302, { location: `${base}/target` }).end();
      else response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok merci' : `erreur ${status}`);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await ctx.close();
});
afterEach(() => {
  clock.reset();
  ctx.deps.webhookResolver = undefined;
});

const handled = new Set<string>();
/**
 * Runs every delivery job due by `at` (the moved clock) once, as a worker would; returns how many attempts
 * they made (a job whose delivery has moved on, e.g. the retry queued with an attempt that succeeded, makes none).
 */
async function runDueDeliveries(at = clock.now()): Promise<number> {
  const due = await queryRows<{ id: string; data: { deliveryId: string; attempt: number } }>(
    ctx.db,
    sql`select id, data from pgboss.job where name = ${webhookDeliverQueue.name} and state = 'created' and start_after <= greatest(now(), ${at.toISOString()}::timestamptz) order by created_on`,
  );
  const attempts = async () => (await ctx.db.select({ id: webhookAttempts.id }).from(webhookAttempts)).length;
  const before = await attempts();
  for (const job of due) {
    if (handled.has(job.id)) continue;
    handled.add(job.id);
    await deliverWebhook(job.data, ctx.deps);
  }
  return (await attempts()) - before;
}

/** Waits until no job but the deliveries (run by hand here) is waiting or running: every email is then sent. */
async function waitForOtherJobs() {
  await waitUntil(
    async () => {
      const [row] = await queryRows<{ pending: number | string }>(
        ctx.db,
        sql`select count(*) as pending from pgboss.job where name <> ${webhookDeliverQueue.name} and state in ('created', 'retry', 'active') and start_after <= now()`,
      );
      return Number(row.pending) === 0;
    },
    { timeoutMs: 20_000, intervalMs: 200, onTimeout: fail(() => 'jobs still pending') },
  );
}

const receivedOn = (path: string) => received.filter((request) => request.path === path);

/** Runs the given body with the explicit test option off: loopback and private addresses refused, as in production. */
async function withoutPrivateAddresses<T>(work: () => Promise<T>): Promise<T> {
  const env = ctx.deps.env as { WEBHOOK_ALLOW_PRIVATE: '0' | '1' };
  env.WEBHOOK_ALLOW_PRIVATE = '0';
  try {
    return await work();
  } finally {
    env.WEBHOOK_ALLOW_PRIVATE = '1';
  }
}

let venueCount = 0;
/** A Premium organisation with a venue, its propriétaire signed in. */
async function premiumVenue(options: { plan?: 'pro' | 'premium' } = {}) {
  const owner = await createUser(ctx, { email: uniqueEmail('proprio-hooks') });
  const { restaurant } = await createDinerRestaurant(ctx, { ownerId: owner.id, name: `Chez Hook ${++venueCount}`, plan: options.plan ?? 'premium' });
  return { owner, restaurant, agent: await signIn(ctx, owner.email) };
}

async function createEndpoint(agent: TestAgent, path: string, events: string[]): Promise<TWebhookEndpointWithSecret> {
  const response = await agent.post('/api/webhooks', { url: `${base}${path}`, events, description: 'Caisse' });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TWebhookEndpointWithSecret;
}

function verify(secret: string, request: Received) {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  }) as { type: string; timestamp: string; data: Record<string, unknown> };
}

describe('events delivered, signed', () => {
  it('a 2★ submission delivers feedback.created and feedback.low_rating (an anonymous device is no customer.created: decision 077), signed with the endpoint’s secret', async () => {
    const { restaurant, agent } = await premiumVenue();
    const { secret, endpoint } = await createEndpoint(agent, '/all', ['feedback.created', 'feedback.low_rating', 'customer.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // Stored encrypted, never in clear.
    const [stored] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored.secretEncrypted).not.toContain(secret.slice(6));
    expect(openSecret(ctx.deps.env.AUTH_SECRET, WEBHOOK_SECRET_PURPOSE, stored.secretEncrypted)).toBe(secret);
    // The list never shows the secret again.
    expect(await (await agent.get('/api/webhooks')).text()).not.toContain(secret);

    const visitor = createVisitor(ctx);
    expect((await visitor.submit({ restaurantId: restaurant.id, rating: 2, comment: 'Trop salé' })).status).toBe(200);
    expect(await runDueDeliveries()).toBe(2);
    const got = receivedOn('/all');
    expect(got).toHaveLength(2);
    const events = got.map((request) => verify(secret, request));
    expect(events.map((event) => event.type).sort()).toEqual(['feedback.created', 'feedback.low_rating']);
    const feedback = events.find((event) => event.type === 'feedback.created')!;
    expect(feedback.data).toMatchObject({ rating: 2, comment: 'Trop salé', venue: { id: restaurant.id, name: restaurant.name } });
    const [device] = await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.anonId, visitor.agent.cookies.get('rf_tid')!));
    expect(feedback.data.customer_id).toBe(device.id);
    for (const request of got) {
      expect(request.headers['user-agent']).toBe(WEBHOOK_USER_AGENT);
      expect(request.headers['content-type']).toBe('application/json');
      // The message id is the delivery's id.
      const [delivery] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, String(request.headers['webhook-id'])));
      expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, endpointId: endpoint.id });
    }
    // A wrong secret does not verify.
    expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got[0])).toThrow();

    // A second rating of the same device: no customer.created, and 5★ is no low rating.
    expect((await visitor.submit({ restaurantId: restaurant.id, rating: 5 })).status).toBe(200);
    expect(await runDueDeliveries()).toBe(1);
    expect(verify(secret, receivedOn('/all')[2]).type).toBe('feedback.created');

    // The owner page lists it with its counts and last delivery.
    const listed = await (await agent.get('/api/webhooks')).json();
    expect(listed.endpoints[0]).toMatchObject({ id: endpoint.id, status: 'active', counts: { succeeded: 3, pending: 0, failed: 0 }, lastDelivery: { status: 'succeeded' } });
    const page = (await (await agent.get(`/api/webhooks/${endpoint.id}/deliveries`)).json()) as TWebhookDeliveriesPage;
    expect(page.deliveries).toHaveLength(3);
    expect(page.deliveries[0].eventType).toBe('feedback.created');
    expect(page.deliveries[0].attemptLog).toEqual([expect.objectContaining({ responseStatus: 200, responseExcerpt: 'ok merci', error: null })]);
    const firstPage = (await (await agent.get(`/api/webhooks/${endpoint.id}/deliveries?limit=2`)).json()) as TWebhookDeliveriesPage;
    const secondPage = (await (await agent.get(`/api/webhooks/${endpoint.id}/deliveries?limit=2&cursor=${firstPage.nextCursor}`)).json()) as TWebhookDeliveriesPage;
    expect([...firstPage.deliveries, ...secondPage.deliveries].map((d) => d.id)).toEqual(page.deliveries.map((d) => d.id));
    expect(secondPage.nextCursor).toBeNull();
  });

  it('writes nothing for an organisation without an endpoint, nor for an event the endpoint does not subscribe to', async () => {
    const { restaurant } = await premiumVenue();
    const before = (await ctx.db.select().from(webhookDeliveries)).length;
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 1 })).status).toBe(200);
    const other = await premiumVenue();
    await createEndpoint(other.agent, '/rewards-only', ['reward.redeemed']);
    expect((await createVisitor(ctx).submit({ restaurantId: other.restaurant.id, rating: 1 })).status).toBe(200);
    expect((await ctx.db.select().from(webhookDeliveries)).length).toBe(before);
  });

  it('costs the submission of an organisation without an endpoint no statement at all, and one with endpoints two (deliveries, jobs)', async () => {
    const none = await premiumVenue();
    const hooked = await premiumVenue();
    await createEndpoint(hooked.agent, '/budget', ['feedback.created', 'feedback.low_rating']);
    await waitForOtherJobs();
    const submission = async (restaurantId: string) => {
      const trips = await recordRoundTrips(ctx.database, async () => expect((await createVisitor(ctx).submit({ restaurantId, rating: 2 })).status).toBe(200));
      return firstTransaction(trips);
    };
    const without = await submission(none.restaurant.id);
    const withEndpoint = await submission(hooked.restaurant.id);
    expect(without.filter((text) => /webhook_deliveries/.test(text))).toEqual([]);
    expect(withEndpoint.filter((text) => /webhook_deliveries/.test(text))).toHaveLength(1);
    // The same transaction otherwise: the deliveries' insert and their jobs' insert are the only additions.
    expect(withEndpoint.length - without.length).toBe(2);
  });

  it('delivers reward.unlocked when a rating reaches a reward and reward.redeemed when it is handed over', async () => {
    const { restaurant, agent } = await premiumVenue();
    const { secret } = await createEndpoint(agent, '/rewards', ['reward.unlocked', 'reward.redeemed']);
    const email = uniqueEmail('fidele');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email, { points: 45 });
    expect((await visitor.submit({ restaurantId: restaurant.id, rating: 5, email })).status).toBe(200);
    await runDueDeliveries();
    const unlocked = verify(secret, receivedOn('/rewards')[0]);
    expect(unlocked).toMatchObject({ type: 'reward.unlocked', data: { label: 'Café offert', cost: 50, customer_id: visitor.customerId, venue: { id: restaurant.id } } });
    const [reward] = await ctx.db.select().from(customerRewards).where(eq(customerRewards.customerId, visitor.customerId));
    expect(unlocked.data.id).toBe(reward.id);
    expect((await agent.post(`/api/counter/rewards/${reward.id}/hand-over`)).status).toBe(200);
    await runDueDeliveries();
    const redeemed = verify(secret, receivedOn('/rewards')[1]);
    expect(redeemed).toMatchObject({ type: 'reward.redeemed', data: { id: reward.id, label: 'Café offert', customer_id: visitor.customerId } });
    expect(redeemed.data.redeemed_at).toEqual(expect.any(String));
  });

  it('bounds the payload: a text that would pass 64 KB is cut', () => {
    const payload = webhookPayloadOf(
      { restaurantId: crypto.randomUUID(), type: 'feedback.created', data: { id: 'x', rating: 1, comment: 'é'.repeat(70_000), table_label: null, customer_id: 'c', created_at: new Date().toISOString() } },
      new Date(),
    );
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThan(WEBHOOK_PAYLOAD_MAX_BYTES);
    expect(payload.data.truncated).toBe(true);
    expect(String(payload.data.comment).length).toBeLessThanOrEqual(1001);
  });
});

describe('retries and disabling', () => {
  it('retries a 500 on the back-off schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), logs each attempt, then gives up', async () => {
    const { restaurant, agent } = await premiumVenue();
    const { endpoint } = await createEndpoint(agent, '/flaky', ['feedback.created']);
    answers.set('/flaky', 500);
    const start = new Date();
    clock.freeze(start);
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 4 })).status).toBe(200);
    const [delivery] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(await runDueDeliveries()).toBe(1);
    let elapsed = 0;
    for (const [index, delay] of WEBHOOK_RETRY_DELAYS_MS.entries()) {
      const [row] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
      expect(row).toMatchObject({ status: 'pending', attempts: index + 1 });
      elapsed += delay;
      expect(row.nextAttemptAt!.getTime()).toBe(start.getTime() + elapsed);
      // Not before its time…
      clock.freeze(new Date(start.getTime() + elapsed - 1000));
      expect(await runDueDeliveries()).toBe(0);
      // …then once.
      clock.freeze(new Date(start.getTime() + elapsed));
      expect(await runDueDeliveries()).toBe(1);
    }
    const [last] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
    expect(last).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, nextAttemptAt: null });
    expect(elapsed).toBeGreaterThan(26 * 3600_000);
    const attempts = await ctx.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id));
    expect(attempts).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(attempts.every((attempt) => attempt.responseStatus === 500 && attempt.responseExcerpt === 'erreur 500')).toBe(true);
    expect(receivedOn('/flaky')).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    // Less than 3 days of failures: the endpoint stays active, failing since the first attempt.
    const [after] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(after.status).toBe('active');
    expect(after.failingSince!.getTime()).toBe(start.getTime());
    // A success clears it.
    answers.delete('/flaky');
    expect((await agent.post(`/api/webhooks/${endpoint.id}/deliveries/${delivery.id}/resend`)).status).toBe(200);
    await runDueDeliveries();
    const [healed] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(healed.failingSince).toBeNull();
    const [resent] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
    expect(resent).toMatchObject({ status: 'succeeded', attempts: WEBHOOK_MAX_ATTEMPTS + 1 });
  });

  it('a process dying while sending the last attempt does not leave the delivery pending: the guard queued with its claim gives it up', async () => {
    const { restaurant, agent } = await premiumVenue();
    const { endpoint } = await createEndpoint(agent, '/last-breath', ['feedback.created']);
    answers.set('/last-breath', 500);
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 4 })).status).toBe(200);
    const [delivery] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    // Seven attempts already made: the next one is the last.
    await ctx.db.update(webhookDeliveries).set({ attempts: WEBHOOK_MAX_ATTEMPTS - 1 }).where(eq(webhookDeliveries.id, delivery.id));
    await deliverWebhook({ deliveryId: delivery.id, attempt: WEBHOOK_MAX_ATTEMPTS - 1 }, ctx.deps);
    const guards = await queryRows<{ data: { deliveryId: string; attempt: number; giveUp?: boolean }; start_after: Date | string }>(
      ctx.db,
      sql`select data, start_after from pgboss.job where name = ${webhookDeliverQueue.name} and data->>'deliveryId' = ${delivery.id} and data->>'giveUp' = 'true'`,
    );
    expect(guards.map((guard) => guard.data)).toEqual([{ deliveryId: delivery.id, attempt: WEBHOOK_MAX_ATTEMPTS, giveUp: true }]);
    // As if the process had died after the claim, before recording the outcome: still pending at the last attempt.
    await ctx.db.update(webhookDeliveries).set({ status: 'pending' }).where(eq(webhookDeliveries.id, delivery.id));
    const sentBefore = receivedOn('/last-breath').length;
    await deliverWebhook(guards[0].data, ctx.deps);
    const [after] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
    expect(after).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, nextAttemptAt: null });
    // The guard sends nothing, and finds nothing to do on a delivery that moved on (a resend, a success).
    expect(receivedOn('/last-breath')).toHaveLength(sentBefore);
    await ctx.db.update(webhookDeliveries).set({ status: 'succeeded' }).where(eq(webhookDeliveries.id, delivery.id));
    await deliverWebhook(guards[0].data, ctx.deps);
    expect((await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id)))[0].status).toBe('succeeded');
  });

  it('a 410 disables the endpoint at once and emails its propriétaire; its deliveries stop', async () => {
    const { restaurant, agent, owner } = await premiumVenue();
    const { endpoint } = await createEndpoint(agent, '/gone', ['feedback.created']);
    answers.set('/gone', 410);
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 5 })).status).toBe(200);
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 5 })).status).toBe(200);
    // One delivery answered 410: the other one, still pending, stops without being sent.
    const [first] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)).limit(1);
    await deliverWebhook({ deliveryId: first.id, attempt: 0 }, ctx.deps);
    const [after] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(after).toMatchObject({ status: 'disabled', disabledReason: 'gone' });
    expect(await runDueDeliveries()).toBe(0);
    expect(receivedOn('/gone')).toHaveLength(1);
    const deliveries = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['failed', 'failed']);
    const mail = await ctx.waitForMail((m) => m.toEmail === owner.email && m.subject === 'Webhook désactivé');
    expect(mail.html).toContain(`/developpeurs/webhooks/${endpoint.id}`);
    expect(mail.html).toContain('410');
    // The owner page says why.
    const listed = await (await agent.get(`/api/webhooks/${endpoint.id}`)).json();
    expect(listed).toMatchObject({ status: 'disabled', disabledReason: 'gone' });
    // Resending to a disabled endpoint is refused; enabling it again clears the state, then resend works.
    expect((await agent.post(`/api/webhooks/${endpoint.id}/deliveries/${first.id}/resend`)).status).toBe(409);
    answers.delete('/gone');
    const enabled = await agent.patch(`/api/webhooks/${endpoint.id}`, { enabled: true });
    expect(await enabled.json()).toMatchObject({ status: 'active', disabledReason: null, failingSince: null });
    expect((await agent.post(`/api/webhooks/${endpoint.id}/deliveries/${first.id}/resend`)).status).toBe(200);
    await runDueDeliveries();
    expect(receivedOn('/gone')).toHaveLength(2);
    // One email for the one disabling.
    await waitForOtherJobs();
    expect((await ctx.mails(owner.email)).filter((m) => m.subject === 'Webhook désactivé')).toHaveLength(1);
  });

  it('disables an endpoint failing for 3 days and emails its propriétaire once', async () => {
    const { restaurant, agent, owner } = await premiumVenue();
    const { endpoint } = await createEndpoint(agent, '/down', ['feedback.created']);
    answers.set('/down', 503);
    const start = new Date();
    clock.freeze(start);
    for (let n = 0; n < 2; n++) expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 5 })).status).toBe(200);
    await runDueDeliveries();
    const [failing] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(failing).toMatchObject({ status: 'active' });
    expect(failing.failingSince!.getTime()).toBe(start.getTime());
    // 3 days later, new events still fail: the endpoint is disabled.
    clock.freeze(new Date(start.getTime() + 3 * 24 * 3600_000 + 1000));
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 5 })).status).toBe(200);
    await runDueDeliveries();
    const [disabled] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(disabled).toMatchObject({ status: 'disabled', disabledReason: 'failing' });
    const pending = await ctx.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending')));
    expect(pending).toEqual([]);
    const mail = await ctx.waitForMail((m) => m.toEmail === owner.email && m.subject === 'Webhook désactivé');
    expect(mail.html).toContain('3 jours');
    await waitForOtherJobs();
    expect((await ctx.mails(owner.email)).filter((m) => m.subject === 'Webhook désactivé')).toHaveLength(1);
  });

  it('pauses an endpoint after 5 failures in a row (circuit breaker): its deliveries wait without spending attempts, the pause grows, one mail, a success resumes all', async () => {
    const { restaurant, agent, owner } = await premiumVenue();
    const { endpoint } = await createEndpoint(agent, '/breaker', ['feedback.created']);
    answers.set('/breaker', 500);
    const start = new Date();
    clock.freeze(start);
    for (let n = 0; n < WEBHOOK_PAUSE_AFTER_FAILURES + 1; n++) expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 5 })).status).toBe(200);
    // Five attempts fail; the sixth delivery finds the endpoint paused and is not sent.
    expect(await runDueDeliveries()).toBe(WEBHOOK_PAUSE_AFTER_FAILURES);
    expect(receivedOn('/breaker')).toHaveLength(WEBHOOK_PAUSE_AFTER_FAILURES);
    const paused = (await (await agent.get(`/api/webhooks/${endpoint.id}`)).json()) as TWebhookEndpoint;
    expect(paused).toMatchObject({ status: 'active', consecutiveFailures: WEBHOOK_PAUSE_AFTER_FAILURES, pausedUntil: new Date(start.getTime() + WEBHOOK_PAUSE_DURATIONS_MS[0]).toISOString() });
    const waiting = await ctx.db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.attempts, 0)));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ status: 'pending', nextAttemptAt: new Date(start.getTime() + WEBHOOK_PAUSE_DURATIONS_MS[0]) });
    const mail = await ctx.waitForMail((m) => m.toEmail === owner.email && m.subject === 'Webhook en pause');
    expect(mail.html).toContain('ne sont pas perdus');
    // During the pause, the retries due (5 s) are not sent either.
    clock.freeze(new Date(start.getTime() + 30_000));
    expect(await runDueDeliveries()).toBe(0);
    // When it ends, one delivery goes first (the probe): it fails, and the pause is longer (5 min); no second mail.
    const probeAt = new Date(start.getTime() + WEBHOOK_PAUSE_DURATIONS_MS[0] + 1000);
    clock.freeze(probeAt);
    expect(await runDueDeliveries()).toBe(1);
    const [longer] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(longer).toMatchObject({ consecutiveFailures: WEBHOOK_PAUSE_AFTER_FAILURES + 1, pauseCount: 2, pausedUntil: new Date(probeAt.getTime() + WEBHOOK_PAUSE_DURATIONS_MS[1]) });
    expect(pauseDurationMs(99)).toBe(WEBHOOK_PAUSE_DURATIONS_MS[WEBHOOK_PAUSE_DURATIONS_MS.length - 1]);
    // The server is back: after the pause every delivery is sent and the breaker closes.
    answers.delete('/breaker');
    clock.freeze(new Date(probeAt.getTime() + WEBHOOK_PAUSE_DURATIONS_MS[1] + 1000));
    await runDueDeliveries();
    await runDueDeliveries();
    const deliveries = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(deliveries.map((delivery) => delivery.status)).toEqual(Array(WEBHOOK_PAUSE_AFTER_FAILURES + 1).fill('succeeded'));
    // No delivery spent more than its own attempts: the waits did not count.
    expect(Math.max(...deliveries.map((delivery) => delivery.attempts))).toBeLessThanOrEqual(3);
    const healed = (await (await agent.get(`/api/webhooks/${endpoint.id}`)).json()) as TWebhookEndpoint;
    expect(healed).toMatchObject({ consecutiveFailures: 0, pausedUntil: null, failingSince: null });
    await waitForOtherJobs();
    expect((await ctx.mails(owner.email)).filter((m) => m.subject === 'Webhook en pause')).toHaveLength(1);
  });

  it('« Envoyer un test » goes through a pause and, answered, resumes the waiting deliveries at once', async () => {
    const { restaurant, agent } = await premiumVenue();
    const { endpoint } = await createEndpoint(agent, '/probe', ['feedback.created']);
    answers.set('/probe', 503);
    const start = new Date();
    clock.freeze(start);
    for (let n = 0; n < WEBHOOK_PAUSE_AFTER_FAILURES + 1; n++) expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 5 })).status).toBe(200);
    await runDueDeliveries();
    const [paused] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(paused.pausedUntil!.getTime()).toBeGreaterThan(start.getTime());
    answers.delete('/probe');
    expect((await agent.post(`/api/webhooks/${endpoint.id}/test`)).status).toBe(200);
    await runDueDeliveries();
    await runDueDeliveries();
    const statuses = (await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).map((delivery) => delivery.status);
    expect(statuses).toEqual(Array(WEBHOOK_PAUSE_AFTER_FAILURES + 2).fill('succeeded'));
  });
});

describe('retention', () => {
  it('drops finished deliveries after 30 days, keeps pending ones and recent ones', async () => {
    const { restaurant, agent } = await premiumVenue();
    const { endpoint } = await createEndpoint(agent, '/old', ['feedback.created']);
    for (let n = 0; n < 2; n++) expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 5 })).status).toBe(200);
    const [done, waiting] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    await deliverWebhook({ deliveryId: done.id, attempt: 0 }, ctx.deps);
    const later = new Date(Date.now() + (WEBHOOK_DELIVERY_RETENTION_DAYS + 1) * 24 * 3600_000);
    expect(await purgeWebhookDeliveries(ctx.db, new Date())).toBe(0);
    expect(await purgeWebhookDeliveries(ctx.db, later)).toBeGreaterThanOrEqual(1);
    const left = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(left.map((delivery) => delivery.id)).toEqual([waiting.id]);
    expect(await ctx.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, done.id))).toEqual([]);
  });
});

describe('SSRF guard', () => {
  const privateUrls = ['http://127.0.0.1:9/x', 'http://10.0.0.1/x', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://localhost/x', 'http://[::ffff:127.0.0.1]/x', 'http://100.64.0.1/x', 'http://0.0.0.0/x', 'http://[fd00::1]/x'];

  it('the test option is refused in production', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: ctx.dataDir, AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://app.example.fr', MAIL_MODE: 'outbox' };
    expect(() => parseEnv(production)).not.toThrow();
    expect(() => parseEnv({ ...production, WEBHOOK_ALLOW_PRIVATE: '1' })).toThrow(/WEBHOOK_ALLOW_PRIVATE: is refused in production/);
  });

  it('classifies addresses', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', 'ff02::1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses at creation, without the test option, loopback, private, link-local and metadata addresses, and names resolving to them', async () => {
    const { agent } = await premiumVenue();
    await withoutPrivateAddresses(async () => {
      for (const url of privateUrls) {
        const response = await agent.post('/api/webhooks', { url, events: ['feedback.created'] });
        expect(response.status, url).toBe(400);
        expect((await response.json()).error.message, url).toBe(WEBHOOK_MESSAGES.urlPrivate);
      }
      // A public-looking name that resolves to a private address.
      ctx.deps.webhookResolver = async () => [{ address: '10.0.0.7', family: 4 }];
      const named = await agent.post('/api/webhooks', { url: 'https://hooks.example.com/x', events: ['feedback.created'] });
      expect((await named.json()).error.message).toBe(WEBHOOK_MESSAGES.urlPrivate);
      ctx.deps.webhookResolver = async () => [];
      const unresolved = await agent.post('/api/webhooks', { url: 'https://nowhere.example.com/x', events: ['feedback.created'] });
      expect((await unresolved.json()).error.message).toBe(WEBHOOK_MESSAGES.urlUnresolved);
    });
    expect(await (await agent.get('/api/webhooks')).json()).toEqual({ endpoints: [] });
  });

  it('refuses at delivery, without the test option, an address that became private (DNS rebinding) and never sends to it', async () => {
    const { restaurant, agent } = await premiumVenue();
    const port = (receiver.address() as AddressInfo).port;
    // The name resolves to a public address when saved…
    ctx.deps.webhookResolver = async () => [{ address: '93.184.216.34', family: 4 }];
    const endpoint = await withoutPrivateAddresses(async () => {
      const created = await agent.post('/api/webhooks', { url: `http://rebind.example.com:${port}/rebound`, events: ['feedback.created'] });
      expect(created.status).toBe(201);
      return ((await created.json()) as TWebhookEndpointWithSecret).endpoint;
    });
    expect(endpoint.url).toBe(`http://rebind.example.com:${port}/rebound`);
    // …and to 127.0.0.1 at delivery.
    ctx.deps.webhookResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    // And an endpoint saved earlier on a loopback address (the option was on then).
    const { endpoint: loopback } = await createEndpoint(agent, '/loopback', ['feedback.created']);
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 5 })).status).toBe(200);
    await withoutPrivateAddresses(() => runDueDeliveries());
    expect(receivedOn('/rebound')).toHaveLength(0);
    expect(receivedOn('/loopback')).toHaveLength(0);
    for (const id of [endpoint.id, loopback.id]) {
      const [delivery] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
      const [attempt] = await ctx.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id));
      expect(attempt).toMatchObject({ responseStatus: null });
      expect(attempt.error).toContain('Adresse refusée');
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    }
  });

  it('never follows a redirect: a 302 to 127.0.0.1 is a failed attempt and the target is not called', async () => {
    const { restaurant, agent } = await premiumVenue();
    answers.set('/redirect', 302);
    const { endpoint } = await createEndpoint(agent, '/redirect', ['feedback.created']);
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 5 })).status).toBe(200);
    const before = receivedOn('/target').length;
    await runDueDeliveries();
    expect(receivedOn('/redirect')).toHaveLength(1);
    expect(receivedOn('/target')).toHaveLength(before);
    const [delivery] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    const [attempt] = await ctx.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id));
    expect(attempt.responseStatus).toBe(302);
    expect(attempt.error).toContain('Redirection non suivie');
    expect(delivery.status).toBe('pending');
  });
});

describe('exactly once, resend, rotation', () => {
  it('two instances running the same delivery job send it once', { timeout: 60_000 }, async () => {
    const { restaurant, agent } = await premiumVenue();
    const { endpoint } = await createEndpoint(agent, '/once', ['feedback.created']);
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 5 })).status).toBe(200);
    const [delivery] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    // A second server on the same database: its own pool (PostgreSQL) and its own queue client.
    const database = ctx.database.kind === 'postgres' ? await openDatabase({ databaseUrl: ctx.database.pool.options.connectionString }) : ctx.database;
    const secondDeps = createDeps(ctx.deps.env, database, ctx.deps.logger);
    secondDeps.boss.on('error', () => undefined);
    await secondDeps.boss.start();
    try {
      createApp(secondDeps, { clientDist: ctx.dataDir });
      const job = { deliveryId: delivery.id, attempt: 0 };
      await Promise.all([deliverWebhook(job, ctx.deps), deliverWebhook(job, secondDeps), deliverWebhook(job, ctx.deps), deliverWebhook(job, secondDeps)]);
      await runDueDeliveries();
      await deliverWebhook(job, secondDeps);
    } finally {
      await secondDeps.boss.stop({ graceful: false, close: true, timeout: 2000 }).catch(() => undefined);
      secondDeps.mailer.close();
      if (database !== ctx.database) await database.close();
    }
    expect(receivedOn('/once')).toHaveLength(1);
    const [row] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await ctx.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, delivery.id))).toHaveLength(1);
  });

  it('« Renvoyer » sends the same id and payload again; a rotated secret signs from then on, the old one no longer verifies', async () => {
    const { restaurant, agent } = await premiumVenue();
    const { endpoint, secret } = await createEndpoint(agent, '/rotate', ['feedback.created']);
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 3 })).status).toBe(200);
    await runDueDeliveries();
    const [first] = receivedOn('/rotate');
    verify(secret, first);
    const rotated = await agent.post(`/api/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const { secret: newSecret, endpoint: after } = (await rotated.json()) as TWebhookEndpointWithSecret;
    expect(newSecret).not.toBe(secret);
    expect(after.secretRotatedAt).not.toBeNull();
    const deliveryId = String(first.headers['webhook-id']);
    expect((await agent.post(`/api/webhooks/${endpoint.id}/deliveries/${deliveryId}/resend`)).status).toBe(200);
    await runDueDeliveries();
    const [, again] = receivedOn('/rotate');
    expect(again.headers['webhook-id']).toBe(deliveryId);
    expect(again.body).toBe(first.body);
    expect(verify(newSecret, again).type).toBe('feedback.created');
    expect(() => verify(secret, again)).toThrow();
    const page = (await (await agent.get(`/api/webhooks/${endpoint.id}/deliveries`)).json()) as TWebhookDeliveriesPage;
    expect(page.deliveries[0]).toMatchObject({ id: deliveryId, attempts: 2, status: 'succeeded' });
    expect(page.deliveries[0].attemptLog).toHaveLength(2);
  });
});

describe('owner routes', () => {
  it('validates the request in French, updates, disables by hand and deletes', async () => {
    const { agent } = await premiumVenue();
    const bad = async (body: unknown, message: string) => {
      const response = await agent.post('/api/webhooks', body);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(message);
    };
    await bad({ url: 'ftp://example.com', events: ['feedback.created'] }, WEBHOOK_MESSAGES.urlInvalid);
    await bad({ url: `https://example.com/${'a'.repeat(2001)}`, events: ['feedback.created'] }, WEBHOOK_MESSAGES.urlTooLong);
    await bad({ url: `${base}/x`, events: [] }, WEBHOOK_MESSAGES.eventsRequired);
    await bad({ url: `${base}/x`, events: ['order.created'] }, WEBHOOK_MESSAGES.eventUnknown);
    await bad({ url: `${base}/x`, events: ['feedback.created'], description: 'x'.repeat(201) }, WEBHOOK_MESSAGES.descriptionTooLong);
    const { endpoint } = await createEndpoint(agent, '/manage', ['feedback.created']);
    const updated = await (await agent.patch(`/api/webhooks/${endpoint.id}`, { events: ['reward.unlocked', 'reward.redeemed'], description: 'Logiciel de caisse' })).json();
    expect(updated).toMatchObject({ events: ['reward.unlocked', 'reward.redeemed'], description: 'Logiciel de caisse', status: 'active' });
    const disabled = await (await agent.patch(`/api/webhooks/${endpoint.id}`, { enabled: false })).json();
    expect(disabled).toMatchObject({ status: 'disabled', disabledReason: 'owner' });
    expect((await agent.delete(`/api/webhooks/${endpoint.id}`)).status).toBe(200);
    expect((await agent.get(`/api/webhooks/${endpoint.id}`)).status).toBe(404);
  });

  it('« Envoyer un test » delivers a signed webhook.test event to that endpoint only, and is refused on a disabled one', async () => {
    const { agent } = await premiumVenue();
    const { endpoint, secret } = await createEndpoint(agent, '/test-event', ['reward.redeemed']);
    await createEndpoint(agent, '/other-endpoint', ['reward.redeemed']);
    const sent = await agent.post(`/api/webhooks/${endpoint.id}/test`);
    expect(sent.status).toBe(200);
    await runDueDeliveries();
    const [got] = receivedOn('/test-event');
    expect(verify(secret, got)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
    expect(receivedOn('/other-endpoint')).toHaveLength(0);
    const page = (await (await agent.get(`/api/webhooks/${endpoint.id}/deliveries`)).json()) as TWebhookDeliveriesPage;
    expect(page.deliveries[0]).toMatchObject({ eventType: 'webhook.test', status: 'succeeded' });
    await agent.patch(`/api/webhooks/${endpoint.id}`, { enabled: false });
    expect((await agent.post(`/api/webhooks/${endpoint.id}/test`)).status).toBe(409);
  });

  it('keeps an organisation at its endpoint limit when creations arrive in parallel', async () => {
    const { agent } = await premiumVenue();
    const results = await Promise.all(
      Array.from({ length: WEBHOOK_MAX_ENDPOINTS + 3 }, (_, n) => agent.post('/api/webhooks', { url: `${base}/parallel-${n}`, events: ['feedback.created'] })),
    );
    expect(results.filter((answer) => answer.status === 201)).toHaveLength(WEBHOOK_MAX_ENDPOINTS);
    const refused = results.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => answer.status)).toEqual([409, 409, 409]);
    expect(await refused[0].json()).toMatchObject({ error: { message: WEBHOOK_MESSAGES.tooManyEndpoints } });
  });

  it('answers 404 to another organisation’s endpoint and delivery ids', async () => {
    const a = await premiumVenue();
    const { endpoint } = await createEndpoint(a.agent, '/tenant', ['feedback.created']);
    expect((await createVisitor(ctx).submit({ restaurantId: a.restaurant.id, rating: 5 })).status).toBe(200);
    const [delivery] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    const b = await premiumVenue();
    for (const [method, path] of [
      ['GET', `/api/webhooks/${endpoint.id}`],
      ['PATCH', `/api/webhooks/${endpoint.id}`],
      ['DELETE', `/api/webhooks/${endpoint.id}`],
      ['POST', `/api/webhooks/${endpoint.id}/rotate-secret`],
      ['POST', `/api/webhooks/${endpoint.id}/test`],
      ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/api/webhooks/${endpoint.id}/deliveries/${delivery.id}/resend`],
    ] as const) {
      const response = await b.agent.request(path, { method, json: method === 'PATCH' ? { enabled: false } : undefined });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(await (await b.agent.get('/api/webhooks')).json()).toEqual({ endpoints: [] });
    const [still] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(still.status).toBe('active');
  });

  it('refuses a plan without the API (403, in French)', async () => {
    const { agent } = await premiumVenue({ plan: 'pro' });
    const response = await agent.get('/api/webhooks');
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe(PLAN_FEATURE_MESSAGES.api);
    expect((await agent.post('/api/webhooks', { url: `${base}/x`, events: ['feedback.created'] })).status).toBe(403);
  });
});
