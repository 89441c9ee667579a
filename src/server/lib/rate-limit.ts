import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { clock } from './clock';
import { AppError } from './errors';

/** One fixed-window limit: at most `limit` hits per `windowSeconds` for `key`. */
export type RateLimitRule = { key: string; limit: number; windowSeconds: number };

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

export const RATE_LIMITED_MESSAGE = 'Trop de tentatives. Veuillez réessayer dans quelques minutes.';

/**
 * Counts one hit for `rule.key` in the database (the better-auth `rate_limits` table, where our keys
 * carry their own prefix), so the limit holds across every instance. Atomic: one upsert that either
 * starts a new window or increments the current one. `last_request` holds the window start (ms).
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule): Promise<RateLimitResult> {
  const now = clock.now().getTime();
  const windowMs = rule.windowSeconds * 1000;
  const [row] = await queryRows<{ count: string | number; last_request: string | number }>(
    db,
    sql`insert into rate_limits (id, key, count, last_request)
        values (${crypto.randomUUID()}, ${rule.key}, 1, ${now})
        on conflict (key) do update set
          count = case when rate_limits.last_request <= ${now - windowMs} then 1 else rate_limits.count + 1 end,
          last_request = case when rate_limits.last_request <= ${now - windowMs} then ${now} else rate_limits.last_request end
        returning count, last_request`,
  );
  const count = Number(row.count);
  const windowStart = Number(row.last_request);
  return {
    allowed: count <= rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
  };
}

/** Reads a counter without counting a hit: allowed while under the limit in the current window. */
export async function readRateLimit(db: Db, rule: RateLimitRule): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const now = clock.now().getTime();
  const windowMs = rule.windowSeconds * 1000;
  const [row] = await queryRows<{ count: string | number; last_request: string | number }>(
    db,
    sql`select count, last_request from rate_limits where key = ${rule.key}`,
  );
  if (!row || Number(row.last_request) <= now - windowMs) return { allowed: true, retryAfterSeconds: 0 };
  const allowed = Number(row.count) < rule.limit;
  return { allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((Number(row.last_request) + windowMs - now) / 1000)) };
}

/** Counts a hit on every rule and throws a 429 (with the seconds to wait) when one is over its limit. */
export async function enforceRateLimits(db: Db, rules: readonly RateLimitRule[], message = RATE_LIMITED_MESSAGE): Promise<void> {
  for (const rule of rules) {
    const result = await hitRateLimit(db, rule);
    if (!result.allowed) throw new RateLimitedError(message, result.retryAfterSeconds);
  }
}

/** A 429 that knows how long to wait. */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super('RATE_LIMITED', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Drops windows that ended long ago under a key prefix, so the table does not grow forever. */
export async function purgeRateLimits(db: Db, prefix: string, olderThanSeconds = 24 * 60 * 60): Promise<void> {
  const before = clock.now().getTime() - olderThanSeconds * 1000;
  await db.execute(sql`delete from rate_limits where key like ${`${prefix}%`} and last_request < ${before}`);
}
