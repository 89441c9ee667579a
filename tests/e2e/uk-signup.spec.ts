import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { withoutVenue } from '../../src/shared/venue';
import { signIn } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';
import { linkIn, waitForMail } from './support/mailbox';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const admin = inject('e2eAdmin');
const PASSWORD = 'A-solid-password-42';

/** The whole path (sign-up, mail, approval, sign-in) in one test: more than the default minute on a shared machine. */
const SLOW = 180_000;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });
const pathname = (page: Page) => withoutVenue(new URL(page.url()).pathname);
const toasts = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

describe('a UK company signs up from /en (issue #53)', () => {
  for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`${size}: /en → the English UK sign-up → confirmed by email → approved by an administrator → the dashboard`, async () => {
      const name = `The Crown ${size} ${randomBytes(3).toString('hex')}`;
      const email = `crown-${size}-${randomBytes(4).toString('hex')}@example.co.uk`;
      const page = await browser.newPage(viewport);

      // The /en page's buttons lead to the UK sign-up, in English.
      await page.goto(`${baseUrl}/en`);
      const start = page.getByRole('link', { name: 'Create my account' }).first();
      expect(await start.getAttribute('href')).toBe('/signup?country=GB');
      await start.click();
      await poll(() => page.getByRole('heading', { name: 'Create your restaurant account' }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-GB');
      expect(await page.getByLabel('United Kingdom').isChecked()).toBe(true);
      expect(await page.getByLabel('SIREN').count()).toBe(0);
      expect(await page.getByText('within 24 hours (working days)').count()).toBe(1);
      await saveScreenshot(page, `uk-signup-en-${size}`);

      // English validation, first error only.
      await page.getByRole('button', { name: 'Create my account' }).click();
      await poll(() => toasts(page, 'Validation error').count()).toBe(1);
      await poll(() => page.getByText('The restaurant name must be at least 2 characters long').count()).toBe(1);

      await page.getByLabel('Restaurant name').fill(name);
      await page.getByLabel('Companies House number', { exact: true }).fill('1234567');
      await page.getByLabel('Address line 1').fill('12 Borough High Street');
      await page.getByLabel('Town or city').fill('London');
      await page.getByLabel('Postcode').fill('se1 1ld');
      await page.getByLabel('First name').fill('Oliver');
      await page.getByLabel('Last name').fill('Bennett');
      await page.getByLabel('Work email').fill(email);
      await page.getByLabel('Phone').fill('+44 7700 900123');
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByLabel('I accept the terms of use').check();
      await page.getByRole('button', { name: 'Create my account' }).click();
      await poll(() => page.getByText('A Companies House number has 8 characters: 8 digits, or 2 letters and 6 digits').count()).toBe(1);
      if (size === 'phone') await saveScreenshot(page, 'uk-signup-en-error-phone');

      await page.getByLabel('Companies House number', { exact: true }).fill('SC123456');
      await page.getByRole('button', { name: 'Create my account' }).click();
      await poll(() => toasts(page, 'Account created. We are checking your details.').count()).toBe(1);
      await poll(() => pathname(page)).toBe('/pending');
      // The error toasts of the earlier attempts are gone once the account is created.
      await poll(() => toasts(page, 'Validation error').count()).toBe(0);
      // /pending speaks English and makes the sign-up page's one promise.
      await poll(() => page.getByRole('heading', { name: 'Account awaiting approval' }).count()).toBe(1);
      expect(await page.getByText('within 24 hours (working days)').count()).toBe(1);
      expect(await page.getByText('Confirm your email address').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Go to sign-in' }).getAttribute('href')).toBe('/login?lang=en');

      // Confirmed from the emailed link, with the sign-up password.
      const verification = await waitForMail(baseUrl, email, 'Confirmez votre adresse email');
      const confirm = await browser.newPage(viewport);
      await confirm.goto(linkIn(verification, `${baseUrl}/api/auth/verify-email`));
      await poll(() => pathname(confirm)).toBe('/confirm-email');
      // The account is English (the sign-up page's language): its confirmation page is too.
      expect(new URL(confirm.url()).searchParams.get('lang')).toBe('en');
      await confirm.getByLabel('Password chosen at sign-up').fill(PASSWORD);
      await confirm.getByRole('button', { name: 'Confirm my email' }).click();
      await poll(() => pathname(confirm)).toBe('/pending');

      // The administrator finds it among the UK organisations, sees its number and approves it.
      const adminPage = await browser.newPage(viewport);
      await signIn(adminPage, baseUrl, admin);
      await adminPage.goto(`${baseUrl}/admin/restaurants`);
      await adminPage.getByLabel('Pays').selectOption('GB');
      await adminPage.getByLabel('Rechercher').fill(name);
      // The search is sent after a pause: wait for it to reach the address, or its late navigation can undo the click below.
      await poll(() => new URL(adminPage.url()).searchParams.get('q')).toBe(name);
      await poll(() => adminPage.getByText('1 organisation', { exact: true }).isVisible()).toBe(true);
      expect(new URL(adminPage.url()).searchParams.get('country')).toBe('GB');
      const row = adminPage.getByText(/Companies House SC123456/).filter({ visible: true });
      await poll(() => row.count()).toBeGreaterThan(0);
      await saveScreenshot(adminPage, `uk-admin-directory-${size}`);
      await adminPage.getByRole('link', { name }).filter({ visible: true }).first().click();
      await poll(() => adminPage.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);
      expect(await adminPage.getByText('Royaume-Uni').first().isVisible()).toBe(true);
      expect(await adminPage.getByRole('link', { name: 'Voir au registre Companies House' }).getAttribute('href')).toBe(
        'https://find-and-update.company-information.service.gov.uk/company/SC123456',
      );
      expect(await adminPage.getByText('12 Borough High Street, London, SE1 1LD').isVisible()).toBe(true);
      await saveScreenshot(adminPage, `uk-admin-detail-${size}`);
      await adminPage.getByRole('button', { name: 'Approuver' }).click();
      await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Approuver' }).click();
      await poll(() => adminPage.getByRole('button', { name: 'Suspendre', exact: true }).isVisible()).toBe(true);
      await waitForMail(baseUrl, email, (mail) => mail.subject.startsWith('Votre compte ReFeed est validé'));

      // The owner signs in and lands on the dashboard.
      const owner = await browser.newPage(viewport);
      await signIn(owner, baseUrl, { email, password: PASSWORD });
      await poll(() => pathname(owner)).toBe('/dashboard');
      await poll(() => owner.getByText(name).first().isVisible()).toBe(true);
      // The frame speaks the account's language: English menu and « Sign out ».
      await poll(() => owner.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
      expect(await owner.getByRole('button', { name: 'Se déconnecter' }).count()).toBe(0);
      expect(await owner.evaluate(() => document.documentElement.lang)).toBe('en-GB');
      if (size === 'phone') await owner.getByRole('button', { name: 'Menu' }).click();
      const menu = owner.locator('header nav');
      await poll(() => menu.getByRole('link', { name: 'Automatic emails' }).isVisible()).toBe(true);
      expect(await menu.getByRole('link', { name: 'Emails automatiques' }).count()).toBe(0);
      await saveScreenshot(owner, `uk-dashboard-${size}`);
      expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }, SLOW);
  }

  it('the French sign-up is France by default, in French, and the FR/EN toggle keeps what was typed', async () => {
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const page = await browser.newPage(viewport);
      await page.goto(`${baseUrl}/signup`);
      await poll(() => page.getByRole('heading', { name: 'Créer mon espace restaurant' }).count()).toBe(1);
      expect(await page.getByLabel('France').isChecked()).toBe(true);
      expect(await page.getByLabel('SIREN').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
      await saveScreenshot(page, `uk-signup-fr-${size}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // A UK business on the French page: the UK fields, French labels; then English, the values kept.
      await page.getByLabel('Royaume-Uni').check();
      await poll(() => page.getByLabel('Numéro Companies House', { exact: true }).count()).toBe(1);
      await page.getByLabel('Nom du restaurant').fill('The Anchor');
      await page.getByRole('button', { name: 'EN', exact: true }).click();
      await poll(() => page.getByRole('heading', { name: 'Create your restaurant account' }).count()).toBe(1);
      expect(await page.getByLabel('Restaurant name').inputValue()).toBe('The Anchor');
      expect(await page.getByLabel('United Kingdom').isChecked()).toBe(true);
      if (size === 'desktop') await saveScreenshot(page, 'uk-signup-en-from-fr-desktop');
    }
  }, SLOW);
});
