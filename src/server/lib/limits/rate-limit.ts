import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { queryPreparedRows } from '../../platform';
import { clock } from '../runtime/clock';
import { AppError } from '../http/errors';
import { setNewest } from '../../platform';
import { RATE_LIMITED_MESSAGE } from '../../../shared/errors';

/**
 * Whom a rule counts: the client address (lib/client-ip), the address at one restaurant, an email typed
 * in the request, an (email, address) pair, the diner's device (rf_tid cookie), the session's restaurant
 * or user, a public API key (/api/v1, by its id).
 */
export type RateLimitSubject = 'address' | 'addressAtRestaurant' | 'email' | 'emailAndAddress' | 'device' | 'restaurant' | 'user' | 'apiKey';

/**
 * The one rule shape of every rate limit (the table is `lib/limits/rate-limit-rules.ts`): at most `limit` hits
 * per fixed window of `windowSeconds`, counted per subject (`per`); past it, a 429 with `message`.
 */
export type RateLimitRule = { name: string; per: RateLimitSubject; limit: number; windowSeconds: number; message: string };

/** What counting needs of a rule (a test may count under a rule of its own). */
export type RateLimitCounter = Pick<RateLimitRule, 'name' | 'limit' | 'windowSeconds'>;

/** One hit to count: a rule and whom it is about. */
export type RateLimitHit<Rule extends RateLimitCounter = RateLimitRule> = { rule: Rule; subject: string };
/** A request's hit, whose subject may be unknown (no client address in-process): such a hit is not counted. */
export type RequestHit = { rule: RateLimitRule; subject: string | null | undefined };

const withSubjects = (hits: readonly RequestHit[]): RateLimitHit[] => hits.filter((hit): hit is RateLimitHit => Boolean(hit.subject));

export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/** The 429's French message (shared/errors.ts; its English twin in shared/i18n/api-messages.ts). */
export { RATE_LIMITED_MESSAGE };

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
export async function hitRateLimit(db: Db, rule: RateLimitCounter, subject: string): Promise<RateLimitResult> {
  const [result] = await hitRateLimits(db, [{ rule, subject }]);
  return result;
}

/** Forgets a subject's window (e.g. a successful sign-in clears the failures of its email and IP pair). */
export async function resetRateLimit(db: Db, rule: RateLimitCounter, subject: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${rateLimitKey(rule, subject)}`);
}

export type CountedRow = { key: string; count: string | number; last_request: string | number };
type KeyedHit = RateLimitHit<RateLimitCounter> & { key: string; windowMs: number };

/**
 * The upsert that counts `hits`, as `with … counted as (…)`: each key starts a new window or increments
 * the current one and is returned with its count, so N parallel callers get N distinct counts and at
 * most `limit` are allowed. Rows are taken in key order so two callers sharing keys never wait on each
 * other in a cycle. A statement built on it reads `counted` (key, count, last_request).
 */
function countHitsSql(keyed: readonly KeyedHit[], now: number): SQL {
  const byKey = new Map(keyed.map((hit) => [hit.key, hit]));
  const values = [...byKey.values()]
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((hit) => sql`(${crypto.randomUUID()}::text, ${hit.key}::text, ${now - hit.windowMs}::bigint)`);
  return sql`with hit (id, key, window_opens_after) as (values ${sql.join(values, sql`, `)}),
    counted as (
      insert into rate_limits (id, key, count, last_request)
      select id, key, 1, ${now}::bigint from hit order by key
      on conflict (key) do update set
        count = case when rate_limits.last_request <= (select window_opens_after from hit where hit.key = excluded.key) then 1 else rate_limits.count + 1 end,
        last_request = case when rate_limits.last_request <= (select window_opens_after from hit where hit.key = excluded.key) then excluded.last_request else rate_limits.last_request end
      returning key, count, last_request
    )`;
}

const keyHits = (hits: readonly RateLimitHit<RateLimitCounter>[]): KeyedHit[] =>
  hits.map((hit) => ({ ...hit, key: rateLimitKey(hit.rule, hit.subject), windowMs: hit.rule.windowSeconds * 1000 }));

function toResults(keyed: readonly KeyedHit[], rows: readonly CountedRow[], now: number): RateLimitResult[] {
  const counted = new Map(rows.map((row) => [row.key, { count: Number(row.count), windowStart: Number(row.last_request) }]));
  return keyed.map((hit) => {
    const { count, windowStart } = counted.get(hit.key)!;
    return { allowed: count <= hit.rule.limit, count, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + hit.windowMs - now) / 1000)) };
  });
}

/**
 * Counts several hits in one statement (one round trip, one commit, or none of its own inside a
 * transaction). Results come back in the order of `hits`.
 */
export async function hitRateLimits(db: Db, hits: readonly RateLimitHit<RateLimitCounter>[]): Promise<RateLimitResult[]> {
  if (hits.length === 0) return [];
  const now = clock.now().getTime();
  const keyed = keyHits(hits);
  // Named: one shape per number of hits (a few rules), planned once per connection.
  const rows = await queryPreparedRows<CountedRow>(db, sql`${countHitsSql(keyed, now)} select key, count, last_request from counted`);
  return toResults(keyed, rows, now);
}

/**
 * Counting a request's hits inside a larger statement of the caller (one round trip for the count and
 * the caller's own work, e.g. the feedback submission's first statement): `with` is the statement's
 * opening `with hit …, counted as (…)` (null when no hit has a subject: the caller opens its own `with`),
 * `hits` the column to select (the counted rows as JSON), and `enforce` throws the 429 of the first hit over
 * its limit from that column, as enforceRateLimits does.
 */
export function rateLimitsInStatement(hits: readonly RequestHit[]): {
  with: SQL | null;
  hits: SQL;
  enforce(rows: readonly CountedRow[] | null): void;
  results(rows: readonly CountedRow[] | null): RateLimitResult[];
} {
  const counted = withSubjects(hits);
  if (counted.length === 0) return { with: null, hits: sql`null::json`, enforce: () => undefined, results: () => [] };
  const now = clock.now().getTime();
  const keyed = keyHits(counted);
  return {
    with: countHitsSql(keyed, now),
    hits: sql`(select json_agg(counted) from counted)`,
    enforce: (rows) => throwIfRefused(counted, toResults(keyed, rows ?? [], now)),
    results: (rows) => toResults(keyed, rows ?? [], now),
  };
}

/**
 * Counts every hit (skipping those without a subject) in one statement and throws a 429 for the first
 * one, in the given order, over its limit. Inside a transaction a refused caller's counts roll back
 * with it, and it stays refused: its count was already at the limit.
 */
export async function enforceRateLimits(db: Db, hits: readonly RequestHit[]): Promise<void> {
  const counted = withSubjects(hits);
  throwIfRefused(counted, await hitRateLimits(db, counted));
}

/** The 429 of the first hit, in order, over its limit: its rule's message and how long to wait. */
function throwIfRefused(hits: readonly RateLimitHit[], results: readonly RateLimitResult[]): void {
  const refused = results.findIndex((result) => !result.allowed);
  if (refused >= 0) throw new RateLimitedError(hits[refused].rule.message, results[refused].retryAfterSeconds);
}

/** An in-instance counter of the public reads (decision 049): `enforce` throws the 429 as `enforceRateLimits` does. */
export type InstanceRateLimiter = {
  /** Counts every hit with a subject and throws the 429 of the first one, in order, over its limit. */
  enforce(hits: readonly RequestHit[]): void;
  /** How many windows it holds now (never more than `maxKeys`). */
  readonly size: number;
};

/**
 * A window's key in this process's memory, never written anywhere: the subject itself when it is short (an
 * address, a device id, an address and a restaurant id: at most 76 characters), hashed past 96 so that a
 * long code costs no more than a short one. Hashing every key cost ~1.5 µs a rule, a third of the limiter's
 * time on a public read (decision 049).
 */
function instanceKey(rule: RateLimitCounter, subject: string): string {
  const normalised = subject.trim().toLowerCase();
  return normalised.length <= 96 ? `${rule.name}:${normalised}` : rateLimitKey(rule, normalised);
}

/**
 * Counts hits in this process's memory, with no database write: the same fixed windows and 429 as the
 * database counter (keys: `instanceKey`). At most `maxKeys` windows are
 * kept; past it the least recently hit one is forgotten (a Map keeps insertion order, and each hit moves
 * its key to the end), so a flood of new subjects cannot grow memory, and a subject that keeps hitting is
 * never the one forgotten. For the public reads only.
 *
 * `instanceCount` (INSTANCE_COUNT): behind a balancer that spreads a client's requests over N instances,
 * each allows ⌈limit / N⌉ of a window, so that the client's allowance across them is the table's
 * (decision 078: a database counter would make every read a write again, ~6× fewer reads/s).
 */
export function createInstanceRateLimiter(options: { maxKeys?: number; instanceCount?: number } = {}): InstanceRateLimiter {
  const maxKeys = options.maxKeys ?? 50_000;
  const instances = Math.max(1, options.instanceCount ?? 1);
  const share = (limit: number) => Math.max(1, Math.ceil(limit / instances));
  const windows = new Map<string, { count: number; start: number }>();
  const hit = (rule: RateLimitCounter, subject: string, now: number): RateLimitResult => {
    const key = instanceKey(rule, subject);
    const windowMs = rule.windowSeconds * 1000;
    let window = windows.get(key);
    if (!window || window.start <= now - windowMs) window = { count: 0, start: now };
    window.count += 1;
    setNewest(windows, key, window, maxKeys);
    return { allowed: window.count <= share(rule.limit), count: window.count, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) };
  };
  return {
    enforce(hits) {
      const counted = withSubjects(hits);
      const now = clock.now().getTime();
      throwIfRefused(counted, counted.map((one) => hit(one.rule, one.subject, now)));
    },
    get size() {
      return windows.size;
    },
  };
}

/**
 * The one writer of `Retry-After`: the app's onError puts it on every 429 (RateLimitedError) and on the
 * 503 of a lost database; better-auth's hooks put it on their APIError 429.
 */
export function retryAfterHeader(seconds: number): { 'Retry-After': string } {
  return { 'Retry-After': String(seconds) };
}

/** A 429 that knows how long to wait (the app's onError answers it with `Retry-After`). */
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
 * batch read only expired rows, so its cost does not grow with the table. Rows are deleted by their
 * address (ctid) rather than looked up again by id: no second index probe per row (half the time at
 * 3 million rows), and a window a request refreshed meanwhile has moved and is kept. Returns the rows deleted.
 */
export async function purgeRateLimits(db: Db, olderThanSeconds = 24 * 60 * 60): Promise<number> {
  const before = clock.now().getTime() - olderThanSeconds * 1000;
  let deleted = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`delete from rate_limits where ctid = any(array(select ctid from rate_limits where last_request < ${before} limit ${PURGE_BATCH})) returning id`,
    );
    deleted += rows.length;
    if (rows.length < PURGE_BATCH) return deleted;
  }
}
