import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isValidFrenchPhone, isValidSiren, PHONE_MESSAGE, SIREN_MESSAGE } from '../rules/company';
import { findPasswordProblem, PASSWORD_MESSAGES, PASSWORD_MISMATCH_MESSAGE } from '../rules/password';
import { ACCOUNT_MESSAGES, SIGNUP_MESSAGES, signupSchema, UK_SIGNUP_FIELD_ORDER, ZSignupRequest } from './accounts';
import { printableOnCards } from './printable';

/**
 * The French sign-up schema exactly as it was before the UK came (commit 4b928f5), copied here so that
 * the country-aware schema can be compared with it value by value: the French rules must not move.
 */
const isObjectPayload = ({ value }: { value: unknown }) => typeof value === 'object' && value !== null && !Array.isArray(value);
const trimmed = (short: string, long: string, min: number, max: number) => z.string(short).trim().min(min, short).max(max, long);
const LEGACY_FRENCH_SIGNUP = z
  .object(
    {
      restaurantName: trimmed(ACCOUNT_MESSAGES.restaurantNameShort, ACCOUNT_MESSAGES.restaurantNameLong, 2, 100).superRefine(printableOnCards('Le nom du restaurant')),
      siren: z.string(SIREN_MESSAGE).trim().refine(isValidSiren, SIREN_MESSAGE),
      firstName: trimmed(ACCOUNT_MESSAGES.firstNameShort, ACCOUNT_MESSAGES.firstNameLong, 2, 50),
      lastName: trimmed(ACCOUNT_MESSAGES.lastNameShort, ACCOUNT_MESSAGES.lastNameLong, 2, 50),
      email: z.string(ACCOUNT_MESSAGES.emailInvalid).trim().toLowerCase().max(255, ACCOUNT_MESSAGES.emailTooLong).pipe(z.email(ACCOUNT_MESSAGES.emailInvalid)),
      phone: z.string(PHONE_MESSAGE).trim().refine(isValidFrenchPhone, PHONE_MESSAGE),
      password: z.string(ACCOUNT_MESSAGES.passwordRequired).superRefine((value, ctx) => {
        const problem = findPasswordProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      passwordConfirmation: z.string(PASSWORD_MISMATCH_MESSAGE),
      acceptTerms: z.boolean(ACCOUNT_MESSAGES.termsRequired).refine((v) => v === true, ACCOUNT_MESSAGES.termsRequired),
    },
    ACCOUNT_MESSAGES.invalidRequest,
  )
  .refine((v) => v.password === v.passwordConfirmation, { path: ['passwordConfirmation'], message: PASSWORD_MISMATCH_MESSAGE, when: isObjectPayload });

const FRENCH = {
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

/** Every value tried for each French field: valid, invalid, missing, of the wrong type. */
const TRIED: Record<keyof typeof FRENCH, unknown[]> = {
  restaurantName: ['Le Petit Zinc', ' A ', 'A', 'x'.repeat(100), 'x'.repeat(101), '', 'Chez ☃', 42, undefined, null],
  siren: ['552100554', ' 552100554 ', '55210055', '5521005541', '552 100 554', '55210055a', 'SC123456', '01234567', '', 552100554, undefined],
  firstName: ['Camille', 'C', ' Cé ', 'x'.repeat(51), '', undefined, 7],
  lastName: ['Durand', 'D', 'x'.repeat(50), 'x'.repeat(51), undefined],
  email: ['a@b.fr', 'A@B.FR ', 'camille@', `${'a'.repeat(250)}@ex.fr`, '', undefined, 3],
  phone: ['06 12 34 56 78', '+33 1 23 45 67 89', '0033612345678', '+44 20 7946 0958', '07700 900123', '0612345678 ', '12345', '', undefined],
  password: ['Motdepasse-solide-42', 'Court-1a', 'sans-majuscule-1', 'SANS-MINUSCULE-1', 'Sans-chiffre-ici', 'SansSpecial123', `A1-${'a'.repeat(130)}`, undefined],
  passwordConfirmation: ['Motdepasse-solide-42', 'autre', undefined],
  acceptTerms: [true, false, 'true', undefined],
};

function outcome(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (!result.success) return { ok: false, issues: result.error.issues.map((issue) => [issue.path.join('.'), issue.message]) };
  // The page's language (decision 097) is not a sign-up rule: it is left out of the comparison.
  const { country: _country, lang: _lang, ...data } = result.data as Record<string, unknown>;
  return { ok: true, data };
}

describe('the French sign-up rules are unchanged by the UK (spec §5)', () => {
  it.each(Object.keys(TRIED) as Array<keyof typeof FRENCH>)('%s: every value is accepted or refused as before, with the same messages in the same order', (field) => {
    for (const value of TRIED[field]) {
      const input = { ...FRENCH, [field]: value };
      expect(outcome(ZSignupRequest, input), `${field} = ${JSON.stringify(value)}`).toEqual(outcome(LEGACY_FRENCH_SIGNUP, input));
      // 'country': 'FR' said out loud is the same form.
      expect(outcome(ZSignupRequest, { ...input, country: 'FR' })).toEqual(outcome(LEGACY_FRENCH_SIGNUP, input));
    }
  });
  it('several failing fields: the same first message as before', () => {
    const input = { ...FRENCH, siren: '1', phone: '1', firstName: 'C', acceptTerms: false };
    expect(outcome(ZSignupRequest, input)).toEqual(outcome(LEGACY_FRENCH_SIGNUP, input));
    expect((outcome(ZSignupRequest, input).issues ?? [])[0]).toEqual(['siren', SIREN_MESSAGE]);
  });
  it('a body that is not an object still answers Requête invalide; an unknown country is named', () => {
    for (const input of [null, 'texte', 42, []]) expect(outcome(ZSignupRequest, input).issues).toEqual([['', 'Requête invalide']]);
    expect(outcome(ZSignupRequest, { ...FRENCH, country: 'US' }).issues).toEqual([['country', 'Pays invalide']]);
  });
  it('a French organisation is never read with UK rules: a Companies House number or a UK phone is refused', () => {
    expect(outcome(ZSignupRequest, { ...FRENCH, siren: 'SC123456' }).issues?.[0]).toEqual(['siren', SIREN_MESSAGE]);
    expect(outcome(ZSignupRequest, { ...FRENCH, phone: '+44 7700 900123' }).issues?.[0]).toEqual(['phone', PHONE_MESSAGE]);
  });
});

const UK = {
  country: 'GB',
  restaurantName: 'The Crown & Anchor',
  companyNumber: ' sc 123456 ',
  addressLine1: '12 Borough High Street',
  town: 'London',
  postcode: 'se11ld',
  firstName: 'Oliver',
  lastName: 'Bennett',
  email: 'Oliver@Crown.co.uk',
  phone: '+44 7700 900123',
  password: 'A-solid-password-42',
  passwordConfirmation: 'A-solid-password-42',
  acceptTerms: true,
};

describe('the UK sign-up (issue #53)', () => {
  it('accepts a company with its Companies House number, normalised, and the UK address', () => {
    expect(ZSignupRequest.parse(UK)).toEqual({
      ...UK,
      companyNumber: 'SC123456',
      soleTrader: false,
      tradingName: '',
      addressLine2: '',
      postcode: 'SE1 1LD',
      email: 'oliver@crown.co.uk',
      lang: 'fr',
    });
  });
  it('accepts a sole trader without a number who gives a trading name', () => {
    const parsed = ZSignupRequest.parse({ ...UK, companyNumber: '', soleTrader: true, tradingName: ' Bennett Catering ' });
    expect(parsed).toMatchObject({ country: 'GB', soleTrader: true, tradingName: 'Bennett Catering' });
  });
  it.each([
    ['no company number', { companyNumber: '' }, SIGNUP_MESSAGES.fr.companyNumber],
    ['a SIREN as company number', { companyNumber: '552100554' }, SIGNUP_MESSAGES.fr.companyNumber],
    ['7 digits', { companyNumber: '1234567' }, SIGNUP_MESSAGES.fr.companyNumber],
    ['3 letters', { companyNumber: 'ABC12345' }, SIGNUP_MESSAGES.fr.companyNumber],
    ['a sole trader without trading name', { companyNumber: '', soleTrader: true, tradingName: ' ' }, SIGNUP_MESSAGES.fr.tradingNameShort],
    ['a French phone', { phone: '06 12 34 56 78' }, SIGNUP_MESSAGES.fr.ukPhone],
    ['a UK phone without prefix', { phone: '7700 900123' }, SIGNUP_MESSAGES.fr.ukPhone],
    ['a French postcode', { postcode: '75001' }, SIGNUP_MESSAGES.fr.postcode],
    ['no address', { addressLine1: '' }, SIGNUP_MESSAGES.fr.addressLineShort],
    ['no town', { town: ' ' }, SIGNUP_MESSAGES.fr.townShort],
  ])('refuses %s with its message', (_case, failing, message) => {
    expect(outcome(ZSignupRequest, { ...UK, ...failing }).issues?.[0]?.[1]).toBe(message);
  });
  it('the SIREN rule does not apply to a UK organisation', () => {
    expect(outcome(ZSignupRequest, { ...UK, siren: 'not a siren' }).ok).toBe(true);
  });
  it('speaks English on the /en sign-up, every message of the same rules', () => {
    const english = signupSchema(SIGNUP_MESSAGES.en);
    expect(outcome(english, { ...UK, companyNumber: '1234567' }).issues?.[0]).toEqual(['companyNumber', 'A Companies House number has 8 characters: 8 digits, or 2 letters and 6 digits']);
    expect(outcome(english, { ...UK, phone: '06 12 34 56 78' }).issues?.[0]).toEqual(['phone', 'Invalid UK phone number']);
    expect(outcome(english, { ...UK, password: 'sans-majuscule-1', passwordConfirmation: 'sans-majuscule-1' }).issues?.[0]).toEqual([
      'password',
      'The password must contain at least one uppercase letter',
    ]);
    expect(outcome(english, { ...UK, passwordConfirmation: 'other' }).issues?.[0]).toEqual(['passwordConfirmation', 'The passwords do not match']);
    expect(outcome(english, { ...UK, acceptTerms: false }).issues?.[0]).toEqual(['acceptTerms', 'You must accept the terms of use']);
    // No French left in the English messages (the password rules' included).
    const english_texts = [...Object.values(SIGNUP_MESSAGES.en).filter((v): v is string => typeof v === 'string'), ...Object.values(SIGNUP_MESSAGES.en.password)];
    for (const text of english_texts) expect(text).not.toMatch(/[éèàç]| le | la | doit /i);
    expect(Object.keys(SIGNUP_MESSAGES.en.password).sort()).toEqual(Object.keys(PASSWORD_MESSAGES).sort());
  });
  it('lists every UK field in the on-screen order', () => {
    const fields = Object.keys(ZSignupRequest.options[1].shape).filter((field) => field !== 'lang').sort();
    expect([...UK_SIGNUP_FIELD_ORDER].sort()).toEqual(fields);
  });
});
