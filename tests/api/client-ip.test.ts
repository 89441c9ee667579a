import { Writable } from 'node:stream';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../../src/server/lib/limits/rate-limit-rules';
import { isPrivateOrLoopback, UNDECLARED_PROXY_NOTICE } from '../../src/server/lib/http/client-ip';
import { ZSecurityCheckResponse } from '../../src/shared/schemas/security';
import { createSignedInOwner, createUser } from '../support/factories';
import { listen } from '../support/listen';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';


const signInFrom = (url: string, email: string, xff: string) =>
  fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    // The header our middleware uses to hand the IP to better-auth is forged too: it must be replaced.
    headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL, 'x-forwarded-for': xff, 'x-refeed-client-ip': xff.split(',')[0] },
    body: JSON.stringify({ email, password: 'Mauvais-mot-2-passe' }),
  });

/** Limits injected small (same rules otherwise), so each is reached in a few sign-ins. */
const SMALL_LIMITS = { ...AUTH_RATE_LIMITS, signInPerEmailAndIp: { ...AUTH_RATE_LIMITS.signInPerEmailAndIp, limit: 3 } };

describe('client IP without a trusted proxy (TRUST_PROXY=0)', () => {
  let ctx: TestContext;
  let url: string;
  let server: ServerType;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: '0' }, rateLimits: { auth: SMALL_LIMITS } });
    ({ url, server } = await listen(ctx));
  });
  afterAll(async () => {
    server.close();
    await ctx.close();
  });

  it('attack: a forged X-Forwarded-For (or x-refeed-client-ip) does not give a fresh rate-limit bucket', async () => {
    const member = await createUser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i <= SMALL_LIMITS.signInPerEmailAndIp.limit; i++) {
      statuses.push((await signInFrom(url, member.email, `198.51.100.${i}`)).status);
    }
    // Every attempt came from 127.0.0.1 whatever the header said: the pair limit applies.
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('client IP behind one proxy (TRUST_PROXY=1)', () => {
  let ctx: TestContext;
  let url: string;
  let server: ServerType;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: '1' } });
    ({ url, server } = await listen(ctx));
  });
  afterAll(async () => {
    server.close();
    await ctx.close();
  });

  it('uses the rightmost X-Forwarded-For entry, the one the proxy appended', async () => {
    const member = await createUser(ctx);
    for (let i = 0; i < AUTH_RATE_LIMITS.signInPerEmailAndIp.limit; i++) {
      // The client forges the left part; the proxy appended 192.0.2.7.
      expect((await signInFrom(url, member.email, `10.9.8.${i}, 192.0.2.7`)).status).toBe(401);
    }
    expect((await signInFrom(url, member.email, '1.1.1.1, 192.0.2.7')).status).toBe(429);
    // Another client behind the same proxy has its own bucket.
    expect((await signInFrom(url, member.email, '192.0.2.8')).status).toBe(401);
  });
});

describe('per-IP limits for the developer on loopback', () => {
  for (const [nodeEnv, limited] of [['development', false], ['test', true]] as const) {
    it(`${limited ? 'apply' : 'do not apply'} to a loopback caller in ${nodeEnv}`, async () => {
      // A small per-IP limit injected (same rule otherwise), so it is reached in a few sign-ins.
      const signInPerIp = { ...AUTH_RATE_LIMITS.signInPerIp, limit: 3 };
      const ctx = await createTestContext({ env: { TRUST_PROXY: '0', NODE_ENV: nodeEnv }, rateLimits: { auth: { ...AUTH_RATE_LIMITS, signInPerIp } } });
      const { url, server } = await listen(ctx);
      try {
        const statuses: number[] = [];
        for (let i = 0; i <= signInPerIp.limit; i++) {
          statuses.push((await signInFrom(url, `nobody-${i}-${crypto.randomUUID()}@example.fr`, '203.0.113.1')).status);
        }
        expect(statuses.at(-1)).toBe(limited ? 429 : 401);
      } finally {
        server.close();
        await ctx.close();
      }
    });
  }
});

/** The app's warn lines about an undeclared proxy, read from its log. */
function proxyWarnings(log: string): Array<{ level: number; msg: string }> {
  return log
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.msg.includes('TRUST_PROXY=0'));
}

describe('a proxy in front of the server that TRUST_PROXY does not declare', () => {
  for (const [trustProxy, warned] of [['0', true], ['1', false]] as const) {
    it(`${warned ? 'is said once in the log (warn) and on /security' : 'is not reported'} with TRUST_PROXY=${trustProxy} in production`, async () => {
      let log = '';
      const sink = new Writable({
        write(chunk, _encoding, done) {
          log += chunk.toString();
          done();
        },
      });
      const ctx = await createTestContext({ env: { TRUST_PROXY: trustProxy, NODE_ENV: 'production', MAIL_MODE: 'outbox', LOG_LEVEL: 'warn' }, logDestination: sink });
      const { url, server } = await listen(ctx);
      try {
        const { agent, restaurant } = await createSignedInOwner(ctx);
        const notices = async () => ZSecurityCheckResponse.parse(await (await agent.post('/api/security/check')).json()).notices;
        // Before any such request: nothing to say.
        expect(await notices()).toEqual([]);
        // The proxy (here on loopback, like a balancer on a private network) forwards diners with X-Forwarded-For.
        for (const forwarded of ['10.0.0.8', '192.168.1.20, 172.16.0.3', '203.0.113.9']) {
          expect((await fetch(`${url}/api/public/restaurants/${restaurant.id}`, { headers: { 'x-forwarded-for': forwarded } })).status).toBe(200);
        }
        const warnings = proxyWarnings(log);
        if (warned) {
          expect(warnings).toHaveLength(1);
          expect(warnings[0].level).toBe(40);
          const result = ZSecurityCheckResponse.parse(await (await agent.post('/api/security/check')).json());
          expect(result.notices).toEqual([{ id: 'undeclared-proxy', ...UNDECLARED_PROXY_NOTICE }]);
          expect(UNDECLARED_PROXY_NOTICE.title).toMatch(/^Proxy non déclaré : /);
          expect(UNDECLARED_PROXY_NOTICE.detail).toContain('TRUST_PROXY=1');
          // A notice beside the five checks: the score is still theirs alone.
          expect(result.checks).toHaveLength(5);
        } else {
          expect(warnings).toEqual([]);
          expect(await notices()).toEqual([]);
        }
      } finally {
        server.close();
        await ctx.close();
      }
    }, 60_000);
  }

  it('attack: a client on the internet cannot raise it by writing X-Forwarded-For (only a private or loopback peer can)', () => {
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.1', '192.168.0.1', '100.64.0.1', 'fd00::1', 'fe80::1']) {
      expect(isPrivateOrLoopback(peer), peer).toBe(true);
    }
    for (const peer of ['203.0.113.9', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2001:db8::1', '11.0.0.1']) {
      expect(isPrivateOrLoopback(peer), peer).toBe(false);
    }
  });
});
