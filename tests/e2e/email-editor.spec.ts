import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TAutomationEditorResponse, TAutomationVersionsResponse } from '../../src/shared/schemas/automations';
import { signIn } from './support/accounts';
import { DESKTOP, launchBrowser, PHONE, saveScreenshot, type TestBrowser } from './support/browser';

let browser: TestBrowser;
const baseUrl = inject('baseUrl');
const owner = inject('e2eOwner');
const KEY = 'review_nudge_3d';

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every http(s) request of the page (its frames included) that leaves the app's origin. */
function recordOutsideRequests(page: Page): string[] {
  const outside: string[] = [];
  const origin = new URL(baseUrl).origin;
  page.context().on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && new URL(url).origin !== origin) outside.push(url);
  });
  return outside;
}

async function signInDemoOwner(viewport: { width: number; height: number }): Promise<{ page: Page; outside: string[] }> {
  const page = await browser.newPage(viewport);
  const outside = recordOutsideRequests(page);
  await signIn(page, baseUrl, owner);
  return { page, outside };
}

async function fetchJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url, { credentials: 'same-origin' })).json(), path) as Promise<T>;
}

async function openEditor(page: Page): Promise<{ restaurantId: string; automationId: string }> {
  // The automations exist once /automations has been opened.
  await page.goto(`${baseUrl}/automations`);
  await page.locator(`[data-testid="automation-card"][data-key="${KEY}"]`).waitFor();
  const me = await fetchJson<{ restaurants: Array<{ id: string }> }>(page, '/api/me');
  const restaurantId = me.restaurants[0].id;
  await page.locator(`[data-testid="automation-card"][data-key="${KEY}"]`).getByRole('link', { name: 'Éditeur visuel' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/emails/${KEY}/editor`);
  expect(new URL(page.url()).searchParams.get('restaurant_id')).toBe(restaurantId);
  const editor = await fetchJson<TAutomationEditorResponse>(page, `/api/automations/by-key/${KEY}`);
  return { restaurantId, automationId: editor.automation.id };
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

describe('the visual email editor', () => {
  it('edits a text in the canvas and saves the inlined HTML with its design as a new version, with no request outside the app', async () => {
    const { page, outside } = await signInDemoOwner(DESKTOP);
    const { automationId } = await openEditor(page);
    const versionsBefore = (await fetchJson<TAutomationVersionsResponse>(page, `/api/automations/${automationId}/versions`)).versions.length;

    const canvas = page.frameLocator('iframe.gjs-frame');
    const paragraph = canvas.locator('p').first();
    await paragraph.waitFor({ timeout: 20_000 });
    await paragraph.dblclick();
    await page.keyboard.press('End');
    await page.keyboard.type(' Merci de votre fidélité.');
    // Leave the text so the editor keeps the change.
    await canvas.locator('body').click({ position: { x: 5, y: 5 } });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Automation mise à jour').waitFor();

    const saved = await fetchJson<TAutomationEditorResponse>(page, `/api/automations/by-key/${KEY}`);
    expect(saved.automation.html).toContain('Merci de votre fidélité.');
    expect(saved.design).not.toBeNull();
    // Inlined for mail clients: style attributes, and the variables kept for mustache.
    expect(saved.automation.html).toMatch(/style="/);
    expect(saved.automation.html).toContain('{{');
    expect(saved.automation.html).not.toMatch(/<body/i);
    const versions = (await fetchJson<TAutomationVersionsResponse>(page, `/api/automations/${automationId}/versions`)).versions;
    // A first save also keeps the default text as the first version.
    expect(versions.length).toBeGreaterThan(versionsBefore);
    expect(versions[0].source).toBe('visual');
    await saveScreenshot(page, 'email-editor-desktop');

    // The raw HTML mode stays available: a save from it keeps no design.
    await page.getByRole('button', { name: 'HTML', exact: true }).click();
    const area = page.getByLabel('Contenu HTML');
    expect(await area.inputValue()).toContain('Merci de votre fidélité.');
    await area.fill(`${await area.inputValue()}<p>Écrit à la main</p>`);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(async () => (await fetchJson<TAutomationEditorResponse>(page, `/api/automations/by-key/${KEY}`)).automation.html).toContain('Écrit à la main');
    const raw = await fetchJson<TAutomationEditorResponse>(page, `/api/automations/by-key/${KEY}`);
    expect(raw.design).toBeNull();
    // Back to the visual mode: the raw HTML opens in the canvas.
    await page.getByRole('button', { name: 'Visuel' }).click();
    await canvas.getByText('Écrit à la main').waitFor({ timeout: 20_000 });

    expect(outside).toEqual([]);
  });

  it('refuses an unknown variable with the server’s French message', async () => {
    const { page } = await signInDemoOwner(DESKTOP);
    await openEditor(page);
    await page.getByRole('button', { name: 'HTML', exact: true }).click();
    await page.getByLabel('Contenu HTML').fill('<p>Bonjour {{mot_de_passe}}</p>');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Erreur lors de la mise à jour').waitFor();
    expect(await toast(page, 'Erreur lors de la mise à jour').textContent()).toContain('mot_de_passe');
  });

  it('says what is missing: parameters, a session', async () => {
    const { page } = await signInDemoOwner(DESKTOP);
    await page.goto(`${baseUrl}/emails/${KEY}/editor`);
    await page.getByRole('alert').filter({ hasText: 'Paramètres manquants: restaurant_id ou clé de template' }).waitFor();

    const visitor = await browser.newPage(DESKTOP);
    await visitor.goto(`${baseUrl}/emails/${KEY}/editor?restaurant_id=00000000-0000-4000-8000-000000000000`);
    await toast(visitor, 'Vous devez être connecté pour accéder à l’éditeur').waitFor();
    await expect.poll(() => new URL(visitor.url()).pathname).toBe('/login');
  });

  it('opens in HTML mode on a phone, with a notice, and does not scroll sideways', async () => {
    const { page, outside } = await signInDemoOwner(PHONE);
    await openEditor(page);
    await page.getByTestId('small-screen-notice').waitFor();
    await page.getByLabel('Contenu HTML').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await saveScreenshot(page, 'email-editor-phone');
    expect(outside).toEqual([]);
  });
});
