import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();
const baseUrl = inject('baseUrl');

describe('smoke', () => {
  it('renders the home page on a phone and a desktop', async () => {
    for (const [name, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const page = await browser.newPage(viewport);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${baseUrl}/`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Transformez chaque repas');
      await expect.poll(() => page.getByRole('link', { name: 'Essai gratuit' }).getAttribute('href')).toBe('/signup');
      await saveScreenshot(page, `home-${name}`);
      expect(errors).toEqual([]);
    }
  });

  it('renders the 404 page with a link home for an unknown path', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(`${baseUrl}/cette-page-n-existe-pas`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page introuvable');
    await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await saveScreenshot(page, 'not-found-phone');
  });

  it('serves hashed assets compressed with a long cache', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const response = await fetch(`${baseUrl}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('content-encoding')).toMatch(/br|gzip/);
  });
});
