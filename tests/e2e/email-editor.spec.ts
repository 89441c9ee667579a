import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import type { TAutomationEditorResponse, TAutomationVersionsResponse } from '../../src/shared/schemas/automations';
import { signIn } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';
import { readMailbox, waitForMail } from './support/mailbox';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const owner = inject('e2eOwner');
const KEY = 'review_nudge_3d';

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

async function openEditor(page: Page, key = KEY): Promise<{ restaurantId: string; automationId: string }> {
  // The automations exist once /automations has been opened.
  await page.goto(`${baseUrl}/automations`);
  await page.locator(`[data-testid="automation-card"][data-key="${key}"]`).waitFor();
  const me = await fetchJson<{ restaurants: Array<{ id: string }> }>(page, '/api/me');
  const restaurantId = me.restaurants[0].id;
  await page.locator(`[data-testid="automation-card"][data-key="${key}"]`).getByRole('link', { name: 'Éditeur visuel' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(`/emails/${key}/editor`);
  expect(new URL(page.url()).searchParams.get('restaurant_id')).toBe(restaurantId);
  const editor = await fetchJson<TAutomationEditorResponse>(page, `/api/automations/by-key/${key}`);
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
    // The text toolbar speaks French too.
    await page.locator('.gjs-rte-action[title="Gras"]').waitFor();
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

  it('is in French and shows the email as diners get it: blocks, categories, the frame with the restaurant’s name, 560 px, Arial', async () => {
    const { page, outside } = await signInDemoOwner(DESKTOP);
    await openEditor(page);
    const editor = await fetchJson<TAutomationEditorResponse>(page, `/api/automations/by-key/${KEY}`);
    const labels = page.locator('.gjs-block-label');
    await labels.first().waitFor({ timeout: 20_000 });
    const names = (await labels.allTextContents()).map((text) => text.trim());
    expect(names).toEqual(expect.arrayContaining(['Section 1 colonne', 'Bouton', 'Séparateur', 'Texte', 'Titre et texte', 'Image', 'Citation', 'Lien']));
    for (const english of ['Button', 'Divider', 'Text', 'Quote', 'Link', '1 Section', 'Text Section', 'Grid Items']) expect(names).not.toContain(english);
    const categories = (await page.locator('.gjs-block-category .gjs-title').allTextContents()).map((text) => text.trim());
    expect(categories).toEqual(['Mise en page', 'Contenu']);
    expect(await page.locator('.gjs-pn-btn[title="Annuler"]').count()).toBe(1);

    const canvas = page.frameLocator('iframe.gjs-frame');
    await canvas.locator('[data-refeed-frame]').waitFor({ timeout: 20_000 });
    // The restaurant's name heads the email, the unsubscribe line closes it, the content sits in the 560 px column.
    expect(await canvas.locator('[data-refeed-frame]').textContent()).toContain(editor.frame.restaurantName);
    expect(await canvas.locator('[data-refeed-frame]').textContent()).toContain('Se désinscrire');
    const look = await canvas.locator('[data-gjs-type="wrapper"]').evaluate((element) => {
      const style = getComputedStyle(element);
      const column = element.closest('table[style*="max-width:560px"]');
      return { font: style.fontFamily, size: style.fontSize, column: column ? column.getBoundingClientRect().width : 0 };
    });
    expect(look.font).toMatch(/^Arial/);
    expect(look.size).toBe('16px');
    expect(look.column).toBe(560);
    await saveScreenshot(page, 'email-editor-french-desktop');

    // The preview: the draft rendered with sample data in the real frame.
    await page.getByRole('button', { name: 'Aperçu' }).click();
    const preview = page.getByRole('dialog').frameLocator('iframe[title="Aperçu de l’email"]');
    await preview.getByText('Bonjour Camille,').waitFor();
    await saveScreenshot(page, 'email-editor-preview-desktop');
    expect(outside).toEqual([]);
  });

  it('uploads an image, saves it with its alt text, and the test email carries it at an absolute address that answers 200', async () => {
    const key = 'we_miss_you_30d';
    const { page, outside } = await signInDemoOwner(DESKTOP);
    await openEditor(page, key);
    // An image to replace: written in HTML mode (own-origin placeholder), then opened in the canvas.
    await page.getByRole('button', { name: 'HTML', exact: true }).click();
    const area = page.getByLabel('Contenu HTML');
    await area.fill(`${await area.inputValue()}\n<img src="${baseUrl}/favicon.svg" alt="">`);
    await page.getByRole('button', { name: 'Visuel' }).click();
    const canvas = page.frameLocator('iframe.gjs-frame');
    const image = canvas.locator('img[src$="/favicon.svg"]');
    await image.waitFor({ timeout: 20_000 });
    await image.dblclick();
    await page.locator('.gjs-am-file-uploader').waitFor();
    const photo = await sharp({ create: { width: 1600, height: 800, channels: 3, background: { r: 194, g: 65, b: 12 } } }).jpeg().toBuffer();
    await page.locator('.gjs-am-file-uploader input[type="file"]').setInputFiles({ name: 'terrasse.jpg', mimeType: 'image/jpeg', buffer: photo });
    await toast(page, 'Image ajoutée').waitFor();
    await canvas.locator('img[src*="/storage/images/"]').waitFor();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Automation mise à jour').waitFor();
    const saved = await fetchJson<TAutomationEditorResponse>(page, `/api/automations/by-key/${key}`);
    const src = /<img[^>]*src="([^"]+\/storage\/images\/[^"]+)"/.exec(saved.automation.html)?.[1];
    expect(src?.startsWith(`${baseUrl}/storage/images/`)).toBe(true);
    expect(saved.automation.html).toContain(`alt="${saved.frame.restaurantName}"`);

    // A test send, as the owner does it from /automations.
    await page.goto(`${baseUrl}/automations`);
    const card = page.locator(`[data-testid="automation-card"][data-key="${key}"]`);
    await card.getByRole('button', { name: 'Envoyer un test' }).click();
    const dialog = page.getByRole('dialog');
    const to = await dialog.getByRole('radio').first().inputValue();
    const before = (await readMailbox(baseUrl, to)).length;
    await dialog.getByRole('button', { name: 'Envoyer le test' }).click();
    await toast(page, 'Email de test envoyé avec succès').waitFor();
    await expect.poll(async () => (await readMailbox(baseUrl, to)).length).toBeGreaterThan(before);
    const mail = await waitForMail(baseUrl, to, (m) => m.subject.startsWith('[Test]') && m.html.includes('/storage/images/'));
    const sent = /<img[^>]*src="([^"]+)"[^>]*>/g;
    const images = [...mail.html.matchAll(sent)].map((match) => ({ tag: match[0], src: match[1] }));
    const uploaded = images.find((img) => img.src.includes('/storage/images/'))!;
    expect(uploaded.src).toBe(src);
    expect(uploaded.tag).toContain(`alt="${saved.frame.restaurantName}"`);
    expect(mail.html).not.toMatch(/data:/i);
    const served = await fetch(uploaded.src);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(outside).toEqual([]);
  });

  it('refuses a template with Lorem ipsum with the French message, and saves nothing', async () => {
    const { page } = await signInDemoOwner(DESKTOP);
    await openEditor(page);
    const before = await fetchJson<TAutomationEditorResponse>(page, `/api/automations/by-key/${KEY}`);
    await page.getByRole('button', { name: 'HTML', exact: true }).click();
    await page.getByLabel('Contenu HTML').fill('<h1>Notre nouvelle carte</h1>\n<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit</p>');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const refused = toast(page, 'Erreur lors de la mise à jour');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Texte d’exemple laissé (ligne 2) : « Lorem ipsum dolor sit amet, consectetur… ». Remplacez-le par votre propre texte.');
    const after = await fetchJson<TAutomationEditorResponse>(page, `/api/automations/by-key/${KEY}`);
    expect(after.automation.html).toBe(before.automation.html);
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
