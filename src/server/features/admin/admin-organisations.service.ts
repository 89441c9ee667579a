import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { adminAuditLog, organisationMembers, organisations, restaurants, user, type OrganisationStatus, type VenueStatus } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { readOrganisationOwners } from '../../core/organisation-owners';
import { enqueueEmail } from '../../email/email-queue';
import { sendEmailJob } from '../../email/email.jobs';
import type { AccountEmailTemplate } from '../../email/templates/admin';
import { waitForJobOutcome } from '../../jobs/queue';
import { clock } from '../../lib/runtime/clock';
import { AppError } from '../../lib/http/errors';
import type { Logger } from '../../lib/runtime/logger';
import {
  ADMIN_MESSAGES,
  ORGANISATION_STATUS_LABELS,
  VENUE_STATUS_LABELS,
  type TAdminAction,
  type TListRestaurantsQuery,
  type TVenueAction,
} from '../../../shared/schemas/admin';
import { ORGANISATION_STATUSES } from '../../../shared/rules/restaurant-status';
import { isUuid } from '../../../shared/rules/uuid';
import { effectivePlan, LIMIT_KEYS, type LimitOverrides, type PlanId } from '../../../shared/rules/plans';
import { describePlanFr, type TSetPlanRequest } from '../../../shared/schemas/plans';

/** An id that is not a UUID names no organisation: answer 404 rather than letting PostgreSQL fail. */
function assertOrganisationId(id: string): void {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.organisationNotFound);
}

const PENDING_LIST_LIMIT = 50;

/**
 * The organisation's row as written in correlated subqueries: Drizzle writes a selected column without its
 * table, which inside `from restaurants r` would name the venue's own column.
 */
const ORG_ID = sql.raw('"organisations"."id"');

/** The oldest venue's contact email, and the counts of venues and members, of `organisations`. */
const ORGANISATION_SUMMARY_COLUMNS = {
  id: organisations.id,
  name: organisations.name,
  siren: organisations.siren,
  country: organisations.country,
  companyNumber: organisations.companyNumber,
  status: organisations.status,
  createdAt: organisations.createdAt,
  contactEmail: sql<string | null>`(select r.contact_email from restaurants r where r.organisation_id = ${ORG_ID} order by r.created_at, r.id limit 1)`,
  venueCount: sql<number>`(select count(*) from restaurants r where r.organisation_id = ${ORG_ID})::int`,
  memberCount: sql<number>`(select count(*) from organisation_members m where m.organisation_id = ${ORG_ID})::int`,
  plan: organisations.plan,
  trialEndsAt: organisations.trialEndsAt,
  limitOverrides: organisations.limitOverrides,
};

/** Counters by status and the oldest pending organisations (the /admin home). */
export async function getAdminOverview(db: Db) {
  const grouped = await db.select({ status: organisations.status, total: count() }).from(organisations).groupBy(organisations.status);
  const counts = Object.fromEntries(ORGANISATION_STATUSES.map((status) => [status, 0])) as Record<OrganisationStatus, number>;
  for (const row of grouped) counts[row.status] = Number(row.total);
  const pending = await db
    .select(ORGANISATION_SUMMARY_COLUMNS)
    .from(organisations)
    .where(eq(organisations.status, 'pending'))
    .orderBy(asc(organisations.createdAt), asc(organisations.id))
    .limit(PENDING_LIST_LIMIT);
  return { counts, pending };
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * The directory of organisations: case-insensitive search on the organisation's name, SIREN and Companies House
 * number, its venues' names, emails, legal names and SIRETs, and its members' emails; status and country
 * filters (issue #53); one page, newest first.
 */
export async function listOrganisationsForAdmin(
  db: Db,
  query: { q?: string; status: TListRestaurantsQuery['status']; country?: TListRestaurantsQuery['country']; limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  if (query.status && query.status !== 'all') conditions.push(eq(organisations.status, query.status));
  if (query.country && query.country !== 'all') conditions.push(eq(organisations.country, query.country));
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    // "123 456 789" finds the SIREN 123456789.
    const digits = q.replace(/[\s.]/g, '');
    const digitPattern = /^\d+$/.test(digits) && digits !== q ? `%${digits}%` : pattern;
    // "sc 123456" finds the Companies House number SC123456.
    const companyPattern = `%${escapeLike(q.replace(/\s+/g, ''))}%`;
    conditions.push(sql`(${organisations.name} ilike ${pattern} or ${organisations.siren} ilike ${digitPattern}
      or ${organisations.companyNumber} ilike ${companyPattern}
      or exists (select 1 from restaurants r where r.organisation_id = ${ORG_ID}
                 and (r.name ilike ${pattern} or r.contact_email ilike ${pattern} or r.business_email ilike ${pattern}
                      or r.legal_name ilike ${pattern} or r.siret ilike ${pattern} or r.siret ilike ${digitPattern}))
      or exists (select 1 from organisation_members m join users u on u.id = m.user_id
                 where m.organisation_id = ${ORG_ID} and u.email ilike ${pattern}))`);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(organisations).where(where);
  const items = await db
    .select(ORGANISATION_SUMMARY_COLUMNS)
    .from(organisations)
    .where(where)
    .orderBy(desc(organisations.createdAt), desc(organisations.id))
    .limit(query.limit)
    .offset(query.offset);
  // Each row with the plan that applies now (decision 057): the list's « Forfait » column.
  const now = clock.now();
  const withPlans = items.map(({ plan, trialEndsAt, limitOverrides, ...item }) => {
    const effective = effectivePlan({ plan, trialEndsAt, limitOverrides }, now);
    return { ...item, plan: { plan: effective.plan, state: effective.state, trialEndsAt: effective.trialEndsAt } };
  });
  return { items: withPlans, total: Number(totalRow?.total ?? 0), limit: query.limit, offset: query.offset };
}

/** Everything the detail page shows: the organisation with its decisions, its venues, its members and the audit entries. */
export async function getOrganisationForAdmin(db: Db, idOrVenueId: string) {
  assertOrganisationId(idOrVenueId);
  const approver = alias(user, 'approver');
  const rejecter = alias(user, 'rejecter');
  const suspender = alias(user, 'suspender');
  const [row] = await db
    .select({ organisation: organisations, approvedByEmail: approver.email, rejectedByEmail: rejecter.email, suspendedByEmail: suspender.email })
    .from(organisations)
    .leftJoin(approver, eq(approver.id, organisations.approvedBy))
    .leftJoin(rejecter, eq(rejecter.id, organisations.rejectedBy))
    .leftJoin(suspender, eq(suspender.id, organisations.suspendedBy))
    // A venue's id names its organisation too: links written before decision 055 named the restaurant.
    .where(or(eq(organisations.id, idOrVenueId), eq(organisations.id, db.select({ id: restaurants.organisationId }).from(restaurants).where(eq(restaurants.id, idOrVenueId)))))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.organisationNotFound);
  const organisationId = row.organisation.id;
  const venueSuspender = alias(user, 'venue_suspender');
  const venues = await db
    .select({
      id: restaurants.id,
      name: restaurants.name,
      legalName: restaurants.legalName,
      siret: restaurants.siret,
      contactEmail: restaurants.contactEmail,
      businessEmail: restaurants.businessEmail,
      phone: restaurants.phone,
      address: restaurants.address,
      website: restaurants.website,
      // What diners are sent to after a good rating: the platform team sees it before approving.
      googleReviewUrl: restaurants.googleReviewUrl,
      ownerFirstName: restaurants.ownerFirstName,
      emailVerified: restaurants.emailVerified,
      status: restaurants.status,
      suspendedAt: restaurants.suspendedAt,
      suspendedByEmail: venueSuspender.email,
      suspensionReason: restaurants.suspensionReason,
      createdAt: restaurants.createdAt,
    })
    .from(restaurants)
    .leftJoin(venueSuspender, eq(venueSuspender.id, restaurants.suspendedBy))
    .where(eq(restaurants.organisationId, organisationId))
    .orderBy(asc(restaurants.createdAt), asc(restaurants.id));
  const members = await db
    .select({
      userId: user.id,
      email: user.email,
      name: user.name,
      role: organisationMembers.role,
      allVenues: organisationMembers.allVenues,
      emailVerified: user.emailVerified,
      createdAt: organisationMembers.createdAt,
    })
    .from(organisationMembers)
    .innerJoin(user, eq(user.id, organisationMembers.userId))
    .where(eq(organisationMembers.organisationId, organisationId))
    .orderBy(asc(organisationMembers.createdAt), asc(user.id));
  const history = await db
    .select({
      id: adminAuditLog.id,
      action: adminAuditLog.action,
      reason: adminAuditLog.reason,
      createdAt: adminAuditLog.createdAt,
      adminEmail: user.email,
      restaurantId: adminAuditLog.restaurantId,
      restaurantName: restaurants.name,
    })
    .from(adminAuditLog)
    .leftJoin(user, eq(user.id, adminAuditLog.adminUserId))
    .leftJoin(restaurants, eq(restaurants.id, adminAuditLog.restaurantId))
    .where(eq(adminAuditLog.organisationId, organisationId))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id));
  const o = row.organisation;
  return {
    organisation: {
      id: o.id,
      name: o.name,
      siren: o.siren,
      country: o.country,
      companyNumber: o.companyNumber,
      status: o.status,
      notes: o.notes,
      createdAt: o.createdAt,
      approvedAt: o.approvedAt,
      approvedByEmail: row.approvedByEmail,
      rejectedAt: o.rejectedAt,
      rejectedByEmail: row.rejectedByEmail,
      rejectionReason: o.rejectionReason,
      suspendedAt: o.suspendedAt,
      suspendedByEmail: row.suspendedByEmail,
      suspensionReason: o.suspensionReason,
      plan: toPlanView(o),
    },
    venues,
    members,
    history,
  };
}

/** Saves the internal notes of an organisation (an empty text clears them). */
export async function updateOrganisationNotes(db: Db, organisationId: string, notes: string) {
  assertOrganisationId(organisationId);
  const value = notes.trim() ? notes : null;
  const [updated] = await db.update(organisations).set({ notes: value }).where(eq(organisations.id, organisationId)).returning({ notes: organisations.notes });
  if (!updated) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.organisationNotFound);
  return { notes: updated.notes };
}

type Transition<S> = {
  from: S;
  to: S;
  email: AccountEmailTemplate;
  /** Shown when the organisation (or venue) is not in `from` (409). */
  refusal: string;
};

/** The four allowed transitions of an organisation (spec §4, on the organisation: decision 055). */
const TRANSITIONS: Record<TAdminAction, Transition<OrganisationStatus>> = {
  approve: { from: 'pending', to: 'approved', email: 'account_approved', refusal: 'Seule une organisation en attente de validation peut être approuvée' },
  reject: { from: 'pending', to: 'rejected', email: 'account_rejected', refusal: 'Seule une organisation en attente de validation peut être refusée' },
  suspend: { from: 'approved', to: 'suspended', email: 'account_suspended', refusal: 'Seule une organisation approuvée peut être suspendue' },
  reactivate: { from: 'suspended', to: 'approved', email: 'account_reactivated', refusal: 'Seule une organisation suspendue peut être réactivée' },
};

/** A venue alone: suspended by the platform team, then reactivated. */
const VENUE_TRANSITIONS: Record<TVenueAction, Transition<VenueStatus>> = {
  suspend: { from: 'approved', to: 'suspended', email: 'account_suspended', refusal: 'Seul un établissement actif peut être suspendu' },
  reactivate: { from: 'suspended', to: 'approved', email: 'account_reactivated', refusal: 'Seul un établissement suspendu peut être réactivé' },
};

export type TransitionInput = { organisationId: string; adminUserId: string; action: TAdminAction; reason?: string; notes?: string };

function buildStatusUpdate(input: TransitionInput, now: Date): Partial<typeof organisations.$inferInsert> {
  const { action, adminUserId, reason } = input;
  switch (action) {
    case 'approve':
      return { status: 'approved', approvedAt: now, approvedBy: adminUserId, ...(input.notes !== undefined ? { notes: input.notes.trim() ? input.notes : null } : {}) };
    case 'reject':
      return { status: 'rejected', rejectedAt: now, rejectedBy: adminUserId, rejectionReason: reason ?? null };
    case 'suspend':
      return { status: 'suspended', suspendedAt: now, suspendedBy: adminUserId, suspensionReason: reason ?? null };
    case 'reactivate':
      return { status: 'approved', suspendedAt: null, suspendedBy: null, suspensionReason: null };
  }
}

/** How long the decision waits for its emails before answering (they still go if slower). */
const EMAIL_WAIT_MS = 15_000;

type Recipient = { email: string; firstName: string | null };


/**
 * Who gets the platform's decisions: the organisation's propriétaires (members with the owner role), greeted
 * by first name; an organisation without one (an account whose owner was removed) falls back to the venue's
 * contact email, as every decision was mailed before decision 055.
 */
async function recipientsOf(tx: Db, organisationId: string, venue: { contactEmail: string; ownerFirstName: string | null } | undefined): Promise<Recipient[]> {
  const owners = await readOrganisationOwners(tx, organisationId);
  if (owners.length) return owners;
  return venue ? [{ email: venue.contactEmail, firstName: venue.ownerFirstName }] : [];
}

/** Queues the decision email to each propriétaire, in the decision's transaction; returns the job ids. */
async function enqueueDecisionEmails(
  deps: Pick<AppDeps, 'boss'>,
  tx: Db,
  input: { template: AccountEmailTemplate; restaurantId: string | null; auditId: string; recipients: Recipient[]; reason: string | null; name: string },
): Promise<string[]> {
  const ids: string[] = [];
  for (const recipient of input.recipients) {
    const id = await enqueueEmail(
      deps.boss,
      {
        template: input.template,
        restaurantId: input.restaurantId,
        customerId: null,
        to: recipient.email,
        eventId: input.auditId,
        data: { first_name: recipient.firstName, reason: input.reason, account_name: input.name },
      },
      { tx },
    );
    if (id) ids.push(id);
  }
  return ids;
}

/** Waits for every email job; true when all were sent. */
async function waitForEmails(deps: Pick<AppDeps, 'boss'>, logger: Logger, ids: string[], context: Record<string, unknown>): Promise<boolean> {
  const outcomes = await Promise.all(ids.map((id) => waitForJobOutcome(deps.boss, sendEmailJob.name, id, EMAIL_WAIT_MS)));
  const sent = outcomes.every((outcome) => outcome.state === 'completed');
  if (!sent) logger.error({ ...context, outcomes }, 'account email not sent yet');
  return sent;
}

/**
 * Moves an organisation from one status to the next (all its venues follow: core/venue-state.ts), writes the
 * audit entry and queues the decision email to each propriétaire, in one transaction. The UPDATE only matches
 * while the organisation still has the expected status, so when two administrators act at once exactly one
 * succeeds and the other gets a 409. The answer waits for the emails: if one failed, the decision stands and
 * `emailSent` is false (the queue keeps retrying it).
 */
export async function changeOrganisationStatus(deps: Pick<AppDeps, 'db' | 'boss'>, logger: Logger, input: TransitionInput) {
  assertOrganisationId(input.organisationId);
  const transition = TRANSITIONS[input.action];
  const reason = input.action === 'reject' || input.action === 'suspend' ? (input.reason ?? null) : null;
  const { updated, emailJobIds } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(organisations)
      .set(buildStatusUpdate(input, clock.now()))
      .where(and(eq(organisations.id, input.organisationId), eq(organisations.status, transition.from)))
      .returning({ id: organisations.id, name: organisations.name, status: organisations.status });
    if (!row) {
      const [current] = await tx.select({ status: organisations.status }).from(organisations).where(eq(organisations.id, input.organisationId));
      if (!current) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.organisationNotFound);
      throw new AppError('CONFLICT', `${transition.refusal} (statut actuel : ${ORGANISATION_STATUS_LABELS[current.status]}).`);
    }
    const [audit] = await tx
      .insert(adminAuditLog)
      .values({ adminUserId: input.adminUserId, action: input.action, organisationId: row.id, restaurantId: null, reason, createdAt: clock.now() })
      .returning({ id: adminAuditLog.id });
    // The email names the organisation; it is logged under its oldest venue (email logs belong to a venue).
    const [firstVenue] = await tx
      .select({ id: restaurants.id, contactEmail: restaurants.contactEmail, ownerFirstName: restaurants.ownerFirstName })
      .from(restaurants)
      .where(eq(restaurants.organisationId, row.id))
      .orderBy(asc(restaurants.createdAt), asc(restaurants.id))
      .limit(1);
    const ids = await enqueueDecisionEmails(deps, tx, {
      template: transition.email,
      restaurantId: firstVenue?.id ?? null,
      auditId: String(audit.id),
      recipients: await recipientsOf(tx, row.id, firstVenue),
      reason,
      name: row.name,
    });
    return { updated: row, emailJobIds: ids };
  });
  const emailSent = await waitForEmails(deps, logger, emailJobIds, { organisationId: updated.id, template: transition.email });
  return { organisation: { id: updated.id, status: updated.status }, emailSent };
}

export type VenueTransitionInput = { restaurantId: string; adminUserId: string; action: TVenueAction; reason?: string };

/**
 * Suspends one venue alone, or reactivates it: its organisation and sibling venues are untouched. Audited
 * (with the venue and its organisation) and emailed to the organisation's propriétaires, as an organisation's
 * decision is; the same conditional UPDATE answers 409 to a second administrator.
 */
export async function changeVenueStatus(deps: Pick<AppDeps, 'db' | 'boss'>, logger: Logger, input: VenueTransitionInput) {
  if (!isUuid(input.restaurantId)) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.restaurantNotFound);
  const transition = VENUE_TRANSITIONS[input.action];
  const reason = input.action === 'suspend' ? (input.reason ?? null) : null;
  const now = clock.now();
  const { updated, emailJobIds } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(restaurants)
      .set(
        input.action === 'suspend'
          ? { status: 'suspended', suspendedAt: now, suspendedBy: input.adminUserId, suspensionReason: reason }
          : { status: 'approved', suspendedAt: null, suspendedBy: null, suspensionReason: null },
      )
      .where(and(eq(restaurants.id, input.restaurantId), eq(restaurants.status, transition.from)))
      .returning({
        id: restaurants.id,
        name: restaurants.name,
        status: restaurants.status,
        organisationId: restaurants.organisationId,
        contactEmail: restaurants.contactEmail,
        ownerFirstName: restaurants.ownerFirstName,
      });
    if (!row) {
      const [current] = await tx.select({ status: restaurants.status }).from(restaurants).where(eq(restaurants.id, input.restaurantId));
      if (!current) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.restaurantNotFound);
      throw new AppError('CONFLICT', `${transition.refusal} (statut actuel : ${VENUE_STATUS_LABELS[current.status]}).`);
    }
    const [audit] = await tx
      .insert(adminAuditLog)
      .values({ adminUserId: input.adminUserId, action: input.action, organisationId: row.organisationId, restaurantId: row.id, reason, createdAt: now })
      .returning({ id: adminAuditLog.id });
    const ids = await enqueueDecisionEmails(deps, tx, {
      template: transition.email,
      restaurantId: row.id,
      auditId: String(audit.id),
      recipients: await recipientsOf(tx, row.organisationId, row),
      reason,
      name: row.name,
    });
    return { updated: row, emailJobIds: ids };
  });
  const emailSent = await waitForEmails(deps, logger, emailJobIds, { restaurantId: updated.id, template: transition.email });
  return { restaurant: { id: updated.id, organisationId: updated.organisationId, status: updated.status }, emailSent };
}

/**
 * The platform team sets an organisation's plan, trial end and limit overrides (decision 057), in one
 * transaction with the audit entry: its `reason` says before → after. The organisation row is locked, so
 * two admins' changes are written one after the other, each with its true « before ».
 */
export async function setOrganisationPlan(db: Db, input: { organisationId: string; adminUserId: string } & TSetPlanRequest) {
  assertOrganisationId(input.organisationId);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ plan: organisations.plan, trialEndsAt: organisations.trialEndsAt, limitOverrides: organisations.limitOverrides })
      .from(organisations)
      .where(eq(organisations.id, input.organisationId))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.organisationNotFound);
    const limitOverrides: LimitOverrides = {};
    for (const key of LIMIT_KEYS) if (input.limitOverrides[key] !== undefined) limitOverrides[key] = input.limitOverrides[key];
    const after = { plan: input.plan, trialEndsAt: input.trialEndsAt ? new Date(input.trialEndsAt) : null, limitOverrides };
    // A plan the platform team sets is a contract's: Stripe's events never overwrite it (decision 092).
    await tx.update(organisations).set({ ...after, planSource: after.plan ? 'contract' : null }).where(eq(organisations.id, input.organisationId));
    await tx.insert(adminAuditLog).values({
      adminUserId: input.adminUserId,
      action: 'plan',
      organisationId: input.organisationId,
      reason: `${describePlanFr(before)} → ${describePlanFr(after)}`,
    });
    return { plan: toPlanView(after) };
  });
}

/** The organisation's plan as set, and what applies now (shared/rules/plans.ts effectivePlan). */
export function toPlanView(row: { plan: PlanId | null; trialEndsAt: Date | null; limitOverrides: LimitOverrides | null }) {
  return {
    plan: row.plan,
    trialEndsAt: row.trialEndsAt ? row.trialEndsAt.toISOString() : null,
    limitOverrides: row.limitOverrides ?? {},
    effective: effectivePlan(row, clock.now()),
  };
}
