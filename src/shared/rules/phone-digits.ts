/**
 * One normalisation for phone search, the same as the database's generated `customers.phone_digits`:
 * the digits only, a French international prefix (+33 or 0033) read as the national 0. So '06 12',
 * '+33 6 12' and '0033 6 12' all become '0612', and a search for '06 12' finds '+33 6 12 34 56 78'.
 */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.startsWith('0033')) return `0${digits.slice(4)}`;
  if (/^\s*\+/.test(value) && digits.startsWith('33')) return `0${digits.slice(2)}`;
  return digits;
}

/** A search that reads as a phone number: only digits, spaces and + . - ( ), with at least 3 digits. */
export function looksLikePhoneSearch(value: string): boolean {
  return /^[\d\s+.()-]+$/.test(value) && value.replace(/\D/g, '').length >= 3;
}
