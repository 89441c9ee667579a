/**
 * French number agreement, one helper for pages and emails (issue 48): « 0 point », « 1 étoile »,
 * « 2 points », « 1 234 points ». French puts 0 and 1 in the singular (Intl.PluralRules('fr') says 'one'
 * for both), and writes thousands with a narrow no-break space.
 */
const plural = new Intl.PluralRules('fr-FR');
const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** The count as French writes it: '1 234' (narrow no-break space between groups). */
export function formatCountFr(count: number): string {
  return integer.format(count);
}

/** The noun that agrees with `count`: 'point' for 0 and 1, 'points' from 2 (or the given plural). */
export function agreeFr(count: number, singular: string, pluralForm = `${singular}s`): string {
  return plural.select(Math.abs(count)) === 'one' ? singular : pluralForm;
}

/** The count and its agreeing noun: countFr(0, 'point') → '0 point', countFr(3, 'étoile') → '3 étoiles'. */
export function countFr(count: number, singular: string, pluralForm?: string): string {
  return `${formatCountFr(count)} ${agreeFr(count, singular, pluralForm)}`;
}

/** '12 points', '1 point', '0 point'. */
export const pointsFr = (count: number) => countFr(count, 'point');
/** '1 étoile', '4 étoiles'. */
export const starsFr = (count: number) => countFr(count, 'étoile');
