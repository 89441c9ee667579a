/**
 * The points rule of a visit (spec §3, §9): base points, a bonus for a good rating, and a daily cap per
 * customer (Europe/Paris day). Pure, so the server and the tests share one truth.
 */
export type PointsRules = {
  basePoints: number;
  bonusGoodRating: number;
  ratingThreshold: number;
  maxPointsPerDay: number;
};

export const DEFAULT_POINTS_RULES: PointsRules = { basePoints: 10, bonusGoodRating: 10, ratingThreshold: 4, maxPointsPerDay: 100 };

/** Points a rating earns before the daily cap: base, plus the bonus at or above the threshold. */
export function computeRawPoints(rating: number, rules: PointsRules): number {
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
