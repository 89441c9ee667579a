import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, type TestBrowser } from './browser';
import { confirmEmailWithSignUpPassword } from './confirm-email';

export type Account = { email: string; password: string };

/** Signs a user in through the real /login page (password form); the page then carries the session cookie. */
export async function signInPage(browser: TestBrowser, baseUrl: string, viewport: { width: number; height: number }, account: Account): Promise<Page> {
  const page = await browser.newPage(viewport);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login-email').fill(account.email);
  await page.locator('#login-password').fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/login');
  return page;
}

/** A new restaurant through the product's flows: sign-up, emailed verification link, admin approval. */
export async function createApprovedRestaurant(
  browser: TestBrowser,
  baseUrl: string,
  admin: Account,
  restaurantName = 'Le Bistrot QR',
): Promise<Account & { restaurantId: string }> {
  const email = `e2e-${randomBytes(4).toString('hex')}@example.fr`;
  const password = 'Qr-e2e-Motdepasse-42!';
  const signup = await fetch(`${baseUrl}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      restaurantName,
      siren: '552100554',
      firstName: 'Camille',
      lastName: 'Martin',
      email,
      phone: '06 12 34 56 78',
      password,
      passwordConfirmation: password,
      acceptTerms: true,
    }),
  });
  expect(signup.status).toBe(201);
  const { restaurantId } = (await signup.json()) as { restaurantId: string };
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const { mails } = (await (await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as { mails: Array<{ html: string }> };
        link = mails.flatMap((mail) => [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'))).find((href) => href.includes('/api/auth/verify-email'));
        return !!link;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await confirmEmailWithSignUpPassword(baseUrl, link!, password);
  const adminPage = await signInPage(browser, baseUrl, DESKTOP, admin);
  const approval = await adminPage.request.post(`${baseUrl}/api/admin/restaurants/${restaurantId}/approve`, { data: {}, headers: { origin: baseUrl } });
  expect(approval.ok()).toBe(true);
  await adminPage.close();
  return { email, password, restaurantId };
}
