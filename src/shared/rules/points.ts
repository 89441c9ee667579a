/**
 * The points rule of a visit (spec §3, §9): base points, a bonus for a good rating, and a daily cap per
 * customer (Europe/Paris day). Pure, so the server and the tests share one truth.
 */
export type PointsRules = {
  basePoints: number;
  bonusGoodRating: number;
  ratingThreshold: number;
  maxPointsPerDay: number;
  /** After a rating that earned, the same diner's ratings earn nothing for this many hours (0: no interval). */
  earningIntervalHours: number;
};

export const DEFAULT_EARNING_INTERVAL_HOURS = 3;

export const DEFAULT_POINTS_RULES: PointsRules = { basePoints: 10, bonusGoodRating: 10, ratingThreshold: 4, maxPointsPerDay: 100, earningIntervalHours: DEFAULT_EARNING_INTERVAL_HOURS };

/** Why a rating earned what it did: points, nothing because of the interval, or nothing left under the daily cap. */
export type EarningOutcome = 'earned' | 'interval' | 'daily_cap';

/**
 * The points of a rating and why: nothing when the diner already earned within the interval
 * (`earnedRecently`), else the capped visit points ('daily_cap' when the cap left nothing).
 */
export function computeEarning(rating: number, rules: PointsRules, earnedToday: number, earnedRecently: boolean): { points: number; earning: EarningOutcome } {
  if (earnedRecently && rules.earningIntervalHours > 0) return { points: 0, earning: 'interval' };
  const points = computeVisitPoints(rating, rules, earnedToday);
  return { points, earning: points === 0 && computeRawPoints(rating, rules) > 0 ? 'daily_cap' : 'earned' };
}

/** Points a rating earns before the daily cap: base, plus the bonus at or above the threshold. */
export function computeRawPoints(rating: number, rules: Pick<PointsRules, 'basePoints' | 'bonusGoodRating' | 'ratingThreshold'>): number {
  return rules.basePoints + (rating >= rules.ratingThreshold ? rules.bonusGoodRating : 0);
}

/** Points actually added: the raw points reduced so the day's total never passes the cap. */
export function computeVisitPoints(rating: number, rules: PointsRules, earnedToday: number): number {
  const room = Math.max(0, rules.maxPointsPerDay - Math.max(0, earnedToday));
  return Math.max(0, Math.min(computeRawPoints(rating, rules), room));
}

export type CatalogueReward = { id: string; label: string; cost: number; isActive: boolean };

/**
 * Active catalogue rewards whose cost the balance has just reached or passed (previous < cost <= next),
 * cheapest first. Nothing is unlocked when the balance did not grow.
 */
export function findUnlockedRewards<T extends CatalogueReward>(previousBalance: number, newBalance: number, catalogue: readonly T[]): T[] {
  if (newBalance <= previousBalance) return [];
  return catalogue.filter((reward) => reward.isActive && reward.cost > previousBalance && reward.cost <= newBalance).sort((a, b) => a.cost - b.cost);
}
