/** Sign-up identity rules of spec §5: the 9-digit SIREN and the French phone number. */
export const SIREN_MESSAGE = 'Le SIREN doit contenir exactement 9 chiffres';
export const PHONE_MESSAGE = 'Numéro de téléphone français invalide';

/** Exactly nine digits, nothing else. */
export function isValidSiren(value: string): boolean {
  return /^\d{9}$/.test(value);
}

/**
 * A French number: +33, 0033 or 0, then a digit 1 to 9, then four pairs of digits. Spaces, dots or
 * hyphens may separate the pairs (and follow the +33 / 0033 prefix).
 */
const FRENCH_PHONE = /^(?:(?:\+33|0033)[\s.-]?|0)[1-9](?:[\s.-]?\d{2}){4}$/;

export function isValidFrenchPhone(value: string): boolean {
  return FRENCH_PHONE.test(value.trim());
}

/** A venue's SIRET (issue #29, /etablissements): the SIREN's 9 digits and the 5 of the establishment. */
export const SIRET_MESSAGE = 'Le SIRET doit contenir exactement 14 chiffres';

/** Exactly fourteen digits once the spaces people type between groups are removed. */
export function isValidSiret(value: string): boolean {
  return /^\d{14}$/.test(value);
}

/** A SIRET as typed ('123 456 789 00012') reduced to its digits-and-rest form: spaces removed. */
export function compactSiret(value: string): string {
  return value.replace(/\s+/g, '');
}
