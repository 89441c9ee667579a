/**
 * A restaurant's sending hours (issue 25, decision 025): the emails planned for later (day-3 review
 * nudge, day-30 'we miss you') leave only between `start` and `end` o'clock, Paris time; one due
 * outside the window waits for the next opening. Whole hours; `end` is excluded (10–19: 10:00 to 18:59);
 * 0–24 sends at any hour.
 */
export const SENDING_TIME_ZONE = 'Europe/Paris';

export type SendingHours = { start: number; end: number };

export const DEFAULT_SENDING_HOURS: SendingHours = { start: 10, end: 19 };

/** Whether `hours` is a usable window: whole hours, 0 ≤ start < end ≤ 24. */
export function isValidSendingHours(hours: SendingHours): boolean {
  const { start, end } = hours;
  return Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end <= 24 && start < end;
}

const wallClockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SENDING_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The date and time a Paris clock shows at `at`. */
function wallClockAt(at: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const part of wallClockFormat.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute, second: parts.second };
}

/** How far ahead of UTC a Paris clock is at `ms` (1 h in winter, 2 h in summer). */
function offsetAt(ms: number): number {
  const wall = wallClockAt(new Date(ms));
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a Paris clock shows `hour`:00 on that day. An hour skipped by the spring change (02:00
 * on the last Sunday of March) gives the first instant after it (03:00).
 */
function parisTimeToInstant(year: number, month: number, day: number, hour: number): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour);
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  return new Date(instant);
}

/**
 * When an email due at `due` leaves: `due` itself inside the window, else the next opening (`start`:00,
 * Paris time, that day when `due` is before it, the next day when after the close).
 */
export function nextSendingTime(due: Date, hours: SendingHours = DEFAULT_SENDING_HOURS): Date {
  const { start, end } = isValidSendingHours(hours) ? hours : DEFAULT_SENDING_HOURS;
  if (start === 0 && end === 24) return due;
  const wall = wallClockAt(due);
  if (wall.hour >= start && wall.hour < end) return due;
  const dayShift = wall.hour >= end ? 1 : 0;
  const opening = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + dayShift));
  return parisTimeToInstant(opening.getUTCFullYear(), opening.getUTCMonth() + 1, opening.getUTCDate(), start);
}
