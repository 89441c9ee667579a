import { describe, expect, it } from 'vitest';
import { effectivePlan, PLANS, TRIAL_PLAN, withinLimit } from './plans';

const NOW = new Date('2026-11-26T12:00:00Z');

describe('the plan that applies (decision 057)', () => {
  it('is the plan set by the platform team, whatever the trial', () => {
    expect(effectivePlan({ plan: 'essential', trialEndsAt: null, limitOverrides: {} }, NOW)).toMatchObject({ state: 'active', plan: 'essential', limits: PLANS.essential.limits });
  });

  it('is the trial’s Pro until the trial ends, then read only', () => {
    const trial = { plan: null, trialEndsAt: new Date('2026-12-01T00:00:00Z'), limitOverrides: {} };
    expect(effectivePlan(trial, NOW)).toMatchObject({ state: 'trial', plan: TRIAL_PLAN, trialEndsAt: '2026-12-01T00:00:00.000Z' });
    expect(effectivePlan(trial, new Date('2026-12-01T00:00:00Z')).state).toBe('expired');
    expect(effectivePlan({ plan: null, trialEndsAt: null, limitOverrides: {} }, NOW).state).toBe('expired');
  });

  it('takes each override in place of the plan’s limit, null being unlimited', () => {
    const plan = effectivePlan({ plan: 'pro', trialEndsAt: null, limitOverrides: { venues: 5, dinerEmailsPerMonth: null } }, NOW);
    expect(plan.limits).toEqual({ venues: 5, members: PLANS.pro.limits.members, dinerEmailsPerMonth: null });
  });

  it('counts within a limit', () => {
    expect(withinLimit(3, 2)).toBe(true);
    expect(withinLimit(3, 3)).toBe(false);
    expect(withinLimit(null, 10_000)).toBe(true);
  });
});
