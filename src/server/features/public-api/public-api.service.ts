/**
 * The public API's reads and its one write (issue #31). Every query is limited to the venues the key may
 * read (`venueIds`, from core/api-keys authenticateApiKey): another venue's or organisation's id answers
 * 404, as an id that does not exist. Personal data (names, email, phone) is read only for a key that may.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { PgBoss } from '../../jobs/queue';
import { apiIdempotencyKeys } from '../../db/schema';
import type { AuthenticatedApiKey } from '../../core/api-keys';
import { feedbackFilterConditions } from '../../core/feedback-list';
import { redeemCustomerReward } from '../../core/loyalty';
import { clock } from '../../lib/runtime/clock';
import { AppError, findPgError } from '../../lib/http/errors';
import { parisDayOf } from '../../../shared/format';
import { addDays, periodRange } from '../../../shared/rules/inbox-period';
import { ApiProblem } from './problem';
import {
  PUBLIC_API_MESSAGES,
  VISITS_MAX_DAYS,
  type TCustomer,
  type TCustomerReward,
  type TFeedback,
  type TFeedbackListQuery,
  type TRedeemResult,
  type TVisits,
} from './public-api.schemas';

export type Page<T> = { data: T[]; next_cursor: string | null };
type PageQuery = { cursor?: string; limit: number };

const iso = (ms: number | string | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());
const isoOf = (ms: number | string): string => new Date(Number(ms)).toISOString();
const msColumn = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::float8`);
const microsColumn = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000000)::bigint::text`);

/** `column` is one of the key's venues (none: false). */
function inVenues(column: string, venueIds: readonly string[]): SQL {
  if (venueIds.length === 0) return sql`false`;
  return sql`${sql.raw(column)} in (${sql.join(
    venueIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/** A venue the key may read, or 404. */
export function assertVenue(key: AuthenticatedApiKey, venueId: string): void {
  if (!key.venueIds.includes(venueId)) throw new AppError('NOT_FOUND', PUBLIC_API_MESSAGES.venueNotFound);
}

// ---------------------------------------------------------------- cursors: (created_at µs, id), opaque

function encodeCursor(micros: string, id: string): string {
  return Buffer.from(`${micros}_${id}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined): { micros: string; id: string } | null {
  if (!cursor) return null;
  const match = /^(\d{1,17})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new ApiProblem(400, `cursor : ${PUBLIC_API_MESSAGES.invalidCursor}`, {}, 'cursor');
  return { micros: match[1], id: match[2] };
}

/** `(created_at, id)` before the cursor's row (newest first). */
function beforeCursor(alias: string, cursor: { micros: string; id: string } | null): SQL | null {
  if (!cursor) return null;
  return sql`(${sql.raw(`${alias}.created_at`)}, ${sql.raw(`${alias}.id`)}) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`;
}

function toPage<Row extends { id: string; cursor_micros: string }, T>(rows: Row[], limit: number, map: (row: Row) => T): Page<T> {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return { data: pageRows.map(map), next_cursor: rows.length > limit && last ? encodeCursor(last.cursor_micros, last.id) : null };
}

// ---------------------------------------------------------------- venues

type VenueRow = { id: string; name: string; address: string | null; phone: string | null; website: string | null; created_ms: number; cursor_micros: string };

export async function listVenues(db: Db, key: AuthenticatedApiKey, query: PageQuery) {
  const cursor = decodeCursor(query.cursor);
  const after = beforeCursor('r', cursor);
  const rows = await queryRows<VenueRow>(
    db,
    sql`select r.id, r.name, r.address, r.phone, r.website, ${msColumn('r.created_at')} as created_ms, ${microsColumn('r.created_at')} as cursor_micros
        from restaurants r where ${inVenues('r.id', key.venueIds)} ${after ? sql`and ${after}` : sql``}
        order by r.created_at desc, r.id desc limit ${query.limit + 1}`,
  );
  return toPage(rows, query.limit, (row) => ({ id: row.id, name: row.name, address: row.address, phone: row.phone, website: row.website, created_at: isoOf(row.created_ms) }));
}

// ---------------------------------------------------------------- feedbacks

type FeedbackRow = {
  id: string;
  restaurant_id: string;
  rating: number;
  comment: string | null;
  status: 'new' | 'done';
  table_label: string | null;
  qr_code_id: string | null;
  review_invited: boolean;
  created_ms: number;
  cursor_micros: string;
  handled_ms: number | null;
  customer_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
};

function feedbackColumns(personalData: boolean): SQL {
  const personal = personalData ? sql`c.first_name, c.last_name, c.email` : sql`null::text as first_name, null::text as last_name, null::text as email`;
  return sql`f.id, f.restaurant_id, f.rating, f.comment, f.status, f.table_label, f.qr_code_id, f.review_invited,
    ${msColumn('f.created_at')} as created_ms, ${microsColumn('f.created_at')} as cursor_micros, ${msColumn('f.handled_at')} as handled_ms,
    c.id as customer_id, ${personal}`;
}

function toFeedback(row: FeedbackRow): TFeedback {
  return {
    id: row.id,
    venue_id: row.restaurant_id,
    rating: Number(row.rating),
    comment: row.comment,
    status: row.status,
    table_label: row.table_label,
    qr_code_id: row.qr_code_id,
    review_invited: row.review_invited,
    created_at: isoOf(row.created_ms),
    handled_at: iso(row.handled_ms),
    customer: row.customer_id ? { id: row.customer_id, first_name: row.first_name, last_name: row.last_name, email: row.email } : null,
  };
}

/** A venue's feedbacks newest first, with the /avis filters (core/feedback-list: the same conditions as the inbox). */
export async function listFeedbacks(db: Db, key: AuthenticatedApiKey, venueId: string, query: TFeedbackListQuery): Promise<Page<TFeedback>> {
  assertVenue(key, venueId);
  const cursor = decodeCursor(query.cursor);
  const where = feedbackFilterConditions(venueId, query, periodRange(query.period, clock.now(), { from: query.from, to: query.to }));
  const after = beforeCursor('f', cursor);
  if (after) where.push(after);
  const rows = await queryRows<FeedbackRow>(
    db,
    sql`select ${feedbackColumns(key.personalData)}
        from (select f.id from feedbacks f where ${sql.join(where, sql` and `)} order by f.created_at desc, f.id desc limit ${query.limit + 1}) page
        join feedbacks f on f.id = page.id
        left join customers c on c.id = f.customer_id
        order by f.created_at desc, f.id desc`,
  );
  return toPage(rows, query.limit, toFeedback);
}

export async function getFeedback(db: Db, key: AuthenticatedApiKey, id: string): Promise<TFeedback> {
  const [row] = await queryRows<FeedbackRow>(
    db,
    sql`select ${feedbackColumns(key.personalData)} from feedbacks f left join customers c on c.id = f.customer_id
        where f.id = ${id} and ${inVenues('f.restaurant_id', key.venueIds)}`,
  );
  if (!row) throw new AppError('NOT_FOUND', PUBLIC_API_MESSAGES.feedbackNotFound);
  return toFeedback(row);
}

// ---------------------------------------------------------------- customers

type CustomerRow = {
  id: string;
  restaurant_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  has_email: boolean;
  marketing_consent: boolean;
  consent_ms: number | null;
  unsubscribed_ms: number | null;
  points: number;
  visits: number;
  last_visit_ms: number | null;
  created_ms: number;
  cursor_micros: string;
};

function customerColumns(personalData: boolean): SQL {
  const personal = personalData
    ? sql`c.first_name, c.last_name, c.email, c.phone`
    : sql`null::text as first_name, null::text as last_name, null::text as email, null::text as phone`;
  return sql`c.id, c.restaurant_id, ${personal}, c.email is not null as has_email,
    (c.marketing_consent and c.unsubscribed_at is null) as marketing_consent, ${msColumn('c.marketing_consent_at')} as consent_ms,
    ${msColumn('c.unsubscribed_at')} as unsubscribed_ms, c.points,
    (select count(*) from visits v where v.customer_id = c.id)::int as visits,
    ${msColumn('c.last_visit_at')} as last_visit_ms, ${msColumn('c.created_at')} as created_ms, ${microsColumn('c.created_at')} as cursor_micros`;
}

function toCustomer(row: CustomerRow): TCustomer {
  return {
    id: row.id,
    venue_id: row.restaurant_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    has_email: row.has_email,
    marketing_consent: row.marketing_consent,
    marketing_consent_at: iso(row.consent_ms),
    unsubscribed_at: iso(row.unsubscribed_ms),
    points: Number(row.points),
    visits: Number(row.visits),
    last_visit_at: iso(row.last_visit_ms),
    created_at: isoOf(row.created_ms),
  };
}

/**
 * The customers a venue can know, as its customer list counts them: an email, a phone, or a reward waiting
 * to be handed over (an anonymous device that never left one is not a customer yet).
 */
const KNOWN_CUSTOMER = sql`(c.email is not null or c.phone is not null or exists (select 1 from customer_rewards cr where cr.customer_id = c.id and cr.status = 'pending'))`;

export async function listCustomers(db: Db, key: AuthenticatedApiKey, venueId: string, query: PageQuery): Promise<Page<TCustomer>> {
  assertVenue(key, venueId);
  const after = beforeCursor('c', decodeCursor(query.cursor));
  const rows = await queryRows<CustomerRow>(
    db,
    sql`select ${customerColumns(key.personalData)} from customers c
        where c.restaurant_id = ${venueId} and ${KNOWN_CUSTOMER} ${after ? sql`and ${after}` : sql``}
        order by c.created_at desc, c.id desc limit ${query.limit + 1}`,
  );
  return toPage(rows, query.limit, toCustomer);
}

export async function getCustomer(db: Db, key: AuthenticatedApiKey, id: string): Promise<TCustomer> {
  const [row] = await queryRows<CustomerRow>(db, sql`select ${customerColumns(key.personalData)} from customers c where c.id = ${id} and ${inVenues('c.restaurant_id', key.venueIds)}`);
  if (!row) throw new AppError('NOT_FOUND', PUBLIC_API_MESSAGES.customerNotFound);
  return toCustomer(row);
}

// ---------------------------------------------------------------- rewards

type RewardRow = {
  id: string;
  restaurant_id: string;
  customer_id: string;
  label: string;
  cost: number;
  status: 'pending' | 'redeemed';
  created_ms: number;
  cursor_micros: string;
  redeemed_ms: number | null;
};

const REWARD_COLUMNS = sql`cr.id, cr.restaurant_id, cr.customer_id, cr.label, cr.cost, cr.status,
  ${msColumn('cr.created_at')} as created_ms, ${microsColumn('cr.created_at')} as cursor_micros, ${msColumn('cr.redeemed_at')} as redeemed_ms`;

function toReward(row: RewardRow): TCustomerReward {
  return {
    id: row.id,
    venue_id: row.restaurant_id,
    customer_id: row.customer_id,
    label: row.label,
    cost: Number(row.cost),
    status: row.status,
    created_at: isoOf(row.created_ms),
    redeemed_at: iso(row.redeemed_ms),
  };
}

export async function listRewards(db: Db, key: AuthenticatedApiKey, venueId: string, query: PageQuery & { status: 'pending' | 'redeemed' }): Promise<Page<TCustomerReward>> {
  assertVenue(key, venueId);
  const after = beforeCursor('cr', decodeCursor(query.cursor));
  const rows = await queryRows<RewardRow>(
    db,
    sql`select ${REWARD_COLUMNS} from customer_rewards cr
        where cr.restaurant_id = ${venueId} and cr.status = ${query.status} ${after ? sql`and ${after}` : sql``}
        order by cr.created_at desc, cr.id desc limit ${query.limit + 1}`,
  );
  return toPage(rows, query.limit, toReward);
}

/**
 * Hands a pending reward over (core/loyalty redeemCustomerReward: one conditional update, audited with the
 * key, and its `reward.redeemed` webhook queued), in the caller's transaction. Another venue's reward: 404; already handed over: 409.
 */
/**
 * A reward id the key can reach (one of its venues), else 404: the route checks it before the key's
 * access, so a read-only key learns nothing of another venue's or organisation's ids (403 only for its own).
 */
export async function assertRewardInScope(db: Db, key: AuthenticatedApiKey, id: string): Promise<void> {
  const [found] = await queryRows<{ id: string }>(db, sql`select cr.id from customer_rewards cr where cr.id = ${id} and ${inVenues('cr.restaurant_id', key.venueIds)}`);
  if (!found) throw new AppError('NOT_FOUND', PUBLIC_API_MESSAGES.rewardNotFound);
}

export async function redeemReward(tx: Db, boss: PgBoss, key: AuthenticatedApiKey, id: string): Promise<TRedeemResult> {
  const [found] = await queryRows<{ restaurant_id: string }>(tx, sql`select cr.restaurant_id from customer_rewards cr where cr.id = ${id} and ${inVenues('cr.restaurant_id', key.venueIds)}`);
  if (!found) throw new AppError('NOT_FOUND', PUBLIC_API_MESSAGES.rewardNotFound);
  let balance: number;
  try {
    ({ balance } = await redeemCustomerReward({ db: tx, boss }, found.restaurant_id, { customerRewardId: id, actorUserId: null, apiKeyId: key.id }));
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') throw new AppError('CONFLICT', PUBLIC_API_MESSAGES.rewardAlreadyRedeemed);
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', PUBLIC_API_MESSAGES.rewardNotFound);
    throw error;
  }
  const [row] = await queryRows<RewardRow>(tx, sql`select ${REWARD_COLUMNS} from customer_rewards cr where cr.id = ${id}`);
  return { reward: toReward(row), customer_points: balance };
}

// ---------------------------------------------------------------- visits

/** Visits per Paris day from the dashboard's daily rows (core/daily-stats: restaurant_daily_stats, summed over shards). */
export async function visitsPerDay(db: Db, key: AuthenticatedApiKey, venueId: string, query: { from?: string; to?: string }): Promise<TVisits> {
  assertVenue(key, venueId);
  const to = query.to ?? parisDayOf(clock.now());
  const from = query.from ?? addDays(to, -29);
  if (from > to) throw new ApiProblem(400, `to : ${PUBLIC_API_MESSAGES.invalidRange}`, {}, 'to');
  if (addDays(from, VISITS_MAX_DAYS - 1) < to) throw new ApiProblem(400, `from : ${PUBLIC_API_MESSAGES.rangeTooLong}`, {}, 'from');
  const rows = await queryRows<{ day: string; visits: number }>(
    db,
    sql`select s.day::text as day, sum(s.visit_count)::int as visits from restaurant_daily_stats s
        where s.restaurant_id = ${venueId} and s.day between ${from}::date and ${to}::date group by s.day`,
  );
  const byDay = new Map(rows.map((row) => [row.day.slice(0, 10), Number(row.visits)]));
  const days: TVisits['days'] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push({ date: day, visits: byDay.get(day) ?? 0 });
  return { venue_id: venueId, from, to, total: days.reduce((sum, day) => sum + day.visits, 0), days };
}

// ---------------------------------------------------------------- idempotency

/** How long a repeat waits for the first request with its key to finish before answering 409. */
export const IDEMPOTENCY_WAIT = '3s';

/** An answer as sent: its status and its JSON text (stored as a jsonb string, so a replay is byte for byte the first answer). */
export type StoredAnswer = { status: number; text: string; replayed: boolean };

/**
 * Runs a write once per (key, Idempotency-Key), in one transaction: the first request inserts the key's row
 * (insert … on conflict do nothing), runs `work`, stores its answer (status and body, an expected failure
 * included) and commits them together. A repeat's insert waits for that commit (the row is the primary key's),
 * then replays the stored answer; another request with the same key answers 422; a first request still running
 * after IDEMPOTENCY_WAIT answers 409. An unexpected failure rolls everything back: a retry runs the write again.
 */
export async function runIdempotent(
  db: Db,
  input: { apiKeyId: string; idempotencyKey: string; fingerprint: string },
  work: (tx: Db) => Promise<{ status: number; body: unknown }>,
  failureBody: (error: AppError) => { status: number; body: unknown },
): Promise<StoredAnswer> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${IDEMPOTENCY_WAIT}'`));
      const taken = await tx
        .insert(apiIdempotencyKeys)
        .values({ apiKeyId: input.apiKeyId, idempotencyKey: input.idempotencyKey, requestFingerprint: input.fingerprint, createdAt: clock.now() })
        .onConflictDoNothing()
        .returning({ apiKeyId: apiIdempotencyKeys.apiKeyId });
      const byKey = and(eq(apiIdempotencyKeys.apiKeyId, input.apiKeyId), eq(apiIdempotencyKeys.idempotencyKey, input.idempotencyKey));
      if (taken.length === 0) {
        const [stored] = await tx.select().from(apiIdempotencyKeys).where(byKey);
        if (stored && stored.requestFingerprint !== input.fingerprint) throw new ApiProblem(422, PUBLIC_API_MESSAGES.idempotencyOtherRequest);
        if (!stored || stored.responseStatus === null) throw new ApiProblem(409, PUBLIC_API_MESSAGES.idempotencyInProgress);
        return { status: stored.responseStatus, text: typeof stored.responseBody === 'string' ? stored.responseBody : JSON.stringify(stored.responseBody), replayed: true };
      }
      let answer: { status: number; body: unknown };
      try {
        answer = await work(tx);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        answer = failureBody(error);
      }
      const text = JSON.stringify(answer.body);
      await tx.update(apiIdempotencyKeys).set({ responseStatus: answer.status, responseBody: text }).where(byKey);
      return { status: answer.status, text, replayed: false };
    });
  } catch (error) {
    // 55P03 lock_not_available: the first request with this key still holds it.
    if (findPgError(error)?.code === '55P03') throw new ApiProblem(409, PUBLIC_API_MESSAGES.idempotencyInProgress);
    throw error;
  }
}
