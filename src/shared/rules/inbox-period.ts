import { APP_TIME_ZONE, parisDayOf } from '../format';

/** /avis periods: 'ce soir' starts at this Paris hour today. */
export const TONIGHT_FROM_HOUR = 16;

export const INBOX_PERIODS = ['tonight', 'today', '7d', '30d', 'custom'] as const;
export type InboxPeriod = (typeof INBOX_PERIODS)[number];

const OFFSET_FORMAT = new Intl.DateTimeFormat('en-US', { timeZone: APP_TIME_ZONE, timeZoneName: 'longOffset' });

/** Paris's offset from UTC in minutes at an instant (60 in winter, 120 in summer). */
function parisOffsetMinutes(at: Date): number {
  // An instant the calendar cannot place (a far or malformed day) has no offset: never a RangeError.
  if (!Number.isFinite(at.getTime())) return 0;
  const name = OFFSET_FORMAT.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/** The instant of a Paris wall-clock time (day YYYY-MM-DD at `hour`:00), across summer-time changes. */
export function parisInstant(day: string, hour = 0): Date {
  const [year, month, date] = parseDay(day);
  const asUtc = utcMillis(year, month, date, hour);
  // The offset at the guess, then at the corrected instant (they differ only around a change of time).
  const first = asUtc - parisOffsetMinutes(new Date(asUtc)) * 60_000;
  return new Date(asUtc - parisOffsetMinutes(new Date(first)) * 60_000);
}

/** The calendar day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = parseDay(day);
  const moved = new Date(utcMillis(year, month, date + days, 0));
  if (!Number.isFinite(moved.getTime())) return day;
  const movedYear = moved.getUTCFullYear();
  const yearText = movedYear < 0 ? `-${String(-movedYear).padStart(4, '0')}` : String(movedYear).padStart(4, '0');
  return `${yearText}-${String(moved.getUTCMonth() + 1).padStart(2, '0')}-${String(moved.getUTCDate()).padStart(2, '0')}`;
}

/** A day's year, month and date (a year of any length or sign: 10000-01-01, -0001-12-31). */
function parseDay(day: string): [number, number, number] {
  const match = /^(-?\d+)-(\d{1,2})-(\d{1,2})$/.exec(day);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [Number.NaN, Number.NaN, Number.NaN];
}

/** Date.UTC without its reading of years 0..99 as 1900..1999. */
function utcMillis(year: number, month: number, date: number, hour: number): number {
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, date);
  at.setUTCHours(hour, 0, 0, 0);
  return at.getTime();
}

/**
 * What a period covers: whole Paris days `fromDay`..`toDay` (inclusive; null: unbounded), or, for 'ce soir',
 * the instants from the latest 16:00 Paris (`fromInstant`): today's from 16:00, yesterday's before (an
 * owner reading the evening at 1 a.m. still sees it; decision 035).
 */
export type PeriodRange = { fromDay: string | null; toDay: string | null; fromInstant: Date | null };

export function periodRange(period: InboxPeriod | undefined, now: Date, custom: { from?: string; to?: string } = {}): PeriodRange {
  const today = parisDayOf(now);
  switch (period) {
    case 'tonight': {
      // The evening's service runs past midnight: before 16:00 it is the one that began yesterday at 16:00.
      const since = parisInstant(today, TONIGHT_FROM_HOUR);
      if (since.getTime() <= now.getTime()) return { fromDay: today, toDay: null, fromInstant: since };
      const yesterday = addDays(today, -1);
      return { fromDay: yesterday, toDay: null, fromInstant: parisInstant(yesterday, TONIGHT_FROM_HOUR) };
    }
    case 'today':
      return { fromDay: today, toDay: today, fromInstant: null };
    case '7d':
      return { fromDay: addDays(today, -6), toDay: today, fromInstant: null };
    case '30d':
      return { fromDay: addDays(today, -29), toDay: today, fromInstant: null };
    case 'custom':
      return { fromDay: custom.from ?? null, toDay: custom.to ?? null, fromInstant: null };
    default:
      return { fromDay: null, toDay: null, fromInstant: null };
  }
}
