import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateFr, formatDateTime, formatDateTimeFr, formatDecimal, formatMoney, formatPercent, formatShortDateFr, formatTime, formatTimeFr, parisDayOf } from './format';

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

describe('numbers, money and dates in the reader\'s language', () => {
  it('groups and separates as each language does', () => {
    expect(formatCount(1234567)).toBe('1\u202f234\u202f567');
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatCount(1234.6, 'de')).toBe('1.235');
    expect(formatDecimal(4.25)).toBe('4,3');
    expect(formatDecimal(4, 1, 'en')).toBe('4.0');
    expect(formatDecimal(4.256, 2, 'it')).toBe('4,26');
    expect(formatPercent(0.123)).toBe('12\u00a0%');
    expect(formatPercent(0.123, 'en')).toBe('12%');
  });

  it('writes money in whole units unless there are cents', () => {
    expect(formatMoney(39, 'EUR')).toBe('39\u00a0\u20ac');
    expect(formatMoney(49, 'GBP', 'en')).toBe('\u00a349');
    expect(formatMoney(1890, 'GBP', 'en')).toBe('\u00a31,890');
    expect(formatMoney(46.8, 'EUR')).toBe('46,80\u00a0\u20ac');
  });

  it('writes dates in each language, in Paris time', () => {
    expect(formatDate('2026-11-21T23:30:00Z', 'en')).toBe('22 November 2026');
    expect(formatDate('2026-11-21T12:00:00Z', 'de')).toBe('21. November 2026');
    expect(formatDate('2026-11-21T12:00:00Z', 'es')).toBe('21 de noviembre de 2026');
    expect(formatDate('2026-11-21T12:00:00Z', 'it')).toBe('21 novembre 2026');
    expect(formatDateTime('2026-07-14T12:05:00Z', 'en')).toBe('14 July 2026 at 14:05');
    // An hour of the day (the counter's reviews of the day), Paris time in both languages.
    expect(formatTime('2026-07-14T12:05:00Z', 'en')).toBe('14:05');
    expect(formatTimeFr('2026-07-14T12:05:00Z')).toBe('14:05');
  });
});
