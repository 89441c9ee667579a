import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organisationMembers, platformAdmins, restaurants, user } from '../db/schema';
import { enqueueEmail, enqueueEmails } from '../email/email-queue';
import type { PgBoss } from '../jobs/queue';

/** The welcome_onboarding email of a restaurant, once per restaurant (its id is the send's event). */
export async function enqueueWelcomeEmail(
  boss: PgBoss,
  tx: Db,
  restaurant: { id: string; ownerFirstName: string | null },
  to: string,
): Promise<void> {
  await enqueueEmail(
    boss,
    { template: 'welcome_onboarding', restaurantId: restaurant.id, customerId: null, to, eventId: restaurant.id, data: { first_name: restaurant.ownerFirstName } },
    { tx },
  );
}

/**
 * The platform team's notice of a new restaurant (its owner's email confirmed): one email to every
 * administrator with the validation queue's link, queued in the transaction that confirms it. Keyed by
 * the restaurant (event) and the administrator (recipient): sent once each.
 */
export async function enqueueAdminSignupNotices(boss: PgBoss, tx: Db, restaurantId: string): Promise<void> {
  const admins = await tx.select({ email: user.email }).from(platformAdmins).innerJoin(user, eq(user.id, platformAdmins.userId));
  if (admins.length === 0) return;
  await enqueueEmails(
    boss,
    admins.map(({ email }) => ({
      id: noticeJobId(restaurantId, email),
      request: { template: 'admin_new_restaurant', restaurantId, customerId: null, to: email, eventId: `signup:${restaurantId}`, data: { restaurant_id: restaurantId } },
    })),
    { tx },
  );
}

function noticeJobId(restaurantId: string, email: string): string {
  const hex = createHash('sha256').update(`admin-notice:${restaurantId}:${email.toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Marks the restaurants of the organisations the user owns as email-verified once the user's own address is confirmed (spec §4:
 * done at the first sign-in of a browser session, and right after the confirmation link is used),
 * and queues the welcome email and the administrators' notice in the same transaction: it arrives after the confirmation, when its
 * sign-in button works, and only once. Returns whether the user's email is confirmed.
 */
export async function syncRestaurantEmailVerified(deps: { db: Db; boss: PgBoss }, userId: string): Promise<boolean> {
  const [found] = await deps.db.select({ emailVerified: user.emailVerified, email: user.email }).from(user).where(eq(user.id, userId));
  if (!found?.emailVerified) return false;
  await deps.db.transaction(async (tx) => {
    // The venues of the organisations the user owns: a gérant's or a waiter's address says nothing of the venue.
    const owned = tx
      .select({ id: organisationMembers.organisationId })
      .from(organisationMembers)
      .where(and(eq(organisationMembers.userId, userId), eq(organisationMembers.role, 'owner')));
    const confirmed = await tx
      .update(restaurants)
      .set({ emailVerified: true })
      .where(and(inArray(restaurants.organisationId, owned), eq(restaurants.emailVerified, false)))
      .returning({ id: restaurants.id, ownerFirstName: restaurants.ownerFirstName });
    for (const restaurant of confirmed) {
      await enqueueWelcomeEmail(deps.boss, tx, restaurant, found.email);
      await enqueueAdminSignupNotices(deps.boss, tx, restaurant.id);
    }
  });
  return true;
}
