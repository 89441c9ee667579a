import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../../src/shared/paths';
import { createApprovedRestaurant, signIn, signInCookie, type Account } from './support/accounts';
import { CHROMIUM_PATH, DESKTOP, launchBrowser, PHONE, saveScreenshot, type TestBrowser } from './support/browser';
import { followOwnerMenu } from './support/owner-pages';

// Issue 27: a diner unlocks a reward, opens 'Ma carte' and presents it; staff scan its QR on 'Comptoir'
// with the phone camera and hand it over; the card then shows it handed over. The camera is Chromium's
// fake capture device fed a Y4M file of the QR, generated here (the `qrcode` package draws the modules):
// the page's getUserMedia and jsQR run unchanged on real video frames.

let browser: TestBrowser;
let cameraBrowser: Browser | null = null;
const baseUrl = inject('baseUrl');
const admin = inject('e2eAdmin');
let restaurant: Account & { restaurantId: string };

/** A 640×480 Y4M video (two identical 4:2:0 frames, looped by Chromium) showing `text` as a QR code. */
function qrVideo(text: string): string {
  const width = 640;
  const height = 480;
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const scale = Math.floor(400 / (modules + 8));
  const side = (modules + 8) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 0x50);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - 4;
      const col = Math.floor(x / scale) - 4;
      const dark = row >= 0 && col >= 0 && row < modules && col < modules && qr.modules.get(row, col);
      luma[(top + y) * width + left + x] = dark ? 0x10 : 0xeb;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 0x80);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'refeed-camera-')), 'qr.y4m');
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
  return file;
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
});

/** A fresh approved restaurant (sign-up, emailed link, admin approval) with a 20-point coffee: one 5★ rating (10 + 10 points) unlocks it. */
async function ensureRestaurant() {
  if (restaurant) return restaurant;
  restaurant = await createApprovedRestaurant(browser, baseUrl, admin, 'Le Comptoir E2E');
  const cookie = await signInCookie(baseUrl, restaurant);
  const created = await fetch(`${baseUrl}/api/loyalty/rewards`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({ label: 'Café offert', cost: 20 }),
  });
  expect(created.status, await created.clone().text()).toBeLessThan(300);
  return restaurant;
}
afterAll(async () => {
  await cameraBrowser?.close();
  await browser?.close();
});

describe("the diner's card and the counter (390 px)", () => {
  it('a diner unlocks a reward, presents it; staff scan it on Comptoir and hand it over; the card shows it handed over', { timeout: 180_000 }, async () => {
    await ensureRestaurant();
    const diner = await browser.newPage(PHONE);
    const errors: string[] = [];
    diner.on('pageerror', (error) => errors.push(error.message));
    await diner.goto(`${baseUrl}${paths.dinerFeedback.href(restaurant.restaurantId)}`);
    await diner.getByRole('radio', { name: '5 étoiles' }).click();
    await diner.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect.poll(() => diner.getByText('Récompense débloquée').isVisible(), { timeout: 15_000 }).toBe(true);
    await diner.getByRole('link', { name: 'Voir ma carte' }).click();

    await expect.poll(() => diner.getByRole('heading', { name: 'Vos récompenses à retirer' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(diner.url()).pathname).toBe(paths.dinerCard.href(restaurant.restaurantId));
    expect(await diner.getByTestId('card-balance').textContent()).toBe('0 point');
    expect(await diner.getByText('Plus que 20 points pour : Café offert').isVisible()).toBe(true);
    // No email on this phone yet: one box keeps or finds the card (issue 48: it asked twice).
    expect(await diner.getByTestId('card-email-box').getByRole('heading', { name: 'Gardez ou retrouvez votre carte' }).isVisible()).toBe(true);
    expect(await diner.getByRole('textbox', { name: 'Email' }).count()).toBe(1);
    expect(await diner.getByRole('heading', { name: 'Retrouver ma carte' }).count()).toBe(0);
    expect(await diner.getByRole('link', { name: 'Mes données' }).getAttribute('href')).toBe(paths.dinerData.href(restaurant.restaurantId));
    await saveScreenshot(diner, 'card-390');

    await diner.getByRole('button', { name: 'Présenter au comptoir' }).click();
    const dialog = diner.getByRole('dialog', { name: 'Café offert' });
    await expect.poll(() => diner.getByTestId('reward-code').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await dialog.getByText('Le Comptoir E2E').isVisible()).toBe(true);
    const code = (await diner.getByTestId('reward-code').textContent())!;
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    await saveScreenshot(diner, 'card-present-390');

    // Staff's phone: its camera films the QR shown on the diner's screen (the same link, drawn into the video).
    cameraBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${qrVideo(`${baseUrl}${paths.counter.href({ code })}`)}`,
      ],
    });
    const staffContext = await cameraBrowser.newContext({ viewport: PHONE, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    await staffContext.grantPermissions(['camera'], { origin: baseUrl });
    const staff = await staffContext.newPage();
    await signIn(staff, baseUrl, restaurant);
    await staff.goto(`${baseUrl}${paths.counter.href()}`);
    // The owner menu leads there on a phone too (behind its « Menu » button; Escape closes it again).
    await followOwnerMenu(staff, 'Comptoir');
    await staff.keyboard.press('Escape');
    await staff.getByRole('button', { name: 'Scanner le QR du client' }).click();
    await expect.poll(() => new URL(staff.url()).searchParams.get('code'), { timeout: 30_000 }).toBe(code);
    await expect.poll(() => staff.getByTestId('counter-customer').first().textContent(), { timeout: 10_000 }).toBe('Client anonyme');
    expect(await staff.getByTestId('counter-reward-label').first().textContent()).toBe('Café offert');
    await saveScreenshot(staff, 'counter-scanned-390');
    await staff.getByRole('button', { name: 'Remis : Café offert' }).first().click();
    await expect.poll(() => staff.getByRole('status').filter({ hasText: 'Récompense remise' }).first().isVisible(), { timeout: 10_000 }).toBe(true);

    // The diner's screen, still open, says « Remis » within seconds; closed, the card lists it as handed over.
    await expect.poll(() => dialog.getByTestId('reward-handed-over').textContent(), { timeout: 15_000 }).toBe('Remis');
    expect(await dialog.getByText('Récompense remise. Bon appétit !').isVisible()).toBe(true);
    expect(await dialog.getByTestId('reward-code').count()).toBe(0);
    await saveScreenshot(diner, 'card-handed-over-390');
    await diner.getByRole('button', { name: 'Fermer' }).click();
    await expect.poll(() => diner.getByTestId('handed-over').textContent(), { timeout: 10_000 }).toContain('Café offert — remise le');
    expect(await diner.getByRole('button', { name: 'Présenter au comptoir' }).count()).toBe(0);
    // The old code, shown again (a screenshot), is refused at the counter.
    await staff.goto(`${baseUrl}${paths.counter.href({ code })}`);
    await expect.poll(() => staff.getByRole('alert').filter({ hasText: 'déjà été remise' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a returning phone sees its card above the form on /f and /r, after the form painted (issue 48)', { timeout: 180_000 }, async () => {
    await ensureRestaurant();
    const cookie = await signInCookie(baseUrl, restaurant);
    const qr = await fetch(`${baseUrl}/api/qr`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl, cookie }, body: JSON.stringify({ tableLabel: 'Terrasse 4' }) });
    expect(qr.status, await qr.clone().text()).toBeLessThan(300);
    const { qrCode: { code } } = (await qr.json()) as { qrCode: { code: string } };

    const diner = await browser.newPage(PHONE);
    const errors: string[] = [];
    diner.on('pageerror', (error) => errors.push(error.message));
    const feedbackUrl = `${baseUrl}${paths.dinerFeedback.href(restaurant.restaurantId)}`;
    // A first visit: no card above the form.
    await diner.goto(feedbackUrl);
    await diner.getByRole('radio', { name: '5 étoiles' }).click();
    await diner.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect.poll(() => diner.getByText('Récompense débloquée').isVisible(), { timeout: 15_000 }).toBe(true);

    // Back on /f, the same phone: the form paints first, even while the card's read is held.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await diner.route('**/api/public/card/*/summary', async (route) => {
      await held;
      await route.continue();
    });
    await diner.goto(feedbackUrl);
    await diner.getByRole('heading', { level: 1, name: 'Le Comptoir E2E' }).waitFor();
    expect(await diner.getByRole('radio', { name: '5 étoiles' }).isVisible()).toBe(true);
    expect(await diner.getByTestId('card-summary').count()).toBe(0);
    release();
    const summary = diner.getByTestId('card-summary');
    await expect.poll(() => summary.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await summary.getByTestId('card-summary-balance').textContent()).toBe('0 point');
    expect(await summary.getByText('1 récompense à retirer').isVisible()).toBe(true);
    expect(await summary.getByTestId('card-summary-rewards').textContent()).toBe('Café offert');
    // Above the form.
    const [cardBox, formBox] = [await summary.boundingBox(), await diner.getByRole('radio', { name: '5 étoiles' }).boundingBox()];
    expect(cardBox!.y + cardBox!.height).toBeLessThan(formBox!.y);
    await saveScreenshot(diner, 'diner-card-summary-390');
    await diner.unroute('**/api/public/card/*/summary');

    // /r/{code} too; « Voir ma carte » opens the card.
    await diner.goto(`${baseUrl}${paths.dinerScan.href(code)}`);
    await expect.poll(() => diner.getByTestId('card-summary').isVisible(), { timeout: 10_000 }).toBe(true);
    await diner.getByRole('link', { name: 'Voir ma carte' }).click();
    await expect.poll(() => diner.getByRole('heading', { name: 'Vos récompenses à retirer' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(diner.url()).pathname).toBe(paths.dinerCard.href(restaurant.restaurantId));

    // Another phone at the same table sees no card.
    const neighbour = await browser.newPage(PHONE);
    await neighbour.goto(feedbackUrl);
    await neighbour.getByRole('heading', { level: 1, name: 'Le Comptoir E2E' }).waitFor();
    await neighbour.waitForLoadState('networkidle');
    expect(await neighbour.getByTestId('card-summary').count()).toBe(0);

    // The wide screen, for a person to look at.
    const desktop = await browser.browser.newContext({ viewport: DESKTOP, locale: 'fr-FR', timezoneId: 'Europe/Paris', storageState: await diner.context().storageState() });
    const wide = await desktop.newPage();
    await wide.goto(feedbackUrl);
    await expect.poll(() => wide.getByTestId('card-summary').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await seriousViolations(wide)).toEqual([]);
    await saveScreenshot(wide, 'diner-card-summary-1280');
    await wide.goto(`${baseUrl}${paths.dinerCard.href(restaurant.restaurantId)}`);
    await wide.getByRole('heading', { name: 'Vos récompenses à retirer' }).waitFor();
    await saveScreenshot(wide, 'card-1280');
    await desktop.close();
    expect(errors).toEqual([]);
  });

  it('a phone whose typed address waits for its link sees « Confirmez votre email — renvoyer le lien », not a second box (issue 48)', { timeout: 180_000 }, async () => {
    await ensureRestaurant();
    const diner = await browser.newPage(PHONE);
    await diner.goto(`${baseUrl}${paths.dinerFeedback.href(restaurant.restaurantId)}`);
    await diner.getByRole('radio', { name: '5 étoiles' }).click();
    await diner.getByRole('textbox', { name: /^Email/ }).fill(`carte-${crypto.randomUUID().slice(0, 8)}@example.com`);
    await diner.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect.poll(() => diner.getByText('Récompense débloquée').isVisible(), { timeout: 15_000 }).toBe(true);
    await diner.goto(`${baseUrl}${paths.dinerCard.href(restaurant.restaurantId)}`);
    const pending = diner.getByTestId('card-pending-confirmation');
    await expect.poll(() => pending.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await pending.getByRole('heading').textContent()).toBe('Confirmez votre email — renvoyer le lien');
    expect(await diner.getByTestId('card-email-box').count()).toBe(0);
    expect(await diner.getByRole('textbox', { name: 'Email' }).count()).toBe(0);
    await pending.getByRole('button', { name: 'renvoyer le lien' }).click();
    await expect.poll(() => pending.getByText('Un nouveau lien de confirmation vient de vous être envoyé.').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await seriousViolations(diner)).toEqual([]);
    await saveScreenshot(diner, 'card-pending-confirmation-390');
    // A mistyped address: the box again, on request.
    await pending.getByRole('button', { name: 'Utiliser une autre adresse' }).click();
    expect(await diner.getByTestId('card-email-box').getByRole('textbox', { name: 'Email' }).isVisible()).toBe(true);
  });

  it('the card, Comptoir and /recompenses pass axe at 390 and 1280 px', { timeout: 180_000 }, async () => {
    await ensureRestaurant();
    for (const viewport of [PHONE, DESKTOP]) {
      const diner = await browser.newPage(viewport);
      await diner.goto(`${baseUrl}${paths.dinerCard.href(restaurant.restaurantId)}`);
      await diner.getByRole('heading', { name: 'Gardez ou retrouvez votre carte' }).waitFor();
      await diner.waitForLoadState('networkidle');
      expect(await seriousViolations(diner), `card ${viewport.width}`).toEqual([]);
      await saveScreenshot(diner, `card-empty-${viewport.width}`);
      const staff = await browser.newPage(viewport);
      await signIn(staff, baseUrl, restaurant);
      for (const [name, target, ready] of [
        ['counter', paths.counter.href(), 'Remettre une récompense'],
        ['pending', paths.pendingRewards.href(), 'Récompenses à remettre'],
      ] as const) {
        await staff.goto(`${baseUrl}${target}`);
        await staff.getByText(ready, { exact: true }).first().waitFor();
        await staff.waitForLoadState('networkidle');
        expect(await seriousViolations(staff), `${target} ${viewport.width}`).toEqual([]);
        await saveScreenshot(staff, `${name}-${viewport.width}`);
      }
    }
  });
});
