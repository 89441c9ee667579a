import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createApprovedRestaurant, signInPage } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser, waitForToastsGone } from './support/browser';
import { followOwnerMenu } from './support/owner-pages';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const admin = inject('e2eAdmin');

/** A diner's rating through the public API (no email). */
async function rate(restaurantId: string, rating: number) {
  const ip = `10.29.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
  const response = await fetch(`${baseUrl}/api/public/feedbacks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': ip },
    body: JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId, rating, comment: 'Test', firstName: 'Sacha' }),
  });
  expect(response.status).toBe(200);
}

async function expectNoSeriousAxeViolation(page: Page) {
  await waitForToastsGone(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
}

describe('/etablissements', () => {
  it('the propriétaire adds a venue, sees it with its figures, and sorts the consolidated view (390 and 1280 px)', { timeout: 240_000 }, async () => {
    const owner = await createApprovedRestaurant(browser, baseUrl, admin, 'Le Bistrot Mère');
    await rate(owner.restaurantId, 5);
    await rate(owner.restaurantId, 2);
    await rate(owner.restaurantId, 4);

    for (const [index, viewport] of [PHONE, DESKTOP].entries()) {
      const page = await signInPage(browser, baseUrl, viewport, owner);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${baseUrl}/dashboard`);
      await followOwnerMenu(page, 'Établissements');
      await page.getByRole('heading', { name: 'Vos établissements' }).waitFor();
      await page.getByRole('article', { name: 'Le Bistrot Mère' }).waitFor();

      // A bad SIRET is refused with the shared message; a good one creates the venue, active at once.
      const name = `Annexe ${index + 1}`;
      await page.getByRole('button', { name: 'Ajouter un établissement' }).click();
      await page.getByLabel('Nom de l’établissement').fill(name);
      await page.getByLabel('Adresse').fill('12 rue des Halles\n75001 Paris');
      await page.getByLabel('SIRET').fill('552 100 554');
      await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
      await page.getByText('Le SIRET doit contenir exactement 14 chiffres').waitFor();
      await page.getByLabel('SIRET').fill(`${owner.siren}0001${index + 1}`);
      await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
      await page.getByText('Établissement ajouté.').waitFor();
      const card = page.getByRole('article', { name });
      await card.waitFor();
      expect(await card.getByText('Actif').count()).toBe(1);
      await page.waitForLoadState('networkidle');
      await expectNoSeriousAxeViolation(page);
      await saveScreenshot(page, `venues-${viewport.width}`);

      await page.getByRole('link', { name: 'Vue consolidée' }).click();
      await page.getByRole('heading', { name: 'Vue consolidée', exact: true }).waitFor();
      if (viewport === DESKTOP) {
        const table = page.getByRole('table', { name: 'Chiffres par établissement' });
        await table.waitFor();
        const notes = table.getByRole('columnheader', { name: /Notes$/ });
        expect(await notes.getAttribute('aria-sort')).toBe('none');
        // Keyboard: the header's button sorts (largest first), then turns the order around.
        await notes.getByRole('button').focus();
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => document.querySelector('th[aria-sort="descending"]') !== null);
        const firstRow = table.locator('tbody tr').first();
        expect(await firstRow.locator('th').innerText()).toContain('Le Bistrot Mère');
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => document.querySelector('th[aria-sort="ascending"]') !== null);
        expect(await table.locator('tbody tr').first().locator('th').innerText()).not.toContain('Le Bistrot Mère');
        expect(await table.locator('tfoot').innerText()).toContain('Total');
      } else {
        const cards = page.getByRole('list', { name: 'Chiffres par établissement' });
        await cards.waitFor();
        await page.getByLabel('Trier par').selectOption('feedbacks:desc');
        await page.waitForFunction(() => document.querySelector('ul[aria-label="Chiffres par établissement"] li h3')?.textContent === 'Le Bistrot Mère');
      }
      await page.waitForLoadState('networkidle');
      await expectNoSeriousAxeViolation(page);
      await saveScreenshot(page, `venues-synthesis-${viewport.width}`);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
