/**
 * The one rule of a day in a date filter (issue 50): every `from`/`to` of the owner API (/api/inbox,
 * /api/venues/synthesis) and of the public API (/api/v1 feedbacks and visits) is a real calendar day
 * written AAAA-MM-JJ between FIRST_FILTER_DAY and LAST_FILTER_DAY. A day outside them answers 400, never
 * 500: no restaurant has a review before 2000, and a far date (year 10000) is not an instant PostgreSQL
 * or the Paris-time helpers can place.
 */
export const FIRST_FILTER_DAY = '2000-01-01';
export const LAST_FILTER_DAY = '2100-12-31';

/** The message of a day written otherwise than AAAA-MM-JJ, or not on the calendar (2024-02-30). */
export const INVALID_DAY_MESSAGE = 'Date invalide (format AAAA-MM-JJ)';
/** The message of a real day outside the bounds. */
export const DAY_OUT_OF_BOUNDS_MESSAGE = 'Date hors limites : choisissez un jour entre le 01/01/2000 et le 31/12/2100.';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is written AAAA-MM-JJ and names a day of the calendar (whatever its year). */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const length = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= length;
}

/** Whether a calendar day lies between the bounds (AAAA-MM-JJ strings compare as the days). */
export function isDayWithinBounds(value: string): boolean {
  return value >= FIRST_FILTER_DAY && value <= LAST_FILTER_DAY;
}

/** The French message refusing `value` as a filter day, or null when it is one. */
export function filterDayProblem(value: string): string | null {
  if (!isCalendarDay(value)) return INVALID_DAY_MESSAGE;
  return isDayWithinBounds(value) ? null : DAY_OUT_OF_BOUNDS_MESSAGE;
}
