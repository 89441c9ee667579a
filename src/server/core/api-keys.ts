/**
 * API keys (issue #31, decision 059): the secret's format, its hash, and the one way a key is created.
 * The owner page (features/api-keys) creates and revokes them; the public API (features/public-api)
 * authenticates requests with them. The secret is returned once, at creation; only its SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryPreparedRows } from '../platform';
import { apiIdempotencyKeys, apiKeys } from '../db/schema';
import { clock } from '../lib/runtime/clock';
import { API_KEY_PREFIX, API_KEY_VISIBLE_CHARS, type ApiKeyAccess } from '../../shared/rules/developer-api';
import type { LimitOverrides } from '../../shared/rules/plans';

/** A new secret: the prefix, then 32 random bytes (base64url). */
export function generateApiKeySecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What is stored of a secret (hex SHA-256): a leaked table gives no usable key. */
export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export type NewApiKey = {
  organisationId: string;
  name: string;
  access: ApiKeyAccess;
  /** null: every venue of the organisation, now and later; else these venues (already checked as the organisation's). */
  venueIds: string[] | null;
  personalData: boolean;
  createdBy: string | null;
};

/** Creates a key; its secret is in the answer and nowhere else. */
export async function createApiKey(db: Db, input: NewApiKey): Promise<{ id: string; secret: string; tokenStart: string; createdAt: Date }> {
  const secret = generateApiKeySecret();
  const tokenStart = secret.slice(0, API_KEY_VISIBLE_CHARS);
  const [row] = await db
    .insert(apiKeys)
    .values({
      organisationId: input.organisationId,
      name: input.name,
      tokenHash: hashApiKeySecret(secret),
      tokenStart,
      access: input.access,
      allVenues: input.venueIds === null,
      venueIds: input.venueIds ?? [],
      personalData: input.personalData,
      createdBy: input.createdBy,
    })
    .returning({ id: apiKeys.id, createdAt: apiKeys.createdAt });
  return { id: row.id, secret, tokenStart, createdAt: row.createdAt };
}

/** A key as a request authenticated with it sees it: its organisation's plan and state, and the venues it may read. */
export type AuthenticatedApiKey = {
  id: string;
  organisationId: string;
  access: ApiKeyAccess;
  personalData: boolean;
  /** The organisation's platform state (only 'approved' may use the API). */
  organisationStatus: string;
  /** The organisation's plan fields, for effectivePlan (shared/rules/plans.ts). */
  plan: { plan: string | null; trialEndsAt: Date | null; limitOverrides: LimitOverrides | null };
  /** The venues the key may read: the organisation's open venues (all, or those of the key's list), oldest first. */
  venueIds: string[];
};

type KeyRow = {
  id: string;
  organisation_id: string;
  access: ApiKeyAccess;
  personal_data: boolean;
  last_used_ms: number | string | null;
  organisation_status: string;
  plan: string | null;
  trial_ends_ms: number | string | null;
  limit_overrides: LimitOverrides | string | null;
  venue_ids: string[] | string | null;
};

/** `last_used_at` is written at most this often per key (one conditional update, off the hot path). */
export const LAST_USED_PRECISION_MS = 60_000;

const parseJson = <T>(value: T | string | null): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The key of a Bearer secret, or null when it is unknown or revoked. ONE statement reads the key by its
 * hash with its organisation's plan and state, and the venues it may read (every venue of the
 * organisation when `all_venues`, else `venue_ids` ∩ the organisation's venues; a suspended venue is
 * closed, core/venue-state). Nothing is cached: a revocation holds from the next request. `last_used_at` is
 * then refreshed when older than a minute, by a conditional update that the request does not wait for
 * (`onBackgroundError` gets its failure).
 */
export async function authenticateApiKey(db: Db, secret: string, onBackgroundError: (error: unknown) => void = () => undefined): Promise<AuthenticatedApiKey | null> {
  if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 200) return null;
  const [row] = await queryPreparedRows<KeyRow>(
    db,
    sql`select k.id, k.organisation_id, k.access, k.personal_data, floor(extract(epoch from k.last_used_at) * 1000)::float8 as last_used_ms,
               o.status as organisation_status, o.plan, floor(extract(epoch from o.trial_ends_at) * 1000)::float8 as trial_ends_ms, o.limit_overrides,
               (select coalesce(json_agg(r.id order by r.created_at, r.id), '[]'::json) from restaurants r
                 where r.organisation_id = k.organisation_id and r.status = 'approved' and (k.all_venues or r.id = any(k.venue_ids))) as venue_ids
        from api_keys k join organisations o on o.id = k.organisation_id
        where k.token_hash = ${hashApiKeySecret(secret)} and k.revoked_at is null`,
  );
  if (!row) return null;
  const now = clock.now();
  if (row.last_used_ms === null || now.getTime() - Number(row.last_used_ms) >= LAST_USED_PRECISION_MS) {
    const cutoff = new Date(now.getTime() - LAST_USED_PRECISION_MS);
    db.update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, cutoff))))
      .then(() => undefined, onBackgroundError);
  }
  return {
    id: row.id,
    organisationId: row.organisation_id,
    access: row.access,
    personalData: row.personal_data,
    organisationStatus: row.organisation_status,
    plan: { plan: row.plan, trialEndsAt: row.trial_ends_ms === null ? null : new Date(Number(row.trial_ends_ms)), limitOverrides: parseJson(row.limit_overrides) },
    venueIds: parseJson(row.venue_ids) ?? [],
  };
}

/** How long a stored answer of an Idempotency-Key is replayed (then the key may be used again). */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

/** Drops the stored answers of Idempotency-Keys older than the retention (housekeeping job). Returns the rows deleted. */
export async function purgeIdempotencyKeys(db: Db, now = clock.now()): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_RETENTION_HOURS * 3600_000);
  const deleted = await db.delete(apiIdempotencyKeys).where(lt(apiIdempotencyKeys.createdAt, before)).returning({ key: apiIdempotencyKeys.idempotencyKey });
  return deleted.length;
}
