import { and, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { queryPreparedRows } from '../platform';
import { customerRewards, customers, pointEvents, visits, feedbacks, emailLogs } from '../db/schema';
import { AppError } from '../lib/http/errors';
import { DINER_MESSAGES } from '../../shared/schemas/diner';
import { CAP_AFTER_MERGE_REASON, readPointsRules, refreshEarningStates, REWARD_WITHDRAWN_REASON, sumCapAdjustmentsOn, sumPointsEarnedOn, unlockRewards } from './loyalty';
import type { Locale } from '../../shared/rules/locales';

/**
 * The customer records of the domain core: who a diner is (the device's record, locked while its
 * points move) and merging a device's record into the customer of a confirmed email. The diner flow
 * and the owner pages both use them.
 */

export type LinkInput = {
  restaurantId: string;
  email: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  marketingConsent: boolean;
  /** The language of the page the link was asked from (decision 091): the customer's emails follow it. */
  lang?: Locale;
};

export type MergeResult = {
  customerId: string;
  balance: number;
  unlocked: Array<{ id: string; label: string; cost: number }>;
  /** The customer row was created by this link (its `customer.created` webhook event is the caller's). */
  created?: boolean;
};

export type LockedCustomer = {
  id: string;
  points: number;
  email: string | null;
  first_name: string | null;
  marketing_consent: boolean;
  last_visit_at: Date | string | null;
};

/**
 * Finds or creates the device's customer row (by its anonymous id: a typed email is only a claim,
 * decision 024) and locks it until the transaction ends, so concurrent submissions of one diner are
 * counted one after another. The row has an email once the device confirmed one.
 */
export async function lockCustomer(tx: Db, restaurantId: string, who: { anonId: string }): Promise<LockedCustomer> {
  // One statement either way: insert the customer, or (on conflict) lock and return the existing row.
  // The no-op update takes the row lock a `select … for update` would, without a second round trip.
  const [row] = await queryPreparedRows<LockedCustomer>(
    tx,
    sql`insert into customers (restaurant_id, anon_id) values (${restaurantId}, ${who.anonId})
        on conflict (restaurant_id, anon_id) where anon_id is not null do update set anon_id = customers.anon_id
        returning id, points, email, first_name, marketing_consent, last_visit_at`,
  );
  return row;
}

/**
 * The confirmed link of a device to an email: moves the device's customer (found by `anonId`) onto the
 * customer with the email (or makes it that customer). The device keeps its id on the resulting row,
 * so it is recognised as that customer afterwards. A device whose row already has another confirmed
 * email is not merged (two proven identities stay apart): it moves to the customer of the new email.
 * Returns the balance and the rewards the combined points unlocked (the caller sends their email).
 */
export async function mergeAnonymousCustomer(tx: Db, input: LinkInput, anonId: string, now: Date): Promise<MergeResult> {
  const [anon] = await queryRows<LockedCustomer>(
    tx,
    sql`select id, points, email, first_name, marketing_consent, last_visit_at from customers
        where restaurant_id = ${input.restaurantId} and anon_id = ${anonId} for update`,
  );
  const [target] = await queryRows<LockedCustomer>(
    tx,
    sql`select id, points, email, first_name, marketing_consent, last_visit_at from customers
        where restaurant_id = ${input.restaurantId} and lower(email) = lower(${input.email}) for update`,
  );
  const consent = input.marketingConsent ? { marketingConsent: true, marketingConsentAt: now, unsubscribedAt: null } : {};
  /** What the confirmed link adds to an existing customer: missing names and phone, and the consent asked for. */
  const completeTarget = (customer: LockedCustomer) => ({
    firstName: sql`coalesce(${customers.firstName}, ${input.firstName ?? null})`,
    lastName: sql`coalesce(${customers.lastName}, ${input.lastName ?? null})`,
    phone: sql`coalesce(${customers.phone}, ${input.phone ?? null})`,
    ...(input.lang ? { lang: input.lang } : {}),
    ...(input.marketingConsent && !customer.marketing_consent ? consent : {}),
  });
  if (!anon) {
    // Already merged (the device's id is gone): the customer of that email keeps what it has.
    if (target) return { customerId: target.id, balance: target.points, unlocked: [] };
    throw new AppError('BAD_REQUEST', DINER_MESSAGES.linkInvalid);
  }
  if (target && target.id === anon.id) {
    // The device already is this customer: only the consent asked for (and missing names) are added.
    await tx.update(customers).set(completeTarget(target)).where(eq(customers.id, target.id));
    return { customerId: target.id, balance: target.points, unlocked: [] };
  }
  if (anon.email) {
    // The device belongs to another confirmed customer: nothing is merged, the device moves over.
    await tx.update(customers).set({ anonId: null }).where(eq(customers.id, anon.id));
    if (target) {
      await tx.update(customers).set({ anonId, ...completeTarget(target) }).where(eq(customers.id, target.id));
      return { customerId: target.id, balance: target.points, unlocked: [] };
    }
    const [created] = await tx
      .insert(customers)
      .values({ restaurantId: input.restaurantId, anonId, email: input.email, firstName: input.firstName ?? null, lastName: input.lastName ?? null, phone: input.phone ?? null, lang: input.lang ?? null, ...consent })
      .returning({ id: customers.id });
    return { customerId: created.id, balance: 0, unlocked: [], created: true };
  }
  if (!target) {
    // No customer has this email yet: the device's anonymous row simply becomes that customer.
    await tx
      .update(customers)
      .set({
        email: input.email,
        unconfirmedEmail: null,
        firstName: input.firstName ?? sql`${customers.firstName}`,
        lastName: input.lastName ?? sql`${customers.lastName}`,
        phone: input.phone ?? sql`${customers.phone}`,
        ...(input.lang ? { lang: input.lang } : {}),
        ...consent,
      })
      .where(eq(customers.id, anon.id));
    return { customerId: anon.id, balance: anon.points, unlocked: [] };
  }
  await tx.update(visits).set({ customerId: target.id }).where(eq(visits.customerId, anon.id));
  await tx.update(feedbacks).set({ customerId: target.id }).where(eq(feedbacks.customerId, anon.id));
  await tx.update(pointEvents).set({ customerId: target.id }).where(eq(pointEvents.customerId, anon.id));
  // The kept earning state (decision 062) now counts both sides' events.
  await refreshEarningStates(tx, { customerId: target.id });
  // Rewards are paid at unlock (decision 024): both sides' pending rewards are kept, each already paid.
  await tx.update(customerRewards).set({ customerId: target.id }).where(eq(customerRewards.customerId, anon.id));
  await tx.update(emailLogs).set({ customerId: target.id }).where(eq(emailLogs.customerId, anon.id));
  // Today's points of the merged customer still respect the daily cap: what both sides earned today
  // beyond it (less what earlier merges already took back) is dropped, and recorded.
  const rules = await readPointsRules(tx, input.restaurantId);
  const earnedToday = await sumPointsEarnedOn(tx, target.id, now);
  const adjustedToday = await sumCapAdjustmentsOn(tx, target.id, now);
  const excess = Math.max(0, earnedToday - adjustedToday - rules.maxPointsPerDay);
  if (excess > 0) {
    await tx.insert(pointEvents).values({ restaurantId: input.restaurantId, customerId: target.id, feedbackId: null, points: -excess, reason: CAP_AFTER_MERGE_REASON, createdAt: now });
  }
  let combined = target.points + anon.points - excess;
  if (combined < 0) {
    // The points over the cap were already spent on rewards (paid at unlock): the newest pending rewards
    // are withdrawn, their cost given back, until the balance is no longer negative.
    const pending = await tx
      .select({ id: customerRewards.id, cost: customerRewards.cost })
      .from(customerRewards)
      .where(and(eq(customerRewards.customerId, target.id), eq(customerRewards.status, 'pending')))
      .orderBy(desc(customerRewards.createdAt), desc(customerRewards.id));
    for (const reward of pending) {
      if (combined >= 0) break;
      await tx.delete(customerRewards).where(eq(customerRewards.id, reward.id));
      await tx.insert(pointEvents).values({ restaurantId: input.restaurantId, customerId: target.id, points: reward.cost, reason: REWARD_WITHDRAWN_REASON, createdAt: now });
      combined += reward.cost;
    }
    combined = Math.max(0, combined);
  }
  const lastVisits = [target.last_visit_at, anon.last_visit_at].filter((v): v is Date | string => v !== null).map((v) => new Date(v).getTime());
  await tx.delete(customers).where(eq(customers.id, anon.id));
  // Each side already earned the rewards below its own balance; only the combined (capped) total can unlock more.
  const { unlocked, balance } = await unlockRewards(tx, input.restaurantId, target.id, Math.max(target.points, anon.points), combined, now);
  await tx
    .update(customers)
    .set({
      points: balance,
      anonId,
      lastVisitAt: lastVisits.length ? new Date(Math.max(...lastVisits)) : null,
      ...completeTarget(target),
      firstName: sql`coalesce(${customers.firstName}, ${input.firstName ?? anon.first_name ?? null})`,
    })
    .where(eq(customers.id, target.id));
  return { customerId: target.id, balance, unlocked };
}
