import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, redactSecrets } from '../../src/server/lib/runtime/logger';
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

/** The lines a logger of the app's factory writes while `write` runs, parsed. */
async function logLines(write: (logger: ReturnType<typeof createLogger>) => void): Promise<Array<Record<string, any>>> {
  let text = '';
  const lines = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  write(createLogger('info', lines));
  await new Promise((resolve) => setImmediate(resolve));
  return text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, any>);
}

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

  it("keeps an error's type, message, stack and fields, with the tokens in them redacted", async () => {
    const lines = await logLines((logger) => {
      const failure = Object.assign(new TypeError('fetch failed for /api/auth/reset-password/Tok3nT0k3n'), { code: 'E_TEST' });
      logger.error({ err: failure, path: '/api/x' }, 'unexpected error');
      // An error as the first argument: pino takes its message as the line's message.
      logger.error(failure);
      logger.warn({ err: new Error('outer', { cause: new Error('inner') }) }, 'wrapped');
    });
    expect(lines[0]).toMatchObject({ msg: 'unexpected error', path: '/api/x', err: { type: 'TypeError', code: 'E_TEST', message: 'fetch failed for /api/auth/reset-password/[redacted]' } });
    expect(lines[0].err.stack).toMatch(/^TypeError: fetch failed for \/api\/auth\/reset-password\/\[redacted\]\n\s+at /);
    expect(lines[1]).toMatchObject({ msg: 'fetch failed for /api/auth/reset-password/[redacted]', err: { type: 'TypeError' } });
    expect(lines[2].err.message).toContain('outer');
    expect(lines[2].err.stack).toContain('inner');
    expect(JSON.stringify(lines)).not.toContain('Tok3nT0k3n');
  });

  it('redacts passwords at any depth and credentials under headers, and keeps dates', async () => {
    const lines = await logLines((logger) => {
      logger.info({ password: 'p1', body: { user: { newPassword: 'p2' } }, headers: { Cookie: 'c=1', authorization: 'Bearer x', accept: '*/*' }, at: new Date(0) }, 'request body');
    });
    expect(lines[0]).toMatchObject({ password: '[redacted]', body: { user: { newPassword: '[redacted]' } }, headers: { Cookie: '[redacted]', authorization: '[redacted]', accept: '*/*' }, at: '1970-01-01T00:00:00.000Z' });
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
