import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { restaurants, usersRestaurants } from '../../db/schema';
import type { TMeResponse } from '../../../shared/schemas/accounts';
import { isAppAdmin } from '../admin/admins.service';
import type { SessionUser } from '../../lib/hono-env';

/** The signed-in user's summary: admin flag and restaurants with their status, oldest link first. */
export async function getAccountSummary(db: Db, user: SessionUser): Promise<TMeResponse> {
  const [admin, links] = await Promise.all([
    isAppAdmin(db, user.id).catch(() => false),
    db
      .select({
        id: restaurants.id,
        name: restaurants.name,
        status: restaurants.status,
        role: usersRestaurants.role,
        emailVerified: restaurants.emailVerified,
        rejectionReason: restaurants.rejectionReason,
        suspensionReason: restaurants.suspensionReason,
      })
      .from(usersRestaurants)
      .innerJoin(restaurants, eq(restaurants.id, usersRestaurants.restaurantId))
      .where(eq(usersRestaurants.userId, user.id))
      .orderBy(asc(usersRestaurants.createdAt)),
  ]);
  return { user, isAdmin: admin, restaurants: links };
}
