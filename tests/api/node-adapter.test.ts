// The app behind Node's server adapter, as in production: the light request and answer paths the hot
// routes take there (bodies read straight from the socket, small JSON and the HTML written with plain
// headers) keep every contract the in-process tests check.
import type { ServerType } from '@hono/node-server';
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInOwner, createUser, TEST_PASSWORD } from '../support/factories';
import { listen } from '../support/listen';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';
import { createDinerRestaurant } from './diner-support';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Accents and an emoji: the page goes out as the file's bytes, its length counted in bytes.
const DINER_HTML = '<!doctype html><title>ReFeed — Donnez votre avis ✨</title><div id="diner"></div>';
let ctx: TestContext;
let url: string;
let server: ServerType;
beforeAll(async () => {
  ctx = await createTestContext();
  mkdirSync(ctx.dataDir, { recursive: true });
  writeFileSync(path.join(ctx.dataDir, 'diner.html'), DINER_HTML);
  ({ url, server } = await listen(ctx));
});
afterAll(async () => {
  server.close();
  await ctx.close();
});

/** A POST sent chunked, with no Content-Length (fetch always declares the length of a string body). */
function postChunked(pathname: string, body: string): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${url}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL, 'transfer-encoding': 'chunked' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, json: JSON.parse(Buffer.concat(chunks).toString()) }));
    });
    req.on('error', reject);
    for (let at = 0; at < body.length; at += 8192) req.write(body.slice(at, at + 8192));
    req.end();
  });
}

const TOO_LARGE = { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Requête trop volumineuse.' } };

describe("behind Node's server adapter", () => {
  it('records a submission read straight from the socket, answering plain JSON with its length and the diner cookie', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const response = await fetch(`${url}/api/public/feedbacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL, 'accept-encoding': 'gzip, br' },
      body: JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId: restaurant.id, rating: 5, comment: 'Très bon 🍷' }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ pointsAdded: expect.any(Number) });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(response.headers.get('set-cookie')).toMatch(/^rf_tid=[0-9a-f-]{36};/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers the public reads with no-store, their errors too', async () => {
    const { restaurant, mainQr } = await createDinerRestaurant(ctx);
    for (const pathname of [`/api/public/restaurants/${restaurant.id}`, `/api/public/qr/${mainQr.code}`]) {
      const response = await fetch(`${url}${pathname}`, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('cache-control'), pathname).toBe('no-store');
      expect(response.headers.get('content-type'), pathname).toBe('application/json');
      expect(Number(response.headers.get('content-length')), pathname).toBe(Buffer.byteLength(await response.text()));
    }
    const unknown = await fetch(`${url}/api/public/restaurants/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).toBe('no-store');
  });

  it("refuses a diner body over its 32 KB limit, declared or chunked, and an app body over 64 KB sent chunked", async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const big = JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId: restaurant.id, rating: 5, comment: 'a'.repeat(40 * 1024) });
    const declared = await fetch(`${url}/api/public/feedbacks`, { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL }, body: big });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual(TOO_LARGE);
    // Chunked: the app-level limit (64 KB) lets it through, the input guard reads it, the route's limit refuses it.
    expect(await postChunked('/api/public/feedbacks', big)).toEqual({ status: 413, json: TOO_LARGE });
    expect(await postChunked('/api/signup', JSON.stringify({ name: 'x'.repeat(100 * 1024) }))).toEqual({ status: 413, json: TOO_LARGE });
  });

  it('hands better-auth the body the input guard read: sign-in works, and a NUL in it is refused first', async () => {
    const user = await createUser(ctx);
    const headers = { 'content-type': 'application/json', origin: TEST_PUBLIC_URL };
    const signedIn = await fetch(`${url}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }) });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    expect(signedIn.headers.getSetCookie().some((cookie) => cookie.includes('session_token'))).toBe(true);
    const chunked = await postChunked('/api/auth/sign-in/email', JSON.stringify({ email: user.email, password: TEST_PASSWORD }));
    expect(chunked.status).toBe(200);
    const nul = await fetch(`${url}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email: `${user.email}\u0000`, password: TEST_PASSWORD }) });
    expect(nul.status).toBe(400);
  });

  it('gzips a large JSON answer and says it varies with Accept-Encoding; sends a small one plain', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const large = await fetch(`${url}/api/automations`, { headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(large.status).toBe(200);
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(large.headers.get('vary')).toMatch(/Accept-Encoding/);
    // fetch inflates it already; the raw bytes are checked through node:http below.
    expect(((await large.json()) as { automations: unknown[] }).automations).toHaveLength(6);
    const raw = await new Promise<Buffer>((resolve, reject) => {
      httpRequest(`${url}/api/automations`, { headers: { cookie, 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      }).on('error', reject).end();
    });
    expect(JSON.parse(gunzipSync(raw).toString()).automations).toHaveLength(6);
    const small = await fetch(`${url}/api/health`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('vary')).toBeNull();
  });

  it('serves the diner HTML with its type, no-cache and the security headers; 404 for an unknown restaurant', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const page = await fetch(`${url}/f/${restaurant.id}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(page.headers.get('content-length')).toBe(String(Buffer.byteLength(DINER_HTML)));
    expect(Buffer.from(await page.arrayBuffer()).equals(Buffer.from(DINER_HTML))).toBe(true);
    // The diner's language (decision 090): the answer says which, varies on what chose it, and a link's ?lang= is kept.
    expect(page.headers.get('content-language')).toBe('fr');
    expect(page.headers.get('vary')).toContain('Accept-Language');
    const german = await fetch(`${url}/f/${restaurant.id}`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    expect(german.headers.get('content-language')).toBe('de');
    expect(german.headers.get('set-cookie')).toBeNull();
    const italian = await fetch(`${url}/f/${restaurant.id}?lang=it`, { headers: { 'accept-language': 'de-DE', cookie: 'refeed_lang=en' } });
    expect(italian.headers.get('content-language')).toBe('it');
    expect(italian.headers.get('set-cookie')).toBe('refeed_lang=it; Path=/; Max-Age=31536000; SameSite=Lax');
    const remembered = await fetch(`${url}/f/${restaurant.id}`, { headers: { 'accept-language': 'de-DE', cookie: 'refeed_lang=es' } });
    expect(remembered.headers.get('content-language')).toBe('es');
    const unknown = await fetch(`${url}/f/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('text/html; charset=UTF-8');
  });
});
