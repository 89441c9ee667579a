import type { TVenueFigures } from '../../../shared/schemas/venues';

/** French numbers of the venues' figures (fr-FR: '4,3', '1 234', '67 %'). */
const integer = new Intl.NumberFormat('fr-FR');
const average = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });

export const formatCount = (value: number) => integer.format(value);
export const formatAverage = (value: number | null) => (value === null ? '—' : `${average.format(value)} ★`);
export const formatShare = (value: number | null) => (value === null ? '—' : percent.format(value));

/** A figure as a screen reader should say it where the cell shows '—'. */
export function figureText(key: keyof TVenueFigures, figures: TVenueFigures): string {
  const value = figures[key];
  if (key === 'averageRating') return formatAverage(value);
  if (key === 'goodShare') return formatShare(value);
  return formatCount(value ?? 0);
}

/** 'du 1 mars au 20 mars 2026' from two Paris days. */
const dayFormat = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
export function formatPeriodFr(period: { from: string; to: string }): string {
  const day = (value: string) => dayFormat.format(new Date(`${value}T00:00:00Z`));
  return period.from === period.to ? `le ${day(period.from)}` : `du ${day(period.from)} au ${day(period.to)}`;
}
