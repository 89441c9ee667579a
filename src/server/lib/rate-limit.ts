import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { clock } from './clock';
import { AppError } from './errors';

/**
 * The one rule shape of every rate limit (credentials, sign-up, diner endpoints): at most `limit`
 * hits per fixed window of `windowSeconds`, counted per subject (an IP, an email, a pair…).
 */
export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

/** One hit to count: a rule and whom it is about. */
export type RateLimitHit = { rule: RateLimitRule; subject: string };

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

export const RATE_LIMITED_MESSAGE = 'Trop de tentatives. Veuillez réessayer dans quelques minutes.';

/** Keys hold a hash, so neither emails nor IP addresses are stored in clear in rate_limits. */
export function rateLimitKey(rule: Pick<RateLimitRule, 'name'>, subject: string): string {
  return `rl:${rule.name}:${createHash('sha256').update(subject.trim().toLowerCase()).digest('hex').slice(0, 40)}`;
}

/**
 * Counts one hit in the database (the better-auth `rate_limits` table), so the limit holds across
 * every instance. Atomic: one upsert that starts a new window or increments the current one and
 * returns the new count, so N parallel callers get N distinct counts and at most `limit` are allowed.
 * `last_request` holds the window start (ms).
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const now = clock.now().getTime();
  const windowMs = rule.windowSeconds * 1000;
  const [row] = await queryRows<{ count: string | number; last_request: string | number }>(
    db,
    sql`insert into rate_limits (id, key, count, last_request)
        values (${crypto.randomUUID()}, ${rateLimitKey(rule, subject)}, 1, ${now})
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

/** Forgets a subject's window (e.g. a successful sign-in clears the failures of its email and IP pair). */
export async function resetRateLimit(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${rateLimitKey(rule, subject)}`);
}

/** Counts every hit (skipping those without a subject) and throws a 429 at the first one over its limit. */
export async function enforceRateLimits(db: Db, hits: ReadonlyArray<{ rule: RateLimitRule; subject: string | null | undefined }>, message = RATE_LIMITED_MESSAGE): Promise<void> {
  for (const { rule, subject } of hits) {
    if (!subject) continue;
    const result = await hitRateLimit(db, rule, subject);
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

/** Rows deleted per statement: short transactions, however large the backlog. */
const PURGE_BATCH = 5000;

/**
 * Drops windows that started long ago (ours and better-auth's: none lasts a day) so the table does
 * not grow forever. Runs as a scheduled job, never on a request; the `last_request` index makes each
 * batch read only expired rows, so its cost does not grow with the table. Returns the rows deleted.
 */
export async function purgeRateLimits(db: Db, olderThanSeconds = 24 * 60 * 60): Promise<number> {
  const before = clock.now().getTime() - olderThanSeconds * 1000;
  let deleted = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`delete from rate_limits where id in (select id from rate_limits where last_request < ${before} limit ${PURGE_BATCH}) returning id`,
    );
    deleted += rows.length;
    if (rows.length < PURGE_BATCH) return deleted;
  }
}
