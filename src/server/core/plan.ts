import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { organisations } from '../db/schema';
import { clock } from '../lib/clock';
import { effectivePlan, TRIAL_DAYS, type EffectivePlan } from '../../shared/rules/plans';

/** The trial end of an organisation created at `now` (a new organisation tries Pro for 14 days). */
export function trialEndFrom(now: Date): Date {
  return new Date(now.getTime() + TRIAL_DAYS * 24 * 3600_000);
}

/** The plan that applies to the organisation now (shared/rules/plans.ts), or null when it does not exist. */
export async function readOrganisationPlan(db: Db, organisationId: string): Promise<EffectivePlan | null> {
  const [row] = await db
    .select({ plan: organisations.plan, trialEndsAt: organisations.trialEndsAt, limitOverrides: organisations.limitOverrides })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row ? effectivePlan(row, clock.now()) : null;
}

/**
 * Whether an organisation's diner pages, table cards and emails carry the restaurant's brand (white label,
 * Pro and Premium and the trial; decision 058): not once the trial is over.
 */
export function hasWhiteLabel(organisation: { plan: string | null; trialEndsAt: Date | string | null }, now = clock.now()): boolean {
  const plan = effectivePlan({ ...organisation, limitOverrides: null }, now);
  return plan.state !== 'expired' && plan.features.whiteLabel;
}
