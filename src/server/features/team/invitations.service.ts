/**
 * Accepting an invitation (/invitation, decision 053). Everything is checked again at acceptance: the link
 * is not expired, revoked nor used; its inviter still may grant the role (and the venues); the venues still
 * exist (those deleted since are left out, and with none left the invitation is refused). The membership is
 * created in the transaction that consumes the token, with the organisation's row then the invitation's
 * locked: two parallel acceptances of one token make exactly one membership, and parallel acceptances of
 * several never pass the plan's seats, counted as they are at acceptance (issue 50).
 */
import { venueHref } from '../../../shared/venue';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberVenues, organisationInvitations, organisationMembers, organisations, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { clock } from '../../lib/runtime/clock';
import { AppError } from '../../lib/http/errors';
import { paths } from '../../../shared/paths';
import { mayGrant } from '../../../shared/rules/permissions';
import { TEAM_MESSAGES, wrongAccountMessage, type TInvitationAccepted, type TInvitationPreview } from '../../../shared/schemas/team';
import type { z } from 'zod';
import type { ZInvitationSignupRequest } from '../../../shared/schemas/team';
import { existingVenueIds, hashInvitationToken, lockOrganisation, readMemberScope, readOrganisationVenues } from './membership';
import { assertSeatAtAcceptance } from '../../core/plan';
import { isCountedRole } from '../../../shared/rules/plans';

type InvitationRow = typeof organisationInvitations.$inferSelect;

/** The invitation of a link, usable now, or the French reason it is not. `lock`: FOR UPDATE (in a transaction). */
async function usableInvitation(db: Db, token: string, options: { lock?: boolean } = {}): Promise<InvitationRow> {
  const query = db.select().from(organisationInvitations).where(eq(organisationInvitations.tokenHash, hashInvitationToken(token)));
  const [invitation] = options.lock ? await query.for('update') : await query;
  if (!invitation) throw new AppError('NOT_FOUND', TEAM_MESSAGES.linkInvalid);
  if (invitation.acceptedAt) throw new AppError('CONFLICT', TEAM_MESSAGES.used);
  if (invitation.revokedAt) throw new AppError('CONFLICT', TEAM_MESSAGES.revoked);
  if (invitation.expiresAt <= clock.now()) throw new AppError('CONFLICT', TEAM_MESSAGES.expired);
  return invitation;
}

/**
 * The venues the membership gets: all, or the chosen ones that still exist and that the inviter still
 * has. Refused when the inviter may no longer grant the role (demoted, removed) or these venues.
 */
async function grantedVenues(db: Db, invitation: InvitationRow): Promise<{ allVenues: boolean; venueIds: string[] }> {
  const inviter = invitation.invitedBy ? await readMemberScope(db, invitation.organisationId, invitation.invitedBy) : null;
  if (!inviter || !mayGrant(inviter.role, invitation.role)) throw new AppError('CONFLICT', TEAM_MESSAGES.inviterMayNotGrant);
  if (invitation.allVenues) {
    if (!inviter.allVenues) throw new AppError('CONFLICT', TEAM_MESSAGES.inviterMayNotGrant);
    return { allVenues: true, venueIds: [] };
  }
  const remaining = await existingVenueIds(db, invitation.organisationId, invitation.venueIds);
  if (remaining.length === 0) throw new AppError('CONFLICT', TEAM_MESSAGES.venuesGone);
  const venueIds = inviter.allVenues ? remaining : remaining.filter((id) => inviter.venueIds.includes(id));
  if (venueIds.length === 0) throw new AppError('CONFLICT', TEAM_MESSAGES.inviterMayNotGrant);
  return { allVenues: false, venueIds };
}

async function hasAccount(db: Db, email: string): Promise<boolean> {
  const [found] = await db.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, email)).limit(1);
  return !!found;
}

/** What /invitation shows: who invites, to what, with which role and venues, for which address. */
export async function previewInvitation(db: Db, token: string): Promise<TInvitationPreview> {
  const invitation = await usableInvitation(db, token);
  const [organisation] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, invitation.organisationId));
  const [inviter] = invitation.invitedBy ? await db.select({ name: user.name }).from(user).where(eq(user.id, invitation.invitedBy)) : [];
  const venues = invitation.allVenues ? [] : (await readOrganisationVenues(db, invitation.organisationId)).filter((venue) => invitation.venueIds.includes(venue.id));
  if (!invitation.allVenues && venues.length === 0) throw new AppError('CONFLICT', TEAM_MESSAGES.venuesGone);
  return {
    email: invitation.email,
    organisationName: organisation?.name ?? '',
    inviterName: inviter?.name ?? null,
    role: invitation.role,
    allVenues: invitation.allVenues,
    venues: venues.map((venue) => venue.name),
    expiresAt: invitation.expiresAt.toISOString(),
    hasAccount: await hasAccount(db, invitation.email),
  };
}

/** Consumes the token and creates the membership of `account`, inside the caller's transaction. */
async function acceptInTransaction(tx: Db, token: string, account: { id: string; email: string }): Promise<TInvitationAccepted> {
  // The organisation's row first (the order of every team write: organisation, then invitation), then the
  // invitation's row: parallel acceptances into one organisation are counted one after the other (issue 50).
  const { organisationId } = await usableInvitation(tx, token);
  await lockOrganisation(tx, organisationId);
  const invitation = await usableInvitation(tx, token, { lock: true });
  if (account.email.toLowerCase() !== invitation.email) throw new AppError('FORBIDDEN', wrongAccountMessage(invitation.email));
  const venues = await grantedVenues(tx, invitation);
  if (await readMemberScope(tx, invitation.organisationId, account.id)) throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyInOrganisation);
  // The plan's seats, as they are now (decision 057): a limit lowered since the invitation was sent counts.
  if (isCountedRole(invitation.role)) await assertSeatAtAcceptance(tx, invitation.organisationId);
  await tx.insert(organisationMembers).values({ organisationId: invitation.organisationId, userId: account.id, role: invitation.role, allVenues: venues.allVenues });
  if (venues.venueIds.length) {
    await tx.insert(memberVenues).values(venues.venueIds.map((restaurantId) => ({ organisationId: invitation.organisationId, userId: account.id, restaurantId })));
  }
  await tx.update(organisationInvitations).set({ acceptedAt: clock.now(), acceptedBy: account.id }).where(eq(organisationInvitations.id, invitation.id));
  // In the organisation's venue (decision 056): the first venue granted, or its oldest one. The counter is the
  // only page the équipe role opens; the others land on the dashboard.
  const venueId = venues.venueIds[0] ?? (await readOrganisationVenues(tx, invitation.organisationId))[0]?.id;
  const page = invitation.role === 'staff' ? paths.counter.href() : paths.dashboard.href();
  return { organisationId: invitation.organisationId, role: invitation.role, landing: venueId ? venueHref(venueId, page) : page };
}

/** A signed-in account accepts (its address must be the invitation's, case aside). */
export async function acceptInvitation(db: Db, token: string, account: { id: string; email: string }): Promise<TInvitationAccepted> {
  return db.transaction((tx) => acceptInTransaction(tx, token, account));
}

/**
 * A new address signs up on /invitation: better-auth creates the user and its password (its own checks),
 * then one transaction marks the address confirmed (the invitation's link proved the mailbox), consumes
 * the token and creates the membership; if it fails, the user is deleted. Then better-auth signs the user
 * in: its answer's cookies are returned with the result.
 */
export async function signUpWithInvitation(
  deps: Pick<AppDeps, 'db' | 'auth' | 'logger'>,
  input: z.output<typeof ZInvitationSignupRequest>,
  headers: Headers,
): Promise<{ result: TInvitationAccepted; setCookies: string[] }> {
  const invitation = await usableInvitation(deps.db, input.token);
  await grantedVenues(deps.db, invitation);
  if (await hasAccount(deps.db, invitation.email)) throw new AppError('CONFLICT', TEAM_MESSAGES.accountExists);
  // No account for a seat the plan no longer has (checked again under the lock when the token is consumed).
  if (isCountedRole(invitation.role)) await assertSeatAtAcceptance(deps.db, invitation.organisationId);

  let createdId: string;
  try {
    createdId = (await deps.auth.api.signUpEmail({ body: { email: invitation.email, password: input.password, name: input.name } })).user.id;
  } catch (error) {
    // Two sign-ups of one address at once: the loser hits the unique email.
    if (await hasAccount(deps.db, invitation.email)) throw new AppError('CONFLICT', TEAM_MESSAGES.accountExists);
    throw error;
  }
  // With email verification required, better-auth answers a look-alike success for a taken address.
  const [stored] = await deps.db.select({ id: user.id }).from(user).where(eq(user.id, createdId));
  if (!stored) throw new AppError('CONFLICT', TEAM_MESSAGES.accountExists);

  let result: TInvitationAccepted;
  try {
    result = await deps.db.transaction(async (tx) => {
      await tx.update(user).set({ emailVerified: true, updatedAt: clock.now() }).where(and(eq(user.id, stored.id)));
      return acceptInTransaction(tx, input.token, { id: stored.id, email: invitation.email });
    });
  } catch (error) {
    await deps.db
      .delete(user)
      .where(eq(user.id, stored.id))
      .catch((cause: unknown) => deps.logger.error({ err: cause, userId: stored.id }, 'could not remove the user of a failed invitation sign-up'));
    throw error;
  }
  const response = await deps.auth.api.signInEmail({ body: { email: invitation.email, password: input.password }, headers, asResponse: true });
  return { result, setCookies: response.ok ? response.headers.getSetCookie() : [] };
}
