/**
 * 'Mes données' (decision 045): what the restaurant holds about the diner of this device, its JSON
 * download, consent, unsubscribe and erasure. The diner is the device's customer (found by its rf_tid
 * cookie, which a confirmed email link also puts on the customer of that email), never an id from the
 * request. Erasure is the owner's erasure (core/customer-erasure.ts); with an email on record it waits
 * for the link of a confirmation email.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { customerRewards, customers, emailLogs, feedbacks, pointEvents, restaurants, verification, visits } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { enqueueEmail } from '../../email/email-queue';
import { clock } from '../../lib/runtime/clock';
import { AppError } from '../../lib/http/errors';
import { eraseCustomerDataIn, PENDING_LINK_PREFIX } from '../../core/customer-erasure';
import { ERASURE_LINK_EXPIRES_MINUTES, MY_DATA_MESSAGES, type TMyData, type TMyDataErasureResponse } from '../../../shared/schemas/my-data';
import { assertRestaurantApproved } from './public-reads.service';

/** The most of each history the page and the download list (a diner of ten years has far fewer). */
const HISTORY_LIMIT = 5000;

/** The device's customer in this restaurant (an anonymised record is nobody's). */
async function findDeviceCustomer(db: Db, restaurantId: string, anonId: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.restaurantId, restaurantId), eq(customers.anonId, anonId), isNull(customers.anonymizedAt)));
  return row ?? null;
}

async function restaurantName(db: Db, restaurantId: string): Promise<string> {
  await assertRestaurantApproved(db, restaurantId);
  const [row] = await db.select({ name: restaurants.name }).from(restaurants).where(eq(restaurants.id, restaurantId));
  return row?.name ?? '';
}

/** Everything the restaurant holds about the diner of this device: identity, visits, ratings, points, rewards, emails sent. */
export async function readMyData(db: Db, restaurantId: string, anonId: string): Promise<TMyData> {
  const name = await restaurantName(db, restaurantId);
  const customer = await findDeviceCustomer(db, restaurantId, anonId);
  if (!customer) return { restaurantName: name, found: false, identity: null, points: { balance: 0, events: [] }, visits: [], ratings: [], rewards: [], emails: [] };
  const id = customer.id;
  const [visitRows, ratingRows, eventRows, rewardRows, mailRows] = await Promise.all([
    db.select({ tableLabel: visits.tableLabel, createdAt: visits.createdAt }).from(visits).where(and(eq(visits.restaurantId, restaurantId), eq(visits.customerId, id))).orderBy(desc(visits.createdAt)).limit(HISTORY_LIMIT),
    db.select({ rating: feedbacks.rating, comment: feedbacks.comment, createdAt: feedbacks.createdAt }).from(feedbacks).where(and(eq(feedbacks.restaurantId, restaurantId), eq(feedbacks.customerId, id))).orderBy(desc(feedbacks.createdAt)).limit(HISTORY_LIMIT),
    db.select({ points: pointEvents.points, reason: pointEvents.reason, createdAt: pointEvents.createdAt }).from(pointEvents).where(and(eq(pointEvents.restaurantId, restaurantId), eq(pointEvents.customerId, id))).orderBy(desc(pointEvents.createdAt)).limit(HISTORY_LIMIT),
    db.select().from(customerRewards).where(and(eq(customerRewards.restaurantId, restaurantId), eq(customerRewards.customerId, id))).orderBy(desc(customerRewards.createdAt)).limit(HISTORY_LIMIT),
    db.select({ subject: emailLogs.subject, status: emailLogs.status, createdAt: emailLogs.createdAt }).from(emailLogs).where(and(eq(emailLogs.restaurantId, restaurantId), eq(emailLogs.customerId, id))).orderBy(desc(emailLogs.createdAt)).limit(HISTORY_LIMIT),
  ]);
  const iso = (date: Date) => date.toISOString();
  return {
    restaurantName: name,
    found: true,
    identity: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
      phone: customer.phone,
      customerSince: iso(customer.createdAt),
      marketingConsent: customer.marketingConsent,
      unsubscribed: customer.unsubscribedAt !== null,
    },
    points: { balance: customer.points, events: eventRows.map((e) => ({ ...e, createdAt: iso(e.createdAt) })) },
    visits: visitRows.map((v) => ({ ...v, createdAt: iso(v.createdAt) })),
    ratings: ratingRows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    rewards: rewardRows.map((r) => ({ label: r.label, cost: r.cost, status: r.status, createdAt: iso(r.createdAt), redeemedAt: r.redeemedAt ? iso(r.redeemedAt) : null })),
    emails: mailRows.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
  };
}

async function requireDeviceCustomer(db: Db, restaurantId: string, anonId: string) {
  await assertRestaurantApproved(db, restaurantId);
  const customer = await findDeviceCustomer(db, restaurantId, anonId);
  if (!customer) throw new AppError('NOT_FOUND', MY_DATA_MESSAGES.nothingHeld);
  return customer;
}

/** The diner gives or withdraws their marketing consent (giving it needs an email on record, and lifts an unsubscribe). */
export async function setMyConsent(db: Db, restaurantId: string, anonId: string, marketingConsent: boolean): Promise<string> {
  const customer = await requireDeviceCustomer(db, restaurantId, anonId);
  if (marketingConsent && !customer.email) throw new AppError('BAD_REQUEST', MY_DATA_MESSAGES.consentNeedsEmail);
  const now = clock.now();
  await db
    .update(customers)
    .set(marketingConsent ? { marketingConsent: true, marketingConsentAt: now, unsubscribedAt: null } : { marketingConsent: false })
    .where(eq(customers.id, customer.id));
  return marketingConsent ? MY_DATA_MESSAGES.consentOn : MY_DATA_MESSAGES.consentOff;
}

/** The diner unsubscribes from every email of the restaurant (as the link of an email does). */
export async function unsubscribeMe(db: Db, restaurantId: string, anonId: string): Promise<string> {
  const customer = await requireDeviceCustomer(db, restaurantId, anonId);
  await db
    .update(customers)
    .set({ marketingConsent: false, unsubscribedAt: customer.unsubscribedAt ?? clock.now() })
    .where(eq(customers.id, customer.id));
  return MY_DATA_MESSAGES.unsubscribed;
}

/** What an erasure link stands for, kept (by the hash of its token) until it is opened. Compact JSON: the erasure finds it by address. */
const ZStoredErasure = z.object({ restaurantId: z.string(), customerId: z.string(), email: z.string(), anonId: z.string() });
const ERASURE_IDENTIFIER_PREFIX = `${PENDING_LINK_PREFIX}erase:`;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The diner asks to be erased. With an email on record, nothing is erased yet: a one-time link (an
 * hour) goes to that address, so whoever holds the phone cannot erase a customer whose email they do
 * not control. An anonymous device (no email) is erased at once (the page asked to confirm first).
 */
export async function requestMyErasure(deps: Pick<AppDeps, 'db' | 'boss' | 'env'>, restaurantId: string, anonId: string): Promise<TMyDataErasureResponse> {
  const customer = await requireDeviceCustomer(deps.db, restaurantId, anonId);
  if (!customer.email) {
    await deps.db.transaction((tx) => eraseCustomerDataIn(tx, restaurantId, customer.id, { actorUserId: null, by: 'diner' }));
    return { status: 'erased', message: MY_DATA_MESSAGES.erased };
  }
  const email = customer.email;
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: ERASURE_IDENTIFIER_PREFIX + hashToken(token),
      value: JSON.stringify(ZStoredErasure.parse({ restaurantId, customerId: customer.id, email: email.trim().toLowerCase(), anonId })),
      expiresAt: new Date(now.getTime() + ERASURE_LINK_EXPIRES_MINUTES * 60_000),
      createdAt: now,
      updatedAt: now,
    });
    await enqueueEmail(
      deps.boss,
      {
        template: 'data_erasure_confirmation',
        restaurantId,
        customerId: customer.id,
        to: email,
        eventId: `erase:${hashToken(token)}`,
        data: { url: `${deps.env.PUBLIC_URL}/f/${restaurantId}/donnees?erase=${token}`, expires_in_minutes: ERASURE_LINK_EXPIRES_MINUTES },
      },
      // The job carries the link until it is sent: keep it no longer than the link lives.
      { tx, deleteAfterSeconds: ERASURE_LINK_EXPIRES_MINUTES * 60 },
    );
  });
  return { status: 'confirmation_sent', message: MY_DATA_MESSAGES.erasureEmailSent };
}

/** The link of the erasure email was opened (and its button pressed): the customer it names is erased, once. */
export async function confirmMyErasure(db: Db, token: string): Promise<TMyDataErasureResponse> {
  await db.transaction(async (tx) => {
    const [consumed] = await tx
      .delete(verification)
      .where(eq(verification.identifier, ERASURE_IDENTIFIER_PREFIX + hashToken(token)))
      .returning({ value: verification.value, expiresAt: verification.expiresAt });
    if (!consumed || consumed.expiresAt.getTime() <= clock.now().getTime()) throw new AppError('BAD_REQUEST', MY_DATA_MESSAGES.erasureLinkInvalid);
    const stored = ZStoredErasure.parse(JSON.parse(consumed.value));
    const [still] = await tx.select({ id: customers.id }).from(customers).where(and(eq(customers.id, stored.customerId), eq(customers.restaurantId, stored.restaurantId)));
    // Already erased (by the owner, or an earlier link): nothing left to do.
    if (still) await eraseCustomerDataIn(tx, stored.restaurantId, stored.customerId, { actorUserId: null, by: 'diner' });
  });
  return { status: 'erased', message: MY_DATA_MESSAGES.erased };
}
