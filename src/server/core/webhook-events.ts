/**
 * Webhook events (issue #31, decision 059): what the features that make things happen call, inside their
 * transaction, to have them delivered to the organisation's endpoints. One statement writes a
 * `webhook_deliveries` row per active endpoint subscribed to the event (payload fixed now, Standard Webhooks
 * style `{ type, timestamp, data }`, the venue's id and name filled in by the statement) and, only when it
 * wrote some, the delivery jobs are queued in the same transaction: a rolled-back write delivers nothing.
 * The delivery itself (signature, SSRF guard, retries) is features/webhooks/webhooks.jobs.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { queryPreparedRows } from '../platform';
import { defineJobQueue, enqueueJobs, type PgBoss } from '../jobs/queue';
import { clock } from '../lib/runtime/clock';
import type { WebhookEvent } from '../../shared/rules/developer-api';

/** The delivery job's queue and payload (its handler is the webhooks feature's; core queues it). */
export const ZWebhookDeliver = z.object({
  deliveryId: z.uuid(),
  /** The delivery's `attempts` this job expects: a job run twice, or a stale retry, finds it moved on and sends nothing. */
  attempt: z.number().int().min(0),
  /**
   * The last attempt's guard, queued with its claim: if the delivery is still pending at that attempt when it
   * runs (the process died while sending), it is given up instead of staying « En attente » forever.
   */
  giveUp: z.boolean().optional(),
  /**
   * Asked by a propriétaire (« Envoyer un test », « Renvoyer »): sent even while the endpoint is paused (the
   * owner's probe; a success ends the pause). Its retries are ordinary ones.
   */
  manual: z.boolean().optional(),
});
export type WebhookDeliverPayload = z.infer<typeof ZWebhookDeliver>;

/**
 * The deliveries' queue, declared here where they are queued: its handler is the webhooks feature's
 * (features/webhooks/webhooks.jobs.ts, `webhookDeliverJob`), which core may not import (decision 086).
 */
export const webhookDeliverQueue = defineJobQueue({ name: 'webhook.deliver', payload: ZWebhookDeliver });

/**
 * At most this many deliveries of one organisation are being sent at once by one instance (pg-boss's group
 * concurrency, the organisation's id as the group): 20 endpoints that never answer hold two of its
 * WEBHOOK_DELIVERY_LANES lanes, and the other organisations' deliveries take the others.
 */
export const WEBHOOK_ORGANISATION_CONCURRENCY = 2;
export const WEBHOOK_DELIVERY_LANES = 4;

/** A payload (JSON text) larger than this has its long texts cut (a feedback comment is already bounded). */
export const WEBHOOK_PAYLOAD_MAX_BYTES = 64 * 1024;
const TRUNCATED_TEXT_LENGTH = 1000;

type Iso = string;
export type FeedbackEventData = { id: string; rating: number; comment: string | null; table_label: string | null; customer_id: string; created_at: Iso };
/**
 * A customer event's data (decision 077): thin, no contact details (they stay behind an API key allowed to read
 * personal data: GET /customers/{id}): what the restaurant knows of the customer, and what changed.
 */
export type CustomerEventData = {
  id: string;
  has_email: boolean;
  has_name: boolean;
  has_phone: boolean;
  marketing_consent: boolean;
  changes: CustomerChange[];
  updated_at: Iso;
};
export const CUSTOMER_CHANGES = ['email', 'name', 'phone', 'marketing_consent'] as const;
export type CustomerChange = (typeof CUSTOMER_CHANGES)[number];

/** What a customer row holds that its events describe. */
export type CustomerState = { email: string | null; first_name: string | null; last_name: string | null; phone: string | null; marketing_consent: boolean };

/**
 * A customer the restaurant can know (decision 077): a confirmed email, or a phone typed with the marketing
 * consent. An anonymous device (points only, or a typed name) is not announced.
 */
export const isKnownCustomer = (state: CustomerState): boolean => !!state.email || (!!state.phone && state.marketing_consent);

/**
 * The customer event of a change from `before` (null: no row before) to `after`: `customer.created` when the
 * customer becomes known, `customer.updated` when a known customer's email, name, phone or consent changed,
 * else none.
 */
export function customerEventOf(restaurantId: string, id: string, before: CustomerState | null, after: CustomerState, at: Date): WebhookEventInput | null {
  if (!isKnownCustomer(after)) return null;
  const was = before ?? { email: null, first_name: null, last_name: null, phone: null, marketing_consent: false };
  const changes = CUSTOMER_CHANGES.filter((change) => {
    if (change === 'email') return (was.email ?? '').toLowerCase() !== (after.email ?? '').toLowerCase();
    if (change === 'name') return (was.first_name ?? '') !== (after.first_name ?? '') || (was.last_name ?? '') !== (after.last_name ?? '');
    if (change === 'phone') return (was.phone ?? '') !== (after.phone ?? '');
    return was.marketing_consent !== after.marketing_consent;
  });
  const known = before !== null && isKnownCustomer(before);
  if (known && changes.length === 0) return null;
  return {
    restaurantId,
    type: known ? 'customer.updated' : 'customer.created',
    data: {
      id,
      has_email: !!after.email,
      has_name: !!(after.first_name || after.last_name),
      has_phone: !!after.phone,
      marketing_consent: after.marketing_consent,
      changes,
      updated_at: at.toISOString(),
    },
  };
}
export type RewardEventData = { id: string; label: string; cost: number; customer_id: string; unlocked_at: Iso | null; redeemed_at?: Iso | null };

/** One thing that happened, for the organisation of `restaurantId`. `data` gets `venue: { id, name }` added. */
export type WebhookEventInput =
  | { restaurantId: string; type: 'feedback.created' | 'feedback.low_rating'; data: FeedbackEventData }
  | { restaurantId: string; type: 'customer.created' | 'customer.updated'; data: CustomerEventData }
  | { restaurantId: string; type: 'reward.unlocked' | 'reward.redeemed'; data: RewardEventData };

export type WebhookPayload = { type: WebhookEvent; timestamp: Iso; data: Record<string, unknown> };

/** The payload, its long texts cut if the whole would exceed WEBHOOK_PAYLOAD_MAX_BYTES. */
export function webhookPayloadOf(event: WebhookEventInput, at: Date): WebhookPayload {
  const payload: WebhookPayload = { type: event.type, timestamp: at.toISOString(), data: { ...event.data } };
  if (Buffer.byteLength(JSON.stringify(payload)) <= WEBHOOK_PAYLOAD_MAX_BYTES) return payload;
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload.data)) data[key] = typeof value === 'string' && value.length > TRUNCATED_TEXT_LENGTH ? `${value.slice(0, TRUNCATED_TEXT_LENGTH)}…` : value;
  data.truncated = true;
  return { ...payload, data };
}

/**
 * A SQL boolean, for a statement the caller already runs: whether the organisation of the restaurant aliased
 * `restaurantAlias` has an active endpoint. False: queueWebhookEvents need not be called at all.
 */
export function hasActiveWebhookEndpointSql(restaurantAlias: string): SQL {
  return sql`exists (select 1 from webhook_endpoints we where we.organisation_id = ${sql.raw(`${restaurantAlias}.organisation_id`)} and we.status = 'active')`;
}

/**
 * Writes the deliveries of `events` (one statement) and queues their jobs in the same transaction when any
 * endpoint subscribes. Returns the deliveries' ids.
 */
export async function queueWebhookEvents(boss: PgBoss, tx: Db, events: readonly WebhookEventInput[]): Promise<string[]> {
  if (events.length === 0) return [];
  const now = clock.now();
  const rows = events.map((event) => ({ restaurant_id: event.restaurantId, type: event.type, payload: webhookPayloadOf(event, now) }));
  const inserted = await queryPreparedRows<{ id: string; organisation_id: string }>(
    tx,
    sql`with ev as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(restaurant_id uuid, type text, payload jsonb)
        )
        insert into webhook_deliveries (endpoint_id, restaurant_id, event_type, payload, status, attempts, next_attempt_at, created_at)
        select w.id, ev.restaurant_id, ev.type,
               jsonb_set(ev.payload, '{data,venue}', jsonb_build_object('id', r.id, 'name', r.name)),
               'pending', 0, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from ev
        join restaurants r on r.id = ev.restaurant_id
        join webhook_endpoints w on w.organisation_id = r.organisation_id and w.status = 'active' and ev.type = any(w.events)
        returning id, (select organisation_id from webhook_endpoints where id = endpoint_id) as organisation_id`,
  );
  if (inserted.length > 0) await queueWebhookDeliveryJobs(boss, tx, inserted.map((row) => ({ deliveryId: row.id, attempt: 0, organisationId: row.organisation_id })));
  return inserted.map((row) => row.id);
}

/**
 * Queues delivery jobs (now, or at `startAfter`); given `tx`, inside that transaction. Each job is in its
 * organisation's group: each instance runs at most WEBHOOK_ORGANISATION_CONCURRENCY of one organisation's
 * deliveries at once, whatever its number of endpoints (issue 50, decision 077).
 */
export async function queueWebhookDeliveryJobs(
  boss: PgBoss,
  tx: Db | null,
  jobs: ReadonlyArray<WebhookDeliverPayload & { organisationId: string; startAfter?: Date }>,
): Promise<void> {
  if (jobs.length === 0) return;
  await enqueueJobs(
    boss,
    webhookDeliverQueue,
    jobs.map(({ startAfter, organisationId, ...payload }) => ({ payload, group: { id: organisationId }, ...(startAfter ? { startAfter } : {}) })),
    tx ? { tx } : {},
  );
}
