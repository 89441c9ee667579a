import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, type TestBrowser } from './browser';
import { confirmEmailWithSignUpPassword } from './confirm-email';
import { linkIn, waitForMail } from './mailbox';

export type Account = { email: string; password: string };
type Viewport = { width: number; height: number };

/**
 * Signs in through the real /login page (password form), as a person would: fills the labelled email
 * and password fields and presses "Se connecter". By default it then waits until the app has left
 * /login (signed in); `{ waitUntilSignedIn: false }` returns after the click, for a refused sign-in.
 */
export async function signIn(page: Page, baseUrl: string, account: Account, { waitUntilSignedIn = true } = {}): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.locator('#login-email').fill(account.email);
  await page.locator('#login-password').fill(account.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  if (waitUntilSignedIn) await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/login');
}

/** A new page (own browser context, clipboard allowed) signed in through /login; it carries the session cookie. */
export async function signInPage(browser: TestBrowser, baseUrl: string, viewport: Viewport, account: Account): Promise<Page> {
  const page = await browser.newPage(viewport);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  await signIn(page, baseUrl, account);
  return page;
}

/** Signs in through the API (better-auth's email sign-in) and returns the session as a `cookie` header value. */
export async function signInCookie(baseUrl: string, account: Account): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(response.status, 'signing in through the API').toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

export type SignUp = { restaurantName: string; email: string; password: string; siren?: string; firstName?: string; lastName?: string; phone?: string };

/**
 * A restaurant signed up through POST /api/signup, its email confirmed as its owner would: the
 * emailed link, then the sign-up password (decision 029b). The owner can sign in afterwards.
 */
export async function signUpConfirmed(baseUrl: string, signUp: SignUp): Promise<{ restaurantId: string }> {
  // A SIREN of its own: one free trial per company (decision 092), so a shared one would start the next sign-ups without a trial.
  const { restaurantName, email, password, siren = String(100000000 + Math.floor(Math.random() * 899999999)), firstName = 'Camille', lastName = 'Martin', phone = '06 12 34 56 78' } = signUp;
  const response = await fetch(`${baseUrl}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ restaurantName, siren, firstName, lastName, email, phone, password, passwordConfirmation: password, acceptTerms: true }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { restaurantId } = (await response.json()) as { restaurantId: string };
  const verification = await waitForMail(baseUrl, email, (mail) => mail.html.includes('/api/auth/verify-email'));
  await confirmEmailWithSignUpPassword(baseUrl, linkIn(verification, '/api/auth/verify-email'), password);
  return { restaurantId };
}

/**
 * Runs an administrator action (approve, reject, suspend…) on the organisation of a venue through the admin
 * API, signed in as `admin` (the approval is the organisation's, decision 055; a venue's id opens its detail).
 */
export async function adminAction(baseUrl: string, admin: Account, restaurantId: string, action: 'approve' | 'reject' | 'suspend', body: object = {}): Promise<void> {
  const cookie = await signInCookie(baseUrl, admin);
  const detail = await fetch(`${baseUrl}/api/admin/organisations/${restaurantId}`, { headers: { origin: baseUrl, cookie } });
  expect(detail.status, await detail.clone().text()).toBe(200);
  const { organisation } = (await detail.json()) as { organisation: { id: string } };
  const response = await fetch(`${baseUrl}/api/admin/organisations/${organisation.id}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** A new restaurant through the product's flows: sign-up, emailed verification link, admin approval. */
export async function createApprovedRestaurant(
  browser: TestBrowser,
  baseUrl: string,
  admin: Account,
  restaurantName = 'Le Bistrot QR',
): Promise<Account & { restaurantId: string; siren: string }> {
  const email = `e2e-${randomBytes(4).toString('hex')}@example.fr`;
  const password = 'Qr-e2e-Motdepasse-42!';
  // A company of its own: one free trial per SIREN (decision 092), and its venues' SIRETs start with it.
  const siren = String(100000000 + Math.floor(Math.random() * 899999999));
  const { restaurantId } = await signUpConfirmed(baseUrl, { restaurantName, email, password, siren });
  const adminPage = await signInPage(browser, baseUrl, DESKTOP, admin);
  // The approval is the organisation's (decision 055); a venue's id opens its organisation's detail.
  const detail = await adminPage.request.get(`${baseUrl}/api/admin/organisations/${restaurantId}`, { headers: { origin: baseUrl } });
  const { organisation } = (await detail.json()) as { organisation: { id: string } };
  const approval = await adminPage.request.post(`${baseUrl}/api/admin/organisations/${organisation.id}/approve`, { data: {}, headers: { origin: baseUrl } });
  expect(approval.ok()).toBe(true);
  await adminPage.close();
  return { email, password, restaurantId, siren };
}
