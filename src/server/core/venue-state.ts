import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organisations, type OrganisationStatus } from '../db/schema';

/**
 * A venue's effective state (decision 055), the one rule every reader uses: its organisation's state first
 * (pending, rejected or suspended close all its venues), then the venue's own suspension. A venue is open
 * (owner pages, diner pages, jobs) only when both are 'approved'.
 */

/**
 * SQL condition: the venue of the row aliased `venue` (a restaurants row) is open. For raw SQL with a
 * `restaurants` alias; the organisation is read by its primary key.
 */
export function venueIsActiveSql(venue: string): SQL {
  const v = sql.raw(venue);
  return sql`(${v}.status = 'approved' and exists (select 1 from organisations vo where vo.id = ${v}.organisation_id and vo.status = 'approved'))`;
}

/**
 * The same condition for Drizzle's query builder on the `restaurants` table (written with the table's name:
 * Drizzle may write a column without it, which the subquery would not tell from its own).
 */
export function isVenueActive(): SQL {
  return venueIsActiveSql('"restaurants"');
}

/**
 * The effective state and reasons of a venue for a row aliased `venue` joined to its organisation `organisation`
 * (as /api/me lists them): `status`, `rejection_reason`, `suspension_reason` expressions.
 */
export function effectiveVenueStateSql(venue: string, organisation: string) {
  const v = sql.raw(venue);
  const o = sql.raw(organisation);
  return {
    status: sql`(case when ${o}.status <> 'approved' then ${o}.status else ${v}.status end)`,
    rejectionReason: sql`(case when ${o}.status = 'rejected' then ${o}.rejection_reason end)`,
    suspensionReason: sql`(case when ${o}.status = 'suspended' then ${o}.suspension_reason when ${o}.status = 'approved' and ${v}.status = 'suspended' then ${v}.suspension_reason end)`,
  };
}

/** The platform's state of an organisation, or null when there is none. */
export async function getOrganisationStatus(db: Db, organisationId: string): Promise<OrganisationStatus | null> {
  const [row] = await db.select({ status: organisations.status }).from(organisations).where(eq(organisations.id, organisationId));
  return row?.status ?? null;
}

/** Whether the platform team approved the organisation (a venue added to it is then open at once). */
export async function isOrganisationApproved(db: Db, organisationId: string): Promise<boolean> {
  return (await getOrganisationStatus(db, organisationId)) === 'approved';
}
