import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { restaurants, user, usersRestaurants } from '../../db/schema';

/**
 * Marks the user's restaurants as email-verified once the user's own address is confirmed (spec §4:
 * done at the first sign-in of a browser session, and right after the confirmation link is used).
 * Returns whether the user's email is confirmed.
 */
export async function syncRestaurantEmailVerified(db: Db, userId: string): Promise<boolean> {
  const [found] = await db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId));
  if (!found?.emailVerified) return false;
  const owned = db.select({ id: usersRestaurants.restaurantId }).from(usersRestaurants).where(eq(usersRestaurants.userId, userId));
  await db
    .update(restaurants)
    .set({ emailVerified: true })
    .where(and(inArray(restaurants.id, owned), eq(restaurants.emailVerified, false)));
  return true;
}
