import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryPreparedRows, runPrepared } from '../platform';
import { emailDeliveries, emailLogs } from '../db/schema';
import { clock } from '../lib/runtime/clock';
import { JOB_EXPIRE_SECONDS } from '../jobs/queue';
import type { Logger } from '../lib/runtime/logger';
import type { Mailer, OutgoingMail } from './transport';

export type DeliveryOutcome = 'sent' | 'already-sent' | 'in-progress' | 'unknown-after-crash';

/**
 * A claim younger than a job's expiry is another job sending the same email right now (two
 * instances), not a dead attempt: a crashed job is only retried after it expired.
 */
const IN_PROGRESS_MS = JOB_EXPIRE_SECONDS * 1000;

/** The unique key of one email: restaurant, recipient, template and the event that caused it. */
export function buildSendKey(parts: { restaurantId: string | null; to: string; template: string; eventId: string }): string {
  return [parts.restaurantId ?? '-', parts.to.trim().toLowerCase(), parts.template, parts.eventId].join('|');
}

/**
 * Sends `mail` at most once per `sendKey`. The key is claimed in the database before the SMTP call:
 * - no row yet, or a previous attempt that FAILED (the server answered an error): claim and send;
 * - 'sent': skip (a retried or duplicated job);
 * - 'sending' claimed moments ago: a duplicate of the job is sending it now (two instances): skip;
 * - 'sending': an earlier attempt died between the claim and the answer (kill -9, crash). Whether the
 *   mail left is unknown; sending again is what gave diners two identical emails, so it is not sent
 *   again and the case is logged (at most once; decision 005).
 * A transport error marks the key 'failed' and is rethrown, so the job's retry sends it.
 * `sentLog`: the email_logs row of a sent mail, written in the statement that marks the key sent (one
 * round trip and one commit, and never one without the other).
 */
export async function deliverEmailOnce(
  deps: { db: Db; mailer: Mailer; logger: Logger },
  sendKey: string,
  mail: OutgoingMail,
  { sentLog }: { sentLog?: typeof emailLogs.$inferInsert } = {},
): Promise<DeliveryOutcome> {
  const now = clock.now();
  // Every statement of the pipeline is named (prepared): each email repeats them (decision 031).
  const [claimed] = await queryPreparedRows<{ sendKey: string }>(deps.db, CLAIM_SEND_KEY, { sendKey, now: now.toISOString() });
  if (!claimed) {
    const [existing] = await runPrepared(
      deps.db
        .select({ status: emailDeliveries.status, claimedAt: emailDeliveries.claimedAt })
        .from(emailDeliveries)
        .where(eq(emailDeliveries.sendKey, sendKey)),
    );
    if (existing?.status === 'sent') return 'already-sent';
    if (existing?.claimedAt && now.getTime() - existing.claimedAt.getTime() < IN_PROGRESS_MS) return 'in-progress';
    deps.logger.warn({ sendKey }, 'email not sent again: an earlier attempt died while sending it');
    return 'unknown-after-crash';
  }
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    await runPrepared(
      deps.db
        .update(emailDeliveries)
        .set({ status: 'failed' })
        .where(and(eq(emailDeliveries.sendKey, sendKey), eq(emailDeliveries.status, 'sending'))),
    );
    throw error;
  }
  const sentAt = clock.now();
  if (!sentLog) {
    await runPrepared(deps.db.update(emailDeliveries).set({ status: 'sent', sentAt }).where(eq(emailDeliveries.sendKey, sendKey)));
    return 'sent';
  }
  await queryPreparedRows(deps.db, MARK_SENT_AND_LOG, {
    sendKey,
    sentAt: sentAt.toISOString(),
    restaurantId: sentLog.restaurantId ?? null,
    customerId: sentLog.customerId ?? null,
    toEmail: sentLog.toEmail,
    toDomain: sentLog.toDomain,
    templateName: sentLog.templateName,
    subject: sentLog.subject,
    status: sentLog.status,
    error: sentLog.error ?? null,
  } satisfies SentLog & { sendKey: string; sentAt: string });
  return 'sent';
}

const ph = sql.placeholder;

/** The claim of a send key (see deliverEmailOnce), compiled once: every email sends it. */
const CLAIM_SEND_KEY = sql`insert into ${emailDeliveries} (send_key, status, claimed_at) values (${ph('sendKey')}, 'sending', ${ph('now')}::timestamptz)
  on conflict (send_key) do update set status = 'sending', claimed_at = excluded.claimed_at, attempts = ${emailDeliveries}.attempts + 1
  where ${emailDeliveries}.status = 'failed'
  returning send_key as "sendKey"`;

type SentLog = { [K in 'restaurantId' | 'customerId' | 'error']: string | null } & { [K in 'toEmail' | 'toDomain' | 'templateName' | 'subject']: string } & {
  status: (typeof emailLogs.$inferInsert)['status'];
};

/** The key marked sent and the email_logs row of the sent mail, in one statement compiled once (`sentAt`: an ISO text). */
const MARK_SENT_AND_LOG = sql`with marked as (
    update ${emailDeliveries} set status = 'sent', sent_at = ${ph('sentAt')}::timestamptz where send_key = ${ph('sendKey')} returning send_key)
  insert into ${emailLogs} (restaurant_id, customer_id, to_email, to_domain, template_name, subject, status, error, created_at)
  values (${ph('restaurantId')}::uuid, ${ph('customerId')}::uuid, ${ph('toEmail')}, ${ph('toDomain')}, ${ph('templateName')}, ${ph('subject')}, ${ph('status')}, ${ph('error')},
          ${ph('sentAt')}::timestamptz)`;
