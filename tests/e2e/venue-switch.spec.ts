import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_MANAGER, DEMO_STAFF } from '../../src/server/features/demo/seed-demo.service';
import { venueOfPath, withoutVenue } from '../../src/shared/venue';
import { signIn } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';
import { followOwnerMenu } from './support/owner-pages';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const owner = inject('e2eOwner');

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });
const path = (page: Page) => new URL(page.url()).pathname;
const venueName = (page: Page) => page.getByTestId('owner-restaurant-name').textContent();

/**
 * The venue in the address (issue #29, decision 056): the demo organisation has two venues (Chez Demo and
 * Chez Demo Bastille), a gérant of Bastille and a waiter (équipe) of Chez Demo.
 */
describe('venues in the address', () => {
  it('switches venues with the header’s switcher, shows two venues in two tabs, and opens the last one used', async () => {
    for (const [viewport, size] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const first = await browser.newPage(viewport);
      await signIn(first, baseUrl, owner);
      await first.goto(`${baseUrl}/customers`);
      // A bare address opens the first venue (nothing remembered yet in this browser), with the venue in the address.
      await poll(() => withoutVenue(path(first))).toBe('/customers');
      await poll(() => venueName(first)).toBe('Chez Demo');
      const chezDemo = venueOfPath(path(first))!;
      const switcher = first.getByTestId('venue-switcher');
      expect(await switcher.locator('option').allTextContents()).toEqual(['Chez Demo', 'Chez Demo Bastille']);
      await saveScreenshot(first, `venue-switcher-${size}`);

      // The switcher opens the same section of the other venue, in this tab.
      const customersCall = first.waitForRequest((request) => new URL(request.url()).pathname === '/api/customers');
      await switcher.selectOption({ label: 'Chez Demo Bastille' });
      await poll(() => venueName(first)).toBe('Chez Demo Bastille');
      const bastille = venueOfPath(path(first))!;
      expect(bastille).not.toBe(chezDemo);
      expect(withoutVenue(path(first))).toBe('/customers');
      // The page asks for Bastille's customers (its calls name the tab's venue), not Chez Demo's.
      expect((await customersCall).headers()['x-venue']).toBe(bastille);
      await first.getByPlaceholder('Rechercher des clients...').waitFor();

      // A second tab on Chez Demo; the first stays on Bastille, even after a reload.
      const second = await first.context().newPage();
      await second.goto(`${baseUrl}/v/${chezDemo}/dashboard`);
      await poll(() => venueName(second)).toBe('Chez Demo');
      await second.getByRole('heading', { name: 'Bienvenue Chez Demo !' }).waitFor();
      await first.reload();
      await poll(() => venueName(first)).toBe('Chez Demo Bastille');
      await followOwnerMenu(first, 'Fidélité');
      await poll(() => path(first)).toBe(`/v/${bastille}/loyalty`);

      // A bare address opens the venue used last in this browser: Bastille (the first tab, reloaded after the second
      // opened); then Chez Demo once the second tab is used again.
      const third = await first.context().newPage();
      await third.goto(`${baseUrl}/dashboard`);
      await poll(() => path(third)).toBe(`/v/${bastille}/dashboard`);
      await second.reload();
      await poll(() => venueName(second)).toBe('Chez Demo');
      await third.goto(`${baseUrl}/qr`);
      await poll(() => path(third)).toBe(`/v/${chezDemo}/qr`);
      await first.context().close();
    }
  });

  it('shows a gérant their one venue without a switcher, and no other venue', async () => {
    const page = await browser.newPage(DESKTOP);
    await signIn(page, baseUrl, DEMO_MANAGER);
    await page.goto(`${baseUrl}/dashboard`);
    await poll(() => venueName(page)).toBe('Chez Demo Bastille');
    expect(await page.getByTestId('owner-role').textContent()).toBe('Gérant');
    expect(await page.getByTestId('venue-switcher').count()).toBe(0);
    const mine = venueOfPath(path(page))!;
    const opened = await page.evaluate(async () => (await (await fetch('/api/me')).json()).restaurants.map((venue: { id: string }) => venue.id));
    expect(opened).toEqual([mine]);
    // A venue the account cannot open, whatever it is: the page says so.
    await page.goto(`${baseUrl}/v/00000000-0000-4000-8000-000000000000/dashboard`);
    await page.getByRole('heading', { name: 'Établissement introuvable' }).waitFor();
    await page.close();
  });

  it('opens the counter to a waiter (équipe) and nothing the role does not have', async () => {
    for (const [viewport, size] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await browser.newPage(viewport);
      await signIn(page, baseUrl, DEMO_STAFF);
      await page.goto(`${baseUrl}/dashboard`);
      // The dashboard is not the waiter's: the counter opens instead, and the menu holds only it.
      await poll(() => withoutVenue(path(page))).toBe('/comptoir');
      expect(await page.getByTestId('owner-role').textContent()).toBe('Équipe');
      expect(await page.getByRole('navigation', { name: 'Espace restaurant' }).getByRole('link').allTextContents()).toEqual(['Comptoir']);
      await page.getByRole('heading', { name: 'Avis du jour' }).waitFor();
      await saveScreenshot(page, `venue-staff-counter-${size}`);
      const venue = venueOfPath(path(page))!;

      // The waiter hands a reward over from the list of rewards to hand over.
      const pendingIds = async () =>
        (await page.evaluate(async (id) => (await (await fetch('/api/counter/pending', { headers: { 'x-venue': id } })).json()).items.map((item: { id: string }) => item.id), venue)) as string[];
      // The list shows them oldest first, as the API: the first button is the first of these.
      const [first] = await pendingIds();
      await page.getByRole('link', { name: 'Toutes les récompenses à remettre' }).click();
      await poll(() => path(page)).toBe(`/v/${venue}/recompenses`);
      const handOver = page.getByRole('button', { name: /^Remis : / }).first();
      await handOver.waitFor();
      await handOver.click();
      // Said in a toast (the row then leaves the list).
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Récompense remise' }).first().waitFor();
      await poll(async () => (await pendingIds()).includes(first)).toBe(false);
      await saveScreenshot(page, `venue-staff-handed-over-${size}`);

      await page.goto(`${baseUrl}/v/${venue}/customers`);
      await page.getByRole('heading', { name: 'Page non accessible' }).waitFor();
      expect(await page.getByText('Votre rôle ne permet pas d’ouvrir cette page.').count()).toBe(1);
      await page.close();
    }
  });
});
