import { z } from 'zod';
import { LIMIT_KEYS, PLAN_IDS, PLANS, TRIAL_PLAN, type LimitOverrides, type PlanId, type PlanLimits, type PlanState } from '../rules/plans';
import { formatDateFr } from '../format';

/** A limit override: a whole number (0 to 1 000 000), or null for unlimited. */
const ZLimit = z.number({ error: 'Limite invalide' }).int('Limite invalide').min(0, 'Limite invalide').max(1_000_000, 'Limite invalide').nullable();

/**
 * POST /api/admin/organisations/:id/plan (decision 057): the plan (null: none, the trial then applies), the
 * trial's end (null: no trial) and the limits overridden one by one (a key absent: the plan's; null: unlimited).
 */
export const ZSetPlanRequest = z.object({
  plan: z.enum(PLAN_IDS, { error: 'Forfait inconnu' }).nullable(),
  trialEndsAt: z.iso.datetime({ offset: true, error: 'Date de fin d’essai invalide' }).nullable(),
  limitOverrides: z.object({ venues: ZLimit.optional(), members: ZLimit.optional(), dinerEmailsPerMonth: ZLimit.optional() }).strict(),
});
export type TSetPlanRequest = z.infer<typeof ZSetPlanRequest>;

export const PLAN_STATE_LABELS: Record<PlanState, string> = { active: 'actif', trial: 'essai', expired: 'essai terminé' };
export const LIMIT_LABELS: Record<keyof PlanLimits, string> = { venues: 'établissements', members: 'membres', dinerEmailsPerMonth: 'emails clients par mois' };

/** A plan as people read it: « essai Pro jusqu’au 10 décembre 2026 », « Essentielle », « essai terminé le … ». */
export function describePlanFr(value: { plan: PlanId | null; trialEndsAt: string | Date | null; limitOverrides: LimitOverrides | null }): string {
  const trial = value.trialEndsAt ? formatDateFr(value.trialEndsAt) : null;
  const base = value.plan ? PLANS[value.plan].name.fr : trial ? `essai ${PLANS[TRIAL_PLAN].name.fr} jusqu’au ${trial}` : 'aucun forfait, sans essai';
  const overrides = LIMIT_KEYS.filter((key) => value.limitOverrides?.[key] !== undefined).map((key) => {
    const limit = value.limitOverrides![key];
    return `${LIMIT_LABELS[key]} : ${limit === null ? 'illimité' : limit}`;
  });
  return overrides.length ? `${base} (${overrides.join(', ')})` : base;
}
