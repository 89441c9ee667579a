import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerenderSitePages } from '../../src/client/site/prerender';
import { OPERATOR_LEGAL_SCRIPT_ID } from '../../src/shared/operator-legal';
import { SITE_PAGES_DIR } from '../../src/shared/site-meta';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';

/** The site pages as the client build prerenders them, in the test's data folder (what CLIENT_DIST_DIR serves). */
function writeSitePages(ctx: TestContext) {
  mkdirSync(path.join(ctx.dataDir, SITE_PAGES_DIR), { recursive: true });
  writeFileSync(path.join(ctx.dataDir, 'index.html'), '<!doctype html>\n<html lang="fr">\n  <head>\n    <title>ReFeed</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>');
  const pages = prerenderSitePages(readFileSync(path.resolve(import.meta.dirname, '../../site.html'), 'utf8'));
  for (const [file, html] of Object.entries(pages)) writeFileSync(path.join(ctx.dataDir, SITE_PAGES_DIR, file), html);
}

const SETTINGS = {
  OPERATOR_LEGAL_NAME: 'Rouge & Or <SAS>',
  OPERATOR_SIREN: '123456789',
  OPERATOR_VAT_NUMBER: 'FR32123456789',
  OPERATOR_ADDRESS: '12 rue "des Lilas", 75011 Paris</script><script>alert(1)</script>',
  OPERATOR_CAPITAL: '10 000 €',
  OPERATOR_RCS: "RCS Paris 123 456 789 — l'immatriculation",
  OPERATOR_HOST: 'Hébergeur Cloud SAS, 1 quai de Seine, 75019 Paris',
};

/** The text of an element of the page found by its data-testid (as a browser reads it: entities decoded). */
function textOf(html: string, testId: string): string | undefined {
  const raw = new RegExp(`data-testid="${testId}">([^<]*)<`).exec(html)?.[1];
  return raw?.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

describe('the legal notice completed from the operator settings (decision 094)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: SETTINGS });
    writeSitePages(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('serves /mentions-legales with the legal name, SIREN, VAT number, address, capital, RCS and host, escaped', async () => {
    const response = await ctx.app.request(`${TEST_PUBLIC_URL}/mentions-legales`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain('@@operator.');
    expect(textOf(html, 'operator-legal-name')).toBe(SETTINGS.OPERATOR_LEGAL_NAME);
    expect(textOf(html, 'operator-siren')).toBe(SETTINGS.OPERATOR_SIREN);
    expect(textOf(html, 'operator-vat')).toBe(SETTINGS.OPERATOR_VAT_NUMBER);
    expect(textOf(html, 'operator-address')).toBe(SETTINGS.OPERATOR_ADDRESS);
    expect(textOf(html, 'operator-capital')).toBe(SETTINGS.OPERATOR_CAPITAL);
    expect(textOf(html, 'operator-rcs')).toBe(SETTINGS.OPERATOR_RCS);
    expect(textOf(html, 'operator-host')).toBe(SETTINGS.OPERATOR_HOST);
    expect(html).toContain('Le président de Rouge &amp; Or &lt;SAS&gt;.');
    // The English notice (issue #53) carries the same values, escaped, under English labels.
    const english = await (await ctx.app.request(`${TEST_PUBLIC_URL}/en/legal-notice`)).text();
    expect(english).toContain('<html lang="en-GB"');
    expect(textOf(english, 'operator-legal-name')).toBe(SETTINGS.OPERATOR_LEGAL_NAME);
    expect(textOf(english, 'operator-address')).toBe(SETTINGS.OPERATOR_ADDRESS);
    expect(english).toContain('The chair of Rouge &amp; Or &lt;SAS&gt;.');
    expect(english).toContain('Registered office');
    expect(english).not.toContain('<script>alert(1)');
    // Escaped: no markup of a setting reaches the page, in the text or in the embedded JSON.
    expect(html).not.toContain('<SAS>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('</script><script>alert');
    // The JSON the hydration reads carries the same values.
    const json = new RegExp(`<script type="application/json" id="${OPERATOR_LEGAL_SCRIPT_ID}">([^<]*)</script>`).exec(html)?.[1];
    expect(JSON.parse(json!)).toEqual({
      legalName: SETTINGS.OPERATOR_LEGAL_NAME,
      siren: SETTINGS.OPERATOR_SIREN,
      vatNumber: SETTINGS.OPERATOR_VAT_NUMBER,
      address: SETTINGS.OPERATOR_ADDRESS,
      capital: SETTINGS.OPERATOR_CAPITAL,
      rcs: SETTINGS.OPERATOR_RCS,
      host: SETTINGS.OPERATOR_HOST,
    });
  });

  it('gives the filled page its own ETag: a revisit answers 304, compressed forms are the filled page', async () => {
    const plain = await ctx.app.request(`${TEST_PUBLIC_URL}/mentions-legales`);
    const html = await plain.text();
    const etag = plain.headers.get('etag')!;
    const again = await ctx.app.request(`${TEST_PUBLIC_URL}/mentions-legales`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const gzip = await ctx.app.request(`${TEST_PUBLIC_URL}/mentions-legales`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html);
    // The ETag is the filled page's, not the prerendered file's: another operator's page has another one.
    const other = await createTestContext({ env: { ...SETTINGS, OPERATOR_SIREN: '987654321' } });
    try {
      writeSitePages(other);
      const response = await other.app.request(`${TEST_PUBLIC_URL}/mentions-legales`);
      expect(textOf(await response.text(), 'operator-siren')).toBe('987654321');
      expect(response.headers.get('etag')).not.toBe(etag);
    } finally {
      await other.close();
    }
  });

  it('answers the same details at GET /api/billing/operator, for the app’s own router, without a session', async () => {
    const response = await ctx.app.request(`${TEST_PUBLIC_URL}/api/billing/operator`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ legalName: SETTINGS.OPERATOR_LEGAL_NAME, siren: SETTINGS.OPERATOR_SIREN, host: SETTINGS.OPERATOR_HOST });
  });
});

describe('the legal notice when the operator settings are unset', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    writeSitePages(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('says « non renseigné » on each unset line, and the default legal name', async () => {
    const html = await (await ctx.app.request(`${TEST_PUBLIC_URL}/mentions-legales`)).text();
    expect(textOf(html, 'operator-legal-name')).toBe('ReFeed SAS');
    for (const testId of ['operator-siren', 'operator-vat', 'operator-address', 'operator-capital', 'operator-rcs', 'operator-host']) expect(textOf(html, testId), testId).toBe('non renseigné');
    const english = await (await ctx.app.request(`${TEST_PUBLIC_URL}/en/legal-notice`)).text();
    for (const testId of ['operator-siren', 'operator-host']) expect(textOf(english, testId), testId).toBe('not provided');
    expect(await (await ctx.app.request(`${TEST_PUBLIC_URL}/api/billing/operator`)).json()).toMatchObject({ siren: null, host: null });
    // The other site pages carry no operator slot and no embedded JSON.
    const terms = await (await ctx.app.request(`${TEST_PUBLIC_URL}/terms`)).text();
    expect(terms).not.toContain(OPERATOR_LEGAL_SCRIPT_ID);
  });
});
