import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../deps';
import { restaurants, usersRestaurants } from '../db/schema';
import { isAppAdmin } from '../features/admin/admins.service';
import { resolveOwnerGate, type OwnerGateState } from '../../shared/rules/owner-gate';
import { AppError } from './errors';
import type { AppEnv } from './hono-env';

export const NOT_AUTHENTICATED_MESSAGE = 'Vous devez être connecté.';

/** Requires a signed-in user; puts it on `c.var.user`. */
export function requireUser(deps: Pick<AppDeps, 'auth'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const found = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!found) throw new AppError('UNAUTHENTICATED', NOT_AUTHENTICATED_MESSAGE);
    c.set('user', { id: found.user.id, email: found.user.email, name: found.user.name, emailVerified: found.user.emailVerified });
    await next();
  });
}

/** The French reason an owner endpoint is closed, by restaurant state (the owner gate of spec §4). */
export const OWNER_GATE_MESSAGES = {
  noRestaurant: 'Aucun restaurant n’est associé à ce compte.',
  emailNotVerified: 'Email non vérifié',
  pending: 'Votre compte est en cours de validation.',
  rejected: 'Demande refusée',
  suspended: 'Compte suspendu',
} as const;

const GATE_MESSAGE_KEY: Record<Exclude<OwnerGateState, 'approved'>, keyof typeof OWNER_GATE_MESSAGES> = {
  'no-restaurant': 'noRestaurant',
  'email-not-verified': 'emailNotVerified',
  pending: 'pending',
  rejected: 'rejected',
  suspended: 'suspended',
};

/**
 * Requires the signed-in user's restaurant to be approved with a verified email. The restaurant id
 * comes from the session's users_restaurants row, never from the request (`c.var.tenant`).
 */
export function requireOwner(deps: Pick<AppDeps, 'auth' | 'db'>) {
  const userGuard = requireUser(deps);
  return createMiddleware<AppEnv>(async (c, next) => {
    await userGuard(c, async () => {
      const user = c.get('user');
      const [link] = await deps.db
        .select({ restaurantId: usersRestaurants.restaurantId, role: usersRestaurants.role, status: restaurants.status, emailVerified: restaurants.emailVerified })
        .from(usersRestaurants)
        .innerJoin(restaurants, eq(restaurants.id, usersRestaurants.restaurantId))
        .where(eq(usersRestaurants.userId, user.id))
        .orderBy(usersRestaurants.createdAt)
        .limit(1);
      const gate = resolveOwnerGate(user.emailVerified, link);
      if (gate !== 'approved') throw new AppError('FORBIDDEN', OWNER_GATE_MESSAGES[GATE_MESSAGE_KEY[gate]]);
      if (!link) throw new AppError('FORBIDDEN', OWNER_GATE_MESSAGES.noRestaurant);
      c.set('tenant', { restaurantId: link.restaurantId, role: link.role });
      await next();
    });
  });
}

export const NOT_ADMIN_MESSAGE = 'Accès réservé aux administrateurs.';

/** Requires a platform administrator (checked in the database on every call). */
export function requireAdmin(deps: Pick<AppDeps, 'auth' | 'db'>) {
  const userGuard = requireUser(deps);
  return createMiddleware<AppEnv>(async (c, next) => {
    await userGuard(c, async () => {
      if (!(await isAppAdmin(deps.db, c.get('user').id))) throw new AppError('FORBIDDEN', NOT_ADMIN_MESSAGE);
      await next();
    });
  });
}
