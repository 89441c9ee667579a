import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodes } from '../../src/server/db/schema';
import { unprintableMessage } from '../../src/shared/rules/printable-text';
import { createRestaurant, createSignedInAdmin, createSignedInOwner, createUser, signIn, TEST_PASSWORD, uniqueEmail } from '../support/factories';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const INVALID = { error: { code: 'BAD_REQUEST', message: 'Requête invalide' } };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // A minimal client build so the HTML fallback answers (its status is what these tests look at).
  mkdirSync(ctx.dataDir, { recursive: true });
  writeFileSync(path.join(ctx.dataDir, 'index.html'), '<!doctype html><title>ReFeed</title><div id="root"></div>');
  writeFileSync(path.join(ctx.dataDir, 'diner.html'), '<!doctype html><title>ReFeed</title><div id="diner"></div>');
});
afterAll(async () => {
  await ctx.close();
});

/** A body bigger than the limit, streamed without a Content-Length (the server cannot trust one anyway). */
function hugeStream(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

describe('body size', () => {
  it('attack: huge bodies to sign-up, sign-in and an admin route answer 413 before being buffered', async () => {
    const { agent: admin } = await createSignedInAdmin(ctx);
    const restaurant = await createRestaurant(ctx);
    for (const [pathname, agent] of [
      ['/api/signup', ctx.agent()],
      ['/api/auth/sign-in/email', ctx.agent()],
      [`/api/admin/organisations/${restaurant.organisationId}/notes`, admin],
    ] as const) {
      const response = await agent.request(pathname, {
        method: pathname.includes('notes') ? 'PATCH' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: hugeStream(200 * 1024 * 1024),
        duplex: 'half',
      } as RequestInit);
      expect(response.status, pathname).toBe(413);
      expect(await response.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Requête trop volumineuse.' } });
    }
    // A body announced small but sent big is cut at the limit too.
    const lying = await ctx.agent().request('/api/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '10' },
      body: 'x'.repeat(100 * 1024),
    });
    expect([400, 413]).toContain(lying.status);
  });
});

describe('NUL bytes and lone surrogates', () => {
  it('attack: U+0000 and lone surrogates anywhere answer the French 400, never 500', async () => {
    const { agent: admin } = await createSignedInAdmin(ctx);
    const owner = await createSignedInOwner(ctx);
    const restaurant = await createRestaurant(ctx);
    const user = await createUser(ctx);
    const signedIn = await signIn(ctx, user.email);
    const cases: Array<[string, () => Promise<Response>]> = [
      ['admin notes', () => admin.patch(`/api/admin/organisations/${restaurant.organisationId}/notes`, { notes: 'a\u0000b' })],
      ['admin reason', () => admin.post(`/api/admin/organisations/${restaurant.organisationId}/reject`, { reason: 'Raison trop \u0000 courte mais longue' })],
      ['add-admin email', () => admin.post('/api/admin/admins', { email: 'x\u0000@refeed.fr' })],
      ['?q=%00', () => admin.get('/api/admin/organisations?q=%00')],
      ['QR label', () => owner.agent.post('/api/qr', { tableLabel: 'Table\u0000 1' })],
      ['QR label lone surrogate', () => owner.agent.post('/api/qr', { tableLabel: 'Table \ud800' })],
      ['onboarding', () => signedIn.post('/api/onboarding', { name: 'Chez\u0000Nul', contactEmail: user.email })],
      ['sign-up name', () => ctx.agent().post('/api/signup', { firstName: 'A\u0000', email: uniqueEmail(), password: TEST_PASSWORD })],
      ['update-user', () => signedIn.post('/api/auth/update-user', { name: 'Nul\u0000' })],
      ['update-user null name', () => signedIn.post('/api/auth/update-user', { name: null })],
      ['reset-password token', () => ctx.agent().post('/api/auth/reset-password', { token: 'abc\u0000', newPassword: 'Un-nouveau-secret-9' })],
      ['magic-link verify', () => ctx.agent().get('/api/auth/magic-link/verify?token=%00')],
      ['escaped NUL in JSON', () => ctx.agent().request('/api/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"a\\u0000@b.fr"}' })],
      ['escaped lone surrogate in JSON', () => ctx.agent().request('/api/public/feedbacks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"comment":"\\udc00"}' })],
      ['dev mailbox', () => ctx.agent().get('/dev/mailbox?to=%00')],
      ['bad percent escape', () => ctx.agent().get('/api/admin/organisations?q=%E0%A4%A')],
    ];
    for (const [name, send] of cases) {
      const response = await send();
      expect(response.status, name).toBe(400);
      // better-auth's own errors are { code, message }; ours are { error: { code, message } }.
      const body = (await response.json()) as { error?: { message: string }; message?: string };
      expect(body.error?.message ?? body.message, name).toBe(INVALID.error.message);
    }
  });

  it('answers 404 for storage keys that do not decode or are too long', async () => {
    expect((await ctx.agent().get('/storage/%ED%A0%80')).status).toBe(404);
    expect((await ctx.agent().get(`/storage/qr/${'a'.repeat(256)}.png`)).status).toBe(404);
    expect((await ctx.agent().get('/storage/qr/%00.png')).status).toBe(404);
  });

  it('keeps well-formed text in any script the cards print, and refuses an emoji a card cannot print, in French', async () => {
    const owner = await createSignedInOwner(ctx);
    const label = 'Terrasse été · Phở · Łódź · Ελλάδα';
    const response = await owner.agent.post('/api/qr', { tableLabel: label });
    expect(response.status).toBe(201);
    const { qrCode } = (await response.json()) as { qrCode: { id: string } };
    const id = qrCode.id;
    const [row] = await ctx.db.select().from(qrCodes).where(eq(qrCodes.id, id));
    expect(row.tableLabel).toBe(label);
    // Well-formed, but the printed table card has no glyph for it (decision 076): a 400 naming it, not a 500.
    const emoji = await owner.agent.post('/api/qr', { tableLabel: 'Terrasse 🌞 été' });
    expect(emoji.status).toBe(400);
    expect(((await emoji.json()) as { error: { message: string } }).error.message).toBe(unprintableMessage('Le label', 'Terrasse 🌞 été'));
  });
});

describe('body types', () => {
  /** JSON-like types: every one is read as JSON by some route (Hono's validator, better-auth), so every one is checked. */
  const JSON_LIKE = ['application/json', 'application/vnd.api+json', 'application/merge-patch+json', 'application/json-patch+json', 'application/problem+json; charset=utf-8', 'APPLICATION/VND.API+JSON'];
  const TEXT_LIKE = ['application/x-www-form-urlencoded', 'text/plain;charset=UTF-8', 'text/html'];
  /** No route reads these: a body of such a type is refused whole. */
  const OTHER = ['application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream', 'image/png', 'application/jsonx', null];
  const UNSTORABLE_PAYLOADS: Array<[string, string]> = [
    ['raw NUL', '{"email":"a\u0000@b.fr","firstName":"Nul\u0000","comment":"x\u0000"}'.replace(/\\u0000/g, '\u0000')],
    ['escaped NUL', '{"email":"a\\u0000@b.fr","firstName":"A\\u0000","comment":"\\u0000"}'],
    ['escaped lone surrogate', '{"comment":"\\ud800","firstName":"\\udc00x","name":"\\ud800"}'],
    ['lone surrogate in a key', '{"\\udc00":"x"}'],
  ];

  it('attack: NUL and broken Unicode under every JSON-like, form or text type answer 400, any other body type 415, never 500 (fuzz)', async () => {
    const owner = await createSignedInOwner(ctx);
    const member = await createUser(ctx);
    const signedIn = await signIn(ctx, member.email);
    const targets: Array<[string, string, ReturnType<typeof ctx.agent>]> = [
      ['POST', '/api/signup', ctx.agent()],
      ['POST', '/api/auth/sign-up/email', ctx.agent()],
      ['POST', '/api/auth/sign-in/email', ctx.agent()],
      ['POST', '/api/public/feedbacks', ctx.agent()],
      ['POST', '/api/public/link-email', ctx.agent()],
      ['POST', '/api/onboarding', signedIn],
      ['POST', '/api/qr', owner.agent],
      ['PUT', '/api/review-link', owner.agent],
    ];
    const payloads: Array<[string, string]> = [...UNSTORABLE_PAYLOADS, ['form with %00', 'email=a%00%40b.fr&name=%00'], ['form with a lone surrogate', 'name=%ED%A0%80']];
    const outcomes: Array<{ case: string; status: number }> = [];
    for (const [method, pathname, agent] of targets) {
      for (const type of [...JSON_LIKE, ...TEXT_LIKE, ...OTHER]) {
        for (const [name, body] of payloads) {
          const headers: Record<string, string> = type ? { 'content-type': type } : {};
          const init: RequestInit = { method, headers, body: type ? body : new TextEncoder().encode(body) };
          const response = await agent.request(pathname, init);
          await response.arrayBuffer();
          outcomes.push({ case: `${method} ${pathname} as ${type ?? '(no type)'}: ${name}`, status: response.status });
        }
      }
    }
    const serverErrors = outcomes.filter((outcome) => outcome.status >= 500);
    console.log(`body-type fuzz: ${outcomes.length} requests, ${serverErrors.length} × 5xx`);
    expect(serverErrors).toEqual([]);
    for (const outcome of outcomes) {
      const [, type, payload] = /as (.*): (.*)$/.exec(outcome.case)!;
      const expected = OTHER.includes(type === '(no type)' ? null : type)
        ? 415
        : (JSON_LIKE.includes(type) && UNSTORABLE_PAYLOADS.some(([name]) => name === payload)) ||
            (TEXT_LIKE.includes(type) && payload === 'raw NUL') ||
            (type === 'application/x-www-form-urlencoded' && payload === 'form with %00')
          ? 400
          : undefined;
      // Otherwise the text is storable as it is (an escape is only text outside JSON, a form payload is malformed JSON): the route answers, never a 5xx.
      if (expected !== undefined) expect(outcome.status, outcome.case).toBe(expected);
    }
  }, 180_000);

  it('answers 415 in French for a body no route reads, lets an empty body of any type and a clean JSON-like body through', async () => {
    const refused = await ctx.agent().request('/api/public/feedbacks', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<rating>5</rating>' });
    expect(refused.status).toBe(415);
    expect(await refused.json()).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Type de contenu non pris en charge : envoyez les données en JSON.' } });
    // An empty body is no body, whatever its declared type: the route answers (here its validator's 400), not the guard.
    const empty = await ctx.agent().request('/api/public/feedbacks', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.code).not.toBe('UNSUPPORTED_MEDIA_TYPE');
    // Clean JSON under a JSON-like type still reaches the route.
    const restaurant = await createRestaurant(ctx, { status: 'approved' });
    const ok = await ctx.agent().request('/api/public/feedbacks', {
      method: 'POST',
      headers: { 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId: restaurant.id, rating: 5, comment: 'Très bon 🍷' }),
    });
    expect(ok.status).toBe(200);
  });
});

describe('answers', () => {
  it('answers 404 for paths the app does not know, 200 for its pages', async () => {
    const restaurant = await createRestaurant(ctx, { status: 'approved' });
    const [mainQr] = await ctx.db.select().from(qrCodes).where(eq(qrCodes.restaurantId, restaurant.id));
    const expectations: Array<[string, number]> = [
      ['/nope', 404],
      ['/wp-login.php/x', 404],
      ['/dashboard/extra', 404],
      ['/', 200],
      ['/login', 200],
      ['/admin/restaurants/abc', 200],
      [`/f/${crypto.randomUUID()}`, 404],
      ['/f/not-a-uuid', 404],
      ['/r/unknown', 404],
      [`/f/${restaurant.id}`, 200],
      ...(mainQr ? ([[`/r/${mainQr.code}`, 200]] as Array<[string, number]>) : []),
    ];
    for (const [pathname, status] of expectations) {
      const response = await ctx.agent().get(pathname);
      expect(response.status, pathname).toBe(status);
      expect(response.headers.get('content-type'), pathname).toContain('text/html');
    }
  });

  it('sends Permissions-Policy on every response', async () => {
    for (const pathname of ['/', '/api/health', '/nope']) {
      const policy = (await ctx.agent().get(pathname)).headers.get('permissions-policy') ?? '';
      expect(policy, pathname).toContain('camera=(self)');
      expect(policy, pathname).toContain('geolocation=()');
      expect(policy, pathname).toContain('microphone=()');
    }
  });

  it('keeps every API answer out of caches (no-store), pages and a route with its own Cache-Control aside', async () => {
    const { agent: owner } = await createSignedInOwner(ctx);
    const answers = [
      await owner.get('/api/me'),
      await owner.get('/api/dashboard'),
      await owner.get('/api/customers'),
      await owner.get('/api/auth/get-session'),
      await ctx.agent().get('/api/health'),
      await ctx.agent().get('/api/nothing-here'),
      await ctx.agent().get('/api/me'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 404, 401]);
    for (const answer of answers) expect(answer.headers.get('cache-control'), answer.url).toBe('no-store');
    // The API reference page sets its own (no-cache): kept, not merged.
    expect((await ctx.agent().get('/api/v1/docs')).headers.get('cache-control')).toBe('no-cache');
    // A page is not an API answer: the HTML fallback keeps its no-cache.
    expect((await ctx.agent().get('/login')).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers forgot-password in French, the same for a known and an unknown email', async () => {
    const user = await createUser(ctx);
    const known = await ctx.agent().post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const unknown = await ctx.agent().post('/api/auth/request-password-reset', { email: uniqueEmail('nobody'), redirectTo: '/reset-password' });
    const expected = { status: true, message: 'Si un compte existe avec cet email, vous recevrez un lien de réinitialisation.' };
    expect(await known.json()).toEqual(expected);
    expect(await unknown.json()).toEqual(expected);
    expect(TEST_PUBLIC_URL).toBeTruthy();
  });
});
