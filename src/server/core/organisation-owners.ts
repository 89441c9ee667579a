import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organisationMembers, user } from '../db/schema';
import { firstNameOf } from '../../shared/rules/first-name';

export type OrganisationOwner = { email: string; firstName: string | null };

/**
 * The organisation's propriétaires (members with the owner role), oldest membership first, each with the
 * first name to greet them by: who the platform's decisions, the quota warnings and the webhook notices
 * are mailed to.
 */
export async function readOrganisationOwners(db: Db, organisationId: string): Promise<OrganisationOwner[]> {
  const owners = await db
    .select({ email: user.email, name: user.name })
    .from(organisationMembers)
    .innerJoin(user, eq(user.id, organisationMembers.userId))
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.role, 'owner')))
    .orderBy(asc(organisationMembers.createdAt), asc(user.id));
  return owners.map((owner) => ({ email: owner.email, firstName: firstNameOf(owner.name) }));
}
