import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Db } from '../db/client';
import type { EmailDeps } from './email-deps';
import { defineJob, enqueueJob, type JobDefinition, type PgBoss } from '../jobs/queue';
import { clock } from '../lib/runtime/clock';
import { enqueueEmail } from './email-queue';

/** At most one low-rating alert email per restaurant in this window (decision 036): the default of its setting. */
export const ALERT_WINDOW_MS = 15 * 60_000;

/**
 * An urgent rating (issue 48): a 1★, or a 2★ or less with a comment. It is mailed at once even inside a
 * grouping window, with whatever else is pending then (so the grouped mail still lists every rating).
 */
export function isUrgentRating(rating: number, comment: string | null): boolean {
  return rating <= 1 || (rating <= 2 && !!comment && comment.trim() !== '');
}
/**
 * A flush runs when the job queue's clock (the database's) says it is due; the app's clock may lag it
 * by a moment. A flush that early by less than this still sends, instead of waiting for nothing.
 */
const FLUSH_TOLERANCE_MS = 5_000;

const ZLowRatingAlert = z.object({
  restaurantId: z.uuid(),
  /** The low rating that woke the job; null for the flush at the end of a window. */
  feedbackId: z.uuid().nullable(),
});
type LowRatingAlertPayload = z.infer<typeof ZLowRatingAlert>;

/** A stable UUID per name, so the same job is queued once (pg-boss ignores a second insert of an id). */
function stableJobId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Decides, for one restaurant, whether its pending low ratings are alerted now (decision 036):
 * - the rating (if any) joins the restaurant's pending ones (once: keyed by the feedback);
 * - the restaurant's alert row is locked, so two instances or two jobs decide one after the other;
 * - no alert within the restaurant's window (5, 15 or 30 minutes), or an urgent rating (1★, or ≤2★ with a
 *   comment: isUrgentRating): every pending rating is claimed by a new alert and its email is
 *   queued in the same transaction (so a rating is alerted once, and never dropped by a failed send:
 *   the email job retries, rendered from the claimed ratings);
 * - otherwise one flush is queued for the end of the window (one per window, whatever the number of
 *   ratings), which claims whatever is pending then.
 */
export async function runLowRatingAlert(deps: Pick<EmailDeps, 'db' | 'boss'>, payload: LowRatingAlertPayload): Promise<{ alertId: string | null; claimed: number }> {
  return deps.db.transaction(async (tx) => {
    const { restaurantId } = payload;
    if (payload.feedbackId) {
      await tx.execute(sql`insert into low_rating_alert_items (feedback_id, restaurant_id, created_at)
        select f.id, f.restaurant_id, f.created_at from feedbacks f where f.id = ${payload.feedbackId} and f.restaurant_id = ${restaurantId}
        on conflict do nothing`);
    }
    await tx.execute(sql`insert into low_rating_alert_state (restaurant_id)
      select r.id from restaurants r where r.id = ${restaurantId} on conflict do nothing`);
    const [state] = await queryRows<{ last_alert_at: string | Date | null; window_minutes: number; urgent: boolean | null }>(
      tx,
      sql`select s.last_alert_at, r.alert_window_minutes as window_minutes,
                 (select f.rating <= 1 or (f.rating <= 2 and coalesce(btrim(f.comment), '') <> '') from feedbacks f
                  where f.id = ${payload.feedbackId} and f.restaurant_id = s.restaurant_id) as urgent
          from low_rating_alert_state s join restaurants r on r.id = s.restaurant_id
          where s.restaurant_id = ${restaurantId} for update of s`,
    );
    // The restaurant was deleted since: nothing to alert.
    if (!state) return { alertId: null, claimed: 0 };
    const now = clock.now();
    const last = state.last_alert_at ? new Date(state.last_alert_at) : null;
    const windowMs = state.window_minutes * 60_000;
    const tolerance = payload.feedbackId ? 0 : FLUSH_TOLERANCE_MS;
    // An urgent rating (isUrgentRating) does not wait for the window's end.
    if (!state.urgent && last && now.getTime() < last.getTime() + windowMs - tolerance) {
      const pending = await queryRows<{ one: number }>(tx, sql`select 1 as one from low_rating_alert_items where restaurant_id = ${restaurantId} and alert_id is null limit 1`);
      if (pending.length > 0) await scheduleFlush(deps.boss, tx, restaurantId, last, windowMs);
      return { alertId: null, claimed: 0 };
    }
    const alertId = randomUUID();
    const claimed = await queryRows<{ feedback_id: string }>(
      tx,
      sql`update low_rating_alert_items set alert_id = ${alertId} where restaurant_id = ${restaurantId} and alert_id is null returning feedback_id`,
    );
    if (claimed.length === 0) return { alertId: null, claimed: 0 };
    await tx.execute(sql`update low_rating_alert_state set last_alert_at = ${now.toISOString()}::timestamptz where restaurant_id = ${restaurantId}`);
    await enqueueEmail(
      deps.boss,
      { template: 'manager_alert_low_rating', restaurantId, customerId: null, to: null, eventId: `alert:${alertId}`, data: { alert_id: alertId } },
      { tx, id: alertId },
    );
    return { alertId, claimed: claimed.length };
  });
}

/** The one flush of a window: its id names the window, so every rating inside it queues the same job. */
async function scheduleFlush(boss: PgBoss, tx: Db, restaurantId: string, windowStart: Date, windowMs: number): Promise<void> {
  await enqueueJob(
    boss,
    lowRatingAlertJob,
    { restaurantId, feedbackId: null },
    { tx, id: stableJobId(`low-rating-flush:${restaurantId}:${windowStart.toISOString()}`), startAfter: new Date(windowStart.getTime() + windowMs) },
  );
}

export const lowRatingAlertJob: JobDefinition<LowRatingAlertPayload, EmailDeps> = defineJob<LowRatingAlertPayload, EmailDeps>({
  name: 'alerts.low-rating',
  payload: ZLowRatingAlert,
  retryLimit: 10,
  async handle(payload, deps) {
    await runLowRatingAlert(deps, payload);
  },
});

/**
 * Queues the alert decision of a low rating inside the transaction that records it (a rolled-back
 * feedback alerts nothing, a committed one always reaches the alert): one job per feedback.
 */
export async function queueLowRatingAlert(boss: PgBoss, tx: Db, restaurantId: string, feedbackId: string): Promise<void> {
  await enqueueJob(boss, lowRatingAlertJob, { restaurantId, feedbackId }, { tx, id: stableJobId(`low-rating:${feedbackId}`) });
}

export const ALERT_JOBS: ReadonlyArray<JobDefinition<unknown, EmailDeps>> = [lowRatingAlertJob] as ReadonlyArray<JobDefinition<unknown, EmailDeps>>;
