import { eq, inArray } from 'drizzle-orm';
import { createApiRoutes } from '../../src/server/api-routes';
import type { Db } from '../../src/server/db/client';
import { apiKeys, automations, customerRewards, customers, feedbacks, loyaltyRules, pointEvents, qrCodes, restaurants, rewardCodes, rewards, visits } from '../../src/server/db/schema';
import type { AppDeps } from '../../src/server/deps';

/**
 * The owner routes as the tenancy and role tests walk them: read from the app's own route table, so a
 * new route is covered without editing those tests.
 */

/** Prefixes of the API that are not owner routes (public, auth, admin, account set-up, health, Stripe's webhook). */
const NOT_OWNER = [/^\/health/, /^\/public/, /^\/admin/, /^\/signup$/, /^\/confirm-email$/, /^\/me(\/|$)/, /^\/onboarding$/, /^\/invitations\//, /^\/billing\/stripe-webhook$/, /^\/billing\/operator$/];

/** Every owner endpoint (method and path, each once). */
export function listOwnerRoutes(deps: AppDeps): Array<{ method: string; path: string }> {
  const seen = new Set<string>();
  return createApiRoutes(deps)
    .routes.filter((route) => route.method !== 'ALL' && !NOT_OWNER.some((pattern) => pattern.test(route.path)))
    .map((route) => ({ method: route.method, path: route.path }))
    .filter((route) => {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Everything of a restaurant that an owner route could read or change. */
export async function snapshotRestaurant(db: Db, restaurantId: string) {
  return {
    restaurant: await db.select().from(restaurants).where(eq(restaurants.id, restaurantId)),
    rules: await db.select().from(loyaltyRules).where(eq(loyaltyRules.restaurantId, restaurantId)),
    rewards: await db.select().from(rewards).where(eq(rewards.restaurantId, restaurantId)).orderBy(rewards.id),
    qrCodes: await db.select().from(qrCodes).where(eq(qrCodes.restaurantId, restaurantId)).orderBy(qrCodes.id),
    customers: await db.select().from(customers).where(eq(customers.restaurantId, restaurantId)).orderBy(customers.id),
    customerRewards: await db.select().from(customerRewards).where(eq(customerRewards.restaurantId, restaurantId)).orderBy(customerRewards.id),
    rewardCodes: await db.select().from(rewardCodes).where(eq(rewardCodes.restaurantId, restaurantId)).orderBy(rewardCodes.id),
    pointEvents: await db.select().from(pointEvents).where(eq(pointEvents.restaurantId, restaurantId)).orderBy(pointEvents.id),
    feedbacks: await db.select().from(feedbacks).where(eq(feedbacks.restaurantId, restaurantId)).orderBy(feedbacks.id),
    visits: await db.select().from(visits).where(eq(visits.restaurantId, restaurantId)).orderBy(visits.id),
    automations: await db.select().from(automations).where(eq(automations.restaurantId, restaurantId)).orderBy(automations.id),
    // The organisation's API keys (issue #31): none created, changed or revoked from outside.
    apiKeys: await db
      .select()
      .from(apiKeys)
      .where(inArray(apiKeys.organisationId, db.select({ organisationId: restaurants.organisationId }).from(restaurants).where(eq(restaurants.id, restaurantId))))
      .orderBy(apiKeys.id),
  };
}

/** A body most owner schemas accept (zod drops the keys a route does not use), so the call reaches the tenant check. */
export function bodyWith(ids: string[]) {
  return {
    isActive: false,
    status: 'inactive',
    subject: 'Intrus',
    html: '<p>Intrus</p>',
    to: 'intrus@example.com',
    message: 'Intrus',
    label: 'Intrus',
    tableLabel: 'Intrus',
    isPrimary: false,
    basePoints: 0,
    bonusGoodRating: 0,
    ratingThreshold: 5,
    maxPointsPerDay: 0,
    cost: 1,
    reviewUrl: '',
    url: '',
    q: 'intrus',
    ids: ids.join(','),
    customerId: ids[0],
    rewardId: ids[0],
    role: 'viewer',
    allVenues: true,
  };
}
