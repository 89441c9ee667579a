import { describe, expect, it } from 'vitest';
import { DAY_OUT_OF_BOUNDS_MESSAGE, filterDayProblem, INVALID_DAY_MESSAGE } from './calendar-day';

describe('a day of a date filter (issue 50)', () => {
  it('accepts real days from 2000-01-01 to 2100-12-31', () => {
    for (const day of ['2000-01-01', '2024-02-29', '2026-11-30', '2100-12-31']) expect(filterDayProblem(day)).toBeNull();
  });
  it('refuses the days not on the calendar and other writings', () => {
    for (const day of ['2024-02-30', '2023-02-29', '2100-02-29', '2024-13-01', '2024-00-10', '2024-01-00', '2024-1-1', '', '2024-01-01T00:00:00Z', '20240101', '-2024-01-01', 'x'.repeat(10_000)]) {
      expect(filterDayProblem(day)).toBe(INVALID_DAY_MESSAGE);
    }
  });
  it('refuses real days outside the bounds', () => {
    for (const day of ['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31']) expect(filterDayProblem(day)).toBe(DAY_OUT_OF_BOUNDS_MESSAGE);
  });
});
