/** An organisation's webhook endpoints and their deliveries (/developpeurs/webhooks, issue #31, decision 059). */
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { organisations, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { clock } from '../../lib/runtime/clock';
import { AppError } from '../../lib/http/errors';
import { checkUrl, UnsafeUrlError } from '../../lib/http/safe-fetch';
import { sealSecret } from '../../lib/runtime/secret-box';
import { queueWebhookDeliveryJobs } from '../../core/webhook-events';
import type { WebhookDeliveryStatus, WebhookDisabledReason, WebhookEndpointStatus, WebhookEvent } from '../../../shared/rules/developer-api';
import {
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MESSAGES,
  ZCreateWebhookEndpointRequest,
  ZUpdateWebhookEndpointRequest,
  type TWebhookDeliveriesPage,
  type TWebhookEndpoint,
  type TWebhookEndpointWithSecret,
} from '../../../shared/schemas/webhooks';
import type { z } from 'zod';
import { WEBHOOK_SECRET_PURPOSE, WEBHOOK_TEST_EVENT, webhookPolicyOf } from './webhook-policy';

export type WebhookActor = { organisationId: string; userId: string };

/** A new signing secret (Standard Webhooks): `whsec_` and 32 random bytes in base64. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The URL checked now (scheme, then every address its name resolves to): an AppError in French otherwise. */
async function checkEndpointUrl(deps: Pick<AppDeps, 'env' | 'webhookResolver'>, url: string): Promise<void> {
  try {
    await checkUrl(url, webhookPolicyOf(deps));
  } catch (error) {
    if (!(error instanceof UnsafeUrlError)) throw error;
    const message = { invalid: WEBHOOK_MESSAGES.urlInvalid, https_only: WEBHOOK_MESSAGES.urlHttpsOnly, private: WEBHOOK_MESSAGES.urlPrivate, unresolved: WEBHOOK_MESSAGES.urlUnresolved }[error.reason];
    throw new AppError('BAD_REQUEST', message);
  }
}

type EndpointRow = {
  id: string;
  url: string;
  description: string;
  events: WebhookEvent[];
  status: WebhookEndpointStatus;
  disabled_reason: WebhookDisabledReason | null;
  disabled_at: string | Date | null;
  failing_since: string | Date | null;
  consecutive_failures: number;
  paused_until: string | Date | null;
  created_at: string | Date;
  secret_rotated_at: string | Date | null;
  last_status: WebhookDeliveryStatus | null;
  last_created_at: string | Date | null;
  last_event_type: string | null;
  pending: number | string;
  succeeded: number | string;
  failed: number | string;
};

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

function toEndpoint(row: EndpointRow): TWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    status: row.status,
    disabledReason: row.disabled_reason,
    disabledAt: iso(row.disabled_at),
    failingSince: iso(row.failing_since),
    consecutiveFailures: Number(row.consecutive_failures),
    // A pause over is no pause (the endpoint's next delivery is its probe).
    pausedUntil: row.paused_until && new Date(row.paused_until) > clock.now() ? iso(row.paused_until) : null,
    createdAt: iso(row.created_at)!,
    secretRotatedAt: iso(row.secret_rotated_at),
    lastDelivery: row.last_status ? { status: row.last_status, createdAt: iso(row.last_created_at)!, eventType: row.last_event_type ?? '' } : null,
    counts: { pending: Number(row.pending), succeeded: Number(row.succeeded), failed: Number(row.failed) },
  };
}

/** The organisation's endpoints (oldest first), each with its last delivery and its deliveries counted by status; or one of them. */
async function readEndpoints(db: Db, organisationId: string, endpointId: string | null): Promise<TWebhookEndpoint[]> {
  const rows = await queryRows<EndpointRow>(
    db,
    sql`select e.id, e.url, e.description, e.events, e.status, e.disabled_reason, e.disabled_at, e.failing_since, e.consecutive_failures, e.paused_until, e.created_at, e.secret_rotated_at,
               last.status as last_status, last.created_at as last_created_at, last.event_type as last_event_type,
               coalesce(counts.pending, 0) as pending, coalesce(counts.succeeded, 0) as succeeded, coalesce(counts.failed, 0) as failed
        from webhook_endpoints e
        left join lateral (
          select d.status, d.created_at, d.event_type from webhook_deliveries d where d.endpoint_id = e.id order by d.created_at desc, d.id desc limit 1
        ) last on true
        left join lateral (
          select count(*) filter (where d.status = 'pending') as pending, count(*) filter (where d.status = 'succeeded') as succeeded,
                 count(*) filter (where d.status = 'failed') as failed
          from webhook_deliveries d where d.endpoint_id = e.id
        ) counts on true
        where e.organisation_id = ${organisationId}::uuid and (${endpointId}::uuid is null or e.id = ${endpointId}::uuid)
        order by e.created_at, e.id`,
  );
  return rows.map(toEndpoint);
}

export const listEndpoints = (db: Db, organisationId: string) => readEndpoints(db, organisationId, null);

export async function getEndpoint(db: Db, organisationId: string, endpointId: string): Promise<TWebhookEndpoint> {
  const [endpoint] = await readEndpoints(db, organisationId, endpointId);
  if (!endpoint) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
  return endpoint;
}

export async function createEndpoint(
  deps: Pick<AppDeps, 'db' | 'env' | 'webhookResolver'>,
  actor: WebhookActor,
  input: z.output<typeof ZCreateWebhookEndpointRequest>,
): Promise<TWebhookEndpointWithSecret> {
  await checkEndpointUrl(deps, input.url);
  const secret = generateWebhookSecret();
  const id = await deps.db.transaction(async (tx) => {
    // Counted under the organisation's row lock (as the API keys): parallel creations cannot pass the limit.
    await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, actor.organisationId)).for('update');
    const [{ n }] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.organisationId, actor.organisationId));
    if (n >= WEBHOOK_MAX_ENDPOINTS) throw new AppError('CONFLICT', WEBHOOK_MESSAGES.tooManyEndpoints);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        organisationId: actor.organisationId,
        url: input.url,
        description: input.description ?? '',
        events: input.events,
        secretEncrypted: sealSecret(deps.env.AUTH_SECRET, WEBHOOK_SECRET_PURPOSE, secret),
        createdBy: actor.userId,
        createdAt: clock.now(),
      })
      .returning({ id: webhookEndpoints.id });
    return created.id;
  });
  return { endpoint: await getEndpoint(deps.db, actor.organisationId, id), secret };
}

export async function updateEndpoint(db: Db, actor: WebhookActor, endpointId: string, input: z.output<typeof ZUpdateWebhookEndpointRequest>): Promise<TWebhookEndpoint> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ status: webhookEndpoints.status })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organisationId, actor.organisationId)))
      .for('update');
    if (!found) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
    const enable = input.enabled === true && found.status !== 'active';
    const disable = input.enabled === false && found.status === 'active';
    await tx
      .update(webhookEndpoints)
      .set({
        ...(input.events ? { events: input.events } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        // Enabled again: a fresh start (the 3 days of failures count from the next failure).
        ...(enable ? { status: 'active' as const, disabledReason: null, disabledAt: null, failingSince: null, consecutiveFailures: 0, pausedUntil: null, pauseCount: 0 } : {}),
        ...(disable ? { status: 'disabled' as const, disabledReason: 'owner' as const, disabledAt: now } : {}),
      })
      .where(eq(webhookEndpoints.id, endpointId));
    // Disabled: its waiting deliveries stop (they can be sent again with « Renvoyer » once it is enabled).
    if (disable) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed', nextAttemptAt: null })
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
    }
  });
  return getEndpoint(db, actor.organisationId, endpointId);
}

export async function deleteEndpoint(db: Db, actor: WebhookActor, endpointId: string): Promise<void> {
  const [deleted] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organisationId, actor.organisationId)))
    .returning({ id: webhookEndpoints.id });
  if (!deleted) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
}

/** A new signing secret, returned this once; the old one stops signing at once. */
export async function rotateSecret(deps: Pick<AppDeps, 'db' | 'env'>, actor: WebhookActor, endpointId: string): Promise<TWebhookEndpointWithSecret> {
  const secret = generateWebhookSecret();
  const [rotated] = await deps.db
    .update(webhookEndpoints)
    .set({ secretEncrypted: sealSecret(deps.env.AUTH_SECRET, WEBHOOK_SECRET_PURPOSE, secret), secretRotatedAt: clock.now() })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organisationId, actor.organisationId)))
    .returning({ id: webhookEndpoints.id });
  if (!rotated) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
  return { endpoint: await getEndpoint(deps.db, actor.organisationId, endpointId), secret };
}

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

/** An endpoint's deliveries, newest first, by cursor (created_at in microseconds, id), each with its attempts. */
export async function listDeliveries(db: Db, actor: WebhookActor, endpointId: string, cursor: string | undefined, limit = WEBHOOK_DELIVERIES_PAGE_SIZE): Promise<TWebhookDeliveriesPage> {
  const [owned] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organisationId, actor.organisationId)));
  if (!owned) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
  const [micros, afterId] = cursor && /^\d+_[0-9a-f-]{36}$/i.test(cursor) ? cursor.split('_') : [null, null];
  const rows = await queryRows<{
    id: string;
    event_type: string;
    status: WebhookDeliveryStatus;
    attempts: number;
    created_at: string | Date;
    next_attempt_at: string | Date | null;
    delivered_at: string | Date | null;
    payload: unknown;
    cursor_micros: string;
  }>(
    db,
    sql`select d.id, d.event_type, d.status, d.attempts, d.created_at, d.next_attempt_at, d.delivered_at, d.payload,
               (extract(epoch from d.created_at) * 1000000)::bigint::text as cursor_micros
        from webhook_deliveries d
        where d.endpoint_id = ${endpointId}::uuid
          and (${micros}::bigint is null or ((extract(epoch from d.created_at) * 1000000)::bigint, d.id) < (${micros}::bigint, ${afterId}::uuid))
        order by d.created_at desc, d.id desc
        limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const attempts = page.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            page.map((row) => row.id),
          ),
        )
        .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id))
    : [];
  const last = page[page.length - 1];
  return {
    deliveries: page.map((row) => ({
      id: row.id,
      eventType: row.event_type,
      status: row.status,
      attempts: row.attempts,
      createdAt: iso(row.created_at)!,
      nextAttemptAt: iso(row.next_attempt_at),
      deliveredAt: iso(row.delivered_at),
      payload: row.payload,
      attemptLog: attempts
        .filter((attempt) => attempt.deliveryId === row.id)
        .map((attempt) => ({
          id: attempt.id,
          attemptedAt: attempt.attemptedAt.toISOString(),
          responseStatus: attempt.responseStatus,
          durationMs: attempt.durationMs,
          responseExcerpt: attempt.responseExcerpt,
          error: attempt.error,
        })),
    })),
    nextCursor: rows.length > limit && last ? `${last.cursor_micros}_${last.id}` : null,
  };
}

export { WEBHOOK_TEST_EVENT };

/** « Envoyer un événement de test »: one delivery to this endpoint now, through the same signing, guard and log. */
export async function sendTestEvent(deps: Pick<AppDeps, 'db' | 'boss'>, actor: WebhookActor & { restaurantId: string }, endpointId: string): Promise<{ deliveryId: string }> {
  return deps.db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ status: webhookEndpoints.status })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.organisationId, actor.organisationId)));
    if (!endpoint) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.endpointNotFound);
    if (endpoint.status !== 'active') throw new AppError('CONFLICT', WEBHOOK_MESSAGES.endpointDisabled);
    const now = clock.now();
    const payload = { type: WEBHOOK_TEST_EVENT, timestamp: now.toISOString(), data: { message: 'Événement de test envoyé depuis ReFeed.', endpoint_id: endpointId } };
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId, restaurantId: actor.restaurantId, eventType: WEBHOOK_TEST_EVENT, payload, status: 'pending', attempts: 0, nextAttemptAt: now, createdAt: now })
      .returning({ id: webhookDeliveries.id });
    await queueWebhookDeliveryJobs(deps.boss, tx, [{ deliveryId: delivery.id, attempt: 0, organisationId: actor.organisationId, manual: true }]);
    return { deliveryId: delivery.id };
  });
}

/** « Renvoyer »: a new attempt now, with the same id and payload (the endpoint must be active). */
export async function resendDelivery(deps: Pick<AppDeps, 'db' | 'boss'>, actor: WebhookActor, endpointId: string, deliveryId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ status: webhookEndpoints.status })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookEndpoints.organisationId, actor.organisationId)));
    if (!found) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
    if (found.status !== 'active') throw new AppError('CONFLICT', WEBHOOK_MESSAGES.endpointDisabled);
    const now = clock.now();
    const [pending] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: now })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning({ attempts: webhookDeliveries.attempts });
    await queueWebhookDeliveryJobs(deps.boss, tx, [{ deliveryId, attempt: pending.attempts, organisationId: actor.organisationId, manual: true }]);
  });
}
