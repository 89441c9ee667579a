/** The one way an email leaves the app: the email job's handler (render now, check, send once, log). */
import { runPrepared } from '../platform';
import { emailLogs } from '../db/schema';
import type { EmailDeps } from './email-deps';
import { clock } from '../lib/runtime/clock';
import { canonicalTemplate, SKIP_REASONS } from './catalogue';
import { buildSendKey, deliverEmailOnce } from './deliver';
import { type SendEmailPayload } from './email-request';
import { claimOf, prepareEmail } from './prepare-email';
import { COUNTED_AT_SEND, countDinerEmailAtSend } from './quota';

export class EmailSendError extends Error {}

const domainOf = (address: string) => address.split('@')[1]?.toLowerCase() ?? '';

/**
 * The one way an email leaves the app: rendered from its template now, checked, sent once per key
 * (email/deliver.ts), written to email_logs. A transport failure is logged and thrown, so pg-boss
 * retries this email alone with backoff; whatever caused it was committed long before.
 */
export async function handleSendEmail(payload: SendEmailPayload, deps: EmailDeps): Promise<void> {
  const template = canonicalTemplate(payload.template);
  const prepared0 = await prepareEmail(deps, payload);
  const { found } = prepared0;
  let { prepared } = prepared0;
  // A send planned for later (nudge, 'we miss you') is counted against the month's quota when it is
  // decided, here (decision 058); past the quota it is recorded, not sent.
  if (prepared.kind === 'send' && !payload.test && payload.restaurantId && COUNTED_AT_SEND.has(template)) {
    const verdict = await countDinerEmailAtSend(deps, payload.restaurantId);
    if (verdict !== 'ok') prepared = { kind: 'skip', reason: SKIP_REASONS[verdict], to: prepared.mail.to, subject: prepared.mail.subject };
  }
  // A restaurant or customer deleted (or erased) since the email was queued is not named in its log:
  // the row could not reference it, and the job would fail and retry for nothing.
  const log = {
    restaurantId: found.restaurant ? payload.restaurantId : null,
    customerId: found.customer ? payload.customerId : null,
    templateName: template,
    createdAt: clock.now(),
  };
  if (prepared.kind === 'skip') {
    await runPrepared(deps.db.insert(emailLogs).values({ ...log, toEmail: prepared.to, toDomain: domainOf(prepared.to), subject: prepared.subject, status: 'skipped', error: prepared.reason }));
    // A thank-you that also carried the confirmation of a typed address (decision 074): when the owner's
    // automation does not leave (paused, quota, plan…), the diner still gets the confirmation alone.
    const claim = template === 'thanks_after_visit' && !payload.test ? claimOf(payload) : null;
    if (claim && payload.to) {
      await handleSendEmail(
        {
          template: 'link_email_confirmation',
          restaurantId: payload.restaurantId,
          customerId: payload.customerId,
          to: payload.to,
          eventId: `link-after:${payload.eventId}`,
          data: { url: claim.url, expires_in_minutes: claim.minutes, points: claim.points, context: 'visit' },
        },
        deps,
      );
    }
    return;
  }
  const { mail } = prepared;
  const entry = { ...log, toEmail: mail.to, toDomain: domainOf(mail.to), subject: mail.subject };
  const sendKey = buildSendKey({ restaurantId: payload.restaurantId, to: mail.to, template, eventId: payload.eventId });
  let outcome;
  try {
    // A sent mail's log row is written with its delivery mark, in one statement.
    outcome = await deliverEmailOnce(deps, sendKey, mail, { sentLog: { ...entry, status: 'sent', error: null } });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await runPrepared(deps.db.insert(emailLogs).values({ ...entry, createdAt: clock.now(), status: 'failed', error: message.slice(0, 500) }));
    throw new EmailSendError(message);
  }
  if (outcome !== 'sent') await runPrepared(deps.db.insert(emailLogs).values({ ...entry, createdAt: clock.now(), status: 'skipped', error: DELIVERY_SKIP_REASONS[outcome] }));
}

const DELIVERY_SKIP_REASONS = {
  'already-sent': SKIP_REASONS.alreadySent,
  'in-progress': SKIP_REASONS.inProgress,
  'unknown-after-crash': SKIP_REASONS.unknownAfterCrash,
} as const;

