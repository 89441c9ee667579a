import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { runPrepared } from '../db/prepared';
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
  const [claimed] = await runPrepared(
    deps.db
      .insert(emailDeliveries)
      .values({ sendKey, status: 'sending', claimedAt: now })
      .onConflictDoUpdate({
        target: emailDeliveries.sendKey,
        set: { status: 'sending', claimedAt: now, attempts: sql`${emailDeliveries.attempts} + 1` },
        setWhere: eq(emailDeliveries.status, 'failed'),
      })
      .returning({ sendKey: emailDeliveries.sendKey }),
  );
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
  const markSent = deps.db.update(emailDeliveries).set({ status: 'sent', sentAt }).where(eq(emailDeliveries.sendKey, sendKey));
  if (!sentLog) {
    await runPrepared(markSent);
    return 'sent';
  }
  const marked = deps.db.$with('marked').as(markSent.returning({ sendKey: emailDeliveries.sendKey }));
  await runPrepared(deps.db.with(marked).insert(emailLogs).values({ ...sentLog, createdAt: sentAt }));
  return 'sent';
}
