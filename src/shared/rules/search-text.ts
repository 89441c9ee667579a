/**
 * One normalisation for the owner's customer search, used by the database (a generated column) and
 * by the query: lower case, French and common Latin accents removed. Both sides must agree, so the
 * SQL `translate()` map is built from these two strings.
 */
export const ACCENTED = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿŸ';
export const UNACCENTED = 'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyyY';

const MAP = new Map([...ACCENTED].map((char, index) => [char, UNACCENTED[index]]));

/** 'Élodie ' → 'elodie ': what the search compares, on both sides. */
export function normalizeSearchText(value: string): string {
  return [...value].map((char) => MAP.get(char) ?? char).join('').toLowerCase();
}
