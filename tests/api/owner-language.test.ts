// The language of the owner's product (issue #53, decision 097): stored per user from the sign-up page,
// changed with PATCH /api/me/language, said by /api/me, and the language of the API's messages.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../src/server/db/schema';
import { SIGNUP_MESSAGES } from '../../src/shared/schemas/accounts';
import { createSignedInOwner, uniqueEmail } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const PASSWORD = 'A-solid-password-42';
const signupBody = (lang?: string) => ({
  restaurantName: 'Le Comptoir',
  siren: '732829320',
  firstName: 'Alice',
  lastName: 'Martin',
  email: uniqueEmail('lang'),
  phone: '06 12 34 56 78',
  password: PASSWORD,
  passwordConfirmation: PASSWORD,
  acceptTerms: true,
  ...(lang ? { lang } : {}),
});

describe('the owner’s language (issue #53)', () => {
  it('is the sign-up page’s language: English from the English page, French otherwise', async () => {
    for (const [lang, stored] of [['en', 'en'], [undefined, 'fr'], ['fr', 'fr']] as const) {
      const body = signupBody(lang);
      const response = await ctx.agent().post('/api/signup', body);
      expect(response.status).toBe(201);
      const [row] = await ctx.db.select({ lang: user.lang }).from(user).where(eq(user.email, body.email));
      expect(row.lang).toBe(stored);
    }
  });

  it('a sign-up in another language is refused with the request message, and nothing is created', async () => {
    const body = signupBody('de');
    const response = await ctx.agent().post('/api/signup', body);
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('Requête invalide');
    expect(await ctx.db.select().from(user).where(eq(user.email, body.email))).toEqual([]);
  });

  it('is said by /api/me, changed by PATCH /api/me/language, and the next reads say the new one', async () => {
    const { agent } = await createSignedInOwner(ctx);
    expect((await (await agent.get('/api/me')).json()).user.lang).toBe('fr');
    const changed = await agent.patch('/api/me/language', { lang: 'en' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ lang: 'en' });
    expect((await (await agent.get('/api/me')).json()).user.lang).toBe('en');
    // Back to French.
    expect((await agent.patch('/api/me/language', { lang: 'fr' })).status).toBe(200);
    expect((await (await agent.get('/api/me')).json()).user.lang).toBe('fr');
  });

  it('the API answers an English owner in English and a French owner in the spec’s French, whatever the browser says', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const french = await agent.patch('/api/me/language', { lang: 'de' }, { headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(french.status).toBe(400);
    expect((await french.json()).error.message).toBe('Requête invalide');
    await agent.patch('/api/me/language', { lang: 'en' });
    const english = await agent.patch('/api/me/language', { lang: 'de' });
    expect(english.status).toBe(400);
    expect((await english.json()).error.message).toBe('Invalid request');
  });

  it('signed out, the page’s language (Accept-Language) picks the messages: the English sign-up page gets English', async () => {
    const body = { ...signupBody(), phone: '12' };
    const english = await ctx.agent().post('/api/signup', body, { headers: { 'accept-language': 'en-GB,en;q=0.9,fr;q=0.5' } });
    expect(english.status).toBe(400);
    expect((await english.json()).error.message).toBe(SIGNUP_MESSAGES.en.frenchPhone);
    const french = await ctx.agent().post('/api/signup', body, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect((await french.json()).error.message).toBe(SIGNUP_MESSAGES.fr.frenchPhone);
    expect((await (await ctx.agent().post('/api/signup', body)).json()).error.message).toBe(SIGNUP_MESSAGES.fr.frenchPhone);
  });

  it('changing the language needs a session', async () => {
    expect((await ctx.agent().patch('/api/me/language', { lang: 'en' })).status).toBe(401);
  });
});
