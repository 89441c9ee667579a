import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerenderSitePages } from '../../src/client/site/prerender';
import { SITE_PAGES_DIR } from '../../src/shared/site-meta';
import { METHOD_NOT_ALLOWED_MESSAGE } from '../../src/server/lib/http/wrong-method';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';

// HTTP as clients expect it (issue 51): 405 with Allow for a known path and a wrong method, 304 for an
// unchanged site page, Vary on every negotiated asset.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  mkdirSync(path.join(ctx.dataDir, SITE_PAGES_DIR), { recursive: true });
  writeFileSync(path.join(ctx.dataDir, 'index.html'), '<!doctype html><html lang="fr"><head><title>ReFeed</title></head><body><div id="root"></div></body></html>');
  const pages = prerenderSitePages(readFileSync(path.resolve(import.meta.dirname, '../../site.html'), 'utf8'));
  for (const [file, html] of Object.entries(pages)) writeFileSync(path.join(ctx.dataDir, SITE_PAGES_DIR, file), html);
  // A built asset with its precompressed siblings, and one without.
  mkdirSync(path.join(ctx.dataDir, 'assets'), { recursive: true });
  writeFileSync(path.join(ctx.dataDir, 'assets/app-abc123.js'), 'console.log("app");\n'.repeat(50));
  writeFileSync(path.join(ctx.dataDir, 'assets/app-abc123.js.br'), 'br');
  writeFileSync(path.join(ctx.dataDir, 'assets/app-abc123.js.gz'), 'gz');
  writeFileSync(path.join(ctx.dataDir, 'assets/lone-abc123.js'), 'console.log("lone");');
});
afterAll(async () => {
  await ctx.close();
});

const request = (pathname: string, init: RequestInit = {}) => ctx.app.request(`${TEST_PUBLIC_URL}${pathname}`, init);

describe('a known path asked with a method it does not take', () => {
  it('answers 405 naming the methods it takes, signed out as signed in', async () => {
    // /api/customers takes GET only (the list); signed out, a guard answered 401 before.
    const wrong = await request('/api/customers', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    expect(await wrong.json()).toEqual({ error: { code: 'METHOD_NOT_ALLOWED', message: METHOD_NOT_ALLOWED_MESSAGE } });
    const health = await request('/api/health', { method: 'POST' });
    expect(health.status).toBe(405);
    expect(health.headers.get('allow')).toContain('GET');
  });

  it('keeps 404 for an unknown path and 401 for a signed-out right method', async () => {
    expect((await request('/api/nulle-part', { method: 'DELETE' })).status).toBe(404);
    expect((await request('/api/nulle-part')).status).toBe(404);
    expect((await request('/api/customers')).status).toBe(401);
  });

  it('answers the public API’s wrong method as problem details', async () => {
    const wrong = await request('/api/v1/venues', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('content-type')).toContain('application/problem+json');
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    const body = (await wrong.json()) as { status: number; detail: string; type: string };
    expect(body.status).toBe(405);
    expect(body.detail).toBe(METHOD_NOT_ALLOWED_MESSAGE);
    expect(body.type).toContain('#probleme-methode-non-autorisee');
  });
});

describe('site pages under no-cache', () => {
  it('send an ETag per encoding and answer 304 with no body when it matches', async () => {
    const first = await request('/', { headers: { 'Accept-Encoding': 'br' } });
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await request('/', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('vary')).toContain('Accept-Encoding');
    // The plain page has its own validator: a br validator does not match it.
    const plain = await request('/', { headers: { 'If-None-Match': etag! } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('etag')).not.toBe(etag);
    // A weak form and a list match too; another page's does not.
    expect((await request('/', { headers: { 'If-None-Match': `"x", W/${plain.headers.get('etag')}` } })).status).toBe(304);
    expect((await request('/en', { headers: { 'If-None-Match': plain.headers.get('etag')! } })).status).toBe(200);
  });
});

describe('negotiated assets', () => {
  it('say Vary: Accept-Encoding on the plain variant too, and not on a file with no other variant', async () => {
    const compressed = await request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('vary')).toContain('Accept-Encoding');
    const plain = await request('/assets/app-abc123.js');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');
    const lone = await request('/assets/lone-abc123.js');
    expect(lone.status).toBe(200);
    expect(lone.headers.get('vary')).toBeNull();
  });
});
