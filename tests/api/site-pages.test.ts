import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PAGES } from '../../src/shared/site-meta';
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
      expect(html).toContain(`<link rel="alternate" hreflang="fr-FR" href="${TEST_PUBLIC_URL}/" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="en-GB" href="${TEST_PUBLIC_URL}/en" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${TEST_PUBLIC_URL}/" />`);
      expect(html).toContain(`<meta property="og:title" content="${meta.title}" />`);
      expect(html).toContain(`<meta property="og:image" content="${TEST_PUBLIC_URL}/og-image.png" />`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    }
    expect((await page('/en')).html).toContain('<meta property="og:locale" content="en_GB" />');
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
