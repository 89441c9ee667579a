import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactSecrets } from '../../src/server/lib/logger';
import { createUser, TEST_PASSWORD, uniqueEmail } from '../support/factories';
import { createTestContext, findLinkInMail, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';

/** Every line the app logs, as text. */
let captured = '';
const sink = new Writable({
  write(chunk, _encoding, done) {
    captured += chunk.toString();
    done();
  },
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { LOG_LEVEL: 'debug' }, logDestination: sink });
});
afterAll(async () => {
  await ctx.close();
});

const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

describe('secrets in logs', () => {
  it('attack: reading the logs does not give the password-reset token', async () => {
    const member = await createUser(ctx);
    await ctx.agent().post('/api/auth/request-password-reset', { email: member.email, redirectTo: '/reset-password?type=recovery' });
    const [mail] = await ctx.waitForMails(member.email, 1);
    const link = findLinkInMail(mail.html, '/api/auth/reset-password/');
    const token = link.split('/reset-password/')[1].split('?')[0];
    expect(token.length).toBeGreaterThan(10);

    const redirect = await ctx.agent().get(pathOf(link));
    expect(redirect.status).toBe(302);
    const reset = await ctx.agent().post('/api/auth/reset-password', { token, newPassword: 'Un-nouveau-secret-9' });
    expect(reset.status).toBe(200);
    // A malformed request with the token in the query fails and is logged as well.
    await ctx.agent().get(`/api/nope?token=${token}`);

    expect(captured).toContain('/api/auth/reset-password/');
    expect(captured).not.toContain(token);
  });

  it('attack: reading the logs does not give magic-link or verification tokens', async () => {
    const member = await createUser(ctx);
    await ctx.agent().post('/api/auth/sign-in/magic-link', { email: member.email, callbackURL: '/dashboard' });
    const [magicMail] = await ctx.waitForMails(member.email, 1);
    const magicLink = findLinkInMail(magicMail.html, '/api/auth/magic-link/verify');
    const magicToken = new URL(magicLink).searchParams.get('token')!;
    await ctx.agent().get(pathOf(magicLink));

    const unverified = await createUser(ctx, { email: uniqueEmail('unverified'), verified: false });
    await ctx.agent().post('/api/auth/send-verification-email', { email: unverified.email, callbackURL: '/dashboard' });
    const [verifyMail] = await ctx.waitForMails(unverified.email, 1);
    const verifyLink = findLinkInMail(verifyMail.html, '/api/auth/verify-email');
    const verifyToken = new URL(verifyLink).searchParams.get('token')!;
    await ctx.agent().get(pathOf(verifyLink));

    expect(captured).toContain('/api/auth/magic-link/verify');
    expect(captured).toContain('/api/auth/verify-email');
    expect(captured).not.toContain(magicToken);
    expect(captured).not.toContain(verifyToken);
    expect(captured).not.toContain(TEST_PASSWORD);
  });

  it('logs each API call once, under its request id, and pages not at all', async () => {
    captured = '';
    const api = await ctx.agent().get('/api/health', { headers: { 'x-request-id': 'log-check-api' } });
    expect(api.status).toBe(200);
    const page = await ctx.agent().get('/robots.txt', { headers: { 'x-request-id': 'log-check-page' } });
    expect(page.status).toBe(200);

    const lines = captured.trim().split('\n').map((line) => JSON.parse(line) as { msg: string; requestId?: string; path?: string; status?: number });
    const calls = lines.filter((line) => line.msg === 'request');
    expect(calls).toEqual([expect.objectContaining({ requestId: 'log-check-api', path: '/api/health', status: 200 })]);
    expect(lines.some((line) => line.requestId === 'log-check-page')).toBe(false);
  });

  it('redacts token-bearing paths and queries in any text, keeping ids readable', () => {
    const id = '0b9e6a3c-8a51-4c1e-9f55-6f1f0c2b7a10';
    expect(redactSecrets('/api/auth/reset-password/AbCdEf123?callbackURL=%2Freset-password')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=[redacted]',
    );
    expect(redactSecrets(`${TEST_PUBLIC_URL}/f/${id}?link=zzz&qr=${id}`)).toBe(`${TEST_PUBLIC_URL}/f/${id}?link=[redacted]&qr=${id}`);
    expect(redactSecrets('GET /unsubscribe/eyJhbGciOiJIUzI1NiJ9.payload')).toBe('GET /unsubscribe/[redacted]');
    expect(redactSecrets(`POST /u/${id}.abcDEF_123-xyz`)).toBe('POST /u/[redacted]');
    expect(redactSecrets(`/x/${'a'.repeat(40)}`)).toBe('/x/[redacted]');
  });
});
