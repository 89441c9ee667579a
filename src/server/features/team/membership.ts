/** Reads of memberships and invitations shared by the team routes and the acceptance (decision 053). */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberVenues, organisationMembers, organisations, restaurants } from '../../db/schema';
import type { Role } from '../../../shared/rules/permissions';

/** How long an invitation link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 3600_000;
/** Invitations an organisation may send (first sends and resends) in any 24 hours. */
export const INVITATIONS_PER_DAY = 20;

/** A new invitation token: the raw value goes in the link only, its SHA-256 in the database. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A member's role and venues in an organisation (`venueIds` empty when on all venues). */
export type MemberScope = { role: Role; allVenues: boolean; venueIds: string[] };

/** The membership of `userId` in `organisationId`, or null. Inside a transaction, pass `tx`. */
export async function readMemberScope(db: Db, organisationId: string, userId: string): Promise<MemberScope | null> {
  const [member] = await db
    .select({ role: organisationMembers.role, allVenues: organisationMembers.allVenues })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
  if (!member) return null;
  if (member.allVenues) return { ...member, venueIds: [] };
  const venues = await db
    .select({ id: memberVenues.restaurantId })
    .from(memberVenues)
    .where(and(eq(memberVenues.organisationId, organisationId), eq(memberVenues.userId, userId)));
  return { ...member, venueIds: venues.map((venue) => venue.id) };
}

/** The organisation's venues, oldest first. */
export async function readOrganisationVenues(db: Db, organisationId: string): Promise<Array<{ id: string; name: string }>> {
  return db.select({ id: restaurants.id, name: restaurants.name }).from(restaurants).where(eq(restaurants.organisationId, organisationId)).orderBy(asc(restaurants.createdAt), asc(restaurants.id));
}

/** Those of `ids` that are venues of the organisation. */
export async function existingVenueIds(db: Db, organisationId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(and(eq(restaurants.organisationId, organisationId), inArray(restaurants.id, [...ids])));
  return rows.map((row) => row.id);
}

/** Locks the organisation row: team writes of one organisation run one after the other. */
export async function lockOrganisation(tx: Db, organisationId: string): Promise<{ id: string; name: string; country: string } | undefined> {
  const [found] = await tx
    .select({ id: organisations.id, name: organisations.name, country: organisations.country })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update');
  return found;
}

/**
 * Whether a member with `scope` may give this role and these venues: `mayGrant` for the role, and the
 * venues within their own (never "all venues" unless they have all venues).
 */
export function venuesWithinScope(scope: MemberScope, choice: { allVenues: boolean; venueIds: readonly string[] }): boolean {
  if (scope.allVenues) return true;
  if (choice.allVenues) return false;
  return choice.venueIds.every((id) => scope.venueIds.includes(id));
}
