import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { restaurants, user, usersRestaurants } from '../../db/schema';
import { enqueueEmail } from '../../email/email-queue';
import type { PgBoss } from '../../jobs/queue';

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
 * Marks the user's restaurants as email-verified once the user's own address is confirmed (spec §4:
 * done at the first sign-in of a browser session, and right after the confirmation link is used),
 * and queues the welcome email in the same transaction: it arrives after the confirmation, when its
 * sign-in button works, and only once. Returns whether the user's email is confirmed.
 */
export async function syncRestaurantEmailVerified(deps: { db: Db; boss: PgBoss }, userId: string): Promise<boolean> {
  const [found] = await deps.db.select({ emailVerified: user.emailVerified, email: user.email }).from(user).where(eq(user.id, userId));
  if (!found?.emailVerified) return false;
  await deps.db.transaction(async (tx) => {
    const owned = tx.select({ id: usersRestaurants.restaurantId }).from(usersRestaurants).where(eq(usersRestaurants.userId, userId));
    const confirmed = await tx
      .update(restaurants)
      .set({ emailVerified: true })
      .where(and(inArray(restaurants.id, owned), eq(restaurants.emailVerified, false)))
      .returning({ id: restaurants.id, ownerFirstName: restaurants.ownerFirstName });
    for (const restaurant of confirmed) await enqueueWelcomeEmail(deps.boss, tx, restaurant, found.email);
  });
  return true;
}
