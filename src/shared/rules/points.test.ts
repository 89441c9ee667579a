import { describe, expect, it } from 'vitest';
import { computeRawPoints, computeVisitPoints, DEFAULT_POINTS_RULES, findUnlockedRewards, type CatalogueReward } from './points';

const rules = DEFAULT_POINTS_RULES;

describe('computeRawPoints', () => {
  it('gives the base points below the threshold', () => {
    expect(computeRawPoints(1, rules)).toBe(10);
    expect(computeRawPoints(3, rules)).toBe(10);
  });

  it('adds the bonus at and above the threshold', () => {
    expect(computeRawPoints(4, rules)).toBe(20);
    expect(computeRawPoints(5, rules)).toBe(20);
  });

  it('follows a restaurant’s own base, bonus and threshold', () => {
    const own = { basePoints: 5, bonusGoodRating: 15, ratingThreshold: 5, maxPointsPerDay: 100 };
    expect(computeRawPoints(4, own)).toBe(5);
    expect(computeRawPoints(5, own)).toBe(20);
  });
});

describe('computeVisitPoints', () => {
  it('gives the raw points while the day is far from the cap', () => {
    expect(computeVisitPoints(5, rules, 0)).toBe(20);
    expect(computeVisitPoints(2, rules, 50)).toBe(10);
  });

  it('reduces the points so the day never passes max_points_per_day', () => {
    expect(computeVisitPoints(5, rules, 90)).toBe(10);
    expect(computeVisitPoints(5, rules, 100)).toBe(0);
    expect(computeVisitPoints(5, rules, 130)).toBe(0);
  });

  it('gives nothing with a cap of zero', () => {
    expect(computeVisitPoints(5, { ...rules, maxPointsPerDay: 0 }, 0)).toBe(0);
  });

  it('never lets many visits of one day pass the cap', () => {
    let earned = 0;
    for (let n = 0; n < 50; n++) earned += computeVisitPoints(5, rules, earned);
    expect(earned).toBe(100);
  });
});

describe('findUnlockedRewards', () => {
  const catalogue: CatalogueReward[] = [
    { id: 'dessert', label: 'Dessert offert', cost: 100, isActive: true },
    { id: 'cafe', label: 'Café offert', cost: 50, isActive: true },
    { id: 'apero', label: 'Apéritif maison', cost: 60, isActive: false },
    { id: 'menu', label: 'Menu offert', cost: 200, isActive: true },
  ];

  it('unlocks a reward whose cost the balance just reached', () => {
    expect(findUnlockedRewards(40, 50, catalogue).map((r) => r.id)).toEqual(['cafe']);
  });

  it('unlocks a reward the balance just passed', () => {
    expect(findUnlockedRewards(40, 60, catalogue).map((r) => r.id)).toEqual(['cafe']);
  });

  it('unlocks several rewards crossed at once, cheapest first, skipping inactive ones', () => {
    expect(findUnlockedRewards(30, 120, catalogue).map((r) => r.id)).toEqual(['cafe', 'dessert']);
  });

  it('does not unlock a reward already passed before', () => {
    expect(findUnlockedRewards(50, 70, catalogue)).toEqual([]);
    expect(findUnlockedRewards(120, 120, catalogue)).toEqual([]);
  });
});
