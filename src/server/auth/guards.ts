import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/client';
import type { Auth } from './auth';
import { resolveOwnerGate, type OwnerGateState } from '../../shared/rules/owner-gate';
import { can, type Action, type Role } from '../../shared/rules/permissions';
import { effectivePlan, planAccess, type PlanFeatures } from '../../shared/rules/plans';
import { clock } from '../lib/runtime/clock';
import { VENUE_HEADER, VENUE_QUERY } from '../../shared/venue';
import { AppError } from '../lib/http/errors';
import type { AppEnv } from '../lib/http/hono-env';
import { createSessionReader } from './session-reader';
import type { SessionRead } from '../lib/http/session-read';

/** What the guards need: the auth instance and the database (deps.ts composes this into AppDeps). */
export type GuardDeps = { auth: Auth; db: Db };

/** One session reader per auth instance (it keeps better-auth's context once resolved). */
const readers = new WeakMap<Auth, (headers: Headers) => Promise<SessionRead | null>>();
function sessionReaderOf(deps: GuardDeps) {
  let reader = readers.get(deps.auth);
  if (!reader) readers.set(deps.auth, (reader = createSessionReader(deps)));
  return reader;
}

/** The request's signed-in user and memberships, or 401. */
async function readRequestSession(deps: GuardDeps, c: Context<AppEnv>): Promise<SessionRead> {
  const found = await sessionReaderOf(deps)(c.req.raw.headers);
  if (!found) throw new AppError('UNAUTHENTICATED', NOT_AUTHENTICATED_MESSAGE);
  c.set('user', found.user);
  c.set('session', found);
  return found;
}

export const NOT_AUTHENTICATED_MESSAGE = 'Vous devez être connecté.';

/** Requires a signed-in user; puts it on `c.var.user`. */
export function requireUser(deps: GuardDeps) {
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

/** A venue named by the request that none of the session's memberships opens (or that does not exist). */
export const VENUE_NOT_FOUND_MESSAGE = 'Établissement introuvable.';

/**
 * The venue a request is about (decision 056): the one it names (`X-Venue` header, or `?venue=` on an
 * address the browser opens itself) among the venues the session's memberships open, else the first of
 * them (oldest membership, then oldest venue). A named venue the user cannot open is `null`: the caller
 * answers 404, as for a venue that does not exist, whichever the reason.
 */
function chosenVenue(c: Context<AppEnv>, restaurants: SessionRead['restaurants']) {
  const named = c.req.header(VENUE_HEADER) || c.req.query(VENUE_QUERY);
  if (!named) return { venue: restaurants[0] };
  return { venue: restaurants.find((restaurant) => restaurant.id === named) ?? null };
}

/**
 * Requires a member of an approved venue (verified email) whose role may do `action`. The venue is the
 * one the request names among those the session's memberships open (404 for any other), else the first;
 * it and the member's organisation and role are put on `c.var.tenant`. The owner gate comes first, so a
 * pending or suspended venue answers as before whatever the role.
 */
export function requireMember(deps: GuardDeps, action: Action) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // Session, user and memberships in one query (auth/session-reader.ts).
    const { user, restaurants } = await readRequestSession(deps, c);
    const { venue } = chosenVenue(c, restaurants);
    if (venue === null) throw new AppError('NOT_FOUND', VENUE_NOT_FOUND_MESSAGE);
    const gate = resolveOwnerGate(user.emailVerified, venue);
    if (gate !== 'approved') throw new AppError('FORBIDDEN', OWNER_GATE_MESSAGES[GATE_MESSAGE_KEY[gate]]);
    const role = planRule(c.req.method, venue, action);
    if (!can(role, action)) throw new AppError('FORBIDDEN', ROLE_NOT_ALLOWED_MESSAGE);
    c.set('tenant', { restaurantId: venue.id, organisationId: venue.organisationId, role });
    await next();
  });
}

/** Actions about the organisation rather than the venue named by the request: a venue beyond the plan does not close them. */
const ORGANISATION_ACTIONS: ReadonlySet<Action> = new Set<Action>(['members.invite', 'members.manage', 'venues.manage', 'organisation.manage']);

/**
 * The plan's rule (decision 057), read from the session (no extra query): the role the member acts with
 * (lecture while beyond the plan's members), and a write refused with the plan's French message when the
 * trial is over or the venue is beyond the plan's venues. Reads stay open; the counter goes on (the diner's
 * points and rewards are not the owner's data).
 */
function planRule(method: string, venue: SessionRead['restaurants'][number], action: Action): Role {
  const access = planAccess(venue, venue, clock.now());
  const write = method !== 'GET' && method !== 'HEAD';
  if (access.readOnly === 'member') {
    if (!can('viewer', action) && can(venue.role, action)) throw new AppError('FORBIDDEN', access.message!);
    return 'viewer';
  }
  // Paying is what lifts the read-only state (decision 092): never refused by it.
  if (!write || action === 'counter.use' || action === 'billing.manage' || access.readOnly === null) return venue.role;
  if (access.readOnly === 'venue' && ORGANISATION_ACTIONS.has(action)) return venue.role;
  if (can(venue.role, action)) throw new AppError('FORBIDDEN', access.message!);
  return venue.role;
}

/** Why a feature of a higher plan is refused (decision 057): the cheapest plan that includes it is named. */
export const PLAN_FEATURE_MESSAGES: Partial<Record<keyof PlanFeatures, string>> = {
  api: 'L’API et les webhooks sont inclus dans le forfait Premium. Pour les utiliser, changez de forfait depuis la page Abonnement.',
};

/**
 * After requireMember: the organisation's plan must include `feature` (read from the session, no query);
 * else 403 with the feature's French message. An expired trial keeps no feature.
 */
export function requirePlanFeature(feature: keyof PlanFeatures) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const venue = c.var.session.restaurants.find((restaurant) => restaurant.id === c.var.tenant.restaurantId);
    const plan = venue ? effectivePlan(venue, clock.now()) : null;
    if (!plan || plan.state === 'expired' || !plan.features[feature]) {
      throw new AppError('FORBIDDEN', PLAN_FEATURE_MESSAGES[feature] ?? 'Cette fonctionnalité n’est pas incluse dans votre forfait.');
    }
    await next();
  });
}

export const NOT_ADMIN_MESSAGE = 'Accès réservé aux administrateurs.';

/** Requires a platform administrator (read from the database with the session, on every call). */
export function requireAdmin(deps: GuardDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { isAdmin } = await readRequestSession(deps, c);
    if (!isAdmin) throw new AppError('FORBIDDEN', NOT_ADMIN_MESSAGE);
    await next();
  });
}
