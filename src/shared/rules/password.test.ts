import { describe, expect, it } from 'vitest';
import { findPasswordProblem, PASSWORD_MESSAGES } from './password';

describe('the password policy (spec §5)', () => {
  it('accepts a password that follows every rule', () => {
    expect(findPasswordProblem('Motdepasse-solide-42')).toBeNull();
    expect(findPasswordProblem('Élégant#2026ok')).toBeNull();
  });

  it.each([
    ['at least 12 characters', 'Court-1a', PASSWORD_MESSAGES.tooShort, 'Assez-long-1a'],
    ['an uppercase letter', 'sans-majuscule-1', PASSWORD_MESSAGES.uppercase, 'Avec-majuscule-1'],
    ['a lowercase letter', 'SANS-MINUSCULE-1', PASSWORD_MESSAGES.lowercase, 'SANS-MINUSCULe-1'],
    ['a digit', 'Sans-chiffre-ici', PASSWORD_MESSAGES.digit, 'Avec-chiffre-ici1'],
    ['a special character', 'SansSpecial123', PASSWORD_MESSAGES.special, 'SansSpecial123!'],
  ])('requires %s', (_rule, failing, message, passing) => {
    expect(findPasswordProblem(failing)).toBe(message);
    expect(findPasswordProblem(passing)).toBeNull();
  });

  it('uses the exact wording of the spec', () => {
    expect(PASSWORD_MESSAGES).toMatchObject({
      tooShort: 'Le mot de passe doit contenir au moins 12 caractères',
      uppercase: 'Le mot de passe doit contenir au moins une majuscule',
      lowercase: 'Le mot de passe doit contenir au moins une minuscule',
      digit: 'Le mot de passe doit contenir au moins un chiffre',
      special: 'Le mot de passe doit contenir au moins un caractère spécial',
    });
  });

  it('accepts up to 128 characters and refuses more', () => {
    const base = 'Aa1!';
    expect(findPasswordProblem(base + 'x'.repeat(124))).toBeNull();
    expect(findPasswordProblem(base + 'x'.repeat(125))).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('reports only the first broken rule', () => {
    expect(findPasswordProblem('abc')).toBe(PASSWORD_MESSAGES.tooShort);
  });
});
