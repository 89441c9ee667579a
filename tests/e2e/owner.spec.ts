import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signIn } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const owner = inject('e2eOwner');

/** The demo owner ("Chez Demo": 40 customers, 200 feedbacks over 60 days) signed in through /login. */
async function signInDemoOwner(viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage(viewport);
  await signIn(page, baseUrl, owner);
  return page;
}

/** A phone page must not scroll sideways. */
async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** Reads an owner API as the signed-in page does. */
async function fetchJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url, { credentials: 'same-origin' })).json(), path) as Promise<T>;
}

describe('owner workspace', () => {
  it('shows the seeded dashboard: the server’s counters, ten recent feedbacks, the chart and its table', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'dashboard-desktop'],
      [PHONE, 'dashboard-phone'],
    ] as const) {
      const page = await signInDemoOwner(viewport);
      await page.goto(`${baseUrl}/dashboard`);
      await page.getByRole('heading', { name: 'Bienvenue Chez Demo !' }).waitFor();
      const api = await fetchJson<{ counters: { visitsLast7Days: number; averageRating: number | null; goodRatings: number; recentCount: number } }>(page, '/api/dashboard');
      expect(await page.getByTestId('counter-visits-value').textContent()).toBe(String(api.counters.visitsLast7Days));
      expect(await page.getByTestId('counter-average-value').textContent()).toBe(api.counters.averageRating!.toLocaleString('fr-FR', { minimumFractionDigits: 1 }));
      expect(await page.getByTestId('counter-good-value').textContent()).toBe(String(api.counters.goodRatings));
      expect(await page.getByTestId('counter-recent-value').textContent()).toBe('10');
      expect(await page.getByTestId('recent-feedbacks').locator('li').count()).toBe(10);
      // Green from 4 stars, red below.
      const first = page.getByTestId('recent-feedbacks').locator('li').first();
      const rating = Number(await first.getAttribute('data-rating'));
      expect(await first.getAttribute('class')).toContain(rating >= 4 ? 'border-green-600' : 'border-red-600');
      // uPlot draws a canvas; the same figures are in a table.
      await page.getByTestId('daily-chart-canvas').locator('canvas').first().waitFor();
      expect(await page.getByTestId('daily-table').locator('tbody tr').count()).toBe(30);
      // Chez Demo has its review link: no banner, and the to-do item is ticked.
      expect(await page.getByTestId('review-link-banner').count()).toBe(0);
      expect(await page.getByTestId('todo-list').getByRole('link', { name: /lien d’avis/ }).getAttribute('data-done')).toBe('true');
      await expectNoHorizontalScroll(page);
      await saveScreenshot(page, name);
      await page.close();
    }
  });

  it('finds Élodie when typing "elodie", pages the customers and opens a customer', async () => {
    const page = await signInDemoOwner(PHONE);
    await page.goto(`${baseUrl}/customers`);
    await page.getByTestId('customer-card').first().waitFor();
    expect(await page.getByTestId('customer-card').count()).toBe(20);
    // Other browser tests add diners to Chez Demo: the page count follows the server's total.
    const { total } = await fetchJson<{ total: number }>(page, '/api/customers');
    await page.getByRole('navigation', { name: 'Pagination' }).getByText(`Page 1 sur ${Math.ceil(total / 20)}`).waitFor();
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'customers-phone');
    await page.getByPlaceholder('Rechercher des clients...').fill('elodie');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('elodie');
    await expect.poll(async () => (await page.getByTestId('customer-card').allTextContents()).every((text) => text.includes('Élodie'))).toBe(true);
    expect(await page.getByTestId('customer-card').count()).toBeGreaterThan(0);
    await page.getByPlaceholder('Rechercher des clients...').fill('zzzz-personne');
    await page.getByText('Aucun client trouvé correspondant à votre recherche').waitFor();
    await page.close();
  });

  it('hands over a pending reward once; its points left the balance when it was unlocked', async () => {
    const page = await signInDemoOwner(DESKTOP);
    await page.goto(`${baseUrl}/customers`);
    // The seed unlocked rewards for its best customers: find one with a pending reward.
    const list = await fetchJson<{ items: Array<{ id: string }> }>(page, '/api/customers?page=1');
    let target: { id: string; points: number; label: string } | null = null;
    for (const item of list.items) {
      const detail = await fetchJson<{ customer: { points: number }; rewards: Array<{ status: string; label: string; cost: number }> }>(page, `/api/customers/${item.id}`);
      // Paid at unlock (decision 024): any pending reward can be handed over, and the balance stays.
      const pending = detail.rewards.find((reward) => reward.status === 'pending');
      if (pending) {
        target = { id: item.id, points: detail.customer.points, label: pending.label };
        break;
      }
    }
    expect(target).not.toBeNull();
    await page.goto(`${baseUrl}/customers/${target!.id}`);
    const pendingList = page.getByTestId('pending-rewards');
    await pendingList.waitFor();
    const before = await pendingList.locator('li').count();
    await pendingList.locator('li', { hasText: target!.label }).first().getByRole('button', { name: 'Marquer comme utilisée' }).click();
    await page.getByText('Récompense utilisée', { exact: true }).first().waitFor();
    await expect.poll(() => page.getByTestId('customer-points').textContent()).toBe(`${target!.points.toLocaleString('fr-FR')} points`);
    await expect.poll(() => page.getByTestId('pending-rewards').locator('li').count()).toBe(before - 1);
    await saveScreenshot(page, 'customer-desktop');
    await page.close();
  });

  it('creates a reward, switches it off and deletes it after confirmation', async () => {
    const page = await signInDemoOwner(PHONE);
    await page.goto(`${baseUrl}/loyalty`);
    await page.getByRole('heading', { name: 'Catalogue de récompenses' }).waitFor();
    const label = `Digestif ${Date.now().toString(36)}`;
    const create = page.getByRole('button', { name: 'Créer', exact: true });
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Récompense', { exact: true }).fill(label);
    expect(await page.getByLabel('Coût (points)').inputValue()).toBe('100');
    await create.click();
    await page.getByText('Récompense créée !').waitFor();
    const row = page.getByTestId('reward-row').filter({ hasText: label });
    await row.waitFor();
    const toggle = row.getByRole('switch');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await page.getByText('Statut mis à jour').waitFor();
    await expect.poll(() => row.getByRole('switch').getAttribute('aria-checked')).toBe('false');
    // The threshold field stays within 3–5 and the preview follows the rules.
    await page.getByLabel('Seuil de bonne note (étoiles)').fill('9');
    expect(await page.getByLabel('Seuil de bonne note (étoiles)').inputValue()).toBe('5');
    await page.getByTestId('rules-preview').getByText('Note de 5 étoiles ou plus').waitFor();
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'loyalty-phone');
    await row.getByRole('button', { name: `Supprimer la récompense « ${label} »` }).click();
    await page.getByRole('alertdialog', { name: 'Supprimer cette récompense ?' }).getByRole('button', { name: 'Supprimer' }).click();
    await page.getByText('Récompense supprimée').waitFor();
    await expect.poll(() => page.getByTestId('reward-row').filter({ hasText: label }).count()).toBe(0);
    await page.close();
  });

  it("refuses an empty cost and an empty rule with only the first error, in the 'Erreur de validation' toast", async () => {
    const page = await signInDemoOwner(PHONE);
    await page.goto(`${baseUrl}/loyalty`);
    await page.getByRole('heading', { name: 'Catalogue de récompenses' }).waitFor();
    const label = `Thé ${Date.now().toString(36)}`;
    await page.getByLabel('Récompense', { exact: true }).fill(label);
    await page.getByLabel('Coût (points)').fill('');
    await page.getByRole('button', { name: 'Créer', exact: true }).click();
    const validation = page.locator('[data-sonner-toast]').filter({ hasText: 'Erreur de validation' });
    await validation.filter({ hasText: 'Coût : nombre entier requis' }).waitFor();
    expect(await page.getByTestId('reward-row').filter({ hasText: label }).count()).toBe(0);

    // Two rules emptied: the toast names the first field on screen only.
    await page.getByLabel('Points par visite').fill('');
    await page.getByLabel('Plafond de points par jour').fill('');
    await page.getByRole('button', { name: 'Enregistrer les règles' }).click();
    await validation.filter({ hasText: 'Points par visite : nombre entier requis' }).waitFor();
    expect(await validation.filter({ hasText: 'Plafond journalier' }).count()).toBe(0);
    expect(await page.getByTestId('rules-preview').count()).toBe(0);
    await page.close();
  });

  it('lists the automations, pauses one, edits its subject (refusing an unknown variable) and previews it', async () => {
    const page = await signInDemoOwner(PHONE);
    await page.goto(`${baseUrl}/automations`);
    const card = page.getByTestId('automation-card').and(page.locator('[data-key="review_nudge_3d"]'));
    await card.waitFor();
    expect(await page.getByTestId('automation-card').count()).toBe(6);
    await card.getByRole('switch').click();
    await page.getByText('Statut modifié').first().waitFor();
    await card.getByText('En pause').waitFor();
    await card.getByRole('button', { name: 'Modifier' }).click();
    const dialog = page.getByRole('dialog');
    const subject = dialog.getByLabel('Objet');
    await subject.fill('{{prenom}}, votre avis compte');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText(/Variable inconnue : \{\{prenom\}\}/).first().waitFor();
    expect(await dialog.getByLabel('Contenu HTML').getAttribute('rows')).toBe('12');
    await subject.fill('{{first_name}}, votre avis compte beaucoup');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Automation mise à jour').waitFor();
    // The card shows the subject as diners read it (the sample diner's first name).
    await card.getByText('Camille, votre avis compte beaucoup').waitFor();
    await card.getByRole('button', { name: 'Aperçu' }).click();
    await expect.poll(() => page.getByTestId('preview-subject').textContent()).toBe('Camille, votre avis compte beaucoup');
    await saveScreenshot(page, 'automations-preview-phone');
    await page.keyboard.press('Escape');
    // Back as it was for the other tests.
    await card.getByRole('switch').click();
    await card.getByText('Actif').waitFor();
    await expectNoHorizontalScroll(page);
    await saveScreenshot(page, 'automations-phone');
    await page.close();
  });

  it('groups the owner menu: behind a « Menu » button on a phone (Escape closes it), in four groups on a desktop', async () => {
    const phone = await signInDemoOwner(PHONE);
    await phone.goto(`${baseUrl}/avis`);
    const nav = phone.getByRole('navigation', { name: 'Espace restaurant' });
    const button = nav.getByRole('button', { name: 'Menu' });
    await button.waitFor();
    // Closed: one row saying where the owner is, no link of the menu on screen, nothing scrolls sideways.
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByTestId('menu-current').textContent()).toBe('Avis');
    expect(await nav.getByRole('link').count()).toBe(0);
    await expectNoHorizontalScroll(phone);
    await saveScreenshot(phone, 'owner-menu-390-closed');
    // Open: the four groups in two columns, the focus on the first entry, every entry on screen.
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await phone.evaluate(() => document.activeElement?.textContent)).toBe('Tableau de bord');
    expect(await nav.getByRole('list').evaluateAll((lists) => lists.map((list) => document.getElementById(list.getAttribute('aria-labelledby') ?? '')?.textContent))).toEqual([
      'Au quotidien',
      'Collecte et fidélité',
      'Organisation',
      'Réglages',
    ]);
    expect(await nav.getByRole('link').count()).toBe(14);
    for (const link of await nav.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await expectNoHorizontalScroll(phone);
    await saveScreenshot(phone, 'owner-menu-390-open');
    // Escape closes it and gives the focus back to the button; an entry followed closes it too.
    await phone.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await phone.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
    await button.click();
    await nav.getByRole('link', { name: 'Clients', exact: true }).click();
    await phone.getByRole('heading', { name: 'Vos clients' }).waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.getByTestId('menu-current').textContent()).toBe('Clients');
    await phone.close();

    const desktop = await signInDemoOwner(DESKTOP);
    await desktop.goto(`${baseUrl}/avis`);
    const desktopNav = desktop.getByRole('navigation', { name: 'Espace restaurant' });
    await desktopNav.getByRole('link', { name: 'Avis', exact: true }).waitFor();
    // No button on a desktop: the fourteen entries are on screen, in their groups.
    expect(await desktopNav.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect(await desktopNav.getByRole('link').count()).toBe(14);
    expect(await desktopNav.getByRole('link', { name: 'Avis', exact: true }).getAttribute('aria-current')).toBe('page');
    await saveScreenshot(desktop, 'owner-menu-1280');
    await desktop.close();
  });
});
