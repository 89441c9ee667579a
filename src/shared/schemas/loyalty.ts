import { z } from 'zod';
import type { EnglishOf } from '../i18n/english-of';

/** The §8 toasts of /loyalty. */
export const LOYALTY_MESSAGES = {
  rulesSaved: 'Règles de points mises à jour !',
  rewardCreated: 'Récompense créée !',
  rewardStatusChanged: 'Statut mis à jour',
  rewardDeleted: 'Récompense supprimée',
  failure: 'Erreur',
  rewardNotFound: 'Récompense introuvable',
} as const;

/** LOYALTY_MESSAGES for an English owner (issue #53, decision 097; registered in shared/i18n/api-messages-customers.ts). */
export const LOYALTY_MESSAGES_EN: EnglishOf<typeof LOYALTY_MESSAGES> = {
  rulesSaved: 'Points rules updated!',
  rewardCreated: 'Reward created!',
  rewardStatusChanged: 'Status updated',
  rewardDeleted: 'Reward deleted',
  failure: 'Error',
  rewardNotFound: 'Reward not found',
};

export const RATING_THRESHOLD_MIN = 3;
export const RATING_THRESHOLD_MAX = 5;
export const DEFAULT_REWARD_COST = 100;
export const EARNING_INTERVAL_MIN = 0;
export const EARNING_INTERVAL_MAX = 24;

/** A points field's three messages: an integer, 0 at least, `max` at most. */
const pointsMessages = (label: string, max: number) =>
  ({ integer: `${label} : nombre entier requis`, min: `${label} : 0 au minimum`, max: `${label} : ${max} au maximum` }) as const;
const pointsMessagesEn = (label: string, max: number) => ({ integer: `${label}: a whole number is required`, min: `${label}: 0 at least`, max: `${label}: ${max} at most` });

/** The rules' and the rewards' validation messages (the forms' toasts and the API's 400s). */
export const LOYALTY_FIELD_MESSAGES = {
  basePoints: pointsMessages('Points par visite', 1000),
  bonusGoodRating: pointsMessages('Bonus bonne note', 1000),
  maxPointsPerDay: pointsMessages('Plafond journalier', 100_000),
  ratingThreshold: 'Le seuil doit être un nombre entier entre 3 et 5',
  earningInterval: 'Intervalle entre deux visites : nombre entier d’heures entre 0 et 24',
  labelRequired: 'Le libellé est requis',
  labelTooLong: 'Le libellé doit contenir au plus 80 caractères',
  descriptionTooLong: 'La description doit contenir au plus 200 caractères',
  costInteger: 'Coût : nombre entier requis',
  costMin: 'Coût : 1 point au minimum',
  costMax: 'Coût : 100000 points au maximum',
} as const;

export const LOYALTY_FIELD_MESSAGES_EN: EnglishOf<typeof LOYALTY_FIELD_MESSAGES> = {
  basePoints: pointsMessagesEn('Points per visit', 1000),
  bonusGoodRating: pointsMessagesEn('Good rating bonus', 1000),
  maxPointsPerDay: pointsMessagesEn('Daily cap', 100_000),
  ratingThreshold: 'The threshold must be a whole number between 3 and 5',
  earningInterval: 'Interval between two visits: a whole number of hours between 0 and 24',
  labelRequired: 'The name is required',
  labelTooLong: 'The name must be at most 80 characters long',
  descriptionTooLong: 'The description must be at most 200 characters long',
  costInteger: 'Cost: a whole number is required',
  costMin: 'Cost: 1 point at least',
  costMax: 'Cost: 100000 points at most',
};

const points = (messages: ReturnType<typeof pointsMessages>, max: number) =>
  z.number({ error: messages.integer }).int(messages.integer).min(0, messages.min).max(max, messages.max);
const THRESHOLD_MESSAGE = LOYALTY_FIELD_MESSAGES.ratingThreshold;
const EARNING_INTERVAL_MESSAGE = LOYALTY_FIELD_MESSAGES.earningInterval;

/** PUT /api/loyalty/rules (spec §5: threshold 3 to 5, integers). */
export const ZPointsRulesRequest = z.object({
  basePoints: points(LOYALTY_FIELD_MESSAGES.basePoints, 1000),
  bonusGoodRating: points(LOYALTY_FIELD_MESSAGES.bonusGoodRating, 1000),
  ratingThreshold: z
    .number({ error: THRESHOLD_MESSAGE })
    .int(THRESHOLD_MESSAGE)
    .min(RATING_THRESHOLD_MIN, THRESHOLD_MESSAGE)
    .max(RATING_THRESHOLD_MAX, THRESHOLD_MESSAGE),
  maxPointsPerDay: points(LOYALTY_FIELD_MESSAGES.maxPointsPerDay, 100_000),
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
  label: z.string().trim().min(1, LOYALTY_FIELD_MESSAGES.labelRequired).max(80, LOYALTY_FIELD_MESSAGES.labelTooLong),
  description: z
    .string()
    .trim()
    .max(200, LOYALTY_FIELD_MESSAGES.descriptionTooLong)
    .nullish()
    .transform((value) => value || null),
  cost: z
    .number({ error: LOYALTY_FIELD_MESSAGES.costInteger })
    .int(LOYALTY_FIELD_MESSAGES.costInteger)
    .min(1, LOYALTY_FIELD_MESSAGES.costMin)
    .max(100_000, LOYALTY_FIELD_MESSAGES.costMax)
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
