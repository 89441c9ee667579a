/**
 * The password policy of spec §5 (sign-up, reset, set-password and change): at least 12 characters,
 * one uppercase, one lowercase, one digit and one special character. Up to 128 characters are
 * accepted (passphrases). The same function runs in the form and on the server.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: 'Le mot de passe doit contenir au moins 12 caractères',
  uppercase: 'Le mot de passe doit contenir au moins une majuscule',
  lowercase: 'Le mot de passe doit contenir au moins une minuscule',
  digit: 'Le mot de passe doit contenir au moins un chiffre',
  special: 'Le mot de passe doit contenir au moins un caractère spécial',
  tooLong: 'Le mot de passe doit contenir au plus 128 caractères',
} as const;

export const PASSWORD_MISMATCH_MESSAGE = 'Les mots de passe ne correspondent pas';

/** The first rule the password breaks, as the French message to show, or null when it is valid. */
export function findPasswordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (!/\p{Lu}/u.test(password)) return PASSWORD_MESSAGES.uppercase;
  if (!/\p{Ll}/u.test(password)) return PASSWORD_MESSAGES.lowercase;
  if (!/\p{Nd}/u.test(password)) return PASSWORD_MESSAGES.digit;
  if (!/[^\p{L}\p{Nd}]/u.test(password)) return PASSWORD_MESSAGES.special;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  return null;
}
