import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../rules/password';
import { ZCreateRestaurantRequest, ZEmailOnlyRequest, ZLoginRequest, ZNewPasswordForm, ZSignupRequest } from './accounts';

const VALID_SIGNUP = {
  restaurantName: 'Le Petit Zinc',
  siren: '552100554',
  firstName: 'Camille',
  lastName: 'Durand',
  email: '  Camille.Durand@Example.fr ',
  phone: '06 12 34 56 78',
  password: 'Motdepasse-solide-42',
  passwordConfirmation: 'Motdepasse-solide-42',
  acceptTerms: true,
};

/** The first message zod reports for this input, or null when it parses. */
function firstMessage(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } } }, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : (result.error?.issues[0]?.message ?? 'unknown');
}

describe('the sign-up schema (spec §5)', () => {
  it('accepts a complete form and normalises the email', () => {
    const parsed = ZSignupRequest.parse(VALID_SIGNUP);
    expect(parsed.email).toBe('camille.durand@example.fr');
  });

  it.each([
    ['restaurant name of 1 character', { restaurantName: 'A' }, 'Le nom du restaurant doit contenir au moins 2 caractères', { restaurantName: 'Ab' }],
    ['restaurant name over 100 characters', { restaurantName: 'x'.repeat(101) }, 'Le nom du restaurant doit contenir au plus 100 caractères', { restaurantName: 'x'.repeat(100) }],
    ['SIREN of 8 digits', { siren: '12345678' }, 'Le SIREN doit contenir exactement 9 chiffres', { siren: '123456789' }],
    ['SIREN with a letter', { siren: '12345678A' }, 'Le SIREN doit contenir exactement 9 chiffres', { siren: '123456780' }],
    ['first name of 1 character', { firstName: 'C' }, 'Le prénom doit contenir au moins 2 caractères', { firstName: 'Cé' }],
    ['first name over 50 characters', { firstName: 'x'.repeat(51) }, 'Le prénom doit contenir au plus 50 caractères', { firstName: 'x'.repeat(50) }],
    ['last name of 1 character', { lastName: 'D' }, 'Le nom doit contenir au moins 2 caractères', { lastName: 'Du' }],
    ['last name over 50 characters', { lastName: 'x'.repeat(51) }, 'Le nom doit contenir au plus 50 caractères', { lastName: 'x'.repeat(50) }],
    ['invalid email', { email: 'camille@' }, 'Email invalide', { email: 'camille@example.fr' }],
    ['email over 255 characters', { email: `${'a'.repeat(250)}@ex.fr` }, 'L’email doit contenir au plus 255 caractères', { email: `${'a'.repeat(249)}@ex.fr` }],
    ['non-French phone', { phone: '+44 20 7946 0958' }, 'Numéro de téléphone français invalide', { phone: '+33 1 23 45 67 89' }],
    ['short password', { password: 'Court-1a', passwordConfirmation: 'Court-1a' }, PASSWORD_MESSAGES.tooShort, { password: 'Assez-long-1a', passwordConfirmation: 'Assez-long-1a' }],
    ['password without uppercase', { password: 'sans-majuscule-1', passwordConfirmation: 'sans-majuscule-1' }, PASSWORD_MESSAGES.uppercase, {}],
    ['password without lowercase', { password: 'SANS-MINUSCULE-1', passwordConfirmation: 'SANS-MINUSCULE-1' }, PASSWORD_MESSAGES.lowercase, {}],
    ['password without digit', { password: 'Sans-chiffre-ici', passwordConfirmation: 'Sans-chiffre-ici' }, PASSWORD_MESSAGES.digit, {}],
    ['password without special character', { password: 'SansSpecial123', passwordConfirmation: 'SansSpecial123' }, PASSWORD_MESSAGES.special, {}],
    ['different confirmation', { passwordConfirmation: 'Motdepasse-solide-43' }, 'Les mots de passe ne correspondent pas', { passwordConfirmation: VALID_SIGNUP.password }],
    ['terms not accepted', { acceptTerms: false }, 'Vous devez accepter les CGU', { acceptTerms: true }],
  ])('refuses a %s with its message', (_case, failing, message, passing) => {
    expect(firstMessage(ZSignupRequest, { ...VALID_SIGNUP, ...failing })).toBe(message);
    expect(firstMessage(ZSignupRequest, { ...VALID_SIGNUP, ...passing })).toBeNull();
  });
});

describe('a body that is not an object', () => {
  it.each([null, 'texte', 42, []])('answers a French message for %j instead of throwing', (input) => {
    expect(firstMessage(ZSignupRequest, input)).toBe('Requête invalide');
    expect(firstMessage(ZCreateRestaurantRequest, input)).toBe('Requête invalide');
    expect(firstMessage(ZNewPasswordForm, input)).not.toBeNull();
  });
});

describe('the login schemas', () => {
  it('trims and checks the email, and requires a password', () => {
    expect(ZLoginRequest.parse({ email: ' a@b.fr ', password: 'x' }).email).toBe('a@b.fr');
    expect(firstMessage(ZLoginRequest, { email: 'pas-un-email', password: 'x' })).toBe('Email invalide');
    expect(firstMessage(ZLoginRequest, { email: 'a@b.fr', password: '' })).toBe('Mot de passe requis');
  });
  it('needs a valid email to send a magic link or a reset link', () => {
    expect(firstMessage(ZEmailOnlyRequest, { email: 'a@b.fr' })).toBeNull();
    expect(firstMessage(ZEmailOnlyRequest, { email: 'a@' })).toBe('Email invalide');
  });
});

describe('the new-password form (reset and set-password)', () => {
  it('applies the policy and the confirmation', () => {
    expect(firstMessage(ZNewPasswordForm, { password: 'Motdepasse-solide-42', passwordConfirmation: 'Motdepasse-solide-42' })).toBeNull();
    expect(firstMessage(ZNewPasswordForm, { password: 'court', passwordConfirmation: 'court' })).toBe(PASSWORD_MESSAGES.tooShort);
    expect(firstMessage(ZNewPasswordForm, { password: 'Motdepasse-solide-42', passwordConfirmation: 'autre' })).toBe('Les mots de passe ne correspondent pas');
  });
});

describe('the setup wizard schema', () => {
  const valid = { name: 'Chez Nous', managerEmail: 'gerant@example.fr', reviewUrl: '' };
  it('needs a name and a manager email', () => {
    expect(firstMessage(ZCreateRestaurantRequest, valid)).toBeNull();
    expect(firstMessage(ZCreateRestaurantRequest, { ...valid, name: '  ' })).toBe('Le nom du restaurant est requis');
    expect(firstMessage(ZCreateRestaurantRequest, { ...valid, managerEmail: '' })).toBe('L’email du responsable est requis');
    expect(firstMessage(ZCreateRestaurantRequest, { ...valid, managerEmail: 'gerant@' })).toBe('Email invalide');
  });
  it('accepts an empty review link or one that passes the review-link rule, and takes no logo URL', () => {
    expect(firstMessage(ZCreateRestaurantRequest, { ...valid, reviewUrl: 'https://g.page/r/abc/review' })).toBeNull();
    expect(firstMessage(ZCreateRestaurantRequest, { ...valid, reviewUrl: 'pas une url' })).toBe('Lien Google invalide. Corrigez puis réessayez.');
    expect(firstMessage(ZCreateRestaurantRequest, { ...valid, reviewUrl: 'https://evil.example/phish' })).toBe('Lien Google invalide. Corrigez puis réessayez.');
    expect(ZCreateRestaurantRequest.parse({ ...valid, reviewUrl: ' http://g.page/r/abc ' }).reviewUrl).toBe('https://g.page/r/abc');
    expect(ZCreateRestaurantRequest.parse({ ...valid, logoUrl: 'https://cdn.example.fr/logo.png' })).not.toHaveProperty('logoUrl');
  });
});
