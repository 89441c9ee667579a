import { describe, expect, it } from 'vitest';
import { lastTrialDay, limitFields, readLimitOverrides, trialEndFromDay } from './plan-form';

describe('the admin plan form (plan-form.ts)', () => {
  it('shows the overrides saved as fields: a number as its text, unlimited ticked, none empty', () => {
    expect(limitFields({ venues: 3, members: null })).toEqual({
      venues: { value: '3', unlimited: false },
      members: { value: '', unlimited: true },
      dinerEmailsPerMonth: { value: '', unlimited: false },
    });
  });

  it('reads the fields back: unlimited as null, an empty field as no override, and names the first limit that is not a whole number ≥ 0', () => {
    const fields = limitFields({ venues: 3, members: null });
    expect(readLimitOverrides(fields)).toEqual({ overrides: { venues: 3, members: null } });
    expect(readLimitOverrides({ ...fields, venues: { value: ' ', unlimited: false } })).toEqual({ overrides: { members: null } });
    expect(readLimitOverrides({ ...fields, venues: { value: '2.5', unlimited: false } })).toEqual({ invalid: 'venues' });
    expect(readLimitOverrides({ ...fields, dinerEmailsPerMonth: { value: '-1', unlimited: false } })).toEqual({ invalid: 'dinerEmailsPerMonth' });
  });

  it('shows a trial ending at midnight as its last day in Paris, and no day as no end', () => {
    expect(lastTrialDay('2026-12-10T23:00:00.000Z')).toBe('2026-12-10');
    expect(lastTrialDay(null)).toBe('');
    expect(trialEndFromDay('')).toBeNull();
    // The chosen day runs to its end: the trial ends the next day at midnight (the browser's time zone).
    const end = new Date(trialEndFromDay('2026-12-10')!);
    expect([end.getFullYear(), end.getMonth() + 1, end.getDate(), end.getHours(), end.getMinutes()]).toEqual([2026, 12, 11, 0, 0]);
  });
});
