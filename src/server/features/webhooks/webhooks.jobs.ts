/**
 * Webhook delivery (issue #31, decision 059): one job per attempt of a delivery. The attempt is claimed first
 * (a conditional update on the delivery's attempt count: a job run twice, by two instances or after a resend,
 * sends once) and the next attempt's job queued with the claim (so a crash while sending still retries), then signed (Standard Webhooks), sent through the SSRF guard (lib/http/safe-fetch.ts), logged in
 * `webhook_attempts`, and its outcome written: 2xx delivered; 410 disables the endpoint; any other failure is
 * retried on WEBHOOK_RETRY_DELAYS_MS (about 27 hours), the endpoint disabled once it has failed for 3 days.
 * A disabled endpoint's propriétaires are emailed once.
 *
 * Fairness (issue 50, decision 077): the worker runs WEBHOOK_DELIVERY_LANES lanes of one job each, and at most
 * WEBHOOK_ORGANISATION_CONCURRENCY deliveries of one organisation at once (pg-boss groups); an attempt waits
 * WEBHOOK_TIMEOUT_MS at most; and an endpoint failing WEBHOOK_PAUSE_AFTER_FAILURES times in a row is paused
 * (circuit breaker) for a growing period: its deliveries wait, keep their attempts, and resume when it ends
 * (the first one through is the probe). The propriétaires are mailed when a run of failures first pauses it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { queryRows, type Db } from '../../db/client';
import { organisations, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { readOrganisationOwners } from '../../core/organisation-owners';
import { enqueueEmail } from '../../email/email-queue';
import { defineJob, type JobDefinition } from '../../jobs/queue';
import { clock } from '../../lib/runtime/clock';
import { safePost, UnsafeUrlError, type SafeResponse } from '../../lib/http/safe-fetch';
import { openSecret } from '../../lib/runtime/secret-box';
import {
  queueWebhookDeliveryJobs,
  WEBHOOK_DELIVERY_LANES,
  WEBHOOK_ORGANISATION_CONCURRENCY,
  webhookDeliverQueue,
  type WebhookDeliverPayload,
} from '../../core/webhook-events';
import { paths } from '../../../shared/paths';
import { WEBHOOK_SECRET_PURPOSE, webhookPolicyOf } from './webhook-policy';

/** The wait before each retry: after the 1st attempt 5 s, … ; 8 attempts over about 27 hours, then failed. */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 10 * 3600_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** When the last attempt's guard runs: well past the send's timeout (WEBHOOK_TIMEOUT_MS). */
export const WEBHOOK_GIVE_UP_AFTER_MS = 2 * 60_000;
/** An endpoint failing (no success) for this long is disabled. */
export const WEBHOOK_FAILING_DISABLE_MS = 3 * 24 * 3600_000;
/** How long one attempt waits for the endpoint's answer (headers and the 2 KB kept). */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** The circuit breaker: this many failed attempts in a row pause the endpoint… */
export const WEBHOOK_PAUSE_AFTER_FAILURES = 5;
/** …for 1 min, then (still failing after it) 5 min, 30 min, 2 h, then 6 h each time, until a success. */
export const WEBHOOK_PAUSE_DURATIONS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000] as const;
export const pauseDurationMs = (pauseCount: number): number => WEBHOOK_PAUSE_DURATIONS_MS[Math.min(pauseCount, WEBHOOK_PAUSE_DURATIONS_MS.length - 1)];
export const WEBHOOK_USER_AGENT = 'ReFeed-Webhooks/1';

const ENDPOINT_DISABLED_ERROR = 'Point de terminaison désactivé : envoi abandonné';

type Outcome = { response: SafeResponse | null; error: string | null; durationMs: number };

function describeError(error: unknown): string {
  if (error instanceof UnsafeUrlError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return (typeof code === 'string' ? `${code} : ${message}` : message).slice(0, 500);
}

/** Sends one delivery's payload to its endpoint, signed with the endpoint's secret. */
async function send(deps: AppDeps, delivery: { id: string; payload: unknown }, endpoint: { url: string; secretEncrypted: string }, now: Date): Promise<Outcome> {
  const started = performance.now();
  try {
    const secret = openSecret(deps.env.AUTH_SECRET, WEBHOOK_SECRET_PURPOSE, endpoint.secretEncrypted);
    const body = JSON.stringify(delivery.payload);
    const signature = new Webhook(secret).sign(delivery.id, now, body);
    const response = await safePost(
      endpoint.url,
      body,
      {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        'webhook-id': delivery.id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      webhookPolicyOf(deps),
      { timeoutMs: WEBHOOK_TIMEOUT_MS },
    );
    const redirect = response.status >= 300 && response.status < 400 ? `Redirection non suivie (${response.status}${response.location ? ` vers ${response.location.slice(0, 300)}` : ''})` : null;
    return { response, error: redirect, durationMs: response.durationMs };
  } catch (error) {
    return { response: null, error: describeError(error), durationMs: Math.round(performance.now() - started) };
  }
}

/**
 * Disables an endpoint (once: only an active one) and, in the same transaction, gives up its pending deliveries
 * and emails the organisation's propriétaires. Returns whether this call disabled it.
 */
export async function disableEndpoint(deps: AppDeps, tx: Db, endpointId: string, reason: 'gone' | 'failing', now: Date, restaurantId: string | null): Promise<boolean> {
  const [disabled] = await tx
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledReason: reason, disabledAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.status, 'active')))
    .returning({ organisationId: webhookEndpoints.organisationId, url: webhookEndpoints.url });
  if (!disabled) return false;
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
  await mailOwners(deps, tx, { endpointId, organisationId: disabled.organisationId, url: disabled.url }, { reason }, `webhook-disabled:${endpointId}:${now.toISOString()}`, restaurantId);
  return true;
}

/**
 * Emails each propriétaire of the endpoint's organisation that it was disabled (`reason` gone or failing) or
 * paused (`reason` paused, with when the pause ends): one mail pipeline, queued in `tx`, once per `eventId`.
 */
async function mailOwners(
  deps: AppDeps,
  tx: Db,
  endpoint: { endpointId: string; organisationId: string; url: string },
  what: { reason: 'gone' | 'failing' } | { reason: 'paused'; pausedUntil: Date },
  eventId: string,
  restaurantId: string | null,
): Promise<void> {
  const [organisation] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, endpoint.organisationId));
  const owners = await readOrganisationOwners(tx, endpoint.organisationId);
  for (const owner of owners) {
    await enqueueEmail(
      deps.boss,
      {
        template: 'webhook_endpoint_disabled',
        restaurantId,
        customerId: null,
        to: owner.email,
        eventId,
        data: {
          first_name: owner.firstName,
          organisation_name: organisation?.name ?? null,
          endpoint_url: endpoint.url,
          reason: what.reason,
          paused_until: what.reason === 'paused' ? what.pausedUntil.toISOString() : null,
          url: `${deps.env.PUBLIC_URL}${paths.webhookEndpoint.href(endpoint.endpointId)}`,
        },
      },
      { tx },
    );
  }
}

/** A delivery claimed by the job of its current attempt, its columns and its endpoint's organisation. */
type ClaimedDelivery = { id: string; endpoint_id: string; restaurant_id: string | null; payload: unknown; attempts: number; organisation_id: string };

/**
 * The claim of `payload`'s delivery for `attempt`, with its next attempt (or its give-up guard) queued in
 * the same transaction; null when another job has it, it is no longer pending, or its endpoint is paused
 * (the delivery then waits for the pause's end, its attempt not spent).
 */
async function claimDelivery(deps: AppDeps, payload: WebhookDeliverPayload, attempt: number, retryAt: Date | null, claimedAt: Date): Promise<ClaimedDelivery | null> {
  return deps.db.transaction(async (tx) => {
    // A paused endpoint (circuit breaker): the delivery waits for the pause's end, its attempt not spent.
    // A propriétaire's « Envoyer un test » or « Renvoyer » is their probe: it goes through.
    const [paused] = payload.manual
      ? []
      : await queryRows<{ organisation_id: string; paused_until: string | Date }>(
          tx,
          sql`select e.organisation_id, e.paused_until from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
              where d.id = ${payload.deliveryId}::uuid and d.status = 'pending' and d.attempts = ${payload.attempt}::int
                and e.paused_until > ${claimedAt.toISOString()}::timestamptz`,
        );
    if (paused) {
      const resumeAt = new Date(paused.paused_until);
      await tx.update(webhookDeliveries).set({ nextAttemptAt: resumeAt }).where(eq(webhookDeliveries.id, payload.deliveryId));
      await queueWebhookDeliveryJobs(deps.boss, tx, [{ deliveryId: payload.deliveryId, attempt: payload.attempt, organisationId: paused.organisation_id, startAfter: resumeAt }]);
      return null;
    }
    const [row] = await queryRows<ClaimedDelivery>(
      tx,
      sql`update webhook_deliveries d set attempts = ${attempt}::int, next_attempt_at = ${retryAt?.toISOString() ?? null}::timestamptz
          from webhook_endpoints e
          where d.id = ${payload.deliveryId}::uuid and d.status = 'pending' and d.attempts = ${payload.attempt}::int and e.id = d.endpoint_id
          returning d.id, d.endpoint_id, d.restaurant_id, d.payload, d.attempts, e.organisation_id`,
    );
    if (row) {
      const next = retryAt ? { attempt, startAfter: retryAt } : { attempt, startAfter: new Date(claimedAt.getTime() + WEBHOOK_GIVE_UP_AFTER_MS), giveUp: true };
      await queueWebhookDeliveryJobs(deps.boss, tx, [{ deliveryId: row.id, organisationId: row.organisation_id, ...next }]);
    }
    return row ?? null;
  });
}

/**
 * The breaker closes: a success (the probe after a pause, or « Envoyer un test » during one) ends the
 * endpoint's run of failures and its pause; the deliveries that waited for the pause's end leave now.
 */
async function closeBreaker(deps: AppDeps, tx: Db, claimed: ClaimedDelivery, now: Date): Promise<void> {
  const [was] = await tx.select({ pausedUntil: webhookEndpoints.pausedUntil }).from(webhookEndpoints).where(eq(webhookEndpoints.id, claimed.endpoint_id)).for('update');
  await tx.update(webhookEndpoints).set({ failingSince: null, consecutiveFailures: 0, pausedUntil: null, pauseCount: 0 }).where(eq(webhookEndpoints.id, claimed.endpoint_id));
  if (was?.pausedUntil && was.pausedUntil > now) {
    const waiting = await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: now })
      .where(and(eq(webhookDeliveries.endpointId, claimed.endpoint_id), eq(webhookDeliveries.status, 'pending'), sql`${webhookDeliveries.nextAttemptAt} > ${now.toISOString()}::timestamptz`))
      .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts });
    await queueWebhookDeliveryJobs(
      deps.boss,
      tx,
      waiting.map((row) => ({ deliveryId: row.id, attempt: row.attempts, organisationId: claimed.organisation_id })),
    );
  }
}

/** One attempt of one delivery (the job's handler). */
export async function deliverWebhook(payload: WebhookDeliverPayload, deps: AppDeps): Promise<void> {
  const { db } = deps;
  if (payload.giveUp) {
    // The last attempt's guard: still pending at that attempt means the sender died mid-send; give it up.
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null })
      .where(and(eq(webhookDeliveries.id, payload.deliveryId), eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.attempts, payload.attempt)));
    return;
  }
  const claimedAt = clock.now();
  // The claim: only the job expecting the delivery's current attempt count sends (pending deliveries only).
  // The next attempt is queued with it, before sending: a process that dies while sending leaves it due
  // (a success, a 410 or a disabled endpoint then make that job find nothing to do).
  const attempt = payload.attempt + 1;
  const retryAt = attempt < WEBHOOK_MAX_ATTEMPTS ? new Date(claimedAt.getTime() + WEBHOOK_RETRY_DELAYS_MS[attempt - 1]) : null;
  const claimed = await claimDelivery(deps, payload, attempt, retryAt, claimedAt);
  if (!claimed) return;
  const [endpoint] = await db
    .select({ url: webhookEndpoints.url, secretEncrypted: webhookEndpoints.secretEncrypted, status: webhookEndpoints.status })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, claimed.endpoint_id));
  if (!endpoint || endpoint.status !== 'active') {
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({ deliveryId: claimed.id, attemptedAt: claimedAt, responseStatus: null, durationMs: 0, error: ENDPOINT_DISABLED_ERROR });
      await tx.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.id, claimed.id));
    });
    return;
  }
  const outcome = await send(deps, claimed, endpoint, claimedAt);
  const status = outcome.response?.status ?? null;
  const succeeded = !outcome.error && status !== null && status >= 200 && status < 300;
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: claimed.id,
      attemptedAt: claimedAt,
      responseStatus: status,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.response?.excerpt ?? '',
      error: outcome.error ?? (succeeded ? null : `Réponse HTTP ${status}`),
    });
    if (succeeded) {
      await tx.update(webhookDeliveries).set({ status: 'succeeded', deliveredAt: now, nextAttemptAt: null }).where(eq(webhookDeliveries.id, claimed.id));
      await closeBreaker(deps, tx, claimed, now);
      return;
    }
    if (status === 410) {
      await tx.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.id, claimed.id));
      await disableEndpoint(deps, tx, claimed.endpoint_id, 'gone', now, claimed.restaurant_id);
      return;
    }
    const failing = await recordFailure(deps, tx, claimed, claimedAt, now);
    if (failing?.failingSince && now.getTime() - failing.failingSince.getTime() >= WEBHOOK_FAILING_DISABLE_MS) {
      await tx.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.id, claimed.id));
      await disableEndpoint(deps, tx, claimed.endpoint_id, 'failing', now, claimed.restaurant_id);
      return;
    }
    // The back-off is over: given up. Otherwise the next attempt was queued with the claim.
    if (claimed.attempts >= WEBHOOK_MAX_ATTEMPTS) await tx.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.id, claimed.id));
  });
}

/**
 * A failed attempt, under the endpoint's row lock: one more failure in a row, the first failure's time kept
 * (3 days → disabled) and, at WEBHOOK_PAUSE_AFTER_FAILURES in a row and not paused already, a pause of
 * pauseDurationMs(pause_count). The first pause of a run of failures is mailed to the propriétaires, once.
 */
async function recordFailure(
  deps: AppDeps,
  tx: Db,
  claimed: { endpoint_id: string; restaurant_id: string | null },
  claimedAt: Date,
  now: Date,
): Promise<{ failingSince: Date | null } | undefined> {
  const [endpoint] = await tx
    .select({
      organisationId: webhookEndpoints.organisationId,
      url: webhookEndpoints.url,
      consecutiveFailures: webhookEndpoints.consecutiveFailures,
      pausedUntil: webhookEndpoints.pausedUntil,
      pauseCount: webhookEndpoints.pauseCount,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, claimed.endpoint_id))
    .for('update');
  if (!endpoint) return undefined;
  const failures = endpoint.consecutiveFailures + 1;
  const pause = failures >= WEBHOOK_PAUSE_AFTER_FAILURES && !(endpoint.pausedUntil && endpoint.pausedUntil > now);
  const pausedUntil = pause ? new Date(now.getTime() + pauseDurationMs(endpoint.pauseCount)) : endpoint.pausedUntil;
  const [failing] = await tx
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${claimedAt.toISOString()}::timestamptz)`,
      consecutiveFailures: failures,
      ...(pause ? { pausedUntil, pauseCount: endpoint.pauseCount + 1 } : {}),
    })
    .where(eq(webhookEndpoints.id, claimed.endpoint_id))
    .returning({ failingSince: webhookEndpoints.failingSince });
  if (pause && pausedUntil && endpoint.pauseCount === 0) {
    await mailOwners(
      deps,
      tx,
      { endpointId: claimed.endpoint_id, organisationId: endpoint.organisationId, url: endpoint.url },
      { reason: 'paused', pausedUntil },
      `webhook-paused:${claimed.endpoint_id}:${now.toISOString()}`,
      claimed.restaurant_id,
    );
  }
  return failing;
}

export const webhookDeliverJob = defineJob<WebhookDeliverPayload, AppDeps>({
  ...webhookDeliverQueue,
  // Lanes of one job each: a delivery waiting on a slow endpoint holds up its lane only; one organisation's
  // deliveries take WEBHOOK_ORGANISATION_CONCURRENCY lanes at most (pg-boss groups, across instances).
  worker: { lanes: WEBHOOK_DELIVERY_LANES, batchSize: 1, groupConcurrency: WEBHOOK_ORGANISATION_CONCURRENCY },
  // The handler records its own failures and schedules its own retries; a crash is retried once by the queue.
  retryLimit: 1,
  queue: { retentionSeconds: 2 * 24 * 3600 },
  handle: deliverWebhook,
});

/** Deliveries (and their attempts) are kept this long once finished, for the owner's log and « Renvoyer ». */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

/** Deletes up to `batch` finished deliveries older than the retention (their attempts go with them); returns how many. */
export async function purgeWebhookDeliveries(db: Db, now: Date, batch = 5000): Promise<number> {
  const cutoff = new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_DAYS * 24 * 3600_000);
  const deleted = await queryRows<{ id: string }>(
    db,
    sql`delete from webhook_deliveries where id in (
          select id from webhook_deliveries where status <> 'pending' and created_at < ${cutoff.toISOString()}::timestamptz limit ${batch}
        ) returning id`,
  );
  return deleted.length;
}

/** Every night, one instance drops the finished deliveries older than WEBHOOK_DELIVERY_RETENTION_DAYS. */
export const webhookPurgeJob = defineJob<Record<string, never>, AppDeps>({
  name: 'webhook.purge',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  schedule: '40 3 * * *',
  retryLimit: 0,
  async handle(_payload, deps) {
    const deleted = await purgeWebhookDeliveries(deps.db, clock.now());
    if (deleted > 0) deps.logger.info({ deleted }, 'webhook deliveries purged');
  },
});

export const WEBHOOK_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [webhookDeliverJob, webhookPurgeJob] as ReadonlyArray<JobDefinition<unknown, AppDeps>>;
