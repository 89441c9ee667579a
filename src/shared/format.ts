import type { Locale } from './rules/locales';

/**
 * The one formatter of what ReFeed shows: numbers, money and dates in the reader's language (a Locale of
 * shared/rules/locales.ts; French when none is given), dates in the restaurants' time zone. Every number or
 * date shown to a user goes through it: never an inline toLocaleString or a new Intl object in a page.
 */
export const APP_TIME_ZONE = 'Europe/Paris';

/** The BCP 47 tag each language formats with (British English for English). */
export const LOCALE_TAGS: Record<Locale, string> = { fr: 'fr-FR', en: 'en-GB', de: 'de-DE', es: 'es-ES', it: 'it-IT' };

// An Intl formatter costs far more to create than to use: one per language and style, built on first use.
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${locale}|${key}`;
  let format = numberFormats.get(id);
  if (!format) numberFormats.set(id, (format = new Intl.NumberFormat(LOCALE_TAGS[locale], options)));
  return format;
}

/** 1 234 (fr), 1,234 (en): a whole number, grouped as the language groups it. */
export function formatCount(value: number, locale: Locale = 'fr'): string {
  return numberFormat(locale, 'count', { maximumFractionDigits: 0 }).format(value);
}

/** 4,3 (fr), 4.3 (en): a decimal with exactly `digits` fraction digits (1 by default). */
export function formatDecimal(value: number, digits = 1, locale: Locale = 'fr'): string {
  return numberFormat(locale, `decimal${digits}`, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** 12 % (fr), 12% (en): a share given as a fraction (0.12). */
export function formatPercent(fraction: number, locale: Locale = 'fr'): string {
  return numberFormat(locale, 'percent', { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

/** 39 € (fr), £49 (en): an amount in whole units of `currency` (cents shown only when there are some). */
export function formatMoney(amount: number, currency: 'EUR' | 'GBP', locale: Locale = 'fr'): string {
  const whole = Number.isInteger(amount);
  return numberFormat(locale, `money${currency}${whole ? 0 : 2}`, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormatOf(locale: Locale, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${locale}|${key}`;
  let format = dateFormats.get(id);
  if (!format) dateFormats.set(id, (format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { ...options, timeZone: APP_TIME_ZONE })));
  return format;
}

/** 21 novembre 2026 (fr), 21 November 2026 (en). */
export function formatDate(value: Date | string | number, locale: Locale = 'fr'): string {
  return dateFormatOf(locale, 'date', { day: 'numeric', month: 'long', year: 'numeric' }).format(toDate(value));
}

/** 21 novembre 2026 à 14:05 (fr), 21 November 2026 at 14:05 (en). */
export function formatDateTime(value: Date | string | number, locale: Locale = 'fr'): string {
  return dateFormatOf(locale, 'datetime', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(
    toDate(value),
  );
}

const calendarDayFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * A calendar day (a 'YYYY-MM-DD' string or an instant on that day in UTC), as charts and tables of days show
 * it: 'lun. 21 novembre' / 'Mon 21 November' (long), '21 nov.' / '21 Nov' (short). Read in UTC: a day has no time zone.
 */
export function formatCalendarDay(day: string | Date, locale: Locale = 'fr', style: 'long' | 'short' = 'long'): string {
  const id = `${locale}|${style}`;
  let format = calendarDayFormats.get(id);
  const options: Intl.DateTimeFormatOptions = style === 'long' ? { weekday: 'short', day: 'numeric', month: 'long' } : { day: 'numeric', month: 'short' };
  if (!format) calendarDayFormats.set(id, (format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { ...options, timeZone: 'UTC' })));
  return format.format(typeof day === 'string' ? new Date(`${day}T12:00:00Z`) : day);
}

const shortDateFormat = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: APP_TIME_ZONE });

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** 21 novembre 2026 */
export function formatDateFr(value: Date | string | number): string {
  return formatDate(value, 'fr');
}

/** 21 novembre 2026 à 14:05 */
export function formatDateTimeFr(value: Date | string | number): string {
  return formatDateTime(value, 'fr');
}

/** 14:05 (fr and en): an hour of the day in the restaurants' time zone. */
export function formatTime(value: Date | string | number, locale: Locale = 'fr'): string {
  return dateFormatOf(locale, 'time', { hour: '2-digit', minute: '2-digit' }).format(toDate(value));
}

/** 14:05 */
export function formatTimeFr(value: Date | string | number): string {
  return formatTime(value, 'fr');
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
