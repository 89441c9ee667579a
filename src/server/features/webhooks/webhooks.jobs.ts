/**
 * Webhook delivery (issue #31, decision 059): one job per attempt of a delivery. The attempt is claimed first
 * (a conditional update on the delivery's attempt count: a job run twice, by two instances or after a resend,
 * sends once) and the next attempt's job queued with the claim (so a crash while sending still retries), then signed (Standard Webhooks), sent through the SSRF guard (lib/safe-fetch.ts), logged in
 * `webhook_attempts`, and its outcome written: 2xx delivered; 410 disables the endpoint; any other failure is
 * retried on WEBHOOK_RETRY_DELAYS_MS (about 27 hours), the endpoint disabled once it has failed for 3 days.
 * A disabled endpoint's propriétaires are emailed once.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { queryRows, type Db } from '../../db/client';
import { organisationMembers, organisations, user, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { enqueueEmail } from '../../email/email-queue';
import { defineJob, type JobDefinition } from '../../jobs/queue';
import { clock } from '../../lib/clock';
import { safePost, UnsafeUrlError, type SafeResponse } from '../../lib/safe-fetch';
import { openSecret } from '../../lib/secret-box';
import { queueWebhookDeliveryJobs, WEBHOOK_DELIVER_QUEUE, ZWebhookDeliver, type WebhookDeliverPayload } from '../../core/webhook-events';
import { paths } from '../../../shared/paths';
import { WEBHOOK_SECRET_PURPOSE, webhookPolicyOf } from './webhook-policy';

/** The wait before each retry: after the 1st attempt 5 s, … ; 8 attempts over about 27 hours, then failed. */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 5 * 3600_000, 10 * 3600_000, 10 * 3600_000] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** When the last attempt's guard runs: well past the send's timeout (lib/safe-fetch, 10 s). */
export const WEBHOOK_GIVE_UP_AFTER_MS = 2 * 60_000;
/** An endpoint failing (no success) for this long is disabled. */
export const WEBHOOK_FAILING_DISABLE_MS = 3 * 24 * 3600_000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
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
  const [organisation] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, disabled.organisationId));
  const owners = await tx
    .select({ email: user.email, name: user.name })
    .from(organisationMembers)
    .innerJoin(user, eq(user.id, organisationMembers.userId))
    .where(and(eq(organisationMembers.organisationId, disabled.organisationId), eq(organisationMembers.role, 'owner')))
    .orderBy(asc(organisationMembers.createdAt), asc(user.id));
  for (const owner of owners) {
    await enqueueEmail(
      deps.boss,
      {
        template: 'webhook_endpoint_disabled',
        restaurantId,
        customerId: null,
        to: owner.email,
        eventId: `webhook-disabled:${endpointId}:${now.toISOString()}`,
        data: {
          first_name: owner.name?.split(' ')[0] ?? null,
          organisation_name: organisation?.name ?? null,
          endpoint_url: disabled.url,
          reason,
          url: `${deps.env.PUBLIC_URL}${paths.webhookEndpoint.href(endpointId)}`,
        },
      },
      { tx },
    );
  }
  return true;
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
  const claimed = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: string; endpoint_id: string; restaurant_id: string | null; payload: unknown; attempts: number }>(
      tx,
      sql`update webhook_deliveries set attempts = ${attempt}::int, next_attempt_at = ${retryAt?.toISOString() ?? null}::timestamptz
          where id = ${payload.deliveryId}::uuid and status = 'pending' and attempts = ${payload.attempt}::int
          returning id, endpoint_id, restaurant_id, payload, attempts`,
    );
    if (row) {
      const next = retryAt ? { attempt, startAfter: retryAt } : { attempt, startAfter: new Date(claimedAt.getTime() + WEBHOOK_GIVE_UP_AFTER_MS), giveUp: true };
      await queueWebhookDeliveryJobs(deps.boss, tx, [{ deliveryId: row.id, ...next }]);
    }
    return row;
  });
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
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, claimed.endpoint_id));
      return;
    }
    if (status === 410) {
      await tx.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.id, claimed.id));
      await disableEndpoint(deps, tx, claimed.endpoint_id, 'gone', now, claimed.restaurant_id);
      return;
    }
    const [failing] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${claimedAt.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, claimed.endpoint_id))
      .returning({ failingSince: webhookEndpoints.failingSince });
    if (failing?.failingSince && now.getTime() - failing.failingSince.getTime() >= WEBHOOK_FAILING_DISABLE_MS) {
      await tx.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.id, claimed.id));
      await disableEndpoint(deps, tx, claimed.endpoint_id, 'failing', now, claimed.restaurant_id);
      return;
    }
    // The back-off is over: given up. Otherwise the next attempt was queued with the claim.
    if (claimed.attempts >= WEBHOOK_MAX_ATTEMPTS) await tx.update(webhookDeliveries).set({ status: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.id, claimed.id));
  });
}

export const WEBHOOK_DELIVER_JOB = defineJob<WebhookDeliverPayload, AppDeps>({
  name: WEBHOOK_DELIVER_QUEUE,
  payload: ZWebhookDeliver,
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
export const WEBHOOK_PURGE_JOB = defineJob<Record<string, never>, AppDeps>({
  name: 'webhook.purge',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  schedule: '40 3 * * *',
  retryLimit: 0,
  async handle(_payload, deps) {
    const deleted = await purgeWebhookDeliveries(deps.db, clock.now());
    if (deleted > 0) deps.logger.info({ deleted }, 'webhook deliveries purged');
  },
});

export const WEBHOOK_JOBS: ReadonlyArray<JobDefinition<unknown, AppDeps>> = [WEBHOOK_DELIVER_JOB, WEBHOOK_PURGE_JOB] as ReadonlyArray<JobDefinition<unknown, AppDeps>>;
