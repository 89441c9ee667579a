import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerRewards, customers, emailDeliveries, emailLogs, feedbackReplies, feedbacks, verification, visits } from '../db/schema';
import { clock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { CUSTOMER_MESSAGES } from '../../shared/schemas/customers';
import { recordRestaurantAudit } from './restaurant-audit';

/**
 * The one erasure of a diner's personal data (decision 028), whoever asks: the owner (/customers), the
 * diner ('Mes données', decision 045) or the retention job (anonymisation after years without activity).
 */

/** The rows of link requests, form claims and erasure requests kept until their email link is opened: JSON holding the address. */
export const PENDING_LINK_PREFIX = 'diner-';

export type ErasureActor = { actorUserId: string | null; by: 'owner' | 'diner' | 'retention' };

/**
 * Erases a customer, in one transaction. `erase` (the data right): their row goes (points, point
 * events and earned rewards with it). `anonymize` (retention): the row stays as a nameless record (its
 * points and visits still count in the statistics) but loses identity, contact, device, consent and
 * the rewards waiting (nobody can claim them). Either way their feedbacks and visits stay for the
 * restaurant's statistics without the comment they wrote (and, on erasure, with no link to a person);
 * and everything else that holds their address, name or comment in this restaurant goes too: every
 * email log row to that address (from any device record of theirs), the send keys of those emails
 * (email_deliveries), unconfirmed link rows naming the address or their device, and the job queue's
 * pending and completed jobs about them (the payloads hold the address and the comment). Audited.
 */
export async function eraseCustomerData(db: Db, restaurantId: string, customerId: string, actor: ErasureActor, mode: 'erase' | 'anonymize' = 'erase'): Promise<void> {
  await db.transaction((tx) => eraseCustomerDataIn(tx, restaurantId, customerId, actor, mode));
}

/** eraseCustomerData inside the caller's transaction `tx`. */
export async function eraseCustomerDataIn(tx: Db, restaurantId: string, customerId: string, actor: ErasureActor, mode: 'erase' | 'anonymize' = 'erase'): Promise<void> {
  const [locked] = await tx
    .select({ id: customers.id, email: customers.email, anonId: customers.anonId })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.restaurantId, restaurantId)))
    .for('update');
  if (!locked) throw new AppError('NOT_FOUND', CUSTOMER_MESSAGES.notFound);
  const email = locked.email?.trim().toLowerCase() || null;
  const unlink = mode === 'erase' ? { customerId: null } : {};
  await tx.update(feedbacks).set({ ...unlink, comment: null }).where(and(eq(feedbacks.restaurantId, restaurantId), eq(feedbacks.customerId, customerId)));
  // The private replies keep that one was sent, not to whom nor what it said.
  await tx.update(feedbackReplies).set({ toEmail: null, message: null }).where(and(eq(feedbackReplies.restaurantId, restaurantId), eq(feedbackReplies.customerId, customerId)));
  await tx.update(visits).set({ ...unlink, userAgent: null }).where(and(eq(visits.restaurantId, restaurantId), eq(visits.customerId, customerId)));
  await tx
    .delete(emailLogs)
    .where(and(eq(emailLogs.restaurantId, restaurantId), email ? or(eq(emailLogs.customerId, customerId), sql`lower(${emailLogs.toEmail}) = ${email}`) : eq(emailLogs.customerId, customerId)));
  if (email) {
    // Send keys are 'restaurant|address|template|event' (email/deliver.ts).
    await tx.delete(emailDeliveries).where(sql`starts_with(${emailDeliveries.sendKey}, ${`${restaurantId}|${email}|`})`);
  }
  // Link rows hold compact JSON (JSON.stringify): matched as text, so a row that is not JSON never fails the erasure.
  const mentions = [email ? `"email":${JSON.stringify(email)}` : null, locked.anonId ? `"anonId":${JSON.stringify(locked.anonId)}` : null].filter((m): m is string => m !== null);
  if (mentions.length) {
    await tx.delete(verification).where(
      and(
        sql`starts_with(${verification.identifier}, ${PENDING_LINK_PREFIX})`,
        sql`strpos(${verification.value}, ${`"restaurantId":${JSON.stringify(restaurantId)}`}) > 0`,
        or(...mentions.map((mention) => sql`strpos(lower(${verification.value}), ${mention.toLowerCase()}) > 0`)),
      ),
    );
  }
  // Every job about them in this restaurant, whatever its state (waiting, retrying, completed, failed):
  // emails to the address, emails and follow-ups naming the customer, and 'Retrouver ma carte' requests
  // for the address (their payload holds it as `email`). Active ones are being sent now.
  await tx.execute(
    sql`delete from pgboss.job
        where data->>'restaurantId' = ${restaurantId}
          and (data->>'customerId' = ${customerId}
               or (${email}::text is not null and (lower(data->>'to') = ${email}::text or lower(data->>'email') = ${email}::text)))`,
  );
  if (mode === 'erase') {
    await tx.delete(customers).where(eq(customers.id, customerId));
  } else {
    await tx.delete(customerRewards).where(and(eq(customerRewards.customerId, customerId), eq(customerRewards.status, 'pending')));
    await tx
      .update(customers)
      .set({ firstName: null, lastName: null, email: null, unconfirmedEmail: null, phone: null, anonId: null, marketingConsent: false, marketingConsentAt: null, unsubscribedAt: null, retentionNoticeAt: null, anonymizedAt: clock.now() })
      .where(eq(customers.id, customerId));
  }
  await recordRestaurantAudit(tx, {
    restaurantId,
    actorUserId: actor.actorUserId,
    action: mode === 'erase' ? 'customer_erased' : 'customer_anonymized',
    subjectId: customerId,
    details: actor.by === 'owner' ? null : { by: actor.by },
  });
}
