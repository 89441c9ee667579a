/**
 * Retention (decision 045): a diner with no activity (no visit, no click on 'Je reste membre') for the
 * retention period (DINER_RETENTION_MONTHS, 3 years by default) is anonymised: identity, contact,
 * device and comments gone, the nameless record and its counts kept for the statistics. A month
 * before, those with consent get one last email, 'Souhaitez-vous rester membre ?', whose link counts as
 * activity. Email opens are not tracked (no tracking pixel), so they cannot count.
 */
import { createSignedId, readSignedId } from '../../lib/runtime/signed-id';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { CUSTOMER_LAST_ACTIVITY_SQL } from '../../db/schema/customers';
import type { AppDeps } from '../../deps';
import { enqueueEmails, wakeEmailWorker, type QueuedEmail } from '../../email/email-queue';
import { eraseCustomerData } from '../../core/customer-erasure';
import { clock } from '../../lib/runtime/clock';
import { retentionPeriodText } from '../../../shared/rules/retention';
import { isLocale, type Locale } from '../../../shared/rules/locales';

/** Rows handled per statement (reminders) or per round (anonymisations). */
const BATCH = 200;

/** `date` moved by `months` calendar months (UTC). */
export function addMonths(date: Date, months: number): Date {
  const moved = new Date(date.getTime());
  moved.setUTCMonth(moved.getUTCMonth() + months);
  return moved;
}

const activity = sql.raw(CUSTOMER_LAST_ACTIVITY_SQL);
/** A moment as a timestamptz parameter (the same on both drivers). */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/** Those the reminder is for: an address, marketing consent, not unsubscribed. */
const consenting = sql`(email is not null and marketing_consent and unsubscribed_at is null)`;

/** The token of the 'Je reste membre' link: the customer's id, signed (like the unsubscribe link's). */
export function createStayToken(secret: string, customerId: string): string {
  return createSignedId(secret, 'stay', customerId);
}

export function readStayToken(secret: string, token: string): string | null {
  return readSignedId(secret, 'stay', token);
}

/** 'Je reste membre': the click counts as activity (the retention period starts again). False when the customer is gone. */
export async function stayMember(db: Db, customerId: string): Promise<{ restaurantName: string } | null> {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`update customers c set last_active_at = ${at(clock.now())}, retention_notice_at = null
        from restaurants r where c.id = ${customerId} and r.id = c.restaurant_id and c.anonymized_at is null
        returning r.name`,
  );
  return row ? { restaurantName: row.name } : null;
}

/** The language the diner last rated in (their emails' language, decision 091); null when unknown or gone. */
export async function customerLocale(db: Db, customerId: string): Promise<Locale | null> {
  const [row] = await queryRows<{ lang: string | null }>(db, sql`select lang from customers where id = ${customerId}`);
  return isLocale(row?.lang) ? row.lang : null;
}

/**
 * One run of the retention job at `now`: queues the reminder of every consenting diner whose activity
 * is older than the period less a month (once per inactivity: retention_notice_at), then anonymises the
 * diners whose activity is older than the period — those with consent only once their reminder is a
 * month old.
 */
export async function runRetention(deps: Pick<AppDeps, 'db' | 'boss' | 'env'>, now: Date = clock.now()): Promise<{ reminded: number; anonymized: number }> {
  const months = deps.env.DINER_RETENTION_MONTHS;
  const remindBefore = addMonths(now, -(months - 1));
  const eraseBefore = addMonths(now, -months);
  const noticeBefore = addMonths(now, -1);
  let reminded = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const rows = await queryRows<{ id: string; restaurant_id: string; email: string; first_name: string | null; since: Date | string }>(
        tx,
        sql`update customers set retention_notice_at = ${at(now)}
            where id in (
              select id from customers
              where anonymized_at is null and ${activity} < ${at(remindBefore)} and ${consenting}
                and (retention_notice_at is null or retention_notice_at < ${activity})
              limit ${BATCH} for update skip locked)
            returning id, restaurant_id, email, first_name, ${activity} as since`,
      );
      const emails: QueuedEmail[] = rows.map((row) => ({
        id: crypto.randomUUID(),
        request: {
          template: 'retention_reminder',
          restaurantId: row.restaurant_id,
          customerId: row.id,
          to: row.email,
          // One reminder per inactivity: the send key names the activity it is about.
          eventId: `retention:${new Date(row.since).toISOString()}`,
          data: { url: `${deps.env.PUBLIC_URL}/rester/${createStayToken(deps.env.AUTH_SECRET, row.id)}`, first_name: row.first_name, retention_months: months, retention_period: retentionPeriodText(months) },
        },
      }));
      if (emails.length) await enqueueEmails(deps.boss, emails, { tx });
      return rows.length;
    });
    reminded += batch;
    // The reminders just committed leave now rather than at the worker's next poll.
    if (batch > 0) wakeEmailWorker(deps.boss);
    if (batch < BATCH) break;
  }
  let anonymized = 0;
  for (;;) {
    const due = await queryRows<{ id: string; restaurant_id: string }>(
      deps.db,
      sql`select id, restaurant_id from customers
          where anonymized_at is null and ${activity} < ${at(eraseBefore)}
            and (not ${consenting} or (retention_notice_at >= ${activity} and retention_notice_at <= ${at(noticeBefore)}))
          limit ${BATCH}`,
    );
    for (const row of due) {
      await eraseCustomerData(deps.db, row.restaurant_id, row.id, { actorUserId: null, by: 'retention' }, 'anonymize');
    }
    anonymized += due.length;
    if (due.length < BATCH) break;
  }
  return { reminded, anonymized };
}
