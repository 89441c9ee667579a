// Contract of the session reader (src/server/auth/session-reader.ts, decision 010) with better-auth 1.7.25
// (pinned exactly in package.json): the reader re-implements better-auth's signed-cookie check and its
// refresh rule, so it must agree with better-auth itself on every cookie better-auth signs, on every
// altered one, on an expired session and on the refresh boundary. A better-auth upgrade that changes its
// cookie format, its signature check or its context fields makes these tests fail.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../src/server/db/schema';
import { createSessionReader } from '../../src/server/auth/session-reader';
import { verifySignedToken } from '../../src/server/platform';
import { createRestaurant, createUser, TEST_PASSWORD } from '../support/factories';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';

let ctx: TestContext;
let cookieName: string;
beforeAll(async () => {
  ctx = await createTestContext({ startWorkers: false });
  cookieName = (await ctx.deps.auth.$context).authCookies.sessionToken.name;
});
afterAll(async () => {
  await ctx.close();
});

/** Signs in through better-auth's own handler; returns the cookies it set, as a browser would send them back. */
async function signInWithBetterAuth(options: { rememberMe?: boolean } = {}) {
  const user = await createUser(ctx);
  await createRestaurant(ctx, { ownerId: user.id });
  const response = await ctx.deps.auth.handler(
    new Request(`${TEST_PUBLIC_URL}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD, ...options }),
    }),
  );
  expect(response.status, await response.clone().text()).toBe(200);
  const cookies = new Map(
    response.headers.getSetCookie().map((line) => {
      const pair = line.split(';')[0];
      return [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const;
    }),
  );
  expect(cookies.get(cookieName), 'better-auth sets its session cookie').toBeTruthy();
  return { user, cookies };
}

const headersWith = (cookies: Map<string, string>) => new Headers({ cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') });

/** What the reader and better-auth's getSession each make of the same request: the user and session token, or null. */
async function bothRead(headers: Headers) {
  const read = await createSessionReader(ctx.deps)(headers);
  const found = await ctx.deps.auth.api.getSession({ headers });
  return {
    reader: read && read.user,
    betterAuth: found && { id: found.user.id, email: found.user.email, name: found.user.name, emailVerified: found.user.emailVerified, lang: found.user.lang },
    token: found?.session.token ?? null,
  };
}

describe('the session reader against better-auth', () => {
  it('relies on better-auth context fields that still exist with their types', async () => {
    const context = await ctx.deps.auth.$context;
    expect(typeof context.secret).toBe('string');
    expect(typeof context.authCookies.sessionToken.name).toBe('string');
    expect(typeof context.authCookies.dontRememberToken.name).toBe('string');
    expect(typeof context.sessionConfig.expiresIn).toBe('number');
    expect(typeof context.sessionConfig.updateAge).toBe('number');
  });

  it('accepts a cookie better-auth signed and reads the same user and session as getSession', async () => {
    const { user, cookies } = await signInWithBetterAuth();
    const { reader, betterAuth, token } = await bothRead(headersWith(cookies));
    expect(betterAuth).toMatchObject({ id: user.id, email: user.email });
    expect(reader).toEqual(betterAuth);
    const secret = (await ctx.deps.auth.$context).secret;
    expect(verifySignedToken(cookies.get(cookieName)!, secret)).toBe(token);
    const [row] = await ctx.db.select().from(session).where(eq(session.token, token!));
    expect(row.userId).toBe(user.id);
  });

  it("agrees on a 'don't remember me' session (better-auth's extra cookie)", async () => {
    const { cookies } = await signInWithBetterAuth({ rememberMe: false });
    expect(cookies.size).toBeGreaterThan(1);
    const { reader, betterAuth } = await bothRead(headersWith(cookies));
    expect(betterAuth).not.toBeNull();
    expect(reader).toEqual(betterAuth);
  });

  it('refuses every altered cookie that better-auth refuses, and accepts none that it refuses', async () => {
    const { cookies } = await signInWithBetterAuth();
    const signed = decodeURIComponent(cookies.get(cookieName)!);
    const dot = signed.lastIndexOf('.');
    const [token, signature] = [signed.slice(0, dot), signed.slice(dot + 1)];
    const otherSignature = signature[0] === 'A' ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const otherToken = token[0] === 'a' ? `b${token.slice(1)}` : `a${token.slice(1)}`;
    const base64url = signature.replaceAll('+', '-').replaceAll('/', '_');
    const variants: Record<string, string> = {
      'signature altered': encodeURIComponent(`${token}.${otherSignature}`),
      'token altered, signature kept': encodeURIComponent(`${otherToken}.${signature}`),
      'no signature': encodeURIComponent(token),
      'empty signature': encodeURIComponent(`${token}.`),
      'signature without its padding': encodeURIComponent(`${token}.${signature.replace(/=+$/, '')}`),
      'signature in base64url': encodeURIComponent(`${token}.${base64url === signature ? `${signature.slice(0, 42)}-=` : base64url}`),
      'signature with a space': encodeURIComponent(`${token}.${signature.slice(0, 20)} ${signature.slice(20)}`),
      'signature doubled': encodeURIComponent(`${token}.${signature}${signature}`),
      'token only, raw': token,
      'malformed escape': '%E0%A4%A',
    };
    for (const [name, value] of Object.entries(variants)) {
      const { reader, betterAuth } = await bothRead(headersWith(new Map([[cookieName, value]])));
      expect(betterAuth, name).toBeNull();
      expect(reader, name).toBeNull();
    }
    // The same signed value sent unencoded (as some clients do) or in quotes: each side as the other.
    for (const value of [signed, `"${cookies.get(cookieName)!}"`]) {
      const { reader, betterAuth } = await bothRead(headersWith(new Map([[cookieName, value]])));
      expect(reader, value).toEqual(betterAuth);
    }
  });

  it('agrees on an expired session: both refuse it', async () => {
    const { cookies } = await signInWithBetterAuth();
    const headers = headersWith(cookies);
    const { token } = await bothRead(headers);
    await ctx.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.token, token!));
    const read = await createSessionReader(ctx.deps)(headers);
    const found = await ctx.deps.auth.api.getSession({ headers });
    expect(read).toBeNull();
    expect(found).toBeNull();
  });

  it("draws the refresh line where better-auth does: just before it neither extends, just after both do", async () => {
    const { expiresIn, updateAge } = (await ctx.deps.auth.$context).sessionConfig;
    // The reader reads a session itself until expiresAt - expiresIn + updateAge, then hands it to getSession to extend.
    const refreshLine = (offsetMs: number) => new Date(Date.now() + expiresIn * 1000 - updateAge * 1000 + offsetMs);
    for (const [offset, extended] of [
      [5 * 60_000, false],
      [-5 * 60_000, true],
    ] as const) {
      const { cookies } = await signInWithBetterAuth();
      const headers = headersWith(cookies);
      const { token } = await bothRead(headers);
      const expiresAt = refreshLine(offset);
      await ctx.db.update(session).set({ expiresAt }).where(eq(session.token, token!));
      // better-auth alone: does it extend the session at this age?
      expect(await ctx.deps.auth.api.getSession({ headers })).not.toBeNull();
      const [afterBetterAuth] = await ctx.db.select().from(session).where(eq(session.token, token!));
      expect(afterBetterAuth.expiresAt.getTime() > expiresAt.getTime(), `better-auth at ${offset} ms from the line`).toBe(extended);
      // The reader alone, on the same age: it extends (through better-auth) exactly when better-auth does.
      await ctx.db.update(session).set({ expiresAt }).where(eq(session.token, token!));
      expect(await createSessionReader(ctx.deps)(headers)).not.toBeNull();
      const [afterReader] = await ctx.db.select().from(session).where(eq(session.token, token!));
      expect(afterReader.expiresAt.getTime() > expiresAt.getTime(), `reader at ${offset} ms from the line`).toBe(extended);
    }
  });
});
