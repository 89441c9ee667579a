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
