import { z } from 'zod';

/** The §8 toasts of /loyalty. */
export const LOYALTY_MESSAGES = {
  rulesSaved: 'Règles de points mises à jour !',
  rewardCreated: 'Récompense créée !',
  rewardStatusChanged: 'Statut mis à jour',
  rewardDeleted: 'Récompense supprimée',
  failure: 'Erreur',
  rewardNotFound: 'Récompense introuvable',
} as const;

export const RATING_THRESHOLD_MIN = 3;
export const RATING_THRESHOLD_MAX = 5;
export const DEFAULT_REWARD_COST = 100;
export const EARNING_INTERVAL_MIN = 0;
export const EARNING_INTERVAL_MAX = 24;
const EARNING_INTERVAL_MESSAGE = 'Intervalle entre deux visites : nombre entier d’heures entre 0 et 24';

const points = (label: string, max: number) =>
  z
    .number({ error: `${label} : nombre entier requis` })
    .int(`${label} : nombre entier requis`)
    .min(0, `${label} : 0 au minimum`)
    .max(max, `${label} : ${max} au maximum`);

/** PUT /api/loyalty/rules (spec §5: threshold 3 to 5, integers). */
export const ZPointsRulesRequest = z.object({
  basePoints: points('Points par visite', 1000),
  bonusGoodRating: points('Bonus bonne note', 1000),
  ratingThreshold: z
    .number({ error: 'Le seuil doit être un nombre entier entre 3 et 5' })
    .int('Le seuil doit être un nombre entier entre 3 et 5')
    .min(RATING_THRESHOLD_MIN, 'Le seuil doit être un nombre entier entre 3 et 5')
    .max(RATING_THRESHOLD_MAX, 'Le seuil doit être un nombre entier entre 3 et 5'),
  maxPointsPerDay: points('Plafond journalier', 100_000),
  /** Omitted by an older client: the saved value is kept. */
  earningIntervalHours: z
    .number({ error: EARNING_INTERVAL_MESSAGE })
    .int(EARNING_INTERVAL_MESSAGE)
    .min(EARNING_INTERVAL_MIN, EARNING_INTERVAL_MESSAGE)
    .max(EARNING_INTERVAL_MAX, EARNING_INTERVAL_MESSAGE)
    .optional(),
});
export type TPointsRulesRequest = z.infer<typeof ZPointsRulesRequest>;
/** The rules as saved (or the defaults): every field known. */
export type TPointsRules = Required<TPointsRulesRequest>;

/** POST /api/loyalty/rewards: the create button stays disabled until the label is filled (spec §5). */
export const ZCreateRewardRequest = z.object({
  label: z.string().trim().min(1, 'Le libellé est requis').max(80, 'Le libellé doit contenir au plus 80 caractères'),
  description: z
    .string()
    .trim()
    .max(200, 'La description doit contenir au plus 200 caractères')
    .nullish()
    .transform((value) => value || null),
  cost: z
    .number({ error: 'Coût : nombre entier requis' })
    .int('Coût : nombre entier requis')
    .min(1, 'Coût : 1 point au minimum')
    .max(100_000, 'Coût : 100000 points au maximum')
    .default(DEFAULT_REWARD_COST),
});
export type TCreateRewardRequest = z.input<typeof ZCreateRewardRequest>;

export const ZRewardIdParam = z.object({ id: z.uuid(LOYALTY_MESSAGES.rewardNotFound) });
export const ZSetRewardActiveRequest = z.object({ isActive: z.boolean() });

export type TReward = { id: string; label: string; description: string | null; cost: number; isActive: boolean; createdAt: string };

export type TLoyaltyOverview = {
  rules: TPointsRules;
  /** Whether the restaurant saved rules (else the defaults are shown): 'Récompenses actives' card. */
  rulesExist: boolean;
  stats: { totalPoints: number; attributions: number; hasPointEvents: boolean };
  /** Ordered by cost, cheapest first. */
  rewards: TReward[];
};
