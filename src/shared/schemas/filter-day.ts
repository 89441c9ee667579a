import { z } from 'zod';
import type { EnglishOf } from '../i18n/english-of';
import { DAY_OUT_OF_BOUNDS_MESSAGE, filterDayProblem, INVALID_DAY_MESSAGE } from '../rules/calendar-day';

/** A filter day's messages (rules/calendar-day.ts), the French source and its English twin (issue #53). */
export const FILTER_DAY_MESSAGES = { invalid: INVALID_DAY_MESSAGE, outOfBounds: DAY_OUT_OF_BOUNDS_MESSAGE } as const;
export const FILTER_DAY_MESSAGES_EN: EnglishOf<typeof FILTER_DAY_MESSAGES> = {
  invalid: 'Invalid date (format YYYY-MM-DD)',
  outOfBounds: 'Date out of range: choose a day between 01/01/2000 and 31/12/2100.',
};

/**
 * A day of a date filter (`from`, `to`), the same rule for the owner API and the public API
 * (rules/calendar-day.ts): AAAA-MM-JJ, a real calendar day, 2000-01-01..2100-12-31. The messages may be
 * given in the caller's own punctuation (the public API's end with a full stop).
 */
export function zFilterDay(messages: { invalid: string; outOfBounds: string } = { invalid: INVALID_DAY_MESSAGE, outOfBounds: DAY_OUT_OF_BOUNDS_MESSAGE }) {
  return z.string({ error: messages.invalid }).superRefine((value, context) => {
    const problem = filterDayProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem === INVALID_DAY_MESSAGE ? messages.invalid : messages.outOfBounds });
  });
}
