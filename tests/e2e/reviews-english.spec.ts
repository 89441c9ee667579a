// Issue #53 (decision 097): the reviews area — the dashboard, /avis with its filters and reply panel, the
// review link page — in English for an English owner, at 390 and 1280 px; the same pages in French for a
// French owner.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createApprovedRestaurant, signInPage } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser, waitForToastsGone } from './support/browser';
import { waitForMail } from './support/mailbox';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const admin = inject('e2eAdmin');

/** A diner's rating through the public API; with an email, the diner then opens the emailed confirmation link. */
async function rate(restaurantId: string, rating: number, comment: string, email?: string) {
  const ip = `10.53.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 250)}`;
  const response = await fetch(`${baseUrl}/api/public/feedbacks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': ip },
    body: JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId, rating, comment, firstName: 'Sacha', ...(email ? { email } : {}) }),
  });
  expect(response.status).toBe(200);
  if (!email) return;
  const mail = await waitForMail(baseUrl, email, (m) => m.html.includes('?link='));
  const token = /[?&]link=([\w-]+)/.exec(mail.html)![1];
  const confirmed = await fetch(`${baseUrl}/api/public/link-email/confirm`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify({ token }) });
  expect(confirmed.status).toBe(200);
}

/** French words of these pages: none may show in the English page's main content (the diners' own texts are English here). */
const FRENCH = ['Bienvenue', 'Tous les avis', 'Avis récents', 'Répondre', 'Traité', 'Nouveau', 'Chargement', 'Aucun', 'Enregistrer', 'Filtrer', 'Période', 'Statut', 'Note moyenne', 'Visites', 'À faire', 'étoile', 'Lien', 'Rechercher', 'Tester', 'Retirer', 'Effacer', 'Toutes', 'Sans', 'derniers', 'Imprimer'];
/** English words of these pages: none may show in the French page's main content. */
const ENGLISH = ['Welcome', 'All reviews', 'Recent reviews', 'Reply', 'Handled', 'Loading', 'Save', 'Filter', 'Period', 'Status', 'Average', 'Visits', 'To do', 'stars', 'Search', 'Remove', 'Clear', 'last'];

const mainText = (page: Page) => page.locator('main').innerText();
async function expectNone(page: Page, words: readonly string[]) {
  const text = await mainText(page);
  expect(words.filter((word) => new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'u').test(text))).toEqual([]);
}
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

describe('the reviews area in the owner’s language (issue #53)', () => {
  it('an English owner: dashboard, /avis (filters, reply panel, empty state) and the review link, at 390 and 1280 px', { timeout: 420_000 }, async () => {
    const owner = await createApprovedRestaurant(browser, baseUrl, admin, 'The Red Lion');
    const diner = `e2e-en-${randomBytes(3).toString('hex')}@example.fr`;
    await rate(owner.restaurantId, 2, 'Cold chips', diner);
    await rate(owner.restaurantId, 5, 'Lovely Sunday roast');

    for (const [index, viewport] of [PHONE, DESKTOP].entries()) {
      const page = await signInPage(browser, baseUrl, viewport, owner);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // The first time through the header's switch; the second, the user's stored language from /api/me.
      if (index === 0) await page.getByRole('button', { name: 'Language: English' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-GB');

      // The dashboard.
      await page.goto(`${baseUrl}/dashboard`);
      await page.getByRole('heading', { name: 'Welcome to The Red Lion!' }).waitFor();
      await page.getByText('Your reviews and customers at a glance.').waitFor();
      await page.getByTestId('recent-feedbacks').waitFor();
      expect(await page.getByTestId('counter-today-count').textContent()).toBe('2 reviews');
      expect(await page.getByTestId('counter-today-average').textContent()).toMatch(/^3\.5/);
      expect(await page.getByTestId('review-link-banner').textContent()).toContain('No public review link is set up');
      for (const text of ['Visits (last 7 days)', 'Average rating (last 10 reviews)', 'Recent reviews', 'To do', 'The last 30 days', '“Lovely Sunday roast”', 'Print your QR codes']) {
        expect(await page.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
      }
      expect(await page.title()).toBe('Dashboard · ReFeed');
      await expectNone(page, FRENCH);
      await saveScreenshot(page, `reviews-en-dashboard-${viewport.width}`);

      // /avis: filters, a review, the reply panel.
      await page.goto(`${baseUrl}/avis`);
      await page.getByRole('heading', { name: 'All reviews' }).waitFor();
      await expect.poll(() => page.getByTestId('inbox-count').textContent()).toBe('2');
      await page.getByLabel('Rating', { exact: true }).selectOption('le3');
      await expect.poll(() => page.getByTestId('inbox-count').textContent()).toBe('1');
      const item = page.getByTestId('inbox-item').filter({ hasText: '“Cold chips”' });
      expect(await item.getByText('Not invited to the public review').count()).toBe(1);
      await item.getByRole('button', { name: 'Reply' }).click();
      if (index === 1) {
        // Already answered at 390 px: a second reply is confirmed first.
        await page.getByRole('alertdialog').getByText('You have already replied to this review. The diner will get another email.').waitFor();
        await page.getByRole('button', { name: 'Write a second reply' }).click();
      }
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: index === 0 ? 'Reply to Sacha' : 'Second reply to Sacha' }).waitFor();
      expect(await dialog.getByLabel('Subject').inputValue()).toBe('Your review of The Red Lion');
      expect(await dialog.getByLabel('Message').inputValue()).toMatch(/^Hello Sacha,\n\nThank you for taking the time/);
      expect(await dialog.getByLabel('Gift (optional)').count()).toBe(1);
      await saveScreenshot(page, `reviews-en-reply-${viewport.width}`);
      await dialog.getByLabel('Subject').fill(`Our apologies ${viewport.width}`);
      await dialog.getByRole('button', { name: 'Send the reply' }).click();
      await toast(page, 'Reply sent');
      await expect.poll(() => item.getByTestId('inbox-reply').count()).toBe(index + 1);
      expect(await item.getByTestId('inbox-reply').filter({ hasText: `Our apologies ${viewport.width}` }).textContent()).toMatch(new RegExp(`^Reply sent on \\d{1,2} [A-Z][a-z]+ \\d{4} at \\d{2}:\\d{2} by .+: Our apologies ${viewport.width}`));
      if (index === 0) {
        await item.getByRole('button', { name: 'Mark handled' }).click();
        await toast(page, 'Status updated');
        await expect.poll(() => item.getByText('Handled', { exact: true }).count()).toBe(1);
      }
      await waitForToastsGone(page);
      await expectNone(page, FRENCH);
      await saveScreenshot(page, `reviews-en-inbox-${viewport.width}`);

      // The empty state of a filter that matches nothing, then the filters cleared.
      await page.getByLabel('Rating', { exact: true }).selectOption('1');
      await page.getByText('No review matches these filters.').waitFor();
      await saveScreenshot(page, `reviews-en-inbox-empty-${viewport.width}`);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => page.getByTestId('inbox-count').textContent()).toBe('2');

      // The review link page: a refused link (the form's own message), then a saved one (the server's).
      await page.goto(`${baseUrl}/google-settings`);
      await page.getByRole('heading', { name: 'Public review link' }).waitFor();
      await page.getByText('No link yet: search for your venue or paste your link below.').waitFor();
      await page.getByLabel('Google review link').fill('https://example.com/not-google');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, 'Invalid Google link. Correct it and try again.');
      await page.getByLabel('Google review link').fill(`https://g.page/r/RedLion${viewport.width}/review`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, 'Link saved ✅');
      await page.getByText(/^Link checked on \d{1,2} [A-Z][a-z]+ \d{4}:/).waitFor();
      await waitForToastsGone(page);
      await expectNone(page, FRENCH);
      await saveScreenshot(page, `reviews-en-google-${viewport.width}`);
      // Removed again for the next width's page (it starts without a link).
      await page.getByRole('button', { name: 'Remove the link' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
      await toast(page, 'Link removed.');
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('a French owner keeps the same pages in French (390 and 1280 px)', { timeout: 300_000 }, async () => {
    const owner = await createApprovedRestaurant(browser, baseUrl, admin, 'Le Bistrot des Langues');
    await rate(owner.restaurantId, 2, 'Frites froides');
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await signInPage(browser, baseUrl, viewport, owner);
      await page.goto(`${baseUrl}/dashboard`);
      await page.getByRole('heading', { name: 'Bienvenue chez Le Bistrot des Langues !' }).waitFor();
      await page.getByTestId('recent-feedbacks').waitFor();
      expect(await page.getByTestId('counter-today-count').textContent()).toBe('1 avis');
      for (const text of ['Visites (7 derniers jours)', 'Avis récents', 'À faire', '« Frites froides »']) expect(await page.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      await expectNone(page, ENGLISH);
      await page.goto(`${baseUrl}/avis`);
      await page.getByRole('heading', { name: 'Tous les avis' }).waitFor();
      await expect.poll(() => page.getByTestId('inbox-count').textContent()).toBe('1');
      await page.getByLabel('Note', { exact: true }).selectOption('1');
      await page.getByText('Aucun avis ne correspond à ces filtres.').waitFor();
      await page.getByRole('button', { name: 'Effacer les filtres' }).click();
      const item = page.getByTestId('inbox-item').filter({ hasText: '« Frites froides »' });
      // Handled at 390 px, back to « Nouveau » at 1280.
      const [action, badge] = viewport === PHONE ? ['Marquer traité', 'Traité'] : ['Remettre à « Nouveau »', 'Nouveau'];
      await item.getByRole('button', { name: action }).click();
      await toast(page, 'Statut mis à jour');
      await expect.poll(() => item.getByText(badge, { exact: true }).count()).toBe(1);
      await expectNone(page, ENGLISH);
      await page.goto(`${baseUrl}/google-settings`);
      await page.getByRole('heading', { name: 'Lien d’avis public' }).waitFor();
      await page.getByRole('button', { name: 'Enregistrer', exact: true }).waitFor();
      await expectNone(page, ENGLISH);
      await saveScreenshot(page, `reviews-fr-google-${viewport.width}`);
      await page.close();
    }
  });
});
