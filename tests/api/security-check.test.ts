import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodes } from '../../src/server/db/schema';
import { createInProcessRequest, loadProbeContext, runSecurityProbes } from '../../src/server/features/security/security.service';
import type { ProbeContext, ProbeRequest } from '../../src/server/features/security/security-probes';
import type { TQrCode } from '../../src/shared/schemas/qr';
import { computeSecurityScore, SECURITY_CHECK_IDS, SECURITY_DOCUMENT_URL, ZSecurityCheckResponse, type TSecurityCheckId, type TSecurityCheckResponse } from '../../src/shared/schemas/security';
import { createSignedInOwner } from '../support/factories';
import { createTestContext, TEST_PUBLIC_URL, type TestAgent, type TestContext } from '../support/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  // The test app serves its client from the data folder: a page, so GET / answers 200 HTML as in production.
  writeFileSync(path.join(ctx.dataDir, 'index.html'), '<!doctype html><html lang="fr"><title>ReFeed</title><div id="root"></div></html>');
});
afterAll(async () => {
  await ctx.close();
});

async function createQr(agent: TestAgent, tableLabel: string): Promise<TQrCode> {
  const response = await agent.post('/api/qr', { tableLabel });
  expect(response.status).toBe(201);
  return ((await response.json()) as { qrCode: TQrCode }).qrCode;
}

const cookieHeader = (agent: TestAgent) => [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** An owner with a QR code, and another restaurant with one (the foreign row the isolation probe asks for). */
async function ownerWithNeighbour() {
  const mine = await createSignedInOwner(ctx, { restaurantName: 'Chez Moi' });
  const ownQr = await createQr(mine.agent, 'Table 1');
  const theirs = await createSignedInOwner(ctx, { restaurantName: 'Chez Eux' });
  const foreignQr = await createQr(theirs.agent, 'Salon privé');
  return { mine, ownQr, theirs, foreignQr };
}

/** The probes' request bound to the real app, exactly as the route binds it. */
const realRequest = (): ProbeRequest => createInProcessRequest((input, init) => ctx.app.request(input, init), { publicUrl: TEST_PUBLIC_URL });

/** The real app with one control switched off: `tamper` may replace the answer to a request. */
function withControlOff(tamper: (path: string, init: RequestInit, real: () => Promise<Response>) => Promise<Response | undefined>): ProbeRequest {
  const request = realRequest();
  return async (target, init = {}) => (await tamper(target, init, () => request(target, init))) ?? request(target, init);
}

async function probeContext(agent: TestAgent, restaurantId: string, overrides: Partial<ProbeContext> = {}): Promise<ProbeContext> {
  return { ...(await loadProbeContext(ctx.db, { restaurantId, ownerCookie: cookieHeader(agent), publicUrl: TEST_PUBLIC_URL })), ...overrides };
}

const statusOf = (result: TSecurityCheckResponse, id: TSecurityCheckId) => result.checks.find((check) => check.id === id)!.status;

/** Only `id` is not a pass; the score says four out of five. */
function expectOnly(result: TSecurityCheckResponse, id: TSecurityCheckId, status: 'fail' | 'warn') {
  expect(Object.fromEntries(result.checks.map((check) => [check.id, check.status]))).toEqual(
    Object.fromEntries(SECURITY_CHECK_IDS.map((checkId) => [checkId, checkId === id ? status : 'pass'])),
  );
  expect(result.score).toBe(80);
}

/** A JSON answer like `response` with `change` applied to its body. */
async function rewriteJson(response: Response, change: (body: Record<string, unknown>) => Record<string, unknown>): Promise<Response> {
  const body = (await response.json()) as Record<string, unknown>;
  return new Response(JSON.stringify(change(body)), { status: response.status, headers: response.headers });
}

describe('POST /api/security/check', () => {
  it('on the real server the five probes pass and the score is 100', async () => {
    const { mine } = await ownerWithNeighbour();
    const response = await mine.agent.post('/api/security/check');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const result = ZSecurityCheckResponse.parse(await response.json());
    expect(result.checks.map((check) => [check.id, check.status])).toEqual(SECURITY_CHECK_IDS.map((id) => [id, 'pass']));
    expect(result.score).toBe(100);
    expect(result.checks[0].label).toBe('Vos données ne sont visibles que par vous');
    // Said in an owner's words, not a developer's (issue #53).
    for (const check of result.checks) expect(`${check.label} ${check.detail}`).not.toMatch(/row-level|endpoint|nosniff|SECURITY\.md|JSON|\(40\d\)/i);
    // A real row of the other restaurant was asked for (not a random id), and the QR lookup was checked.
    expect(result.checks[0].detail).toContain('autre restaurant restent inaccessibles');
    expect(result.checks[1].detail).toContain('lecture d’un QR code');
    for (const check of result.checks) expect(check.detail.length).toBeGreaterThan(10);
  });

  it('answers 401 without a session and 403 to an owner whose restaurant is not approved', async () => {
    const anonymous = await ctx.agent().post('/api/security/check');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Vous devez être connecté.' } });
    const pending = await createSignedInOwner(ctx, { status: 'pending' });
    expect((await pending.agent.post('/api/security/check')).status).toBe(403);
  });

  it('attack: running the check in a loop is rate-limited (10 per 10 minutes per user)', async () => {
    const { agent } = await createSignedInOwner(ctx);
    for (let run = 0; run < 10; run++) expect((await agent.post('/api/security/check')).status).toBe(200);
    const limited = await agent.post('/api/security/check');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another owner still has their own runs.
    expect((await (await createSignedInOwner(ctx)).agent.post('/api/security/check')).status).toBe(200);
  });

  it('serves SECURITY.md read-only to owners', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const response = await agent.get(SECURITY_DOCUMENT_URL);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    expect(await response.text()).toContain('# Security controls');
    expect((await ctx.agent().get('/api/security/document')).status).toBe(401);
  });
});

describe('each probe fails when its control is off', () => {
  it('all five pass against the untouched app (the baseline of the cases below)', async () => {
    const { mine } = await ownerWithNeighbour();
    const result = await runSecurityProbes(realRequest(), await probeContext(mine.agent, mine.restaurant.id));
    expect(result.score).toBe(100);
  });

  it('tenant isolation: the owner list returns a row of another restaurant', async () => {
    const { mine, foreignQr } = await ownerWithNeighbour();
    const leaky = withControlOff(async (target, _init, real) =>
      target === '/api/qr' ? rewriteJson(await real(), (body) => ({ ...body, qrCodes: [...(body.qrCodes as TQrCode[]), foreignQr] })) : undefined,
    );
    const result = await runSecurityProbes(leaky, await probeContext(mine.agent, mine.restaurant.id));
    expectOnly(result, 'tenant-isolation', 'fail');
    expect(result.checks[0].detail).toContain('1 élément(s) d’un autre restaurant');
  });

  it('tenant isolation: another restaurant’s QR id is served by id', async () => {
    const { mine } = await ownerWithNeighbour();
    let askedFor = '';
    const leaky = withControlOff(async (target) => {
      if (!target.startsWith('/api/qr/cards.pdf')) return undefined;
      askedFor = target;
      return new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } });
    });
    expectOnly(await runSecurityProbes(leaky, await probeContext(mine.agent, mine.restaurant.id)), 'tenant-isolation', 'fail');
    // The probe asked for a real row of another restaurant.
    const askedId = new URL(askedFor, TEST_PUBLIC_URL).searchParams.get('ids')!;
    const [row] = await ctx.db.select({ restaurantId: qrCodes.restaurantId }).from(qrCodes).where(eq(qrCodes.id, askedId));
    expect(row.restaurantId).not.toBe(mine.restaurant.id);
  });

  it('tenant isolation: with no other restaurant, a random id must still be refused', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const context = await probeContext(agent, restaurant.id, { foreignQrId: null });
    const result = await runSecurityProbes(realRequest(), context);
    expect(statusOf(result, 'tenant-isolation')).toBe('pass');
    expect(result.checks[0].detail).toContain('Aucun autre restaurant');
    const served = withControlOff(async (target) => (target.startsWith('/api/qr/cards.pdf') ? new Response('%PDF', { status: 200 }) : undefined));
    expect(statusOf(await runSecurityProbes(served, context), 'tenant-isolation')).toBe('fail');
  });

  it('public data: the public restaurant answer carries the contact email', async () => {
    const { mine } = await ownerWithNeighbour();
    const leaky = withControlOff(async (target, _init, real) =>
      target.startsWith('/api/public/restaurants/') ? rewriteJson(await real(), (body) => ({ ...body, contactEmail: mine.owner.email })) : undefined,
    );
    const result = await runSecurityProbes(leaky, await probeContext(mine.agent, mine.restaurant.id));
    expectOnly(result, 'public-data', 'fail');
    expect(result.checks[1].detail).toContain('contactEmail');
  });

  it('public data: a phone number or the SIRET hidden under an innocent key, or a user id in the QR lookup', async () => {
    const { mine } = await ownerWithNeighbour();
    const context = await probeContext(mine.agent, mine.restaurant.id);
    const leaks: Array<(body: Record<string, unknown>) => Record<string, unknown>> = [
      (body) => ({ ...body, contact: 'Réservations au 06 12 34 56 78' }),
      (body) => ({ ...body, legal: `Société immatriculée ${mine.restaurant.siret}` }),
      (body) => ({ ...body, restaurant: { ...(body.restaurant as object), ownerUserId: mine.owner.id } }),
    ];
    for (const [index, leak] of leaks.entries()) {
      const prefix = index === 2 ? '/api/public/qr/' : '/api/public/restaurants/';
      const leaky = withControlOff(async (target, _init, real) => (target.startsWith(prefix) ? rewriteJson(await real(), leak) : undefined));
      expectOnly(await runSecurityProbes(leaky, context), 'public-data', 'fail');
    }
  });

  it('protected email function: the resend-verification endpoint answers 200 without a session', async () => {
    const { mine } = await ownerWithNeighbour();
    const open = withControlOff(async (target, init) => {
      if (target !== '/api/me/resend-verification') return undefined;
      // The probe sends no cookie: the mail endpoint is called as an anonymous visitor.
      expect(new Headers(init.headers).get('cookie')).toBeNull();
      return Response.json({ ok: true });
    });
    const result = await runSecurityProbes(open, await probeContext(mine.agent, mine.restaurant.id));
    expectOnly(result, 'email-function', 'fail');
    expect(result.checks[2].detail).toContain('200');
  });

  it('security headers: the page is served without its security headers', async () => {
    const { mine } = await ownerWithNeighbour();
    const bare = withControlOff(async (target, _init, real) => {
      if (target !== '/') return undefined;
      const response = await real();
      const headers = new Headers(response.headers);
      for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy']) headers.delete(name);
      return new Response(null, { status: response.status, headers });
    });
    const result = await runSecurityProbes(bare, await probeContext(mine.agent, mine.restaurant.id));
    expectOnly(result, 'security-headers', 'fail');
    expect(result.checks[3].detail).toContain('Content-Security-Policy');
  });

  it('security headers: only X-Frame-Options missing is still protected by frame-ancestors; nosniff missing fails', async () => {
    const { mine } = await ownerWithNeighbour();
    const context = await probeContext(mine.agent, mine.restaurant.id);
    const without = (name: string) =>
      withControlOff(async (target, _init, real) => {
        if (target !== '/') return undefined;
        const response = await real();
        const headers = new Headers(response.headers);
        headers.delete(name);
        return new Response(null, { status: response.status, headers });
      });
    expect(statusOf(await runSecurityProbes(without('x-frame-options'), context), 'security-headers')).toBe('pass');
    expect(statusOf(await runSecurityProbes(without('x-content-type-options'), context), 'security-headers')).toBe('fail');
  });

  it('security headers: HSTS is required when the public URL is https, and plain http on a public host is a warning', async () => {
    const { mine } = await ownerWithNeighbour();
    // This test server sends no HSTS (it is not production).
    const https = await runSecurityProbes(realRequest(), await probeContext(mine.agent, mine.restaurant.id, { publicUrl: 'https://app.refeed.fr' }));
    expectOnly(https, 'security-headers', 'fail');
    expect(https.checks[3].detail).toContain('Strict-Transport-Security');
    const plainHttp = await runSecurityProbes(realRequest(), await probeContext(mine.agent, mine.restaurant.id, { publicUrl: 'http://app.refeed.fr' }));
    expectOnly(plainHttp, 'security-headers', 'warn');
  });

  it('input validation: the malformed payload is accepted (2xx) or crashes the server (500)', async () => {
    const { mine } = await ownerWithNeighbour();
    const context = await probeContext(mine.agent, mine.restaurant.id);
    for (const status of [201, 500]) {
      const lax = withControlOff(async (target, init) => (target === '/api/public/feedbacks' && init.method === 'POST' ? Response.json({ pointsAdded: 1 }, { status }) : undefined));
      const result = await runSecurityProbes(lax, context);
      expectOnly(result, 'input-validation', 'fail');
      expect(result.checks[4].detail).toContain(String(status));
    }
  });

  it('input validation: a refusal in English instead of the product’s French message is a warning', async () => {
    const { mine } = await ownerWithNeighbour();
    const english = withControlOff(async (target) =>
      target === '/api/public/feedbacks' ? Response.json({ error: { code: 'BAD_REQUEST', message: 'Malformed JSON in request body' } }, { status: 400 }) : undefined,
    );
    expectOnly(await runSecurityProbes(english, await probeContext(mine.agent, mine.restaurant.id)), 'input-validation', 'warn');
  });

  it('only the isolation probe carries the owner’s cookie', async () => {
    const { mine } = await ownerWithNeighbour();
    const seen: Array<{ target: string; cookie: boolean }> = [];
    const spy = withControlOff(async (target, init) => {
      seen.push({ target, cookie: new Headers(init.headers).has('cookie') });
      return undefined;
    });
    expect((await runSecurityProbes(spy, await probeContext(mine.agent, mine.restaurant.id))).score).toBe(100);
    expect(seen.filter((entry) => entry.cookie).map((entry) => entry.target.split('?')[0]).sort()).toEqual(['/api/qr', '/api/qr/cards.pdf']);
    expect(seen.length).toBeGreaterThanOrEqual(8);
  });

  it('a probe that does not answer in time is a warning, and the others still count', async () => {
    const { mine } = await ownerWithNeighbour();
    const stuck = withControlOff(async (target) => (target === '/' ? new Promise<Response>(() => undefined) : undefined));
    const result = await runSecurityProbes(stuck, await probeContext(mine.agent, mine.restaurant.id), { timeoutMs: 1_500 });
    expectOnly(result, 'security-headers', 'warn');
    expect(result.checks[3].detail).toContain('n’a pas abouti');
  });
});

describe('security score', () => {
  it('is the share of passed checks out of five, as an integer percentage; a warning is not a pass', () => {
    expect(computeSecurityScore(['pass', 'pass', 'pass', 'pass', 'pass'])).toBe(100);
    expect(computeSecurityScore(['pass', 'pass', 'pass', 'pass', 'warn'])).toBe(80);
    expect(computeSecurityScore(['pass', 'warn', 'pass', 'fail', 'pass'])).toBe(60);
    expect(computeSecurityScore(['fail', 'fail', 'fail', 'fail', 'fail'])).toBe(0);
    expect(computeSecurityScore([])).toBe(0);
  });
});
