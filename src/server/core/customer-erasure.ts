import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerRewards, customers, emailDeliveries, emailLogs, feedbackReplies, feedbacks, verification, visits } from '../db/schema';
import { clock } from '../lib/runtime/clock';
import { AppError } from '../lib/http/errors';
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

/**
 * eraseCustomerData inside the caller's transaction `tx`. The erasure of a customer with a confirmed address
 * (by the owner, or by the diner through the link sent to it) also erases the diner's other, never-merged
 * device records (decision 077): those without an address that asked for a link to that address (their
 * device id is in the pending link), or that carry the same typed first and last name. And the webhook
 * deliveries about any of them (queued, retried or logged: the payloads hold the customer id and comments)
 * are deleted; their queued jobs then find nothing to send.
 */
export async function eraseCustomerDataIn(tx: Db, restaurantId: string, customerId: string, actor: ErasureActor, mode: 'erase' | 'anonymize' = 'erase'): Promise<void> {
  const [locked] = await tx
    .select({ id: customers.id, email: customers.email, anonId: customers.anonId, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.restaurantId, restaurantId)))
    .for('update');
  if (!locked) throw new AppError('NOT_FOUND', CUSTOMER_MESSAGES.notFound);
  const others = mode === 'erase' && locked.email ? await otherDeviceRecords(tx, restaurantId, locked) : [];
  for (const record of [locked, ...others]) await eraseRecord(tx, restaurantId, record, mode);
  await deleteWebhookDeliveriesAbout(tx, restaurantId, [locked.id, ...others.map((record) => record.id)]);
  await recordRestaurantAudit(tx, {
    restaurantId,
    actorUserId: actor.actorUserId,
    action: mode === 'erase' ? 'customer_erased' : 'customer_anonymized',
    subjectId: customerId,
    details: actor.by === 'owner' && others.length === 0 ? null : { ...(actor.by === 'owner' ? {} : { by: actor.by }), ...(others.length ? { device_records: others.length } : {}) },
  });
}

type ErasedRecord = { id: string; email: string | null; anonId: string | null; firstName: string | null; lastName: string | null };

/**
 * The diner's other device records in this restaurant, locked: no address of their own (a record with a
 * confirmed address is another customer, erased only by its own request), and either named by a pending link
 * to `customer`'s address (the device asked to be linked to it) or carrying the same first and last name.
 */
async function otherDeviceRecords(tx: Db, restaurantId: string, customer: ErasedRecord): Promise<ErasedRecord[]> {
  const email = customer.email!.trim().toLowerCase();
  const links = await tx
    .select({ value: verification.value })
    .from(verification)
    .where(
      and(
        sql`starts_with(${verification.identifier}, ${PENDING_LINK_PREFIX})`,
        sql`strpos(${verification.value}, ${`"restaurantId":${JSON.stringify(restaurantId)}`}) > 0`,
        sql`strpos(lower(${verification.value}), ${`"email":${JSON.stringify(email)}`}) > 0`,
      ),
    );
  const anonIds = links.flatMap((link) => {
    try {
      const anonId = (JSON.parse(link.value) as { anonId?: unknown }).anonId;
      return typeof anonId === 'string' && anonId !== customer.anonId ? [anonId] : [];
    } catch {
      return [];
    }
  });
  const first = customer.firstName?.trim().toLowerCase() || null;
  const last = customer.lastName?.trim().toLowerCase() || null;
  const byName = first && last ? sql`(lower(trim(${customers.firstName})) = ${first} and lower(trim(${customers.lastName})) = ${last})` : sql`false`;
  const byLink = anonIds.length ? sql`${customers.anonId} in (${sql.join(anonIds.map((id) => sql`${id}`), sql`, `)})` : sql`false`;
  return tx
    .select({ id: customers.id, email: customers.email, anonId: customers.anonId, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.restaurantId, restaurantId), sql`${customers.id} <> ${customer.id}`, sql`${customers.email} is null`, or(byName, byLink)))
    .orderBy(customers.id)
    .for('update');
}

/**
 * The webhook deliveries naming these customers (their own events, and the feedbacks and rewards that carry
 * their id), whatever their state; their attempts go with them (cascade).
 */
async function deleteWebhookDeliveriesAbout(tx: Db, restaurantId: string, customerIds: readonly string[]): Promise<void> {
  await tx.execute(
    sql`delete from webhook_deliveries
        where restaurant_id = ${restaurantId}::uuid
          and (payload->'data'->>'customer_id' = any(${`{${customerIds.join(',')}}`}::text[])
               or (event_type like 'customer.%' and payload->'data'->>'id' = any(${`{${customerIds.join(',')}}`}::text[])))`,
  );
}

/** One record's erasure (or anonymisation): see eraseCustomerData. */
async function eraseRecord(tx: Db, restaurantId: string, locked: ErasedRecord, mode: 'erase' | 'anonymize'): Promise<void> {
  const customerId = locked.id;
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
}
