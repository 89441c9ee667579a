import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();
const baseUrl = inject('baseUrl');

describe('/api/v1/docs, the API reference page (decision 064)', () => {
  it('loads from our origin alone, in French, and its contents and error links lead to their sections (390 and 1280 px)', { timeout: 120_000 }, async () => {
    const origin = new URL(baseUrl).origin;
    // A real error of the API: its `type` names a section of the page.
    const unauthenticated = (await (await fetch(`${baseUrl}/api/v1/venues`)).json()) as { type: string; title: string };
    const problemAnchor = new URL(unauthenticated.type).hash;
    expect(problemAnchor).toBe('#probleme-authentification-requise');
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
      await page.getByRole('heading', { level: 1, name: 'Référence de l’API ReFeed' }).waitFor();
      await saveScreenshot(page, `api-docs-${viewport.width}`);
      await page.screenshot({ path: path.resolve('.tmp/screenshots', `api-docs-${viewport.width}-top.png`) });
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // The table of contents, by keyboard: the operation's section comes into view.
      const contents = page.getByRole('navigation', { name: 'Sommaire' });
      const link = contents.getByRole('link', { name: /Lister les avis d’un établissement/ });
      await link.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => location.hash)).toBe('#op-listFeedbacks');
      const operation = page.locator('#op-listFeedbacks');
      await expect.poll(() => operation.getByRole('heading', { level: 3 }).isVisible()).toBe(true);
      expect(await operation.getByRole('heading', { level: 3 }).textContent()).toContain('/venues/{venueId}/feedbacks');
      // Its parameters are a table a screen reader reads as one: a row per parameter, its name as the row header.
      const parameters = operation.getByRole('table', { name: 'Paramètres' });
      expect(await parameters.getByRole('rowheader', { name: 'period' }).count()).toBe(1);
      await operation.screenshot({ path: path.resolve('.tmp/screenshots', `api-docs-${viewport.width}-operation.png`) });

      // The error's type URI opens its explanation.
      await page.goto(`${baseUrl}/api/v1/docs${problemAnchor}`);
      const explanation = page.locator(problemAnchor);
      await explanation.getByRole('heading', { name: unauthenticated.title }).waitFor();
      await expect.poll(() => explanation.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(viewport.height / 2);
      await page.screenshot({ path: path.resolve('.tmp/screenshots', `api-docs-${viewport.width}-problem.png`) });

      expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});
