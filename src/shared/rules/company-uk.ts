/**
 * Sign-up identity rules of a United Kingdom organisation (issue #53): the Companies House company number,
 * UK phone numbers and the postcode of the UK address form. The French rules (SIREN, French phone) are
 * in company.ts and do not change.
 */

/**
 * A Companies House company number as people type it ('sc 123456', '0123 4567') reduced to its stored
 * form: spaces removed, letters upper-cased.
 */
export function compactCompanyNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * Eight characters: eight digits (England and Wales: '01234567'), or two letters and six digits
 * (Scotland 'SC123456', Northern Ireland 'NI123456', LLPs 'OC123456'…). Read after compactCompanyNumber.
 */
export function isValidCompanyNumber(value: string): boolean {
  return /^(?:\d{8}|[A-Z]{2}\d{6})$/.test(compactCompanyNumber(value));
}

/**
 * The national significant number of a UK phone number (without the trunk 0), or null when `value`
 * is not one. Accepted: +44, 0044 or 0, then a mobile (7 then 1–5 or 7–9, ten digits in all), a
 * geographic landline (1 with nine or ten digits, 2 with ten) or a non-geographic 03 number (ten).
 * Spaces, dots, hyphens and brackets may separate the groups, and '+44 (0)20…' is read as '+44 20…'.
 */
export function ukNationalNumber(value: string): string | null {
  let compact = value.trim().replace(/[\s.-]/g, '');
  compact = compact.replace(/^(\+44|0044)\(0\)/, '$1');
  // '(020) 7946 0958': brackets around the area code only.
  compact = compact.replace(/^\((0\d{2,5})\)/, '$1');
  let national: string;
  if (compact.startsWith('+44')) national = compact.slice(3);
  else if (compact.startsWith('0044')) national = compact.slice(4);
  else if (compact.startsWith('0')) national = compact.slice(1);
  else return null;
  if (!/^\d+$/.test(national)) return null;
  if (/^7[1-57-9]\d{8}$/.test(national)) return national;
  if (/^[23]\d{9}$/.test(national)) return national;
  if (/^1\d{8,9}$/.test(national)) return national;
  return null;
}

export function isValidUkPhone(value: string): boolean {
  return ukNationalNumber(value) !== null;
}

/**
 * A UK postcode: the outward code (area letters, district digit, optional letter or digit) and the
 * inward code (a digit and two letters), e.g. 'SW1A 1AA', 'M1 1AE', 'EH99 1SP'. Case and the space are free.
 */
export function isValidUkPostcode(value: string): boolean {
  return /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(value.replace(/\s+/g, '').toUpperCase());
}

/** The postcode as Royal Mail writes it: upper case, one space before the inward code ('sw1a1aa' → 'SW1A 1AA'). */
export function formatUkPostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}
