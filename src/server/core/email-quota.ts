/**
 * Diner emails counted per organisation and Paris calendar month (issue #30, decision 058): the counter
 * table organisation_email_usage, incremented by one upsert (`… on conflict do update set diner_emails =
 * diner_emails + n returning`) in the transaction that queues the emails, so two instances and parallel
 * submissions neither lose nor double a count. Account emails, owner alerts and transactional diner emails
 * (link confirmation, card recovery, erasure, retention, private reply) are never counted.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryPreparedRows } from '../platform';
import { organisationEmailUsage } from '../db/schema';
import { clock } from '../lib/runtime/clock';
import { parisDayOf } from '../../shared/format';
import { effectivePlan, type EffectivePlan, type LimitOverrides } from '../../shared/rules/plans';
import { readOrganisationPlan } from './plan';

/** The Paris calendar month of an instant, 'YYYY-MM'. */
export function parisMonthOf(at: Date): string {
  return parisDayOf(at).slice(0, 7);
}

/** The warning levels, in percent of the month's limit: the propriétaires are told once at each. */
export const QUOTA_WARNING_LEVELS = [80, 100] as const;
export type QuotaWarningLevel = (typeof QUOTA_WARNING_LEVELS)[number];

/** The level reached (80 %, 100 %) by going from `before` to `after` emails under `limit`, the highest first. */
export function crossedLevels(before: number, after: number, limit: number | null): QuotaWarningLevel[] {
  if (limit === null || limit <= 0) return [];
  return QUOTA_WARNING_LEVELS.filter((level) => before * 100 < level * limit && after * 100 >= level * limit);
}

/** Diner emails counted for the organisation in the current Paris month (0 before the first one). */
export async function countDinerEmailsThisMonth(db: Db, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ count: organisationEmailUsage.dinerEmails })
    .from(organisationEmailUsage)
    .where(and(eq(organisationEmailUsage.organisationId, organisationId), eq(organisationEmailUsage.month, parisMonthOf(clock.now()))));
  return row?.count ?? 0;
}

export type EmailUsage = {
  month: string;
  used: number;
  /** The month's limit (null: unlimited). */
  limit: number | null;
  plan: EffectivePlan;
};

/** The organisation's diner emails this month, with its plan and limit (the owner layout's banner). */
export async function readEmailUsage(db: Db, organisationId: string): Promise<EmailUsage | null> {
  const plan = await readOrganisationPlan(db, organisationId);
  if (!plan) return null;
  return { month: parisMonthOf(clock.now()), used: await countDinerEmailsThisMonth(db, organisationId), limit: plan.limits.dinerEmailsPerMonth, plan };
}

type CountRow = { organisation_id: string; plan: string | null; trial_ends_at: string | null; limit_overrides: LimitOverrides | null; after: number | null };

export type CountedDinerEmails = {
  organisationId: string;
  plan: EffectivePlan;
  month: string;
  /** The month's count before and after these emails (equal when none was counted: an expired trial sends none). */
  before: number;
  after: number;
};

/**
 * Counts `n` diner emails of a restaurant's organisation in the current Paris month, in `tx` (the
 * transaction that queues them), and reads the organisation's plan, in ONE statement. An organisation
 * whose trial is over sends no diner email: nothing is counted. Null when the restaurant does not exist.
 */
export async function countDinerEmails(tx: Db, restaurantId: string, n: number, now = clock.now()): Promise<CountedDinerEmails | null> {
  const month = parisMonthOf(now);
  const at = now.toISOString();
  const [row] = await queryPreparedRows<CountRow>(
    tx,
    sql`with org as (
          select o.id, o.plan, o.trial_ends_at, o.limit_overrides from restaurants r join organisations o on o.id = r.organisation_id
          where r.id = ${restaurantId}::uuid
        ), counted as (
          insert into organisation_email_usage (organisation_id, month, diner_emails)
          select id, ${month}::text, ${n}::int from org where ${n}::int > 0 and (plan is not null or trial_ends_at > ${at}::timestamptz)
          on conflict (organisation_id, month) do update set diner_emails = organisation_email_usage.diner_emails + excluded.diner_emails
          returning diner_emails
        )
        select org.id as organisation_id, org.plan, org.trial_ends_at, org.limit_overrides, (select diner_emails from counted) as after from org`,
  );
  if (!row) return null;
  const plan = effectivePlan({ plan: row.plan, trialEndsAt: row.trial_ends_at, limitOverrides: row.limit_overrides }, now);
  const after = row.after ?? 0;
  const before = row.after === null ? 0 : after - n;
  // The usage counts emails sent (issue 48): those past the limit are skipped at send ('quota'), so they
  // leave the count in the same transaction (the row is locked by the upsert); they are listed apart.
  const limit = plan.limits.dinerEmailsPerMonth;
  const overflow = limit === null ? 0 : after - Math.max(before, limit);
  if (overflow > 0) {
    await queryPreparedRows(
      tx,
      sql`update organisation_email_usage set diner_emails = diner_emails - ${overflow}::int where organisation_id = ${row.organisation_id}::uuid and month = ${month}::text returning month`,
    );
  }
  return { organisationId: row.organisation_id, plan, month, before, after };
}

/** Diner emails skipped this Paris month because the quota was reached (issue 48): listed apart on /abonnement. */
export async function countQuotaSkippedThisMonth(db: Db, organisationId: string, reason: string): Promise<number> {
  const monthStart = parisMonthStart(clock.now());
  const [row] = await queryPreparedRows<{ n: number | string }>(
    db,
    sql`select count(*) as n from email_logs l join restaurants r on r.id = l.restaurant_id
        where r.organisation_id = ${organisationId}::uuid and l.status = 'skipped' and l.error = ${reason}::text and l.created_at >= ${monthStart.toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

/** The first instant of the Paris month of `at`. */
function parisMonthStart(at: Date): Date {
  const month = parisMonthOf(at);
  // Midnight in Paris is 22:00 or 23:00 UTC the day before: start from the earlier and keep the first instant inside the month.
  const candidate = new Date(`${month}-01T00:00:00Z`);
  for (const hours of [2, 1, 0]) {
    const instant = new Date(candidate.getTime() - hours * 3600_000);
    if (parisMonthOf(instant) === month) return instant;
  }
  return candidate;
}

/**
 * Marks the month's warning at `level` as sent, once: true for the one caller that set it (two instances
 * crossing the level at once cannot both claim it).
 */
export async function claimQuotaWarning(db: Db, organisationId: string, month: string, level: QuotaWarningLevel): Promise<boolean> {
  const column = level === 100 ? organisationEmailUsage.warned100At : organisationEmailUsage.warned80At;
  const key = level === 100 ? 'warned100At' : 'warned80At';
  const claimed = await db
    .update(organisationEmailUsage)
    .set({ [key]: clock.now() })
    .where(and(eq(organisationEmailUsage.organisationId, organisationId), eq(organisationEmailUsage.month, month), sql`${column} is null`))
    .returning({ month: organisationEmailUsage.month });
  return claimed.length > 0;
}
