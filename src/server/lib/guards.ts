import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../deps';
import { resolveOwnerGate, type OwnerGateState } from '../../shared/rules/owner-gate';
import { can, type Action } from '../../shared/rules/permissions';
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

/** The request's signed-in user and memberships, or 401. */
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

/** A member whose role does not allow the route's action (shared/rules/permissions.ts). */
export const ROLE_NOT_ALLOWED_MESSAGE = 'Votre rôle ne permet pas cette action.';

/**
 * Requires a member of an approved venue (verified email) whose role may do `action`. The venue is the
 * first the session's memberships open (oldest membership, then oldest venue), never one named by the
 * request; it and the member's organisation and role are put on `c.var.tenant`. The owner gate comes
 * first, so a pending or suspended venue answers as before whatever the role.
 */
export function requireMember(deps: Pick<AppDeps, 'auth' | 'db'>, action: Action) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Session, user and memberships in one query (lib/session-reader.ts).
    const { user, restaurants } = await readRequestSession(deps, c);
    const [first] = restaurants;
    const gate = resolveOwnerGate(user.emailVerified, first);
    if (gate !== 'approved') throw new AppError('FORBIDDEN', OWNER_GATE_MESSAGES[GATE_MESSAGE_KEY[gate]]);
    if (!can(first.role, action)) throw new AppError('FORBIDDEN', ROLE_NOT_ALLOWED_MESSAGE);
    c.set('tenant', { restaurantId: first.id, organisationId: first.organisationId, role: first.role });
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
