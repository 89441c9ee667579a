import { describe, expect, it } from 'vitest';
import { DEFAULT_SENDING_HOURS, isValidSendingHours, nextSendingTime } from './sending-hours';

const at = (iso: string) => new Date(iso);
const hours = DEFAULT_SENDING_HOURS;

describe('nextSendingTime (Paris sending hours)', () => {
  it('keeps a due time inside the window as it is', () => {
    // 14:37 in Paris (winter, UTC+1).
    expect(nextSendingTime(at('2026-11-26T13:37:12.345Z'), hours).toISOString()).toBe('2026-11-26T13:37:12.345Z');
    // 10:00 sharp opens the window; 18:59 is still inside.
    expect(nextSendingTime(at('2026-11-26T09:00:00.000Z'), hours).toISOString()).toBe('2026-11-26T09:00:00.000Z');
    expect(nextSendingTime(at('2026-11-26T17:59:59.000Z'), hours).toISOString()).toBe('2026-11-26T17:59:59.000Z');
  });

  it('moves an evening due time to the next morning’s opening (winter time)', () => {
    // 23:15 Paris on 25 December → 10:00 Paris on 26 December.
    expect(nextSendingTime(at('2026-12-25T22:15:00Z'), hours).toISOString()).toBe('2026-12-26T09:00:00.000Z');
    // 19:00 sharp is closed.
    expect(nextSendingTime(at('2026-11-26T18:00:00Z'), hours).toISOString()).toBe('2026-11-27T09:00:00.000Z');
  });

  it('moves an early-morning due time to the same day’s opening, across midnight UTC and Paris', () => {
    // 00:30 Paris on 27 November is still 26 November in UTC: the opening is 27 November 10:00 Paris.
    expect(nextSendingTime(at('2026-11-26T23:30:00Z'), hours).toISOString()).toBe('2026-11-27T09:00:00.000Z');
    // 07:00 Paris in summer (UTC+2) → 10:00 Paris = 08:00 UTC.
    expect(nextSendingTime(at('2026-07-14T05:00:00Z'), hours).toISOString()).toBe('2026-07-14T08:00:00.000Z');
    // The last evening of the year opens the new year.
    expect(nextSendingTime(at('2026-12-31T21:00:00Z'), hours).toISOString()).toBe('2027-01-01T09:00:00.000Z');
  });

  it('opens at 10:00 Paris on both sides of the spring change (29 March 2026)', () => {
    // Saturday 28 March 22:00 CET → Sunday 29 March 10:00 CEST (UTC+2).
    expect(nextSendingTime(at('2026-03-28T21:00:00Z'), hours).toISOString()).toBe('2026-03-29T08:00:00.000Z');
    // Sunday 01:30 CET, before the change at 02:00 → 10:00 CEST the same day.
    expect(nextSendingTime(at('2026-03-29T00:30:00Z'), hours).toISOString()).toBe('2026-03-29T08:00:00.000Z');
    // Friday evening before: still winter time → Saturday 10:00 CET.
    expect(nextSendingTime(at('2026-03-27T20:00:00Z'), hours).toISOString()).toBe('2026-03-28T09:00:00.000Z');
  });

  it('opens at 10:00 Paris on both sides of the autumn change (25 October 2026)', () => {
    // Saturday 24 October 21:00 CEST → Sunday 25 October 10:00 CET (UTC+1).
    expect(nextSendingTime(at('2026-10-24T19:00:00Z'), hours).toISOString()).toBe('2026-10-25T09:00:00.000Z');
    // Sunday 02:30, the hour that happens twice → 10:00 CET the same day.
    expect(nextSendingTime(at('2026-10-25T00:30:00Z'), hours).toISOString()).toBe('2026-10-25T09:00:00.000Z');
    expect(nextSendingTime(at('2026-10-25T01:30:00Z'), hours).toISOString()).toBe('2026-10-25T09:00:00.000Z');
    // 10:30 CET on the day itself is inside.
    expect(nextSendingTime(at('2026-10-25T09:30:00Z'), hours).toISOString()).toBe('2026-10-25T09:30:00.000Z');
  });

  it('gives the first instant after an opening hour the spring change skips', () => {
    // Window 2–5: on 29 March, 02:00 does not exist in Paris; 01:00 CET is before the opening → 03:00 CEST.
    expect(nextSendingTime(at('2026-03-29T00:00:00Z'), { start: 2, end: 5 }).toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('follows the owner’s own window, and 0–24 sends at any hour', () => {
    expect(nextSendingTime(at('2026-11-26T06:00:00Z'), { start: 8, end: 12 }).toISOString()).toBe('2026-11-26T07:00:00.000Z');
    expect(nextSendingTime(at('2026-11-26T11:00:00Z'), { start: 8, end: 12 }).toISOString()).toBe('2026-11-27T07:00:00.000Z');
    // Until midnight: 23:30 Paris is inside, 00:10 waits for 18:00.
    expect(nextSendingTime(at('2026-11-26T22:30:00Z'), { start: 18, end: 24 }).toISOString()).toBe('2026-11-26T22:30:00.000Z');
    expect(nextSendingTime(at('2026-11-26T23:10:00Z'), { start: 18, end: 24 }).toISOString()).toBe('2026-11-27T17:00:00.000Z');
    expect(nextSendingTime(at('2026-11-26T02:00:00Z'), { start: 0, end: 24 }).toISOString()).toBe('2026-11-26T02:00:00.000Z');
  });

  it('falls back to 10–19 for a window that is not one', () => {
    expect(isValidSendingHours({ start: 19, end: 10 })).toBe(false);
    expect(isValidSendingHours({ start: 10, end: 10 })).toBe(false);
    expect(isValidSendingHours({ start: 9.5, end: 18 })).toBe(false);
    expect(isValidSendingHours({ start: 0, end: 24 })).toBe(true);
    expect(nextSendingTime(at('2026-11-26T22:15:00Z'), { start: 19, end: 10 }).toISOString()).toBe('2026-11-27T09:00:00.000Z');
  });
});
