// Issue #53 (decision 097): the customers area — /customers, a customer's page, /loyalty, /comptoir and
// /recompenses — in English for an English owner, at 390 and 1280 px; the same pages in French for a French owner.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createApprovedRestaurant, signInPage } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';
import { waitForMail } from './support/mailbox';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const admin = inject('e2eAdmin');

/** A diner's rating through the public API, then the emailed confirmation link opened: a customer the restaurant can reach. */
async function rate(restaurantId: string, rating: number, comment: string, email: string) {
  const ip = `10.54.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
  const response = await fetch(`${baseUrl}/api/public/feedbacks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': ip },
    body: JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId, rating, comment, firstName: 'Sacha', email }),
  });
  expect(response.status).toBe(200);
  const mail = await waitForMail(baseUrl, email, (m) => m.html.includes('?link='));
  const token = /[?&]link=([\w-]+)/.exec(mail.html)![1];
  const confirmed = await fetch(`${baseUrl}/api/public/link-email/confirm`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify({ token }) });
  expect(confirmed.status).toBe(200);
}

/** French words of these pages: none may show in the English page's main content (the diner's name and comment are English here; the default reward's name stays). */
const FRENCH = ['Clients', 'Client', 'Vos', 'Fidélité', 'fidélité', 'Comptoir', 'Chargement', 'Aucun', 'Aucune', 'Récompense', 'Récompenses', 'récompense', 'récompenses', 'Exporter', 'Filtrer', 'Effacer', 'Règles', 'Enregistrer', 'Remis', 'Rechercher', 'Visite', 'Visites', 'Vérifier', 'Trouver', 'Avis', 'avis', 'Retour', 'Inclure', 'Dernière', 'depuis', 'Scanner', 'Programme', 'Seuil', 'Plafond', 'Coût', 'Créer', 'distribués', 'caractères', 'Rien'];
/** English words of these pages: none may show in the French page's main content. */
const ENGLISH = ['Customers', 'Customer', 'Your', 'Loyalty', 'Counter', 'Loading', 'Export', 'Filter', 'Erase', 'Save', 'Search', 'Reward', 'Rewards', 'Back', 'Check', 'Find', 'Today', 'reviews', 'Visits', 'Visit', 'rules', 'Create', 'Cost'];

async function expectNone(page: Page, words: readonly string[]) {
  const text = await page.locator('main').innerText();
  expect(text.length).toBeGreaterThan(20);
  expect(words.filter((word) => new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'u').test(text))).toEqual([]);
}

/** Nothing wider than the window (no sideways scroll). */
async function expectNoOverflow(page: Page) {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 3)
      .map((element) => `${element.tagName}.${element.className}: ${(element as HTMLElement).innerText?.slice(0, 40)}`),
  );
  expect(wide).toEqual([]);
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

describe('the customers area in the owner’s language (issue #53)', () => {
  it('an English owner: /customers, a customer, /loyalty, /comptoir and /recompenses at 390 and 1280 px; a French owner keeps French', { timeout: 480_000 }, async () => {
    const owner = await createApprovedRestaurant(browser, baseUrl, admin, 'The Red Lion');
    const french = await createApprovedRestaurant(browser, baseUrl, admin, 'Le Bistrot Clients');
    await rate(owner.restaurantId, 5, 'Lovely Sunday roast', `e2e-en-${randomBytes(3).toString('hex')}@example.fr`);
    await rate(french.restaurantId, 5, 'Très bon', `e2e-fr-${randomBytes(3).toString('hex')}@example.fr`);

    for (const [index, viewport] of [PHONE, DESKTOP].entries()) {
      const page = await signInPage(browser, baseUrl, viewport, owner);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // The first time through the header's switch; the second, the user's stored language from /api/me.
      if (index === 0) await page.getByRole('button', { name: 'Language: English' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-GB');

      // /customers: the list, its count, search, filters and export button; the empty state of a filter.
      await page.goto(`${baseUrl}/customers`);
      await page.getByRole('heading', { name: 'Your customers' }).waitFor();
      await page.getByText('1 customer', { exact: true }).waitFor();
      const card = page.getByTestId('customer-card').filter({ hasText: 'Sacha' });
      await card.waitFor();
      expect(await card.getByText('Visits:').count()).toBe(1);
      expect(await card.getByText('Last visit:').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Export as CSV' }).count()).toBe(1);
      expect(await page.getByPlaceholder('Search customers...').count()).toBe(1);
      expect(await page.getByLabel('Include anonymous devices').count()).toBe(1);
      expect(await page.title()).toBe('Customers · ReFeed');
      await expectNone(page, FRENCH);
      await saveScreenshot(page, `customers-en-list-${viewport.width}`);
      await expectNoOverflow(page);
      await page.getByLabel('Filter', { exact: true }).selectOption('away30');
      await page.getByText('No customer found matching your search').waitFor();
      expect(await page.getByRole('option', { name: 'Not seen for 30 days' }).count()).toBe(1);
      await page.getByLabel('Filter', { exact: true }).selectOption('');
      await card.waitFor();

      // A customer's page: their details, history, point events and the erase dialog.
      await card.click();
      await page.getByText('Customer since:').waitFor();
      expect(await page.getByRole('heading', { name: 'Sacha', exact: true }).count()).toBe(1);
      await page.getByText('Rated visit').waitFor();
      expect(await page.getByRole('heading', { name: 'Visits and rewards used' }).count()).toBe(1);
      expect(await page.getByText('Nothing yet.').count()).toBeGreaterThan(0);
      // The point event's date, in English (« 3 December 2026 at 14:05 »).
      expect(await page.getByText(/^\d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d$/).count()).toBeGreaterThan(0);
      expect(await page.getByText('“Lovely Sunday roast”').count()).toBe(1);
      expect(await page.getByRole('heading', { name: 'Rewards to hand over' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Export their data' }).count()).toBe(1);
      expect(await page.title()).toMatch(/^Customer · Sacha/);
      await expectNone(page, FRENCH);
      await saveScreenshot(page, `customers-en-customer-${viewport.width}`);
      await expectNoOverflow(page);
      await page.getByRole('button', { name: 'Erase this customer' }).click();
      const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
      await dialog.getByText('Erase this customer?').waitFor();
      expect(await dialog.getByText(/This cannot be undone\./).count()).toBe(1);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // /loyalty: stats, rules (saved), the catalogue (a refused cost, then a reward created).
      await page.goto(`${baseUrl}/loyalty`);
      await page.getByRole('heading', { name: 'Loyalty programme' }).waitFor();
      await page.getByRole('heading', { name: 'Points rules' }).waitFor();
      expect(await page.getByText('Points given').count()).toBe(1);
      expect(await page.getByText('What your customers get').count()).toBe(1);
      await page.getByRole('button', { name: 'Save the rules' }).click();
      await toast(page, 'Points rules updated!');
      const reward = `Free pint ${viewport.width}`;
      await page.getByLabel('Reward', { exact: true }).fill(reward);
      await page.getByLabel('Cost (points)').fill('0');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await toast(page, 'Cost: 1 point at least');
      await page.getByLabel('Cost (points)').fill('120');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await toast(page, 'Reward created!');
      await page.getByTestId('reward-row').filter({ hasText: reward }).getByText('120 points').waitFor();
      expect(await page.getByRole('heading', { name: 'Rewards catalogue' }).count()).toBe(1);
      expect(await page.title()).toBe('Loyalty · ReFeed');
      await expectNone(page, FRENCH);
      await saveScreenshot(page, `customers-en-loyalty-${viewport.width}`);
      await expectNoOverflow(page);

      // /comptoir: a mistyped code (the page's), an unknown one (the API's), a short search; today's reviews.
      await page.goto(`${baseUrl}/comptoir`);
      await page.getByRole('heading', { name: 'Hand over a reward' }).waitFor();
      expect(await page.getByRole('button', { name: 'Scan the customer’s QR code' }).count()).toBe(1);
      await page.getByLabel('6-character code').fill('12');
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await page.getByText('The code is 6 letters or digits.').waitFor();
      await page.getByLabel('6-character code').fill('ZZZZZZ');
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await page.getByText(/^Unknown code\. Check the 6 characters/).waitFor();
      await page.getByLabel('Email, phone or code').fill('ab');
      await page.locator('main').getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText('Type at least 3 characters: email, phone or code.').waitFor();
      await page.getByRole('heading', { name: 'Find a customer' }).waitFor();
      await page.getByText('1 review today, average 5.0/5.').waitFor();
      expect(await page.getByText('“Lovely Sunday roast”').count()).toBe(1);
      expect(await page.title()).toBe('Counter · ReFeed');
      await expectNone(page, FRENCH);
      await saveScreenshot(page, `customers-en-counter-${viewport.width}`);
      await expectNoOverflow(page);

      // /recompenses: nothing waiting yet, said in English.
      await page.locator('main').getByRole('link', { name: 'All rewards to hand over' }).click();
      await page.getByRole('heading', { name: 'Rewards to hand over', level: 2 }).waitFor();
      await page.getByText('No rewards waiting. They appear here as soon as a customer unlocks one.').waitFor();
      expect(await page.locator('main').getByRole('link', { name: 'Counter', exact: true }).count()).toBe(1);
      expect(await page.title()).toBe('Rewards to hand over · ReFeed');
      await expectNone(page, FRENCH);
      await saveScreenshot(page, `customers-en-pending-${viewport.width}`);
      await expectNoOverflow(page);
      expect(errors).toEqual([]);
      await page.close();

      // The same pages for a French owner: the spec's French, no English words.
      const frPage = await signInPage(browser, baseUrl, viewport, french);
      await frPage.goto(`${baseUrl}/customers`);
      await frPage.getByRole('heading', { name: 'Vos clients' }).waitFor();
      await frPage.getByText('1 client', { exact: true }).waitFor();
      await frPage.getByTestId('customer-card').filter({ hasText: 'Sacha' }).getByText('Visites :').waitFor();
      expect(await frPage.getByRole('button', { name: 'Exporter en CSV' }).count()).toBe(1);
      expect(await frPage.title()).toBe('Clients · ReFeed');
      await expectNone(frPage, ENGLISH);
      await frPage.getByTestId('customer-card').filter({ hasText: 'Sacha' }).click();
      await frPage.getByText('Client depuis :').waitFor();
      await frPage.getByText('Visite notée').waitFor();
      await expectNone(frPage, ENGLISH);
      await frPage.goto(`${baseUrl}/loyalty`);
      await frPage.getByRole('heading', { name: 'Programme de fidélité' }).waitFor();
      await frPage.getByRole('button', { name: 'Enregistrer les règles' }).click();
      await toast(frPage, 'Règles de points mises à jour !');
      await expectNone(frPage, ENGLISH);
      await frPage.goto(`${baseUrl}/comptoir`);
      await frPage.getByRole('heading', { name: 'Remettre une récompense' }).waitFor();
      await frPage.getByLabel('Code à 6 caractères').fill('ZZZZZZ');
      await frPage.getByRole('button', { name: 'Vérifier', exact: true }).click();
      await frPage.getByText(/^Code inconnu\./).waitFor();
      await frPage.getByText('1 avis aujourd’hui, moyenne 5,0/5.').waitFor();
      expect(await frPage.title()).toBe('Comptoir · ReFeed');
      await expectNone(frPage, ENGLISH);
      await frPage.goto(`${baseUrl}/recompenses`);
      await frPage.getByRole('heading', { name: 'Récompenses à remettre', level: 2 }).waitFor();
      await frPage.getByText('Aucune récompense en attente. Elles apparaissent ici dès qu’un client en débloque une.').waitFor();
      await expectNone(frPage, ENGLISH);
      await saveScreenshot(frPage, `customers-fr-pending-${viewport.width}`);
      await frPage.close();
    }
  });
});
