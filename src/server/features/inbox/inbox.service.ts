import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { feedbackReplies, feedbacks, qrCodes, restaurants, rewards, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { enqueueEmail } from '../../email/email-queue';
import { feedbackFilterConditions } from '../../core/feedback-list';
import { offerReward } from '../../core/loyalty';
import { clock } from '../../lib/runtime/clock';
import { AppError } from '../../lib/http/errors';
import { enforceRateLimits } from '../../lib/limits/rate-limit';
import { parisDayOf } from '../../../shared/format';
import { parisInstant, periodRange, type PeriodRange } from '../../../shared/rules/inbox-period';
import {
  INBOX_MESSAGES,
  INBOX_PAGE_SIZE,
  type TBulkStatusRequest,
  type TFeedbackReply,
  type TFeedbackStatus,
  type TInboxFilters,
  type TInboxItem,
  type TInboxOptions,
  type TInboxPage,
  type TInboxQuery,
  type TInboxSummary,
  type TReplyRequest,
  type TTodayReviews,
} from '../../../shared/schemas/inbox';
import { qrLabelShown } from '../../../shared/rules/qr-label';
import { localizeMessage } from '../../../shared/i18n/api-messages';
import type { OwnerLocale } from '../../../shared/rules/locales';

/** The QR key of feedback_stats for a feedback given without a QR. */
const NO_QR = '00000000-0000-0000-0000-000000000000';

/** The same filters on the rollup `feedback_stats s` (whole days only). */
function statsConditions(restaurantId: string, filters: TInboxFilters, range: PeriodRange): SQL[] {
  const where: SQL[] = [sql`s.restaurant_id = ${restaurantId}`];
  if (filters.rating === 'le3') where.push(sql`s.rating <= 3`);
  else if (filters.rating === 'ge4') where.push(sql`s.rating >= 4`);
  else if (filters.rating) where.push(sql`s.rating = ${Number(filters.rating)}`);
  if (range.fromDay) where.push(sql`s.day >= ${range.fromDay}::date`);
  if (range.toDay) where.push(sql`s.day <= ${range.toDay}::date`);
  if (filters.qr) where.push(sql`s.qr_key = ${filters.qr === 'none' ? NO_QR : filters.qr}::uuid`);
  if (filters.comment) where.push(sql`s.has_comment`);
  if (filters.contact) where.push(sql`s.has_contact`);
  if (filters.status) where.push(sql`s.status = ${filters.status}`);
  return where;
}

type SummaryRow = { total: number; rating_sum: number; r1: number; r2: number; r3: number; r4: number; r5: number };

function toSummary(row: SummaryRow | undefined): TInboxSummary {
  const total = Number(row?.total ?? 0);
  return {
    count: total,
    average: total > 0 ? Math.round((Number(row!.rating_sum) / total) * 100) / 100 : null,
    distribution: { '1': Number(row?.r1 ?? 0), '2': Number(row?.r2 ?? 0), '3': Number(row?.r3 ?? 0), '4': Number(row?.r4 ?? 0), '5': Number(row?.r5 ?? 0) },
  };
}

/** The selection's summary and where its next page lies, from one read of the rollup. */
type Selection = { summary: TInboxSummary; lowerDay: string | null };

/**
 * The selection's count, average and distribution, in one aggregate: from the rollup for whole days (a
 * few hundred rows a day however many feedbacks), from the feedbacks themselves for 'ce soir' (one
 * evening). From the same read of the rollup: the oldest Paris day the next page can reach (the newest
 * days before the cursor's day holding at least a page of matches), so the list scans those days only,
 * however rare the matches are among a million feedbacks.
 */
async function readSelection(db: Db, restaurantId: string, filters: TInboxFilters, range: PeriodRange, cursorDay: string | null): Promise<Selection> {
  if (range.fromInstant) {
    const [row] = await queryRows<SummaryRow>(
      db,
      sql`select count(*)::int as total, coalesce(sum(f.rating), 0)::int as rating_sum,
                 count(*) filter (where f.rating = 1)::int as r1, count(*) filter (where f.rating = 2)::int as r2,
                 count(*) filter (where f.rating = 3)::int as r3, count(*) filter (where f.rating = 4)::int as r4,
                 count(*) filter (where f.rating = 5)::int as r5
          from feedbacks f where ${sql.join(feedbackFilterConditions(restaurantId, filters, range), sql` and `)}`,
    );
    return { summary: toSummary(row), lowerDay: null };
  }
  const [row] = await queryRows<SummaryRow & { lower_day: string | null; min_older: string | null }>(
    db,
    sql`with days as (
          select s.day, sum(s.count) as n, sum(s.count * s.rating) as rs,
                 sum(s.count) filter (where s.rating = 1) as r1, sum(s.count) filter (where s.rating = 2) as r2,
                 sum(s.count) filter (where s.rating = 3) as r3, sum(s.count) filter (where s.rating = 4) as r4,
                 sum(s.count) filter (where s.rating = 5) as r5
          from feedback_stats s where ${sql.join(statsConditions(restaurantId, filters, range), sql` and `)}
          group by s.day having sum(s.count) <> 0
        ), older as (
          select day, sum(n) over (order by day desc) as running from days where ${cursorDay}::date is null or day < ${cursorDay}::date
        )
        select coalesce(sum(n), 0)::int as total, coalesce(sum(rs), 0)::int as rating_sum,
               coalesce(sum(r1), 0)::int as r1, coalesce(sum(r2), 0)::int as r2, coalesce(sum(r3), 0)::int as r3,
               coalesce(sum(r4), 0)::int as r4, coalesce(sum(r5), 0)::int as r5,
               (select max(day) filter (where running > ${INBOX_PAGE_SIZE}) from older)::text as lower_day,
               (select min(day) from older)::text as min_older
        from days`,
  );
  // No older day with matches: the page ends within the cursor's day.
  return { summary: toSummary(row), lowerDay: row?.lower_day ?? row?.min_older ?? cursorDay };
}

type ListRow = {
  id: string;
  rating: number;
  comment: string | null;
  created_ms: number;
  cursor_micros: string;
  table_label: string | null;
  review_invited: boolean;
  status: TFeedbackStatus;
  handled_ms: number | null;
  handled_by_name: string | null;
  customer_id: string | null;
  first_name: string | null;
  last_name: string | null;
  has_email: boolean | null;
  unconfirmed_email: string | null;
};

const LIST_COLUMNS = sql`f.id, f.rating, f.comment, floor(extract(epoch from f.created_at) * 1000)::float8 as created_ms,
  (extract(epoch from f.created_at) * 1000000)::bigint::text as cursor_micros, f.table_label, f.review_invited, f.status,
  floor(extract(epoch from f.handled_at) * 1000)::float8 as handled_ms, hu.name as handled_by_name,
  c.id as customer_id, c.first_name, c.last_name, c.email is not null as has_email,
  case when c.email is null then c.unconfirmed_email end as unconfirmed_email`;

function parseCursor(cursor: string): { micros: string; id: string } {
  const [micros, id] = cursor.split('_');
  return { micros, id };
}

async function readReplies(db: Db, restaurantId: string, feedbackIds: string[]): Promise<Map<string, TFeedbackReply[]>> {
  const byFeedback = new Map<string, TFeedbackReply[]>();
  if (feedbackIds.length === 0) return byFeedback;
  const rows = await db
    .select({
      id: feedbackReplies.id,
      feedbackId: feedbackReplies.feedbackId,
      subject: feedbackReplies.subject,
      message: feedbackReplies.message,
      rewardLabel: feedbackReplies.rewardLabel,
      createdAt: feedbackReplies.createdAt,
      sentByName: user.name,
    })
    .from(feedbackReplies)
    .leftJoin(user, eq(user.id, feedbackReplies.sentBy))
    .where(and(eq(feedbackReplies.restaurantId, restaurantId), inArray(feedbackReplies.feedbackId, feedbackIds)))
    .orderBy(asc(feedbackReplies.createdAt));
  for (const row of rows) {
    const list = byFeedback.get(row.feedbackId) ?? [];
    list.push({ id: row.id, subject: row.subject, message: row.message, rewardLabel: row.rewardLabel, createdAt: row.createdAt.toISOString(), sentByName: row.sentByName });
    byFeedback.set(row.feedbackId, list);
  }
  return byFeedback;
}

function toItem(row: ListRow, replies: TFeedbackReply[]): TInboxItem {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ').trim();
  return {
    id: row.id,
    rating: Number(row.rating),
    comment: row.comment,
    createdAt: new Date(Number(row.created_ms)).toISOString(),
    tableLabel: qrLabelShown(row.table_label),
    customer: row.customer_id ? { id: row.customer_id, name: name || null, hasEmail: row.has_email === true, unconfirmedEmail: row.unconfirmed_email ?? null } : null,
    reviewInvited: row.review_invited,
    status: row.status,
    handledAt: row.handled_ms === null ? null : new Date(Number(row.handled_ms)).toISOString(),
    handledByName: row.handled_by_name,
    replies,
  };
}

/**
 * /avis: the restaurant's feedbacks newest first, 20 a page by cursor (created_at, id), filtered, with
 * the selection's summary. The page's ids come from an index-only scan of feedbacks_inbox_idx (every
 * filter column is in it); only those 20 rows are then read with their diner and who handled them.
 * `?feedback=<id>` (the alert emails' link) answers that one feedback alone.
 */
export async function listInbox(db: Db, restaurantId: string, query: TInboxQuery): Promise<TInboxPage> {
  if (query.feedback) {
    const rows = await queryRows<ListRow>(
      db,
      sql`select ${LIST_COLUMNS} from feedbacks f left join customers c on c.id = f.customer_id left join users hu on hu.id = f.handled_by
          where f.id = ${query.feedback} and f.restaurant_id = ${restaurantId}`,
    );
    if (rows.length === 0) throw new AppError('NOT_FOUND', INBOX_MESSAGES.notFound);
    const replies = await readReplies(db, restaurantId, [rows[0].id]);
    const item = toItem(rows[0], replies.get(rows[0].id) ?? []);
    const distribution: TInboxSummary['distribution'] = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
    distribution[String(item.rating) as keyof typeof distribution] = 1;
    return { items: [item], nextCursor: null, summary: { count: 1, average: item.rating, distribution } };
  }
  const range = periodRange(query.period, clock.now(), { from: query.from, to: query.to });
  const where = feedbackFilterConditions(restaurantId, query, range);
  const cursor = query.cursor ? parseCursor(query.cursor) : null;
  if (cursor) where.push(sql`(f.created_at, f.id) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`);
  const cursorDay = cursor ? parisDayOf(new Date(Number(BigInt(cursor.micros) / 1000n))) : null;
  const { summary, lowerDay } = await readSelection(db, restaurantId, query, range, cursorDay);
  if (summary.count === 0) return { items: [], nextCursor: null, summary };
  if (lowerDay) where.push(sql`f.created_at >= ${parisInstant(lowerDay).toISOString()}::timestamptz`);
  const rows = await queryRows<ListRow>(
      db,
      sql`select ${LIST_COLUMNS}
          from (select f.id from feedbacks f where ${sql.join(where, sql` and `)} order by f.created_at desc, f.id desc limit ${INBOX_PAGE_SIZE + 1}) page
          join feedbacks f on f.id = page.id
          left join customers c on c.id = f.customer_id
          left join users hu on hu.id = f.handled_by
          order by f.created_at desc, f.id desc`,
  );
  const pageRows = rows.slice(0, INBOX_PAGE_SIZE);
  const replies = await readReplies(
    db,
    restaurantId,
    pageRows.map((row) => row.id),
  );
  const last = pageRows.at(-1);
  return {
    items: pageRows.map((row) => toItem(row, replies.get(row.id) ?? [])),
    nextCursor: rows.length > INBOX_PAGE_SIZE && last ? `${last.cursor_micros}_${last.id}` : null,
    summary,
  };
}

/**
 * Today's reviews (Paris day) as the counter staff see them: the same page and summary as /avis filtered on
 * today, each review reduced to its rating, comment, time and table (role équipe: nothing of the diner).
 */
export async function listTodayReviews(db: Db, restaurantId: string, cursor: string | undefined): Promise<TTodayReviews> {
  const page = await listInbox(db, restaurantId, { period: 'today', cursor });
  return {
    items: page.items.map(({ id, rating, comment, createdAt, tableLabel }) => ({ id, rating, comment, createdAt, tableLabel })),
    nextCursor: page.nextCursor,
    summary: page.summary,
  };
}

/** Throws 404 unless the feedback is this restaurant's. */
export async function assertOwnFeedback(db: Db, restaurantId: string, feedbackId: string): Promise<void> {
  const [found] = await db
    .select({ id: feedbacks.id })
    .from(feedbacks)
    .where(and(eq(feedbacks.id, feedbackId), eq(feedbacks.restaurantId, restaurantId)));
  if (!found) throw new AppError('NOT_FOUND', INBOX_MESSAGES.notFound);
}

/** What the page offers: the QR codes to filter by, the active rewards to offer, the restaurant's name. */
export async function getInboxOptions(db: Db, restaurantId: string, locale: OwnerLocale = 'fr'): Promise<TInboxOptions> {
  const [[restaurant], qrs, catalogue] = await Promise.all([
    db.select({ name: restaurants.name }).from(restaurants).where(eq(restaurants.id, restaurantId)),
    db
      .select({ id: qrCodes.id, label: qrCodes.tableLabel, isPrimary: qrCodes.isPrimary })
      .from(qrCodes)
      .where(eq(qrCodes.restaurantId, restaurantId))
      .orderBy(sql`${qrCodes.isPrimary} desc`, asc(qrCodes.tableLabel)),
    db
      .select({ id: rewards.id, label: rewards.label })
      .from(rewards)
      .where(and(eq(rewards.restaurantId, restaurantId), eq(rewards.isActive, true)))
      .orderBy(asc(rewards.cost)),
  ]);
  return {
    restaurantName: restaurant?.name ?? '',
    // The stored main label is the spec's English (« Main entrance »): the French owner reads it through qrLabelShown.
    qrCodes: qrs.map((qr) => ({ id: qr.id, label: (locale === 'en' ? qr.label : qrLabelShown(qr.label)) || localizeMessage(qr.isPrimary ? INBOX_MESSAGES.mainQr : INBOX_MESSAGES.noLabel, locale) })),
    rewards: catalogue,
  };
}

/**
 * Marks feedbacks 'Traité' (by whom, when) or back to 'Nouveau'. All of them must be this restaurant's:
 * one foreign or unknown id refuses the whole request with 404 and changes nothing.
 */
export async function setFeedbackStatus(db: Db, restaurantId: string, input: TBulkStatusRequest, actorUserId: string): Promise<number> {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const done = input.status === 'done';
    const updated = await tx
      .update(feedbacks)
      .set({ status: input.status, handledAt: done ? clock.now() : null, handledBy: done ? actorUserId : null })
      .where(and(eq(feedbacks.restaurantId, restaurantId), inArray(feedbacks.id, ids)))
      .returning({ id: feedbacks.id });
    if (updated.length !== ids.length) throw new AppError('NOT_FOUND', INBOX_MESSAGES.notFound);
    return updated.length;
  });
}

/**
 * A private reply to the diner of a feedback: to the email they left, from the restaurant's name with
 * Reply-To its contact address, through the mail pipeline (queued in this transaction, logged in
 * email_logs). Refused when the diner left no email or unsubscribed; a second reply needs
 * `confirmAnother`; counted against the restaurant's reply limits. An optional reward of the catalogue
 * joins the diner's rewards to hand over.
 */
export async function replyToFeedback(
  deps: Pick<AppDeps, 'db' | 'boss' | 'rateLimits'>,
  restaurantId: string,
  feedbackId: string,
  input: TReplyRequest,
  actor: { id: string; name: string | null },
): Promise<TFeedbackReply> {
  return deps.db.transaction(async (tx) => {
    // The feedback row is locked: two clicks at once cannot both see 'no reply yet'.
    const [found] = await queryRows<{ customer_id: string | null; email: string | null; unconfirmed_email: string | null; unsubscribed: boolean | null; replies: number }>(
      tx,
      sql`select f.customer_id, c.email, c.unconfirmed_email, c.unsubscribed_at is not null as unsubscribed,
                 (select count(*) from feedback_replies r where r.feedback_id = f.id)::int as replies
          from feedbacks f left join customers c on c.id = f.customer_id
          where f.id = ${feedbackId} and f.restaurant_id = ${restaurantId} for update of f`,
    );
    if (!found) throw new AppError('NOT_FOUND', INBOX_MESSAGES.notFound);
    // A typed address not confirmed yet (decision 075) is answerable too, with the owner's text alone: no
    // reward, nothing of the record, so a stranger's address typed in the form relays nothing of the submitter.
    const unconfirmed = !found.email && !!found.unconfirmed_email;
    const to = found.email ?? found.unconfirmed_email;
    if (!found.customer_id || !to) throw new AppError('BAD_REQUEST', INBOX_MESSAGES.noEmail);
    if (unconfirmed && input.rewardId) throw new AppError('BAD_REQUEST', INBOX_MESSAGES.unconfirmedNoReward);
    if (found.unsubscribed) throw new AppError('CONFLICT', INBOX_MESSAGES.unsubscribed);
    if (Number(found.replies) > 0 && !input.confirmAnother) throw new AppError('CONFLICT', INBOX_MESSAGES.alreadyReplied);
    const limits = deps.rateLimits.owner;
    await enforceRateLimits(tx, [
      { rule: limits.inboxRepliesPerHour, subject: restaurantId },
      { rule: limits.inboxRepliesPerDay, subject: restaurantId },
    ]);
    const now = clock.now();
    let gift: { id: string; label: string } | null = null;
    if (input.rewardId) {
      gift = await offerReward(tx, restaurantId, { customerId: found.customer_id, rewardId: input.rewardId, actorUserId: actor.id }, now);
      if (!gift) throw new AppError('NOT_FOUND', INBOX_MESSAGES.rewardNotFound);
    }
    const [reply] = await tx
      .insert(feedbackReplies)
      .values({
        restaurantId,
        feedbackId,
        customerId: found.customer_id,
        toEmail: to,
        subject: input.subject,
        message: input.message,
        customerRewardId: gift?.id ?? null,
        rewardLabel: gift?.label ?? null,
        sentBy: actor.id,
        createdAt: now,
      })
      .returning();
    await enqueueEmail(
      deps.boss,
      {
        template: 'feedback_reply',
        restaurantId,
        customerId: found.customer_id,
        to,
        eventId: `feedback-reply:${reply.id}`,
        data: { subject: input.subject, message: input.message, reward_label: gift?.label ?? null },
      },
      { tx },
    );
    return { id: reply.id, subject: reply.subject, message: reply.message, rewardLabel: reply.rewardLabel, createdAt: reply.createdAt.toISOString(), sentByName: actor.name };
  });
}
