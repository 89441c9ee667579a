import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();
const baseUrl = inject('baseUrl');

describe('/api/v1/docs, the API reference page', () => {
  it('loads from our origin alone and shows the API and its operations (390 and 1280 px)', { timeout: 120_000 }, async () => {
    const origin = new URL(baseUrl).origin;
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.newPage(viewport);
      const requested: string[] = [];
      const problems: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      });
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      const answer = await page.goto(`${baseUrl}/api/v1/docs`);
      expect(answer?.status()).toBe(200);
      expect(await page.title()).toBe('Référence de l’API ReFeed');
      await page.getByRole('heading', { name: 'Référence de l’API ReFeed' }).waitFor();
      // Swagger UI rendered the document: its title, and an operation that opens on a click.
      await page.locator('.swagger-ui .info .title', { hasText: 'ReFeed API' }).waitFor();
      const operation = page.locator('.opblock-summary', { hasText: '/venues/{venueId}/feedbacks' });
      await operation.first().waitFor();
      await operation.first().locator('button.opblock-summary-control').click();
      await page.getByText('Lister les avis d’un établissement').first().waitFor();
      await page.locator('.opblock-body .parameters').first().waitFor();
      await page.waitForLoadState('networkidle');
      await saveScreenshot(page, `api-docs-${viewport.width}`);
      await page.locator('.opblock-body .responses-wrapper').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.resolve('.tmp/screenshots', `api-docs-${viewport.width}-operation.png`) });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.resolve('.tmp/screenshots', `api-docs-${viewport.width}-top.png`) });

      expect(requested.length).toBeGreaterThanOrEqual(5);
      expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);
      expect(requested.some((url) => url.endsWith('/api/v1/openapi.json'))).toBe(true);
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});
