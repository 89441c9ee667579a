// The account pages' server messages in English (issue #53, decision 097): an English account's confirmation
// link opens the English page, and the answers of the confirmation, onboarding and sign-in routes speak the
// owner's language; a French owner keeps the spec's French.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizeMessage, untranslated } from '../../src/shared/i18n/api-messages';
import { RATE_LIMITED_MESSAGE } from '../../src/shared/errors';
import { ACCOUNT_ERRORS, ACCOUNT_MESSAGES, AUTH_MESSAGES } from '../../src/shared/schemas/accounts';
import { PASSWORD_MESSAGES, PASSWORD_MISMATCH_MESSAGE } from '../../src/shared/rules/password';
import { createSignedInOwner, uniqueEmail } from '../support/factories';
import { createTestContext, findLinkInMail, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const PASSWORD = 'A-solid-password-42';
const signupBody = (lang: 'fr' | 'en') => ({
  restaurantName: 'Le Comptoir',
  siren: String(100000000 + Math.floor(Math.random() * 899999999)),
  firstName: 'Alice',
  lastName: 'Martin',
  email: uniqueEmail(`confirm-${lang}`),
  phone: '06 12 34 56 78',
  password: PASSWORD,
  passwordConfirmation: PASSWORD,
  acceptTerms: true,
  lang,
});

/** Signs up in `lang` and opens the emailed confirmation link: where it leads. */
async function openConfirmationLink(lang: 'fr' | 'en'): Promise<URL> {
  const body = signupBody(lang);
  expect((await ctx.agent().post('/api/signup', body)).status).toBe(201);
  const mail = await ctx.waitForMail((m) => m.toEmail === body.email && m.html.includes('/api/auth/verify-email'));
  const opened = await ctx.agent().get(findLinkInMail(mail.html, '/api/auth/verify-email'));
  expect(opened.status).toBe(302);
  return new URL(opened.headers.get('location')!, TEST_PUBLIC_URL);
}

describe('the account pages’ messages in English', () => {
  it('every message the account, confirmation and sign-in pages may show has its English twin', () => {
    const french = [
      ...Object.values(ACCOUNT_MESSAGES),
      ...Object.values(ACCOUNT_ERRORS),
      ...Object.values(AUTH_MESSAGES),
      ...Object.values(PASSWORD_MESSAGES),
      PASSWORD_MISMATCH_MESSAGE,
      RATE_LIMITED_MESSAGE,
    ];
    expect(untranslated(french)).toEqual([]);
    expect(localizeMessage(AUTH_MESSAGES.invalidEmailOrPassword, 'en')).toBe('Incorrect email or password.');
    expect(localizeMessage(RATE_LIMITED_MESSAGE, 'en')).toBe('Too many attempts. Please try again in a few minutes.');
    expect(localizeMessage(ACCOUNT_ERRORS.confirmationLinkInvalid, 'fr')).toBe('Lien invalide ou expiré');
  });

  it('an English account’s confirmation link opens the English page; a French one’s is unchanged', async () => {
    const english = await openConfirmationLink('en');
    expect(english.pathname).toBe('/confirm-email');
    expect(english.searchParams.get('lang')).toBe('en');
    expect(english.searchParams.get('token')).toBeTruthy();
    const french = await openConfirmationLink('fr');
    expect(french.pathname).toBe('/confirm-email');
    expect(french.searchParams.has('lang')).toBe(false);
  });

  it('a wrong sign-up password on the English confirmation page is refused in English, in French on the French one', async () => {
    const page = await openConfirmationLink('en');
    const token = page.searchParams.get('token');
    const english = await ctx.agent().post('/api/confirm-email', { token, password: 'Not-the-password-42' }, { headers: { 'accept-language': 'en' } });
    expect(english.status).toBe(400);
    expect((await english.json()).error.message).toBe('This is not the password chosen at sign-up.');
    const french = await ctx.agent().post('/api/confirm-email', { token, password: 'Not-the-password-42' }, { headers: { 'accept-language': 'fr' } });
    expect((await french.json()).error.message).toBe(ACCOUNT_ERRORS.signUpPasswordWrong);
  });

  it('the onboarding refuses a second restaurant in the owner’s language', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const body = { name: 'Second', managerEmail: uniqueEmail('second'), reviewUrl: '' };
    const french = await agent.post('/api/onboarding', body);
    expect(french.status).toBe(409);
    expect((await french.json()).error.message).toBe(ACCOUNT_ERRORS.alreadyHasRestaurant);
    expect((await agent.patch('/api/me/language', { lang: 'en' })).status).toBe(200);
    const english = await agent.post('/api/onboarding', body);
    expect((await english.json()).error.message).toBe('A restaurant is already linked to this account.');
  });
});
