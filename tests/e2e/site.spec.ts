import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, saveScreenshot, useBrowser, waitForPageAtRest } from './support/browser';

const browser = useBrowser();
const baseUrl = inject('baseUrl');

/**
 * Opens a site page and waits until it is interactive. The landing pages hydrate their islands once the
 * visitor acts (decision 050): a key press is that first act here.
 */
async function openSitePage(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await page.keyboard.press('Shift');
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
}

/** Prices as shown, with the narrow no-break spaces of French formatting made plain. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

/** Scrolls to `y` and returns once the page has handled that scroll event and painted twice since. */
async function scrollAndSettle(page: Page, y: number) {
  await page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        window.addEventListener('scroll', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true });
        window.scrollTo(0, top);
      }),
    y,
  );
}

async function readPrices(page: Page): Promise<string[]> {
  await page.getByTestId('plan-price').first().waitFor();
  return (await page.getByTestId('plan-price').allTextContents()).map(plain);
}

describe('the marketing site', () => {
  it('switches language between / and /en, with the page language and title', async () => {
    const page = await browser.newPage(DESKTOP);
    await openSitePage(page, '/');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr-FR');
    await page.getByTestId('language-toggle').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/en');
    await page.getByRole('heading', { level: 1, name: /Turn every meal/ }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-GB');
    expect(await page.title()).toMatch(/^ReFeed – Guest feedback/);
    await page.getByTestId('language-toggle').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { level: 1, name: /Transformez chaque repas/ }).waitFor();
  });

  it('shows monthly and annual prices in euros and in pounds', async () => {
    const page = await browser.newPage(DESKTOP);
    await openSitePage(page, '/');
    expect(await readPrices(page)).toEqual(['39 €', '79 €', '149 €']);
    await page.getByRole('radio', { name: /Annuel/ }).click();
    expect(await readPrices(page)).toEqual(['32,50 €', '65,83 €', '124,17 €']);
    expect((await page.getByTestId('plan-billing').allTextContents()).map(plain)).toEqual(['390 € facturé annuellement', '790 € facturé annuellement', '1 490 € facturé annuellement']);
    expect(await page.getByRole('radio', { name: /Annuel/ }).textContent()).toContain('-2 mois');
    expect(await page.getByTestId('plan').nth(1).textContent()).toContain('Le plus choisi');

    await openSitePage(page, '/en');
    expect(await readPrices(page)).toEqual(['£49', '£99', '£189']);
    await page.getByRole('radio', { name: /Annual/ }).click();
    expect((await page.getByTestId('plan-billing').allTextContents()).map(plain)).toEqual(['£490 billed annually', '£990 billed annually', '£1,890 billed annually']);
    expect(await page.getByRole('radio', { name: /Annual/ }).textContent()).toContain('-15%');
  });

  it('opens one FAQ answer at a time, with the keyboard', async () => {
    const page = await browser.newPage(DESKTOP);
    await openSitePage(page, '/');
    const questions = page.locator('#faq button[aria-expanded]');
    await questions.first().waitFor();
    expect(await questions.count()).toBeGreaterThanOrEqual(4);
    await questions.nth(1).focus();
    await page.keyboard.press('Enter');
    const expanded = async () => (await questions.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded')))).filter((v) => v === 'true').length;
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('true');
    expect(await expanded()).toBe(1);
    const answerId = (await questions.nth(1).getAttribute('aria-controls'))!;
    expect(await page.locator(`[id="${answerId}"]`).isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await questions.nth(2).getAttribute('aria-expanded')).toBe('true');
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('false');
    expect(await expanded()).toBe(1);
  });

  it('offers the sign-up banner after 600 px of scroll', async () => {
    const page = await browser.newPage(PHONE);
    await openSitePage(page, '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByTestId('signup-banner').count()).toBe(0);
    // Every time the banner enters the page, the scroll position it entered at (no fixed sleep: at
    // 500 px the scroll event is awaited, then the frames React renders in).
    await page.evaluate(() => {
      const shownAt: number[] = [];
      const seen = new WeakSet<Element>();
      (window as unknown as { bannerShownAt: number[] }).bannerShownAt = shownAt;
      new MutationObserver(() => {
        const banner = document.querySelector('[data-testid="signup-banner"]');
        if (banner && !seen.has(banner)) {
          seen.add(banner);
          shownAt.push(Math.round(window.scrollY));
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await scrollAndSettle(page, 500);
    expect(await page.getByTestId('signup-banner').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 700));
    await page.getByTestId('signup-banner').waitFor();
    expect(await page.evaluate(() => (window as unknown as { bannerShownAt: number[] }).bannerShownAt)).toEqual([700]);
    expect(await page.getByTestId('signup-banner').getByRole('link', { name: 'Créer mon espace' }).getAttribute('href')).toBe('/signup');
  });

  it('refuses a demo request with a missing field, then opens a mailto with the fields', async () => {
    const page = await browser.newPage(DESKTOP);
    await openSitePage(page, '/');
    const form = page.getByTestId('demo-form');
    await form.getByLabel('Nom du restaurant').fill('Le Petit Zinc');
    await form.getByLabel('Ville').fill('Lyon');
    await form.getByLabel('Email').fill('chef@petitzinc.fr');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await form.getByRole('button', { name: 'Demander une démo' }).click();
    await form.getByText('Ce champ est requis').waitFor();
    expect(await form.getByLabel('Téléphone').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByTestId('demo-mailto').count()).toBe(0);

    await form.getByLabel('Téléphone').fill('04 72 00 00 00');
    await form.getByRole('button', { name: 'Demander une démo' }).click();
    const link = new URL((await form.getByTestId('demo-mailto').getAttribute('href'))!);
    expect(link.protocol).toBe('mailto:');
    expect(link.pathname).toBe('contact@refeed.fr');
    expect(link.searchParams.get('subject')).toBe('Demande de démo ReFeed');
    for (const value of ['Le Petit Zinc', 'Lyon', 'chef@petitzinc.fr', '04 72 00 00 00']) expect(link.searchParams.get('body')).toContain(value);
    // Nothing went to a server.
    expect(requests.filter((url) => /^https?:/.test(url) && !url.includes('/assets/'))).toEqual([]);
  });

  it('does not scroll sideways on any public page, from 360 to 1280 px', async () => {
    // Each page is loaded once and the window resized through the widths: the layout (media queries and the
    // app's own width checks) follows the viewport, so thirty page loads are not needed to see thirty layouts.
    const widths = [360, 375, 390, 768, 1280];
    const page = await browser.newPage({ width: widths[0], height: 800 });
    for (const path of ['/', '/en', '/terms', '/confidentialite', '/mentions-legales', '/page-qui-n-existe-pas']) {
      await openSitePage(page, path);
      await page.locator('h1').first().waitFor();
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        const overflow = await page.evaluate(
          () => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(document.documentElement.scrollWidth - window.innerWidth)))),
        );
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
        if (path === '/' && (width === 375 || width === 1280)) await saveScreenshot(page, `site-home-${width}`);
      }
      await page.setViewportSize({ width: widths[0], height: 800 });
    }
  });

  it('answers an unknown path with HTTP 404 and the styled page, and links the legal pages from the footer', async () => {
    const response = await fetch(`${baseUrl}/page-qui-n-existe-pas`);
    expect(response.status).toBe(404);
    for (const path of ['/', '/en', '/terms', '/confidentialite', '/mentions-legales']) expect((await fetch(`${baseUrl}${path}`)).status, path).toBe(200);
    const page = await browser.newPage(DESKTOP);
    await openSitePage(page, '/page-qui-n-existe-pas');
    await page.getByRole('heading', { name: 'Page introuvable' }).waitFor();
    expect(await page.title()).toBe('Page introuvable · ReFeed');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Confidentialité' }).click();
    await page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' }).waitFor();
    expect(await page.getByText('3 ans après sa dernière activité').count()).toBe(1);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mentions légales' }).waitFor();
  });

  it('sends the metadata in the HTML itself (no JavaScript), with a social image', async () => {
    const html = await (await fetch(`${baseUrl}/en`)).text();
    expect(html).toContain('<html lang="en-GB"');
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}/en" />`);
    expect(html).toContain('hreflang="x-default"');
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\/og-image\.png" \/>/);
    const image = await fetch(`${baseUrl}/og-image.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('runs no React on / for a visitor who only reads, and a tap before hydration still counts', async () => {
    for (const path of ['/', '/en']) {
      const page = await browser.newPage(PHONE);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
      await waitForPageAtRest(page);
      // Only the site entry (and what it imports statically): no React, no island yet.
      expect(scripts.some((script) => /\/(react|islands)-/.test(script)), scripts.join(' ')).toBe(false);
      expect(await page.evaluate(() => document.documentElement.dataset.appReady)).toBeUndefined();
      // The visitor's first act is a tap on a FAQ question: it opens once its island is hydrated.
      const question = page.locator('#faq').getByRole('button').nth(2);
      await question.click();
      await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
      expect(await page.locator('#faq').getByRole('button').first().getAttribute('aria-expanded')).toBe('false');
      expect(scripts.some((script) => /\/islands-/.test(script))).toBe(true);
      expect(errors, path).toEqual([]);
      await page.context().close();
    }
  });

  it('shows every site page before any JavaScript runs, then hydrates it without a mismatch', async () => {
    const noScript = await browser.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      await page.goto(`${baseUrl}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByTestId('plan-price').count()).toBe(3);
      expect(await page.getByRole('link', { name: 'Essai gratuit' }).getAttribute('href')).toBe('/signup');
      // The product pictures: screenshots of the app, sized and lazy below the fold, served as WebP.
      const pictures = page.locator('section[aria-labelledby="screens-title"] img');
      expect(await pictures.count()).toBe(2);
      for (const picture of await pictures.all()) {
        expect(await picture.getAttribute('loading')).toBe('lazy');
        expect(Number(await picture.getAttribute('width'))).toBeGreaterThan(0);
        expect(await picture.getAttribute('alt')).toMatch(/ReFeed/);
        const file = await fetch(`${baseUrl}${await picture.getAttribute('src')}`);
        expect(file.headers.get('content-type')).toBe('image/webp');
        expect((await file.arrayBuffer()).byteLength).toBeLessThan(80_000);
      }
      await page.goto(`${baseUrl}/terms`);
      expect(await page.getByRole('heading', { level: 2 }).count()).toBe(12);
    } finally {
      await noScript.close();
    }
    for (const path of ['/', '/en', '/terms', '/confidentialite', '/mentions-legales']) {
      const page = await browser.newPage(PHONE);
      const errors: string[] = [];
      // Warnings too: a header the browser does not understand (a Permissions-Policy feature) is one.
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await openSitePage(page, path);
      // React is attached: a client-only handler works (the FAQ toggles, the back button is live).
      if (path === '/' || path === '/en') {
        const question = page.locator('#faq').getByRole('button').nth(1);
        await question.click();
        await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
      }
      expect(errors, path).toEqual([]);
      await page.context().close();
    }
  });
});
