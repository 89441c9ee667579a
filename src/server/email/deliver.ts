import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { prepareFixedQuery, runPrepared } from '../db/prepared';
import { emailDeliveries, emailLogs } from '../db/schema';
import { clock } from '../lib/clock';
import { JOB_EXPIRE_SECONDS } from '../jobs/queue';
import type { Logger } from '../lib/logger';
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
  const [claimed] = await claimSendKey(deps.db, { sendKey, now });
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
  await markSentAndLog(deps.db, {
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
  });
  return 'sent';
}

/** The claim of a send key (see deliverEmailOnce), built once: every email sends it. */
const claimSendKey = prepareFixedQuery<Array<{ sendKey: string }>, { sendKey: string; now: Date }>((db) =>
  db
    .insert(emailDeliveries)
    .values({ sendKey: sql.placeholder('sendKey'), status: 'sending', claimedAt: sql.placeholder('now') })
    .onConflictDoUpdate({
      target: emailDeliveries.sendKey,
      set: { status: 'sending', claimedAt: sql`excluded.claimed_at`, attempts: sql`${emailDeliveries.attempts} + 1` },
      setWhere: eq(emailDeliveries.status, 'failed'),
    })
    .returning({ sendKey: emailDeliveries.sendKey }),
);

type SentLog = { [K in 'restaurantId' | 'customerId' | 'error']: string | null } & { [K in 'toEmail' | 'toDomain' | 'templateName' | 'subject']: string } & {
  status: (typeof emailLogs.$inferInsert)['status'];
};

/** The moment of sending, once for the key and its log row (an ISO text: an update's set takes no placeholder). */
const sentAtParameter = sql`${sql.placeholder('sentAt')}::timestamptz`;

/** The key marked sent and the email_logs row of the sent mail, in one statement built once. */
const markSentAndLog = prepareFixedQuery<unknown, SentLog & { sendKey: string; sentAt: string }>((db) => {
  const marked = db.$with('marked').as(
    db
      .update(emailDeliveries)
      .set({ status: 'sent', sentAt: sentAtParameter })
      .where(eq(emailDeliveries.sendKey, sql.placeholder('sendKey')))
      .returning({ sendKey: emailDeliveries.sendKey }),
  );
  return db
    .with(marked)
    .insert(emailLogs)
    .values({
      restaurantId: sql.placeholder('restaurantId'),
      customerId: sql.placeholder('customerId'),
      toEmail: sql.placeholder('toEmail'),
      toDomain: sql.placeholder('toDomain'),
      templateName: sql.placeholder('templateName'),
      subject: sql.placeholder('subject'),
      status: sql.placeholder('status'),
      error: sql.placeholder('error'),
      createdAt: sentAtParameter,
    });
});
