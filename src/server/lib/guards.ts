import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../deps';
import { resolveOwnerGate, type OwnerGateState } from '../../shared/rules/owner-gate';
import { AppError } from './errors';
import type { AppEnv } from './hono-env';
import { createSessionReader, type SessionRead } from './session-reader';

/** One session reader per auth instance (it keeps better-auth's context once resolved). */
const readers = new WeakMap<AppDeps['auth'], (headers: Headers) => Promise<SessionRead | null>>();
function sessionReaderOf(deps: Pick<AppDeps, 'auth' | 'db'>) {
  let reader = readers.get(deps.auth);
  if (!reader) readers.set(deps.auth, (reader = createSessionReader(deps)));
  return reader;
}

/** The request's signed-in user and restaurant link, or 401. */
async function readRequestSession(deps: Pick<AppDeps, 'auth' | 'db'>, c: Context<AppEnv>): Promise<SessionRead> {
  const found = await sessionReaderOf(deps)(c.req.raw.headers);
  if (!found) throw new AppError('UNAUTHENTICATED', NOT_AUTHENTICATED_MESSAGE);
  c.set('user', found.user);
  c.set('session', found);
  return found;
}

export const NOT_AUTHENTICATED_MESSAGE = 'Vous devez être connecté.';

/** Requires a signed-in user; puts it on `c.var.user`. */
export function requireUser(deps: Pick<AppDeps, 'auth' | 'db'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await readRequestSession(deps, c);
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
  return createMiddleware<AppEnv>(async (c, next) => {
    // Session, user and restaurant link in one query (lib/session-reader.ts).
    const { user, restaurants } = await readRequestSession(deps, c);
    const [first] = restaurants;
    const gate = resolveOwnerGate(user.emailVerified, first);
    if (gate !== 'approved') throw new AppError('FORBIDDEN', OWNER_GATE_MESSAGES[GATE_MESSAGE_KEY[gate]]);
    c.set('tenant', { restaurantId: first.id, role: first.role });
    await next();
  });
}

export const NOT_ADMIN_MESSAGE = 'Accès réservé aux administrateurs.';

/** Requires a platform administrator (read from the database with the session, on every call). */
export function requireAdmin(deps: Pick<AppDeps, 'auth' | 'db'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { isAdmin } = await readRequestSession(deps, c);
    if (!isAdmin) throw new AppError('FORBIDDEN', NOT_ADMIN_MESSAGE);
    await next();
  });
}
