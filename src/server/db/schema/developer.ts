import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { organisations, restaurants } from './restaurants';
import { API_KEY_ACCESS, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS, WEBHOOK_ENDPOINT_STATUSES, type WebhookEvent } from '../../../shared/rules/developer-api';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * An organisation's API keys (issue #31, decision 059). The secret is shown once; only its SHA-256 is kept
 * (`token_hash`), with its first characters to recognise it. A key reads all the organisation's venues
 * (`all_venues`) or those of `venue_ids`; `personal_data` lets it read the diners' names, emails and phones.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The secret's first characters (prefix included), shown on the owner page. */
    tokenStart: text('token_start').notNull(),
    access: text('access', { enum: API_KEY_ACCESS }).notNull(),
    allVenues: boolean('all_venues').notNull(),
    venueIds: uuid('venue_ids').array().notNull().default(sql`'{}'::uuid[]`),
    personalData: boolean('personal_data').notNull().default(false),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('api_keys_token_hash_idx').on(t.tokenHash),
    index('api_keys_organisation_idx').on(t.organisationId, t.createdAt),
    check('api_keys_access_check', sql`${t.access} in (${inList(API_KEY_ACCESS)})`),
  ],
);

/**
 * The answers of writes sent with an `Idempotency-Key` (issue #31): the same key and key id replay the stored
 * answer; the row is taken first (insert … on conflict do nothing), so parallel requests run the write once.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The method and path the key was first used with (another request with it is refused). */
    requestFingerprint: text('request_fingerprint').notNull(),
    /** Null while the first request runs. */
    responseStatus: smallint('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.idempotencyKey] }), index('api_idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * An organisation's webhook endpoints (issue #31). The signing secret (Standard Webhooks, `whsec_…`) is shown
 * once and kept encrypted (`secret_encrypted`, AES-256-GCM under a key derived from AUTH_SECRET): the server
 * must read it to sign. `failing_since`: the first failed delivery since the last success (3 days → disabled).
 * The circuit breaker (decision 077): `consecutive_failures` since the last success; at WEBHOOK_PAUSE_AFTER_FAILURES
 * the endpoint is paused until `paused_until` (its deliveries wait, then resume), `pause_count` times in a row (the
 * pause grows with it; a success resets both).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    status: text('status', { enum: WEBHOOK_ENDPOINT_STATUSES }).notNull().default('active'),
    disabledReason: text('disabled_reason', { enum: WEBHOOK_DISABLED_REASONS }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    pauseCount: integer('pause_count').notNull().default(0),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_endpoints_organisation_idx').on(t.organisationId, t.createdAt),
    check('webhook_endpoints_status_check', sql`${t.status} in (${inList(WEBHOOK_ENDPOINT_STATUSES)})`),
    check('webhook_endpoints_disabled_reason_check', sql`${t.disabledReason} is null or ${t.disabledReason} in (${inList(WEBHOOK_DISABLED_REASONS)})`),
  ],
);

/**
 * One event for one endpoint (issue #31): its id is the Standard Webhooks message id (`webhook-id`), its
 * payload is fixed when the event happens (a resend sends the same), attempts are counted here and logged in
 * `webhook_attempts`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id').references(() => restaurants.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status_check', sql`${t.status} in (${inList(WEBHOOK_DELIVERY_STATUSES)})`),
  ],
);

/** Each attempt of a delivery: when, the HTTP status (null: no answer), how long, an excerpt of the answer or the error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    responseStatus: smallint('response_status'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
