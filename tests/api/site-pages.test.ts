import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_EN, SITE_FR } from '../../src/client/features/site/content';
import { prerenderSitePages } from '../../src/client/site/prerender';
import { ORIGIN_PLACEHOLDER, SITE_PAGE_COUNTERPART, SITE_PAGES, SITE_PAGES_DIR } from '../../src/shared/site-meta';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // The built index.html's head, as index.html at the repository root has it.
  mkdirSync(ctx.dataDir, { recursive: true });
  writeFileSync(
    path.join(ctx.dataDir, 'index.html'),
    '<!doctype html>\n<html lang="fr">\n  <head>\n    <title>ReFeed – défaut</title>\n    <meta name="description" content="défaut" />\n  </head>\n  <body><div id="root"></div></body>\n</html>',
  );
  // The site pages as the client build prerenders them, from the repository's site.html.
  mkdirSync(path.join(ctx.dataDir, SITE_PAGES_DIR), { recursive: true });
  const pages = prerenderSitePages(readFileSync(path.resolve(import.meta.dirname, '../../site.html'), 'utf8'));
  for (const [file, html] of Object.entries(pages)) writeFileSync(path.join(ctx.dataDir, SITE_PAGES_DIR, file), html);
});
afterAll(async () => {
  await ctx.close();
});

const page = async (pathname: string) => {
  const response = await ctx.app.request(`${TEST_PUBLIC_URL}${pathname}`);
  return { status: response.status, html: await response.text() };
};

describe('site pages as crawlers see them (no JavaScript)', () => {
  it('sends each public page with its title, description, canonical, alternates and share tags', async () => {
    for (const [pathname, meta] of Object.entries(SITE_PAGES)) {
      const { status, html } = await page(pathname);
      expect(status, pathname).toBe(200);
      expect(html).toContain(`<html lang="${meta.lang}"`);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain(`<title>${meta.title}</title>`);
      expect(html).toContain(`<meta name="description" content="${meta.description.replace(/&/g, '&amp;')}" />`);
      expect(html).toContain(`<link rel="canonical" href="${TEST_PUBLIC_URL}${pathname}" />`);
      // Each document's alternates are the same document in both languages (the home pages for the home pages).
      const other = SITE_PAGE_COUNTERPART[pathname];
      expect(other, pathname).toBeDefined();
      const [french, english] = meta.lang === 'en-GB' ? [other, pathname] : [pathname, other];
      expect(html).toContain(`<link rel="alternate" hreflang="fr-FR" href="${TEST_PUBLIC_URL}${french}" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="en-GB" href="${TEST_PUBLIC_URL}${english}" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${TEST_PUBLIC_URL}${french}" />`);
      expect(html).toContain(`<meta property="og:title" content="${meta.title}" />`);
      expect(html).toContain(`<meta property="og:image" content="${TEST_PUBLIC_URL}/og-image.png" />`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    }
    expect((await page('/en')).html).toContain('<meta property="og:locale" content="en_GB" />');
  });

  it('sends the pages already rendered: the visible text is in the HTML, with this server’s address', async () => {
    const home = await page('/');
    expect(home.html).toContain(SITE_FR.hero.title.replace(/'/g, '&#x27;'));
    expect(home.html).toContain(SITE_FR.faq.title);
    expect(home.html).not.toContain(ORIGIN_PLACEHOLDER);
    const english = await page('/en/');
    expect(english.status).toBe(200);
    expect(english.html).toContain(SITE_EN.pricing.title);
    expect(english.html).toContain('£49');
    expect((await page('/terms')).html).toContain('12. Contact');
    expect((await page('/confidentialite')).html).toContain('3 ans');
    // The English documents of the /en site (issue #53): English, UK GDPR and PECR, each linking to its French twin.
    const terms = await page('/en/terms');
    expect(terms.html).toContain('<html lang="en-GB"');
    expect(terms.html).toContain('12. Contact');
    expect(terms.html).toContain('UK GDPR');
    expect(terms.html).toContain('href="/signup?country=GB"');
    const privacy = await page('/en/privacy');
    expect(privacy.html).toContain('Information Commissioner’s Office');
    expect(privacy.html).toContain('PECR');
    expect(privacy.html).toContain('3 years');
    expect(privacy.html).toContain('href="/confidentialite"');
    expect(privacy.html).not.toMatch(/Politique de confidentialité|Conditions d’utilisation|Mentions légales/);
    expect(privacy.html).toContain('href="/en/terms"');
    expect(privacy.html).toContain('href="/login?lang=en"');
    expect((await page('/terms')).html).toContain('href="/en/terms"');
    // The file itself is not reachable with its placeholder.
    const raw = await ctx.app.request(`${TEST_PUBLIC_URL}/${SITE_PAGES_DIR}/en.html`);
    expect(await raw.text()).not.toContain(ORIGIN_PLACEHOLDER);
  });

  it('sends the site pages compressed as phones ask (brotli, else gzip), and plain otherwise', async () => {
    const plain = await page('/');
    const br = await ctx.app.request(`${TEST_PUBLIC_URL}/`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain.html);
    const gzip = await ctx.app.request(`${TEST_PUBLIC_URL}/en`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe((await page('/en')).html);
    const refused = await ctx.app.request(`${TEST_PUBLIC_URL}/`, { headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it('leaves the app pages with the default head, and 404s unknown paths', async () => {
    const dashboard = await page('/dashboard');
    expect(dashboard.status).toBe(200);
    expect(dashboard.html).toContain('<title>ReFeed – défaut</title>');
    expect(dashboard.html).not.toContain('rel="canonical"');
    const unknown = await page('/nulle-part');
    expect(unknown.status).toBe(404);
    expect(unknown.html).not.toContain('rel="canonical"');
  });

  it('serves robots.txt and a sitemap of the public pages', async () => {
    const robots = await ctx.app.request(`${TEST_PUBLIC_URL}/robots.txt`);
    const text = await robots.text();
    expect(text).toContain('Disallow: /\n');
    expect(text).toContain('Allow: /en');
    expect(text).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
    const sitemap = await ctx.app.request(`${TEST_PUBLIC_URL}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    for (const pathname of Object.keys(SITE_PAGES)) expect(xml).toContain(`<loc>${TEST_PUBLIC_URL}${pathname}</loc>`);
  });
});
