import { randomBytes } from 'node:crypto';
import { withoutVenue } from '../../src/shared/venue';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, inject, it } from 'vitest';
import { decodeQrPng, readPdfQrImages } from '../support/qr-decode';
import { createApprovedRestaurant as createRestaurantThroughFlows, signInPage as signInWith } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const owner = inject('e2eOwner');
const admin = inject('e2eAdmin');

const signInPage = (viewport: { width: number; height: number }, account: { email: string; password: string }) => signInWith(browser, baseUrl, viewport, account);

/** The demo owner ("Chez Demo", 4 seeded QR codes) on /qr. */
async function openQrPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await signInPage(viewport, owner);
  await page.goto(`${baseUrl}/qr`);
  await page.getByRole('heading', { name: 'Vos QR codes' }).waitFor();
  await page.getByTestId('qr-card').first().waitFor();
  return page;
}

const createApprovedRestaurant = () => createRestaurantThroughFlows(browser, baseUrl, admin);

const cardNamed = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

describe('the /qr page', () => {
  it('creates, copies, downloads, regenerates, prints and deletes a table QR', async () => {
    const page = await openQrPage(DESKTOP);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // The seeded QR codes (inserted without images) are shown with PNGs that decode to their URLs.
    await expect.poll(() => page.getByTestId('qr-card').count()).toBeGreaterThanOrEqual(4);
    await expect.poll(() => page.getByText('Le PNG encode bien l’URL').count()).toBe(await page.getByTestId('qr-card').count());
    await expect.poll(() => cardNamed(page, 'QR principal').count()).toBe(1);

    // Chez Demo already has its main QR: the button is disabled (the API refuses a second one too).
    expect(await page.getByRole('button', { name: 'QR principal' }).isDisabled()).toBe(true);

    // Create: the button stays disabled while the label is blank.
    const label = `Table E2E ${randomBytes(2).toString('hex')}`;
    const create = page.getByRole('button', { name: 'Créer le QR' });
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Label de table (optionnel)').fill('   ');
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Label de table (optionnel)').fill(label);
    await create.click();
    await page.getByText(`QR ${label} créé`).waitFor();
    // The field is emptied and keeps the focus for the next label.
    expect(await page.evaluate(() => [document.activeElement?.id, (document.activeElement as HTMLInputElement | null)?.value])).toEqual(['qr-table-label', '']);
    const card = cardNamed(page, label);
    await card.waitFor();
    // Newest first.
    expect(await page.getByTestId('qr-card').first().getAttribute('aria-labelledby')).toBe(await card.getAttribute('aria-labelledby'));
    const sourceUrl = (await card.getByTestId('qr-source-url').textContent())!;
    expect(sourceUrl).toMatch(new RegExp(`^${baseUrl}/f/[0-9a-f-]{36}\\?qr=[0-9a-f-]{36}&label=table-e2e-[0-9a-f]{4}$`));
    await card.getByText('Le PNG encode bien l’URL').waitFor();
    expect(await card.getByTestId('qr-scan-count').textContent()).toBe('0');

    // A diner opening the URL the PNG encodes counts one scan, shown once the page reloads.
    const diner = await browser.newPage(PHONE);
    await Promise.all([diner.waitForResponse((r) => r.url().endsWith('/api/public/visits') && r.status() === 201), diner.goto(sourceUrl)]);
    await page.reload();
    await expect.poll(() => card.getByTestId('qr-scan-count').textContent()).toBe('1');

    // The same label again: the server's uniqueness message.
    await page.getByLabel('Label de table (optionnel)').fill(label);
    await create.click();
    await page.getByText('Un QR avec ce label existe déjà').waitFor();
    await page.getByLabel('Label de table (optionnel)').fill('');

    // Copy.
    await card.getByRole('button', { name: 'Copier l’URL' }).click();
    await page.getByText('URL copiée !').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sourceUrl);

    // Download: a PNG named after the label that decodes to the URL.
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Télécharger' }).click()]);
    expect(download.suggestedFilename()).toBe(`qr-${label.replaceAll(' ', '-')}.png`);
    expect(decodeQrPng(new Uint8Array(readFileSync((await download.path())!)))).toBe(sourceUrl);
    await page.getByText('QR code téléchargé !').waitFor();

    // Regenerate: a new image version shows at once, still encoding the URL.
    const image = card.getByRole('img');
    const before = await image.getAttribute('src');
    await card.getByRole('button', { name: 'Régénérer' }).click();
    await page.getByText('QR régénéré ✅').waitFor();
    await expect.poll(() => image.getAttribute('src')).not.toBe(before);
    await card.getByText('Le PNG encode bien l’URL').waitFor();

    // Print this card (A6): one page holding its QR; all cards on A4 sheets of four.
    const oneHref = await card.getByRole('link', { name: `Imprimer la carte de table « ${label} »` }).getAttribute('href');
    const one = await page.request.get(`${baseUrl}${oneHref}`);
    expect(one.headers()['content-type']).toBe('application/pdf');
    const onePdf = await readPdfQrImages(new Uint8Array(await one.body()));
    expect(onePdf).toMatchObject({ pageCount: 1, pageSizes: [[298, 420]], decoded: [sourceUrl] });
    const cardCount = await page.getByTestId('qr-card').count();
    await page.getByLabel('4 cartes par feuille A4').check();
    const allHref = await page.getByRole('link', { name: 'Imprimer tout' }).getAttribute('href');
    expect(allHref).toContain('layout=a4');
    const allPdf = await readPdfQrImages(new Uint8Array(await (await page.request.get(`${baseUrl}${allHref}`)).body()));
    expect(allPdf.pageCount).toBe(Math.ceil(cardCount / 4));
    expect(allPdf.decoded).toHaveLength(cardCount);
    expect(allPdf.decoded).toContain(sourceUrl);
    await page.getByLabel('Une carte A6 par QR').check();
    const a6Pdf = await readPdfQrImages(new Uint8Array(await (await page.request.get(`${baseUrl}${await page.getByRole('link', { name: 'Imprimer tout' }).getAttribute('href')}`)).body()));
    expect(a6Pdf.pageCount).toBe(cardCount);

    await saveScreenshot(page, 'qr-desktop');

    // Delete after the confirmation prompt; cancelling keeps it.
    await card.getByRole('button', { name: 'Supprimer' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Supprimer ce QR code ?' });
    await dialog.waitFor();
    await saveScreenshot(page, 'qr-delete-confirm-desktop');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    expect(await card.count()).toBe(1);
    await card.getByRole('button', { name: 'Supprimer' }).click();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('QR code supprimé').waitFor();
    await expect.poll(() => card.count()).toBe(0);
    expect(await page.request.get(`${baseUrl}${before!.split('?')[0]}`).then((r) => r.status())).toBe(404);
    expect(errors).toEqual([]);
  });

  it('shows the decode check’s warning, a decode error and an unreadable image', async () => {
    const page = await openQrPage(DESKTOP);
    const otherUrl = `${baseUrl}/f/ailleurs?qr=autre`;
    const white = new PNG({ width: 64, height: 64 });
    white.data.fill(255);
    const bodies = {
      other: await QRCode.toBuffer(otherUrl, { errorCorrectionLevel: 'M', margin: 2, scale: 8 }),
      blank: PNG.sync.write(white),
      broken: Buffer.from('ceci n’est pas une image'),
    };
    let serve: keyof typeof bodies = 'other';
    await page.route('**/storage/qr/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: bodies[serve] }));

    await page.reload();
    const first = page.getByTestId('qr-card').first();
    await first.getByText('Le PNG n’encode pas la même URL').waitFor();
    expect(await first.getByTestId('qr-decoded-url').textContent()).toBe(otherUrl);

    serve = 'blank';
    await page.reload();
    await page.getByTestId('qr-card').first().getByTestId('qr-decoded-url').filter({ hasText: '(non décodable)' }).waitFor();

    serve = 'broken';
    await page.reload();
    await page.getByTestId('qr-card').first().getByTestId('qr-decoded-url').filter({ hasText: '(erreur décodage)' }).waitFor();
    await page.getByTestId('qr-card').first().getByText('Le PNG n’encode pas la même URL').waitFor();
  });

  it('fits a phone screen and shows the review-link banner only without a review link', async () => {
    const page = await openQrPage(PHONE);
    // Chez Demo has its review URL set: no banner.
    expect(await page.getByText('Aucun lien d’avis n’est configuré').count()).toBe(0);
    await page.getByText('Le PNG encode bien l’URL').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'qr-phone');

    await page.route('**/api/qr', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      await route.fulfill({ response, json: { ...json, hasReviewLink: false, qrCodes: [] } });
    });
    await page.reload();
    await page.getByText('Aucun QR code pour le moment. Créez-en un !').waitFor();
    const banner = page.getByRole('link', { name: 'Configurer le lien d’avis' });
    expect(withoutVenue((await banner.getAttribute('href')) ?? '')).toBe('/google-settings');
    await saveScreenshot(page, 'qr-empty-phone');
  });

  it('disables the create form at the 500-code cap and says why', async () => {
    const page = await openQrPage(PHONE);
    // The real list, padded to the cap: the page must not fetch and decode 500 PNGs at once either.
    const imageRequests: string[] = [];
    page.on('request', (request) => request.url().includes('/storage/') && imageRequests.push(request.url()));
    await page.route('**/api/qr', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { qrCodes: { id: string; tableLabel: string | null; isPrimary: boolean }[] };
      const template = body.qrCodes.find((qr) => !qr.isPrimary)!;
      const padding = Array.from({ length: 500 - body.qrCodes.length }, (_, index) => ({
        ...template,
        id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        tableLabel: `Table cap ${index}`,
      }));
      await route.fulfill({ response, json: { ...body, qrCodes: [...body.qrCodes, ...padding] } });
    });
    await page.reload();
    await page.getByTestId('qr-limit-reached').waitFor();
    expect(await page.getByTestId('qr-limit-reached').textContent()).toContain('Limite atteinte : 500 QR codes maximum par restaurant.');
    expect(await page.locator('#qr-table-label').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'QR principal' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('qr-card').count()).toBe(500);
    expect(imageRequests.length).toBeLessThan(100);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it('shows a new restaurant’s main QR from sign-up, the empty state after deleting it, and creates a main QR', async () => {
    const account = await createApprovedRestaurant();
    const page = await signInPage(PHONE, account);
    await page.goto(`${baseUrl}/qr`);
    // Sign-up inserted the main QR row without an image: the page gets a PNG that decodes to its URL.
    const main = cardNamed(page, 'QR principal');
    await main.waitFor();
    await main.getByText('Le PNG encode bien l’URL').waitFor();
    // No review link yet: the banner leads to /google-settings.
    expect(withoutVenue((await page.getByRole('link', { name: 'Configurer le lien d’avis' }).getAttribute('href')) ?? '')).toBe('/google-settings');

    await main.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('alertdialog', { name: 'Supprimer ce QR code ?' }).getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('QR code supprimé').waitFor();
    await page.getByText('Aucun QR code pour le moment. Créez-en un !').waitFor();

    await page.getByRole('button', { name: 'QR principal' }).click();
    await page.getByText('QR principal créé').waitFor();
    await cardNamed(page, 'QR principal').getByText('Le PNG encode bien l’URL').waitFor();
    await saveScreenshot(page, 'qr-new-restaurant-phone');
  });
});
