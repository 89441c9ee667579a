import { and, count, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organisationInvitations, organisationMembers, organisations, restaurants } from '../db/schema';
import { AppError } from '../lib/http/errors';
import { clock } from '../lib/runtime/clock';
import { COUNTED_ROLES, effectivePlan, PLAN_MESSAGES, TRIAL_DAYS, withinLimit, type EffectivePlan } from '../../shared/rules/plans';

/** The trial end of an organisation created at `now` (a new organisation tries Pro for 14 days). */
export function trialEndFrom(now: Date): Date {
  return new Date(now.getTime() + TRIAL_DAYS * 24 * 3600_000);
}

/**
 * The trial end of a new organisation of a company (issue 54): one free trial per company, by SIREN or
 * Companies House number. A company that already has an organisation (not a rejected sign-up) starts
 * without a trial: null, read only until a plan is chosen on /abonnement.
 */
export async function trialEndForCompany(tx: Db, company: { siren?: string | null; companyNumber?: string | null }, now: Date): Promise<Date | null> {
  const keys = [company.siren ? eq(organisations.siren, company.siren) : undefined, company.companyNumber ? eq(organisations.companyNumber, company.companyNumber) : undefined].filter((key) => key !== undefined);
  if (keys.length === 0) return trialEndFrom(now);
  const [other] = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(or(...keys), ne(organisations.status, 'rejected')))
    .limit(1);
  return other ? null : trialEndFrom(now);
}

/** The plan that applies to the organisation now (shared/rules/plans.ts), or null when it does not exist. */
export async function readOrganisationPlan(db: Db, organisationId: string): Promise<EffectivePlan | null> {
  const [row] = await db
    .select({ plan: organisations.plan, trialEndsAt: organisations.trialEndsAt, limitOverrides: organisations.limitOverrides })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row ? effectivePlan(row, clock.now()) : null;
}

/** The organisation's venues (all of them, suspended ones included: a venue counts until it is removed). */
async function countVenues(db: Db, organisationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(restaurants).where(eq(restaurants.organisationId, organisationId));
  return row?.n ?? 0;
}

/** The back-office members (propriétaires, gérants, lecture; équipe is not counted, decision 057). */
async function countMembers(db: Db, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), inArray(organisationMembers.role, [...COUNTED_ROLES])));
  return row?.n ?? 0;
}

/** Open invitations (not accepted, revoked nor expired) of a counted role: each holds a seat until it lapses. */
async function countPendingInvitations(db: Db, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organisationInvitations)
    .where(
      and(
        eq(organisationInvitations.organisationId, organisationId),
        inArray(organisationInvitations.role, [...COUNTED_ROLES]),
        isNull(organisationInvitations.acceptedAt),
        isNull(organisationInvitations.revokedAt),
        gt(organisationInvitations.expiresAt, clock.now()),
      ),
    );
  return row?.n ?? 0;
}

export type PlanUsage = { venues: number; members: number };

/** What the organisation uses of its plan in seats: venues, counted members (with open invitations). Diner emails: core/email-quota.ts. */
export async function readUsage(db: Db, organisationId: string): Promise<PlanUsage> {
  const [venues, members, invitations] = await Promise.all([countVenues(db, organisationId), countMembers(db, organisationId), countPendingInvitations(db, organisationId)]);
  return { venues, members: members + invitations };
}

/**
 * Refuses a new venue beyond the plan (403, naming the plan and its limit). Call it inside the transaction
 * that adds the venue, after locking the organisation row: two parallel additions cannot both pass.
 */
export async function assertVenueWithinPlan(tx: Db, organisationId: string): Promise<void> {
  const plan = await readOrganisationPlan(tx, organisationId);
  if (!plan) return;
  const limit = plan.limits.venues;
  if (!withinLimit(limit, await countVenues(tx, organisationId))) throw new AppError('FORBIDDEN', PLAN_MESSAGES.venueLimit(plan.plan, limit!));
}

/**
 * Refuses one more back-office seat (a member or an invitation of a counted role) beyond the plan (403).
 * Inside the transaction that adds it, after locking the organisation row.
 */
export async function assertMemberWithinPlan(tx: Db, organisationId: string): Promise<void> {
  const plan = await readOrganisationPlan(tx, organisationId);
  if (!plan) return;
  const limit = plan.limits.members;
  if (limit === null) return;
  const used = (await countMembers(tx, organisationId)) + (await countPendingInvitations(tx, organisationId));
  if (!withinLimit(limit, used)) throw new AppError('FORBIDDEN', PLAN_MESSAGES.memberLimit(plan.plan, limit));
}

/**
 * At an invitation's acceptance (issue 50): refuses the new member of a counted role when the members
 * already there fill the plan (403, naming the plan and its limit). Open invitations are not counted here
 * (the accepted one held its seat; when the limit was lowered since, the first acceptances take the seats
 * left). Inside the accepting transaction, after locking the organisation row, so that parallel
 * acceptances are counted one after the other and never pass the limit.
 */
export async function assertSeatAtAcceptance(tx: Db, organisationId: string): Promise<void> {
  const plan = await readOrganisationPlan(tx, organisationId);
  if (!plan) return;
  const limit = plan.limits.members;
  if (limit === null) return;
  if (!withinLimit(limit, await countMembers(tx, organisationId))) throw new AppError('FORBIDDEN', PLAN_MESSAGES.memberLimitAtAcceptance(plan.plan, limit));
}

/**
 * Whether an organisation's diner pages, table cards and emails carry the restaurant's brand (white label,
 * Pro and Premium and the trial; decision 058): not once the trial is over.
 */
export function hasWhiteLabel(organisation: { plan: string | null; trialEndsAt: Date | string | null }, now = clock.now()): boolean {
  const plan = effectivePlan({ ...organisation, limitOverrides: null }, now);
  return plan.state !== 'expired' && plan.features.whiteLabel;
}
