import { and, asc, count, desc, eq, exists, ilike, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { adminAuditLog, memberVenues, organisationMembers, restaurants, user, type RestaurantStatus } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { enqueueEmail, SEND_EMAIL_JOB } from '../../email/email-queue';
import type { AccountEmailTemplate } from '../../email/templates/admin';
import { waitForJobOutcome } from '../../jobs/queue';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import {
  ADMIN_MESSAGES,
  RESTAURANT_STATUS_LABELS,
  type TAdminAction,
  type TListRestaurantsQuery,
} from '../../../shared/schemas/admin';
import { RESTAURANT_STATUSES } from '../../../shared/rules/restaurant-status';
import { isUuid } from '../../../shared/rules/uuid';

/** An id that is not a UUID names no restaurant: answer 404 rather than letting PostgreSQL fail. */
function assertRestaurantId(id: string): void {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.restaurantNotFound);
}

const PENDING_LIST_LIMIT = 50;

/** What the queue and the directory show of a restaurant. */
const RESTAURANT_SUMMARY_COLUMNS = {
  id: restaurants.id,
  name: restaurants.name,
  legalName: restaurants.legalName,
  contactEmail: restaurants.contactEmail,
  siret: restaurants.siret,
  createdAt: restaurants.createdAt,
};

/** Counters by status and the oldest pending requests (the /admin home). */
export async function getAdminOverview(db: Db) {
  const grouped = await db.select({ status: restaurants.status, total: count() }).from(restaurants).groupBy(restaurants.status);
  const counts = Object.fromEntries(RESTAURANT_STATUSES.map((status) => [status, 0])) as Record<RestaurantStatus, number>;
  for (const row of grouped) counts[row.status] = Number(row.total);
  const pending = await db
    .select(RESTAURANT_SUMMARY_COLUMNS)
    .from(restaurants)
    .where(eq(restaurants.status, 'pending'))
    .orderBy(asc(restaurants.createdAt), asc(restaurants.id))
    .limit(PENDING_LIST_LIMIT);
  return { counts, pending };
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The directory: case-insensitive search on name, emails, legal name and SIRET; status filter; one page. */
export async function listRestaurantsForAdmin(db: Db, query: { q?: string; status: TListRestaurantsQuery['status']; limit: number; offset: number }) {
  const conditions: SQL[] = [];
  if (query.status && query.status !== 'all') conditions.push(eq(restaurants.status, query.status));
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    const matches = [
      ilike(restaurants.name, pattern),
      ilike(restaurants.contactEmail, pattern),
      ilike(restaurants.businessEmail, pattern),
      ilike(restaurants.legalName, pattern),
      ilike(restaurants.siret, pattern),
    ];
    // "123 456 789" finds the SIREN 123456789.
    const digits = q.replace(/[\s.]/g, '');
    if (/^\d+$/.test(digits) && digits !== q) matches.push(ilike(restaurants.siret, `%${digits}%`));
    conditions.push(or(...matches)!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(restaurants).where(where);
  const items = await db
    .select({ ...RESTAURANT_SUMMARY_COLUMNS, status: restaurants.status })
    .from(restaurants)
    .where(where)
    .orderBy(desc(restaurants.createdAt), desc(restaurants.id))
    .limit(query.limit)
    .offset(query.offset);
  return { items, total: Number(totalRow?.total ?? 0), limit: query.limit, offset: query.offset };
}

/** Everything the detail page shows: identity, status history with who acted, audit entries, owners. */
export async function getRestaurantForAdmin(db: Db, restaurantId: string) {
  assertRestaurantId(restaurantId);
  const approver = alias(user, 'approver');
  const rejecter = alias(user, 'rejecter');
  const suspender = alias(user, 'suspender');
  const [row] = await db
    .select({
      restaurant: restaurants,
      approvedByEmail: approver.email,
      rejectedByEmail: rejecter.email,
      suspendedByEmail: suspender.email,
    })
    .from(restaurants)
    .leftJoin(approver, eq(approver.id, restaurants.approvedBy))
    .leftJoin(rejecter, eq(rejecter.id, restaurants.rejectedBy))
    .leftJoin(suspender, eq(suspender.id, restaurants.suspendedBy))
    .where(eq(restaurants.id, restaurantId));
  if (!row) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.restaurantNotFound);
  const history = await db
    .select({
      id: adminAuditLog.id,
      action: adminAuditLog.action,
      reason: adminAuditLog.reason,
      createdAt: adminAuditLog.createdAt,
      adminEmail: user.email,
    })
    .from(adminAuditLog)
    .leftJoin(user, eq(user.id, adminAuditLog.adminUserId))
    .where(eq(adminAuditLog.restaurantId, restaurantId))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id));
  // The members who may open this venue: on all the organisation's venues, or on this one (member_venues).
  const owners = await db
    .select({ userId: user.id, email: user.email, name: user.name, role: organisationMembers.role, emailVerified: user.emailVerified })
    .from(organisationMembers)
    .innerJoin(user, eq(user.id, organisationMembers.userId))
    .where(
      and(
        eq(organisationMembers.organisationId, row.restaurant.organisationId),
        or(
          eq(organisationMembers.allVenues, true),
          exists(
            db
              .select({ one: memberVenues.restaurantId })
              .from(memberVenues)
              .where(and(eq(memberVenues.organisationId, organisationMembers.organisationId), eq(memberVenues.userId, organisationMembers.userId), eq(memberVenues.restaurantId, restaurantId))),
          ),
        ),
      ),
    )
    .orderBy(asc(organisationMembers.createdAt));
  const r = row.restaurant;
  return {
    restaurant: {
      id: r.id,
      name: r.name,
      legalName: r.legalName,
      siret: r.siret,
      contactEmail: r.contactEmail,
      businessEmail: r.businessEmail,
      phone: r.phone,
      website: r.website,
      // What diners are sent to after a good rating: the platform team sees it before approving.
      googleReviewUrl: r.googleReviewUrl,
      ownerFirstName: r.ownerFirstName,
      status: r.status,
      emailVerified: r.emailVerified,
      notes: r.notes,
      createdAt: r.createdAt,
      approvedAt: r.approvedAt,
      approvedByEmail: row.approvedByEmail,
      rejectedAt: r.rejectedAt,
      rejectedByEmail: row.rejectedByEmail,
      rejectionReason: r.rejectionReason,
      suspendedAt: r.suspendedAt,
      suspendedByEmail: row.suspendedByEmail,
      suspensionReason: r.suspensionReason,
    },
    history,
    owners,
  };
}

/** Saves the internal notes (an empty text clears them). */
export async function updateRestaurantNotes(db: Db, restaurantId: string, notes: string) {
  assertRestaurantId(restaurantId);
  const value = notes.trim() ? notes : null;
  const [updated] = await db.update(restaurants).set({ notes: value }).where(eq(restaurants.id, restaurantId)).returning({ notes: restaurants.notes });
  if (!updated) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.restaurantNotFound);
  return { notes: updated.notes };
}

type Transition = {
  from: RestaurantStatus;
  to: RestaurantStatus;
  email: AccountEmailTemplate;
  /** Shown when the restaurant is not in `from` (409). */
  refusal: string;
};

/** The four allowed transitions of spec §4; anything else is refused. */
const TRANSITIONS: Record<TAdminAction, Transition> = {
  approve: { from: 'pending', to: 'approved', email: 'account_approved', refusal: 'Seul un restaurant en attente de validation peut être approuvé' },
  reject: { from: 'pending', to: 'rejected', email: 'account_rejected', refusal: 'Seul un restaurant en attente de validation peut être refusé' },
  suspend: { from: 'approved', to: 'suspended', email: 'account_suspended', refusal: 'Seul un restaurant approuvé peut être suspendu' },
  reactivate: { from: 'suspended', to: 'approved', email: 'account_reactivated', refusal: 'Seul un restaurant suspendu peut être réactivé' },
};

export type TransitionInput = { restaurantId: string; adminUserId: string; action: TAdminAction; reason?: string; notes?: string };

function buildStatusUpdate(input: TransitionInput, now: Date): Partial<typeof restaurants.$inferInsert> {
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

/** How long the decision waits for its email before answering (the email still goes if slower). */
const EMAIL_WAIT_MS = 15_000;

/**
 * Moves a restaurant from one status to the next, writes the audit entry and queues the decision
 * email, in one transaction. The UPDATE only matches while the restaurant still has the expected
 * status, so when two administrators act at once exactly one succeeds and the other gets a 409.
 * The answer waits for the email: if it failed, the decision stands and `emailSent` is false
 * (the queue keeps retrying it).
 */
export async function changeRestaurantStatus(deps: Pick<AppDeps, 'db' | 'boss'>, logger: Logger, input: TransitionInput) {
  assertRestaurantId(input.restaurantId);
  const transition = TRANSITIONS[input.action];
  const reason = input.action === 'reject' || input.action === 'suspend' ? (input.reason ?? null) : null;
  const { updated, emailJobId } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(restaurants)
      .set(buildStatusUpdate(input, clock.now()))
      .where(and(eq(restaurants.id, input.restaurantId), eq(restaurants.status, transition.from)))
      .returning({ id: restaurants.id, name: restaurants.name, status: restaurants.status, contactEmail: restaurants.contactEmail, ownerFirstName: restaurants.ownerFirstName });
    if (!row) {
      const [current] = await tx.select({ status: restaurants.status }).from(restaurants).where(eq(restaurants.id, input.restaurantId));
      if (!current) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.restaurantNotFound);
      throw new AppError('CONFLICT', `${transition.refusal} (statut actuel : ${RESTAURANT_STATUS_LABELS[current.status]}).`);
    }
    const [audit] = await tx
      .insert(adminAuditLog)
      .values({ adminUserId: input.adminUserId, action: input.action, restaurantId: row.id, reason, createdAt: clock.now() })
      .returning({ id: adminAuditLog.id });
    const jobId = await enqueueEmail(
      deps.boss,
      { template: transition.email, restaurantId: row.id, customerId: null, to: row.contactEmail, eventId: String(audit.id), data: { first_name: row.ownerFirstName, reason } },
      { tx },
    );
    return { updated: row, emailJobId: jobId };
  });

  const outcome = emailJobId ? await waitForJobOutcome(deps.boss, SEND_EMAIL_JOB.name, emailJobId, EMAIL_WAIT_MS) : { state: 'pending' as const };
  if (outcome.state !== 'completed') logger.error({ restaurantId: updated.id, template: transition.email, outcome }, 'account email not sent yet');
  return { restaurant: { id: updated.id, status: updated.status }, emailSent: outcome.state === 'completed' };
}

