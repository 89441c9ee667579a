import { describe, expect, it } from 'vitest';
import { addDays, parisInstant, periodRange } from './inbox-period';

describe('the Paris-time helpers on far and odd days (issue 50)', () => {
  it('places the days of the filters as before', () => {
    expect(parisInstant('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(parisInstant('2026-07-15', 16).toISOString()).toBe('2026-07-15T14:00:00.000Z');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2100-12-31', 1)).toBe('2101-01-01');
    expect(addDays('2000-01-01', -1)).toBe('1999-12-31');
  });

  it('never throws on a far, ancient or malformed day', () => {
    for (const day of ['9999-12-31', '10000-01-01', '0000-01-01', '-0001-06-01', '275760-09-13', '999999-01-01', 'pas-une-date', '']) {
      expect(() => parisInstant(day)).not.toThrow();
      expect(() => addDays(day, 1)).not.toThrow();
      expect(() => periodRange('custom', new Date('2026-11-01T12:00:00Z'), { from: day, to: day })).not.toThrow();
    }
    expect(addDays('9999-12-31', 1)).toBe('10000-01-01');
    expect(parisInstant('10000-01-01').getUTCFullYear()).toBe(9999);
    // Years 0..99 are themselves, not 1900..1999.
    expect(addDays('0000-01-01', 1)).toBe('0000-01-02');
    expect(Number.isNaN(parisInstant('pas-une-date').getTime())).toBe(true);
  });
});
