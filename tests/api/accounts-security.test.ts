import { eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '../../src/server/lib/http/client-ip';
import { createAuth } from '../../src/server/auth/auth';
import { account, rateLimit, user, verification } from '../../src/server/db/schema';
import { AUTH_RATE_LIMITS } from '../../src/server/lib/limits/rate-limit-rules';
import { clock } from '../../src/server/lib/runtime/clock';
import { createUser, signIn, TEST_PASSWORD, uniqueEmail } from '../support/factories';
import { createTestContext, findLinkInMail, TEST_PUBLIC_URL, type TestAgent, type TestContext } from '../support/test-app';

/** Small limits injected into the app, so each limit is reached in a few requests (same names and windows as production). */
const LIMITS = {
  ...AUTH_RATE_LIMITS,
  signInPerIp: { ...AUTH_RATE_LIMITS.signInPerIp, limit: 6 },
  signInPerEmailAndIp: { ...AUTH_RATE_LIMITS.signInPerEmailAndIp, limit: 3 },
  magicLinkPerIp: { ...AUTH_RATE_LIMITS.magicLinkPerIp, limit: 4 },
  magicLinkPerEmail: { ...AUTH_RATE_LIMITS.magicLinkPerEmail, limit: 2 },
  resetRequestPerIp: { ...AUTH_RATE_LIMITS.resetRequestPerIp, limit: 4 },
  resetRequestPerEmail: { ...AUTH_RATE_LIMITS.resetRequestPerEmail, limit: 3 },
  signUpPerIp: { ...AUTH_RATE_LIMITS.signUpPerIp, limit: 3 },
  signUpPerEmail: { ...AUTH_RATE_LIMITS.signUpPerEmail, limit: 3 },
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: { auth: LIMITS } });
});
afterEach(() => {
  clock.reset();
});
afterAll(async () => {
  await ctx.close();
});

const RATE_LIMITED = 'Trop de tentatives. Veuillez réessayer dans quelques minutes.';
let ipCounter = 10;
/** A fresh client address per test, so counters of one test never touch another. */
const freshIp = () => `203.0.113.${ipCounter++}`;
const fromIp = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

async function requestResetLink(email: string, agent: TestAgent = ctx.agent()): Promise<string> {
  const before = (await ctx.mails(email)).length;
  expect((await agent.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password?type=recovery' })).status).toBe(200);
  const mails = await ctx.waitForMails(email, before + 1);
  return findLinkInMail(mails[0].html, '/api/auth/reset-password/');
}

/** Follows the emailed reset link to the page it redirects to and returns the token it carries. */
async function tokenFromResetLink(link: string): Promise<string> {
  const response = await ctx.agent().get(link);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!, TEST_PUBLIC_URL);
  expect(location.pathname).toBe('/reset-password');
  expect(location.searchParams.get('type')).toBe('recovery');
  return location.searchParams.get('token')!;
}

async function requestMagicLink(email: string): Promise<string> {
  const response = await ctx.agent().post('/api/auth/sign-in/magic-link', { email, callbackURL: '/dashboard', newUserCallbackURL: '/onboarding', errorCallbackURL: '/login' });
  expect(response.status).toBe(200);
  const [mail] = await ctx.waitForMails(email, 1);
  return findLinkInMail(mail.html, '/api/auth/magic-link/verify');
}

describe('password sign-in', () => {
  it('answers the spec messages for a wrong password and an unconfirmed email', async () => {
    const member = await createUser(ctx);
    const wrong = await ctx.agent().post('/api/auth/sign-in/email', { email: member.email, password: 'Mauvais-mot-2-passe' });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe('Email ou mot de passe incorrect.');
    const unconfirmed = await createUser(ctx, { verified: false });
    const held = await ctx.agent().post('/api/auth/sign-in/email', { email: unconfirmed.email, password: TEST_PASSWORD });
    expect(held.status).toBe(403);
    expect((await held.json()).message).toBe('Veuillez confirmer votre adresse email avant de vous connecter.');
  });

  it('sets an HttpOnly, SameSite=Lax session cookie and a new session id at every sign-in', async () => {
    const member = await createUser(ctx);
    const agent = ctx.agent();
    const first = await agent.post('/api/auth/sign-in/email', { email: member.email, password: TEST_PASSWORD });
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    const firstToken = agent.cookies.get('better-auth.session_token');
    await agent.post('/api/auth/sign-in/email', { email: member.email, password: TEST_PASSWORD });
    expect(agent.cookies.get('better-auth.session_token')).not.toBe(firstToken);
  });

  it('marks the session cookie Secure in production', async () => {
    const member = await createUser(ctx);
    const productionAuth = createAuth({ env: { ...ctx.deps.env, NODE_ENV: 'production' }, db: ctx.db, boss: ctx.deps.boss, logger: ctx.deps.logger });
    const response = await productionAuth.handler(
      new Request(`${TEST_PUBLIC_URL}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL, 'x-forwarded-for': freshIp() },
        body: JSON.stringify({ email: member.email, password: TEST_PASSWORD }),
      }),
    );
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token='))!;
    expect(cookie).toMatch(/^__Secure-/);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses a direct better-auth sign-up over HTTP (restaurants sign up through /api/signup)', async () => {
    const response = await ctx.agent().post('/api/auth/sign-up/email', { email: uniqueEmail(), password: TEST_PASSWORD, name: 'X' });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe('Créez votre compte depuis la page d’inscription.');
  });
});

describe('the password policy on every password change', () => {
  it('applies on reset, accepts 128 characters and refuses 129', async () => {
    const member = await createUser(ctx);
    const token = await tokenFromResetLink(await requestResetLink(member.email));
    const weak = await ctx.agent().post('/api/auth/reset-password', { token, newPassword: 'motdepasse-sans-maj-1' });
    expect(weak.status).toBe(400);
    expect((await weak.json()).message).toBe('Le mot de passe doit contenir au moins une majuscule');
    const tooLong = await ctx.agent().post('/api/auth/reset-password', { token, newPassword: `Aa1!${'x'.repeat(125)}` });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).message).toBe('Le mot de passe doit contenir au plus 128 caractères');
    const longest = `Aa1!${'x'.repeat(124)}`;
    expect((await ctx.agent().post('/api/auth/reset-password', { token, newPassword: longest })).status).toBe(200);
    await signIn(ctx, member.email, longest);
  });

  it('ends the user’s other sessions on change-password, keeping the caller signed in', async () => {
    const member = await createUser(ctx);
    const other = await signIn(ctx, member.email);
    const agent = await signIn(ctx, member.email);
    const newPassword = 'Nouveau-mot-de-passe-9';
    // Even when the caller asks to keep them.
    const response = await agent.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword, revokeOtherSessions: false });
    expect(response.status).toBe(200);
    expect(await (await other.get('/api/auth/get-session')).json()).toBeNull();
    expect((await (await agent.get('/api/auth/get-session')).json()).user.email).toBe(member.email);
    await signIn(ctx, member.email, newPassword);
  });

  it('applies on change-password and set-password', async () => {
    const member = await createUser(ctx);
    const agent = await signIn(ctx, member.email);
    const change = await agent.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'Sans-chiffre-ici' });
    expect(change.status).toBe(400);
    expect((await change.json()).message).toBe('Le mot de passe doit contenir au moins un chiffre');
    const headers = new Headers({ cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });
    await expect(ctx.deps.auth.api.setPassword({ body: { newPassword: 'court' }, headers })).rejects.toThrow('Le mot de passe doit contenir au moins 12 caractères');
  });

  it('applies to server-side sign-ups too', async () => {
    await expect(ctx.deps.auth.api.signUpEmail({ body: { email: uniqueEmail(), password: 'SansSpecial123', name: 'X' } })).rejects.toThrow(
      'Le mot de passe doit contenir au moins un caractère spécial',
    );
  });
});

describe('reset links', () => {
  it('expire within one hour, work once and end the user’s other sessions', async () => {
    const member = await createUser(ctx);
    const other = await signIn(ctx, member.email);
    expect(await (await other.get('/api/auth/get-session')).json()).not.toBeNull();
    const token = await tokenFromResetLink(await requestResetLink(member.email));
    const [row] = await ctx.db.select().from(verification).where(eq(verification.identifier, `reset-password:${token}`));
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(55 * 60 * 1000);

    const newPassword = 'Nouveau-mot-de-passe-7';
    expect((await ctx.agent().post('/api/auth/reset-password', { token, newPassword })).status).toBe(200);
    expect(await (await other.get('/api/auth/get-session')).json()).toBeNull();
    const reuse = await ctx.agent().post('/api/auth/reset-password', { token, newPassword: 'Encore-un-autre-8' });
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).message).toBe('Lien invalide ou expiré');
    await signIn(ctx, member.email, newPassword);
    expect((await ctx.agent().post('/api/auth/sign-in/email', { email: member.email, password: TEST_PASSWORD })).status).toBe(401);
  });

  it('refuse an expired link', async () => {
    const member = await createUser(ctx);
    const link = await requestResetLink(member.email);
    const token = link.split('/reset-password/')[1].split('?')[0];
    await ctx.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verification.identifier, `reset-password:${token}`));
    const redirect = await ctx.agent().get(link);
    expect(new URL(redirect.headers.get('location')!, TEST_PUBLIC_URL).searchParams.get('error')).toBe('INVALID_TOKEN');
    const response = await ctx.agent().post('/api/auth/reset-password', { token, newPassword: 'Nouveau-mot-de-passe-7' });
    expect(response.status).toBe(400);
  });
});

describe('magic links', () => {
  it('expire within 15 minutes and sign in only once', async () => {
    const member = await createUser(ctx);
    const link = await requestMagicLink(member.email);
    const token = new URL(link).searchParams.get('token')!;
    const [row] = await ctx.db.select().from(verification).where(eq(verification.identifier, `magic-link:${token}`));
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000);

    const agent = ctx.agent();
    const first = await agent.get(link);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(`${TEST_PUBLIC_URL}/dashboard`);
    expect((await (await agent.get('/api/auth/get-session')).json()).user.email).toBe(member.email);

    const thief = ctx.agent();
    const second = await thief.get(link);
    expect(new URL(second.headers.get('location')!).searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(await (await thief.get('/api/auth/get-session')).json()).toBeNull();
  });

  it('refuse an expired link', async () => {
    const member = await createUser(ctx);
    const link = await requestMagicLink(member.email);
    await ctx.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verification.identifier, `magic-link:${new URL(link).searchParams.get('token')}`));
    const agent = ctx.agent();
    const response = await agent.get(link);
    expect(new URL(response.headers.get('location')!).pathname).toBe('/login');
    expect(await (await agent.get('/api/auth/get-session')).json()).toBeNull();
  });

  it('drop a password set before the email was proven (anti-takeover)', async () => {
    const victim = uniqueEmail('victim');
    await ctx.deps.auth.api.signUpEmail({ body: { email: victim, password: 'Mot-de-passe-pirate-1', name: 'Pirate' } });
    const link = await requestMagicLink(victim);
    const response = await ctx.agent().get(link);
    expect(response.status).toBe(302);
    const [found] = await ctx.db.select().from(user).where(eq(user.email, victim));
    expect(found.emailVerified).toBe(true);
    expect(await ctx.db.select().from(account).where(eq(account.userId, found.id))).toHaveLength(0);
    expect((await ctx.agent().post('/api/auth/sign-in/email', { email: victim, password: 'Mot-de-passe-pirate-1' })).status).toBe(401);
  });

  it('to an address with no account: the same answer on screen, no mail, and no account is ever created', async () => {
    const stranger = uniqueEmail('stranger');
    const response = await ctx.agent().post('/api/auth/sign-in/magic-link', { email: stranger, callbackURL: '/dashboard', newUserCallbackURL: '/onboarding', errorCallbackURL: '/login' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });
    await ctx.waitForIdleQueue();
    expect(await ctx.mails(stranger)).toHaveLength(0);
    expect(await ctx.db.select().from(user).where(eq(user.email, stranger))).toHaveLength(0);

    // A link made for an account deleted since does not bring it back as a new, verified account.
    const member = await createUser(ctx);
    const link = await requestMagicLink(member.email);
    await ctx.db.delete(user).where(eq(user.id, member.id));
    const opened = await ctx.agent().get(link);
    expect(opened.status).toBe(302);
    expect(new URL(opened.headers.get('location')!).pathname).toBe('/login');
    expect(await ctx.db.select().from(user).where(eq(user.email, member.email))).toHaveLength(0);
  });
});

describe('answers that reveal nothing about accounts', () => {
  it('gives the same forgot-password answer for a known and an unknown email', async () => {
    const member = await createUser(ctx);
    const known = await ctx.agent().post('/api/auth/request-password-reset', { email: member.email, redirectTo: '/reset-password' });
    const unknown = await ctx.agent().post('/api/auth/request-password-reset', { email: uniqueEmail('nobody'), redirectTo: '/reset-password' });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
  });

  it('gives the same magic-link answer for a known and an unknown email', async () => {
    const member = await createUser(ctx);
    const known = await ctx.agent().post('/api/auth/sign-in/magic-link', { email: member.email, callbackURL: '/dashboard' });
    const unknown = await ctx.agent().post('/api/auth/sign-in/magic-link', { email: uniqueEmail('nobody'), callbackURL: '/dashboard' });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
  });
});

describe('rate limits (counted in the database)', () => {
  async function expectLimited(response: Response) {
    expect(response.status).toBe(429);
    const body = await response.json();
    expect(body.message ?? body.error?.message).toBe(RATE_LIMITED);
    expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  }

  it('limits password sign-in per IP', async () => {
    const ip = freshIp();
    const { limit: max } = LIMITS.signInPerIp;
    for (let i = 0; i < max; i++) {
      const response = await ctx.agent().post('/api/auth/sign-in/email', { email: uniqueEmail('guess'), password: 'Nimporte-quoi-1' }, fromIp(ip));
      expect(response.status).toBe(401);
    }
    await expectLimited(await ctx.agent().post('/api/auth/sign-in/email', { email: uniqueEmail('guess'), password: 'Nimporte-quoi-1' }, fromIp(ip)));
    // Another address is not affected, and the window ends.
    expect((await ctx.agent().post('/api/auth/sign-in/email', { email: uniqueEmail('guess'), password: 'Nimporte-quoi-1' }, fromIp(freshIp()))).status).toBe(401);
    clock.advance(LIMITS.signInPerIp.windowSeconds * 1000);
    expect((await ctx.agent().post('/api/auth/sign-in/email', { email: uniqueEmail('guess'), password: 'Nimporte-quoi-1' }, fromIp(ip))).status).toBe(401);
  });

  it('limits password guesses per (email, IP) pair, even with the right password afterwards', async () => {
    const member = await createUser(ctx);
    const attacker = freshIp();
    for (let i = 0; i < LIMITS.signInPerEmailAndIp.limit; i++) {
      expect((await ctx.agent().post('/api/auth/sign-in/email', { email: member.email, password: `Mauvais-essai-${i}` }, fromIp(attacker))).status).toBe(401);
    }
    await expectLimited(await ctx.agent().post('/api/auth/sign-in/email', { email: member.email, password: TEST_PASSWORD }, fromIp(attacker)));
    // A successful sign-in clears its pair's count: the owner signs in again and again.
    const owner = freshIp();
    for (let i = 0; i < LIMITS.signInPerEmailAndIp.limit + 1; i++) {
      expect((await ctx.agent().post('/api/auth/sign-in/email', { email: member.email, password: TEST_PASSWORD }, fromIp(owner))).status).toBe(200);
    }
  });

  it('attack: guessing the sign-up password on the confirmation page is limited like password sign-in', async () => {
    const member = await createUser(ctx, { email: uniqueEmail('confirm-guess'), verified: false });
    expect((await ctx.agent().post('/api/auth/send-verification-email', { email: member.email, callbackURL: '/dashboard' })).status).toBe(200);
    const [mail] = await ctx.waitForMails(member.email, 1);
    const opened = await ctx.agent().get(findLinkInMail(mail.html, '/api/auth/verify-email'));
    const token = new URL(opened.headers.get('location')!, TEST_PUBLIC_URL).searchParams.get('token');
    const attacker = freshIp();
    for (let i = 0; i < LIMITS.signInPerEmailAndIp.limit; i++) {
      expect((await ctx.agent().post('/api/confirm-email', { token, password: `Mauvais-essai-${i}` }, fromIp(attacker))).status).toBe(400);
    }
    await expectLimited(await ctx.agent().post('/api/confirm-email', { token, password: TEST_PASSWORD }, fromIp(attacker)));
    // Guesses from one address do not lock the owner out from theirs.
    expect((await ctx.agent().post('/api/confirm-email', { token, password: TEST_PASSWORD }, fromIp(freshIp()))).status).toBe(200);
  });

  it('attack: wrong passwords from another IP do not lock the owner out', async () => {
    const member = await createUser(ctx);
    for (let i = 0; i < LIMITS.signInPerEmailAndIp.limit + 5; i++) {
      await ctx.agent().post('/api/auth/sign-in/email', { email: member.email, password: `Mauvais-essai-${i}` }, fromIp(freshIp()));
    }
    const fromOwner = await ctx.agent().post('/api/auth/sign-in/email', { email: member.email, password: TEST_PASSWORD }, fromIp(freshIp()));
    expect(fromOwner.status).toBe(200);
  });

  it('attack: 40 parallel wrong passwords get at most the limit of real password checks', async () => {
    const member = await createUser(ctx);
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => ctx.agent().post('/api/auth/sign-in/email', { email: member.email, password: `Mauvais-essai-${i}` }, fromIp(ip))),
    );
    const checked = answers.filter((response) => response.status === 401).length;
    const limited = answers.filter((response) => response.status === 429).length;
    // Every attempt is counted before the password is checked: exactly `limit` reach the check.
    expect(checked).toBe(LIMITS.signInPerEmailAndIp.limit);
    expect(limited).toBe(40 - LIMITS.signInPerEmailAndIp.limit);
  });

  it('limits magic links per email and per IP', async () => {
    const { email } = await createUser(ctx, { email: uniqueEmail('magic') });
    for (let i = 0; i < LIMITS.magicLinkPerEmail.limit; i++) {
      expect((await ctx.agent().post('/api/auth/sign-in/magic-link', { email, callbackURL: '/dashboard' }, fromIp(freshIp()))).status).toBe(200);
    }
    await expectLimited(await ctx.agent().post('/api/auth/sign-in/magic-link', { email, callbackURL: '/dashboard' }, fromIp(freshIp())));
    await ctx.waitForIdleQueue();
    expect(await ctx.mails(email)).toHaveLength(LIMITS.magicLinkPerEmail.limit);

    const ip = freshIp();
    for (let i = 0; i < LIMITS.magicLinkPerIp.limit; i++) {
      expect((await ctx.agent().post('/api/auth/sign-in/magic-link', { email: uniqueEmail('m'), callbackURL: '/dashboard' }, fromIp(ip))).status).toBe(200);
    }
    await expectLimited(await ctx.agent().post('/api/auth/sign-in/magic-link', { email: uniqueEmail('m'), callbackURL: '/dashboard' }, fromIp(ip)));
  });

  it('limits password-reset requests per email and per IP', async () => {
    const member = await createUser(ctx);
    for (let i = 0; i < LIMITS.resetRequestPerEmail.limit; i++) {
      expect((await ctx.agent().post('/api/auth/request-password-reset', { email: member.email, redirectTo: '/reset-password' }, fromIp(freshIp()))).status).toBe(200);
    }
    await expectLimited(await ctx.agent().post('/api/auth/request-password-reset', { email: member.email, redirectTo: '/reset-password' }, fromIp(freshIp())));
    const ip = freshIp();
    for (let i = 0; i < LIMITS.resetRequestPerIp.limit; i++) {
      expect((await ctx.agent().post('/api/auth/request-password-reset', { email: uniqueEmail('r'), redirectTo: '/reset-password' }, fromIp(ip))).status).toBe(200);
    }
    await expectLimited(await ctx.agent().post('/api/auth/request-password-reset', { email: uniqueEmail('r'), redirectTo: '/reset-password' }, fromIp(ip)));
  });

  it('limits sign-up per email and per IP', async () => {
    const body = {
      restaurantName: 'Le Limité',
      siren: '552100554',
      firstName: 'Léa',
      lastName: 'Martin',
      phone: '0612345678',
      password: TEST_PASSWORD,
      passwordConfirmation: TEST_PASSWORD,
      acceptTerms: true,
    };
    const email = uniqueEmail('twice');
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.signUpPerEmail.limit; i++) statuses.push((await ctx.agent().post('/api/signup', { ...body, email }, fromIp(freshIp()))).status);
    // An address that has an account gets the answer of a fresh sign-up (no enumeration), counted all the same.
    expect(statuses).toEqual(Array(LIMITS.signUpPerEmail.limit).fill(201));
    const limited = await ctx.agent().post('/api/signup', { ...body, email }, fromIp(freshIp()));
    expect(limited.status).toBe(429);
    expect((await limited.json()).error).toEqual({ code: 'RATE_LIMITED', message: RATE_LIMITED });
    // Every 429 says when to come back (the app's onError sets it, for this route as for the others).
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);

    const ip = freshIp();
    for (let i = 0; i < LIMITS.signUpPerIp.limit; i++) {
      expect((await ctx.agent().post('/api/signup', { ...body, email: uniqueEmail('ip') }, fromIp(ip))).status).toBe(201);
    }
    expect((await ctx.agent().post('/api/signup', { ...body, email: uniqueEmail('ip') }, fromIp(ip))).status).toBe(429);
  });

  it('keeps the counters in the database, so a second server instance sees them', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.magicLinkPerIp.limit; i++) {
      await ctx.agent().post('/api/auth/sign-in/magic-link', { email: uniqueEmail('x'), callbackURL: '/dashboard' }, fromIp(ip));
    }
    expect((await ctx.db.select().from(rateLimit).where(like(rateLimit.key, 'rl:%'))).length).toBeGreaterThan(0);
    const secondInstance = createAuth({ env: ctx.deps.env, db: ctx.db, boss: ctx.deps.boss, logger: ctx.deps.logger, rateLimits: LIMITS });
    const response = await secondInstance.handler(
      new Request(`${TEST_PUBLIC_URL}/api/auth/sign-in/magic-link`, {
        method: 'POST',
        // The second instance's middleware would stamp the same client IP (lib/client-ip).
        headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL, [CLIENT_IP_HEADER]: ip },
        body: JSON.stringify({ email: uniqueEmail('x'), callbackURL: '/dashboard' }),
      }),
    );
    expect(response.status).toBe(429);
    // Emails and addresses are not stored in clear.
    const keys = (await ctx.db.execute(sql`select key from rate_limits`)) as unknown as { rows: Array<{ key: string }> };
    expect(keys.rows.some((row) => row.key.includes(ip) || row.key.includes('@'))).toBe(false);
  });
});
