import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn, signInCookie } from './support/accounts';
import { DESKTOP, launchBrowser, PHONE, saveScreenshot, type TestBrowser } from './support/browser';

let browser: TestBrowser;
const baseUrl = inject('baseUrl');
const owner = inject('e2eOwner');
let restaurantId: string;

async function findDemoRestaurantId(): Promise<string> {
  const cookie = await signInCookie(baseUrl, owner);
  const me = (await (await fetch(`${baseUrl}/api/me`, { headers: { cookie } })).json()) as { restaurants: Array<{ id: string; name: string }> };
  return me.restaurants.find((r) => r.name === 'Chez Demo')!.id;
}

/** axe's serious and critical violations of the page as it stands. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  restaurantId = await findDemoRestaurantId();
});
afterAll(async () => {
  await browser?.close();
});

describe('Mes données on a phone (390×844)', () => {
  it('a diner rates, opens Mes données, downloads the JSON and erases their data after a confirmation', async () => {
    const page = await browser.newPage(PHONE);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/f/${restaurantId}`);
    await page.getByRole('radio', { name: '4 étoiles' }).click();
    await page.getByLabel('Commentaire').fill('Très bon, un peu d’attente');
    await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Merci pour votre avis !' }).isVisible()).toBe(true);

    // From the diner page's privacy note.
    await page.goto(`${baseUrl}/f/${restaurantId}`);
    await page.getByRole('link', { name: 'Mes données' }).click();
    await page.waitForURL(`**/f/${restaurantId}/donnees`);
    await expect.poll(() => page.getByRole('heading', { name: 'Mes données' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Très bon, un peu d’attente', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: /^Points : \d+$/ }).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'diner-my-data-phone');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Télécharger mes données' }).click()]);
    expect(download.suggestedFilename()).toBe('mes-donnees.json');
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { found: boolean; ratings: Array<{ rating: number; comment: string }> };
    expect(exported.found).toBe(true);
    expect(exported.ratings[0]).toMatchObject({ rating: 4, comment: 'Très bon, un peu d’attente' });

    // Erasure asks first; an anonymous device is then erased at once.
    await page.getByRole('button', { name: 'Effacer mes données' }).click();
    expect(await page.getByText('Effacer toutes vos données ?').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'diner-my-data-erase-confirm-phone');
    await page.getByRole('button', { name: 'Oui, effacer mes données' }).click();
    await expect.poll(() => page.getByText('Vos données ont été effacées.').first().isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByText('Ce restaurant ne détient aucune donnée liée à cet appareil.').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('the customer list filters', () => {
  it('filter menu and anonymous-devices switch at 390 and 1280 px, axe clean', { timeout: 150_000 }, async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await browser.newPage(viewport);
      await signIn(page, baseUrl, owner);
      await page.goto(`${baseUrl}/customers`);
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.getByTestId('customer-card').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      const known = Number((await page.getByText(/^\d[\d\s\u202f]*\+? clients?$/).textContent())!.replace(/\D/g, ''));
      await page.getByLabel('Filtrer').selectOption({ label: 'Avec email' });
      await page.waitForURL(/filter=email/);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      await saveScreenshot(page, `customers-filters-${viewport.width}`);
      await page.getByLabel('Filtrer').selectOption({ label: 'Tous les clients' });
      await page.getByRole('switch', { name: 'Inclure les appareils anonymes' }).click();
      await page.waitForURL(/scope=all/);
      await expect.poll(async () => Number(((await page.getByText(/^\d[\d\s\u202f]*\+? clients?$/).textContent()) ?? '').replace(/\D/g, ''))).toBeGreaterThanOrEqual(known);
    }
  });
});
