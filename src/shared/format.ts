/** Dates are shown in French format, in the restaurants' time zone. */
export const APP_TIME_ZONE = 'Europe/Paris';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: APP_TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: APP_TIME_ZONE,
});
const shortDateFormat = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: APP_TIME_ZONE });

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** 21 novembre 2026 */
export function formatDateFr(value: Date | string | number): string {
  return dateFormat.format(toDate(value));
}

/** 21 novembre 2026 à 14:05 */
export function formatDateTimeFr(value: Date | string | number): string {
  return dateTimeFormat.format(toDate(value));
}

const timeFormat = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: APP_TIME_ZONE });

/** 14:05 */
export function formatTimeFr(value: Date | string | number): string {
  return timeFormat.format(toDate(value));
}

/** 21/11/2026 */
export function formatShortDateFr(value: Date | string | number): string {
  return shortDateFormat.format(toDate(value));
}

// Built once: an Intl formatter costs far more to create than to use (this runs on every submission).
const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** The calendar day (YYYY-MM-DD) of an instant in Paris, used for per-day limits. */
export function parisDayOf(value: Date): string {
  return PARIS_DAY.format(value);
}
