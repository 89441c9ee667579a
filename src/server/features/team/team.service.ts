/**
 * The team of an organisation (/equipe, decision 053): its members and pending invitations, inviting,
 * resending, revoking, and the owner's changes of a member's role and venues. Every write locks the
 * organisation row first, so the daily limit and the last-owner rule hold with parallel requests.
 */
import { assertMemberWithinPlan } from '../../core/plan';
import { isCountedRole } from '../../../shared/rules/plans';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberVenues, organisationInvitations, organisationMembers, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { enqueueEmail } from '../../email/email-queue';
import { clock } from '../../lib/runtime/clock';
import { AppError } from '../../lib/http/errors';
import { formatDateFr } from '../../../shared/format';
import type { OwnerLocale } from '../../../shared/rules/locales';
import { paths } from '../../../shared/paths';
import { can, invitableRoles, mayGrant, ROLE_LABELS, type Role } from '../../../shared/rules/permissions';
import { TEAM_MESSAGES, type TChangeRoleRequest, type TTeamInvitation, type TTeamResponse } from '../../../shared/schemas/team';
import type { z } from 'zod';
import type { ZChangeVenuesRequest, ZInviteRequest } from '../../../shared/schemas/team';
import {
  existingVenueIds,
  INVITATION_LIFETIME_MS,
  INVITATIONS_PER_DAY,
  lockOrganisation,
  newInvitationToken,
  readMemberScope,
  readOrganisationVenues,
  venuesWithinScope,
  type MemberScope,
} from './membership';

/** Who acts: the signed-in member and their organisation (from c.var.tenant and c.var.user). */
/** `lang`: the actor's language (users.lang), the one their invitations are written in. */
export type TeamActor = { organisationId: string; userId: string; userName: string; lang?: OwnerLocale };

type InvitationRow = typeof organisationInvitations.$inferSelect;

/** The actor's membership as it is now (inside the caller's transaction): gone or changed since the guard read counts. */
async function actorScope(tx: Db, actor: TeamActor): Promise<MemberScope> {
  const scope = await readMemberScope(tx, actor.organisationId, actor.userId);
  if (!scope || !can(scope.role, 'members.invite')) throw new AppError('FORBIDDEN', TEAM_MESSAGES.roleNotGrantable);
  return scope;
}

/** Whether `scope` may resend or revoke an invitation: the role is one it may grant, on its venues. */
function mayManageInvitation(scope: MemberScope, invitation: Pick<InvitationRow, 'role' | 'allVenues' | 'venueIds'>): boolean {
  return mayGrant(scope.role, invitation.role) && venuesWithinScope(scope, invitation);
}

/**
 * The team as the actor sees it. A member on some venues only (a gérant of one venue) sees those venues,
 * the members and invitations on all venues or on one of them, and only those venues in their lists:
 * nothing of the organisation's other venues.
 */
export async function getTeam(db: Db, actor: TeamActor): Promise<TTeamResponse> {
  const scope = await actorScope(db, actor);
  const venues = await readOrganisationVenues(db, actor.organisationId);
  const visibleVenues = scope.allVenues ? venues : venues.filter((venue) => scope.venueIds.includes(venue.id));
  const venueName = new Map(visibleVenues.map((venue) => [venue.id, venue.name]));
  const refs = (ids: readonly string[]) => ids.filter((id) => venueName.has(id)).map((id) => ({ id, name: venueName.get(id)! }));
  const visible = (entry: { allVenues: boolean; venueIds: readonly string[] }) => entry.allVenues || entry.venueIds.some((id) => venueName.has(id));

  const members = await db
    .select({
      userId: organisationMembers.userId,
      name: user.name,
      email: user.email,
      role: organisationMembers.role,
      allVenues: organisationMembers.allVenues,
      since: organisationMembers.createdAt,
    })
    .from(organisationMembers)
    .innerJoin(user, eq(user.id, organisationMembers.userId))
    .where(eq(organisationMembers.organisationId, actor.organisationId))
    .orderBy(asc(organisationMembers.createdAt), asc(user.email));
  const links = await db
    .select({ userId: memberVenues.userId, restaurantId: memberVenues.restaurantId })
    .from(memberVenues)
    .where(eq(memberVenues.organisationId, actor.organisationId));
  const venuesOf = (userId: string) => links.filter((link) => link.userId === userId).map((link) => link.restaurantId);

  const now = clock.now();
  const invitations = await db
    .select({ invitation: organisationInvitations, invitedBy: user.name })
    .from(organisationInvitations)
    .leftJoin(user, eq(user.id, organisationInvitations.invitedBy))
    .where(and(eq(organisationInvitations.organisationId, actor.organisationId), isNull(organisationInvitations.acceptedAt), isNull(organisationInvitations.revokedAt)))
    .orderBy(desc(organisationInvitations.createdAt));

  return {
    viewer: {
      userId: actor.userId,
      role: scope.role,
      invitableRoles: [...invitableRoles(scope.role)],
      mayManageMembers: can(scope.role, 'members.manage'),
      mayInviteOnAllVenues: scope.allVenues,
    },
    invitableVenues: visibleVenues,
    venues: visibleVenues,
    members: members
      .filter((member) => member.userId === actor.userId || visible({ allVenues: member.allVenues, venueIds: venuesOf(member.userId) }))
      .map((member) => ({
        ...member,
        venues: member.allVenues ? [] : refs(venuesOf(member.userId)),
        since: member.since.toISOString(),
        isSelf: member.userId === actor.userId,
      })),
    invitations: invitations
      .filter(({ invitation }) => visible(invitation))
      .map(({ invitation, invitedBy }): TTeamInvitation => ({
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        allVenues: invitation.allVenues,
        venues: refs(invitation.venueIds),
        invitedBy,
        createdAt: invitation.createdAt.toISOString(),
        expiresAt: invitation.expiresAt.toISOString(),
        expired: invitation.expiresAt <= now,
        mayManage: mayManageInvitation(scope, invitation),
      })),
  };
}

/** Refuses a role or venues the actor may not give; checks the chosen venues are the organisation's. */
async function checkGrant(tx: Db, actor: TeamActor, scope: MemberScope, choice: { role: Role; allVenues: boolean; venueIds: readonly string[] }): Promise<string[]> {
  if (!mayGrant(scope.role, choice.role)) throw new AppError('FORBIDDEN', TEAM_MESSAGES.roleNotGrantable);
  const venueIds = choice.allVenues ? [] : [...new Set(choice.venueIds)];
  if ((await existingVenueIds(tx, actor.organisationId, venueIds)).length !== venueIds.length) throw new AppError('BAD_REQUEST', TEAM_MESSAGES.venueUnknown);
  if (!venuesWithinScope(scope, { allVenues: choice.allVenues, venueIds })) throw new AppError('FORBIDDEN', TEAM_MESSAGES.venueNotYours);
  return venueIds;
}

/** The 21st invitation (first send or resend) of an organisation within 24 hours is refused; the organisation row is locked. */
async function checkDailyLimit(tx: Db, organisationId: string): Promise<void> {
  const since = new Date(clock.now().getTime() - 24 * 3600_000);
  const [{ sent }] = await tx
    .select({ sent: sql<number>`count(*)::int` })
    .from(organisationInvitations)
    .where(and(eq(organisationInvitations.organisationId, organisationId), gt(organisationInvitations.createdAt, since)));
  if (Number(sent) >= INVITATIONS_PER_DAY) throw new AppError('RATE_LIMITED', TEAM_MESSAGES.dailyLimit);
}

/** Writes an invitation row and queues its email, in the caller's transaction. */
async function insertAndSend(
  deps: Pick<AppDeps, 'boss' | 'env'>,
  tx: Db,
  actor: TeamActor,
  organisation: { name: string; country: string },
  invitation: { email: string; role: Role; allVenues: boolean; venueIds: string[] },
): Promise<void> {
  const { token, hash } = newInvitationToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS);
  await tx.insert(organisationInvitations).values({ organisationId: actor.organisationId, ...invitation, tokenHash: hash, invitedBy: actor.userId, createdAt: now, expiresAt });
  // « tous les établissements » is the email's to write, in its language (all_venues).
  const venueNames = invitation.allVenues
    ? null
    : (await readOrganisationVenues(tx, actor.organisationId)).filter((venue) => invitation.venueIds.includes(venue.id)).map((venue) => venue.name).join(', ');
  const url = `${deps.env.PUBLIC_URL}${paths.invitation.href(token)}`;
  await enqueueEmail(
    deps.boss,
    {
      template: 'team_invitation',
      to: invitation.email,
      restaurantId: null,
      customerId: null,
      // The token's hash: one send per invitation link.
      eventId: `invitation:${hash}`,
      // In the inviter's language (issue #53): the email words the role, the venues and the date from these facts.
      data: {
        url,
        // The inviter's language, else English for a UK organisation.
        lang: actor.lang ?? (organisation.country === 'GB' ? 'en' : 'fr'),
        organisation_name: organisation.name,
        inviter_name: actor.userName,
        role: invitation.role,
        role_label: ROLE_LABELS[invitation.role],
        all_venues: invitation.allVenues ? 1 : null,
        venues: venueNames,
        expires_at: expiresAt.toISOString(),
        expires_on: formatDateFr(expiresAt),
      },
    },
    // The payload carries the link: it leaves the queue table once the link has expired.
    { tx, deleteAfterSeconds: INVITATION_LIFETIME_MS / 1000 },
  );
}

/** Invites an address with the role and venues chosen (decision 053). */
export async function inviteMember(deps: Pick<AppDeps, 'db' | 'boss' | 'env'>, actor: TeamActor, input: z.output<typeof ZInviteRequest>): Promise<{ ok: true }> {
  await deps.db.transaction(async (tx) => {
    const organisation = await lockOrganisation(tx, actor.organisationId);
    if (!organisation) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
    const scope = await actorScope(tx, actor);
    const venueIds = await checkGrant(tx, actor, scope, input);
    // The plan's back-office seats (decision 057), under the organisation's lock: équipe is not counted.
    if (isCountedRole(input.role)) await assertMemberWithinPlan(tx, actor.organisationId);
    const [member] = await tx
      .select({ userId: organisationMembers.userId })
      .from(organisationMembers)
      .innerJoin(user, eq(user.id, organisationMembers.userId))
      .where(and(eq(organisationMembers.organisationId, actor.organisationId), eq(sql`lower(${user.email})`, input.email)));
    if (member) throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember);
    const [open] = await tx
      .select({ id: organisationInvitations.id, expiresAt: organisationInvitations.expiresAt })
      .from(organisationInvitations)
      .where(and(eq(organisationInvitations.organisationId, actor.organisationId), eq(organisationInvitations.email, input.email), isNull(organisationInvitations.acceptedAt), isNull(organisationInvitations.revokedAt)));
    if (open && open.expiresAt > clock.now()) throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyInvited);
    await checkDailyLimit(tx, actor.organisationId);
    // An expired invitation to the same address gives way to the new one.
    if (open) await tx.update(organisationInvitations).set({ revokedAt: clock.now() }).where(eq(organisationInvitations.id, open.id));
    await insertAndSend(deps, tx, actor, organisation, { email: input.email, role: input.role, allVenues: input.allVenues, venueIds });
  });
  return { ok: true };
}

/** An open invitation of the organisation that the actor may manage, locked (inside the caller's transaction). */
async function manageableInvitation(tx: Db, actor: TeamActor, invitationId: string): Promise<InvitationRow> {
  const [invitation] = await tx
    .select()
    .from(organisationInvitations)
    .where(
      and(
        eq(organisationInvitations.id, invitationId),
        eq(organisationInvitations.organisationId, actor.organisationId),
        isNull(organisationInvitations.acceptedAt),
        isNull(organisationInvitations.revokedAt),
      ),
    )
    .for('update');
  if (!invitation) throw new AppError('NOT_FOUND', TEAM_MESSAGES.invitationNotFound);
  if (!mayManageInvitation(await actorScope(tx, actor), invitation)) throw new AppError('FORBIDDEN', TEAM_MESSAGES.roleNotGrantable);
  return invitation;
}

/** Sends an invitation again: a new token and seven days from now; the old link stops working. */
export async function resendInvitation(deps: Pick<AppDeps, 'db' | 'boss' | 'env'>, actor: TeamActor, invitationId: string): Promise<{ ok: true }> {
  await deps.db.transaction(async (tx) => {
    const organisation = await lockOrganisation(tx, actor.organisationId);
    if (!organisation) throw new AppError('NOT_FOUND', TEAM_MESSAGES.invitationNotFound);
    const invitation = await manageableInvitation(tx, actor, invitationId);
    await checkDailyLimit(tx, actor.organisationId);
    await tx.update(organisationInvitations).set({ revokedAt: clock.now() }).where(eq(organisationInvitations.id, invitation.id));
    // Venues deleted since are left out; with none left, nothing is sent.
    const venueIds = invitation.allVenues ? [] : await existingVenueIds(tx, actor.organisationId, invitation.venueIds);
    if (!invitation.allVenues && venueIds.length === 0) throw new AppError('CONFLICT', TEAM_MESSAGES.venuesGone);
    await insertAndSend(deps, tx, actor, organisation, { email: invitation.email, role: invitation.role, allVenues: invitation.allVenues, venueIds });
  });
  return { ok: true };
}

/** Revokes an invitation: its link stops working. */
export async function revokeInvitation(db: Db, actor: TeamActor, invitationId: string): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    await lockOrganisation(tx, actor.organisationId);
    const invitation = await manageableInvitation(tx, actor, invitationId);
    await tx.update(organisationInvitations).set({ revokedAt: clock.now() }).where(eq(organisationInvitations.id, invitation.id));
  });
  return { ok: true };
}

/**
 * The owner's change to another member (inside one transaction, the organisation locked): the actor is
 * still an owner, the target is a member; the last propriétaire is never removed nor demoted (409); nobody
 * changes their own membership (403).
 */
async function changeMember(
  db: Db,
  actor: TeamActor,
  targetUserId: string,
  change: { removes: boolean; newRole?: Role },
  write: (tx: Db, target: MemberScope) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrganisation(tx, actor.organisationId);
    const me = await readMemberScope(tx, actor.organisationId, actor.userId);
    if (!me || !can(me.role, 'members.manage')) throw new AppError('FORBIDDEN', TEAM_MESSAGES.roleNotGrantable);
    const target = await readMemberScope(tx, actor.organisationId, targetUserId);
    if (!target) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
    if (target.role === 'owner' && (change.removes || (change.newRole && change.newRole !== 'owner'))) {
      const [{ owners }] = await tx
        .select({ owners: sql<number>`count(*)::int` })
        .from(organisationMembers)
        .where(and(eq(organisationMembers.organisationId, actor.organisationId), eq(organisationMembers.role, 'owner')));
      if (Number(owners) <= 1) throw new AppError('CONFLICT', TEAM_MESSAGES.lastOwner);
    }
    if (targetUserId === actor.userId) throw new AppError('FORBIDDEN', TEAM_MESSAGES.notYourself);
    await write(tx, target);
  });
}

export async function changeMemberRole(db: Db, actor: TeamActor, targetUserId: string, input: TChangeRoleRequest): Promise<{ ok: true }> {
  const role = input.role as Role;
  await changeMember(db, actor, targetUserId, { removes: false, newRole: role }, async (tx, target) => {
    // An équipe member raised to a back-office role takes a seat of the plan (decision 057).
    if (!isCountedRole(target.role) && isCountedRole(role)) await assertMemberWithinPlan(tx, actor.organisationId);
    // A propriétaire has every venue (the organisation is theirs).
    await tx
      .update(organisationMembers)
      .set(role === 'owner' ? { role, allVenues: true } : { role })
      .where(and(eq(organisationMembers.organisationId, actor.organisationId), eq(organisationMembers.userId, targetUserId)));
    if (role === 'owner') await tx.delete(memberVenues).where(and(eq(memberVenues.organisationId, actor.organisationId), eq(memberVenues.userId, targetUserId)));
  });
  return { ok: true };
}

export async function changeMemberVenues(db: Db, actor: TeamActor, targetUserId: string, input: z.output<typeof ZChangeVenuesRequest>): Promise<{ ok: true }> {
  await changeMember(db, actor, targetUserId, { removes: false }, async (tx, target) => {
    if (target.role === 'owner' && !input.allVenues) throw new AppError('BAD_REQUEST', TEAM_MESSAGES.ownerAllVenues);
    const venueIds = input.allVenues ? [] : [...new Set(input.venueIds)];
    if ((await existingVenueIds(tx, actor.organisationId, venueIds)).length !== venueIds.length) throw new AppError('BAD_REQUEST', TEAM_MESSAGES.venueUnknown);
    await tx
      .update(organisationMembers)
      .set({ allVenues: input.allVenues })
      .where(and(eq(organisationMembers.organisationId, actor.organisationId), eq(organisationMembers.userId, targetUserId)));
    await tx.delete(memberVenues).where(and(eq(memberVenues.organisationId, actor.organisationId), eq(memberVenues.userId, targetUserId)));
    if (venueIds.length) await tx.insert(memberVenues).values(venueIds.map((restaurantId) => ({ organisationId: actor.organisationId, userId: targetUserId, restaurantId })));
  });
  return { ok: true };
}

export async function removeMember(db: Db, actor: TeamActor, targetUserId: string): Promise<{ ok: true }> {
  await changeMember(db, actor, targetUserId, { removes: true }, async (tx) => {
    await tx.delete(organisationMembers).where(and(eq(organisationMembers.organisationId, actor.organisationId), eq(organisationMembers.userId, targetUserId)));
  });
  return { ok: true };
}

