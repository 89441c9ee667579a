import { describe, expect, it } from 'vitest';
import { formatDateFr, formatDateTimeFr, formatShortDateFr, parisDayOf } from './format';

describe('French dates', () => {
  it('formats a date in French, in Paris time', () => {
    expect(formatDateFr('2026-11-21T23:30:00Z')).toBe('22 novembre 2026');
    expect(formatShortDateFr(new Date('2026-01-05T10:00:00Z'))).toBe('05/01/2026');
    expect(formatDateTimeFr('2026-07-14T12:05:00Z')).toBe('14 juillet 2026 à 14:05');
  });

  it('gives the Paris calendar day across midnight UTC', () => {
    expect(parisDayOf(new Date('2026-11-21T22:59:00Z'))).toBe('2026-11-21');
    expect(parisDayOf(new Date('2026-11-21T23:01:00Z'))).toBe('2026-11-22');
  });
});
