import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { adminAction, signUpConfirmed } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';
import { linksIn, waitForMail } from './support/mailbox';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const admin = inject('e2eAdmin');
const PASSWORD = 'Motdepasse-solide-42';

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });
const here = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Signs in on the /login page the browser is on (password form), as a person would. */
async function signInHere(page: Page, email: string) {
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

describe('the low-rating alert’s link opens the review after sign-in', () => {
  it('a signed-out owner follows the alert’s link, signs in, and lands on /avis?feedback=…', async () => {
    // A new approved restaurant (its contact address is the owner's), rated 2★ by a diner.
    const email = `alerte-${randomBytes(4).toString('hex')}@example.fr`;
    const { restaurantId } = await signUpConfirmed(baseUrl, { restaurantName: 'Chez Alerte', email, password: PASSWORD });
    await adminAction(baseUrl, admin, restaurantId, 'approve');
    const rated = await fetch(`${baseUrl}/api/public/feedbacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ submissionId: randomUUID(), restaurantId, rating: 2, comment: 'Service très lent' }),
    });
    expect(rated.status).toBe(200);
    const alert = await waitForMail(baseUrl, email, 'Avis à surveiller : 2/5 — Chez Alerte');
    // The link opens the review in its venue (decision 056).
    const link = linksIn(alert).find((href) => href.startsWith(`${baseUrl}/v/${restaurantId}/avis?feedback=`));
    expect(link).toBeDefined();
    const review = link!.slice(baseUrl.length);

    // A page that needs a session keeps the path asked for on its way to /login…
    const phone = await browser.newPage(PHONE);
    await phone.goto(`${baseUrl}/customers?depuis=alerte`);
    await poll(() => here(phone)).toBe(`/login?next=${encodeURIComponent('/customers?depuis=alerte')}`);
    await signInHere(phone, email);
    await poll(() => here(phone)).toBe(`/v/${restaurantId}/customers?depuis=alerte`);
    await phone.close();

    // …and /login with the alert's review as its return path leads there after signing in.
    const desktop = await browser.newPage(DESKTOP);
    await desktop.goto(`${baseUrl}/login?next=${encodeURIComponent(review)}`);
    await poll(() => desktop.getByRole('button', { name: 'Se connecter' }).count()).toBe(1);
    await saveScreenshot(desktop, 'alerts-login-with-return-path-desktop');
    await signInHere(desktop, email);
    await poll(() => here(desktop)).toBe(review);
    await desktop.close();
  });

  it('never follows a return path to another site', async () => {
    const email = `retour-${randomBytes(4).toString('hex')}@example.fr`;
    const { restaurantId } = await signUpConfirmed(baseUrl, { restaurantName: 'Chez Retour', email, password: PASSWORD });
    await adminAction(baseUrl, admin, restaurantId, 'approve');
    const page = await browser.newPage(PHONE);
    await page.goto(`${baseUrl}/login?next=${encodeURIComponent('//evil.example/avis')}`);
    await signInHere(page, email);
    await poll(() => here(page)).toBe(`/v/${restaurantId}/dashboard`);
    expect(new URL(page.url()).origin).toBe(baseUrl);
    await page.close();
  });
});
