import { phoneDigits } from './phone-digits';

/**
 * The diner's contact details as the counter shows them to a role without `customers.view` (issue 50):
 * enough to tell two diners apart at the counter, not enough to write to them. « m•••@gmail.com »,
 * « 06 •• •• •• 78 ».
 */
export const MASK = '•••';

/** The first character of the address, then « ••• », then the domain (« m•••@gmail.com »). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return MASK;
  return `${[...email.slice(0, at)][0]}${MASK}${email.slice(at)}`;
}

/** The first two and the last two digits, the others as « •• » by pairs (« 06 •• •• •• 78 »). */
export function maskPhone(phone: string): string {
  const digits = phoneDigits(phone);
  if (digits.length < 6) return '•• ••';
  const hiddenPairs = Math.ceil((digits.length - 4) / 2);
  return [digits.slice(0, 2), ...Array.from({ length: hiddenPairs }, () => '••'), digits.slice(-2)].join(' ');
}

/** The name the counter shows without `customers.view`: the first name (or the last name's initial), else null. */
export function counterFirstName(firstName: string | null, lastName: string | null): string | null {
  const first = firstName?.trim();
  if (first) return first;
  const last = lastName?.trim();
  return last ? `${[...last][0].toUpperCase()}.` : null;
}
