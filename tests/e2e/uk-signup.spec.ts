import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DINER_MESSAGES_BY_LOCALE } from '../../src/shared/i18n/diner-all';
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
    it(`${size}: /en → the English UK sign-up → confirmed by email → approved by an administrator → the dashboard → a QR code → an English low-rating alert`, async () => {
      const name = `The Crown ${size} ${randomBytes(3).toString('hex')}`;
      const email = `crown-${size}-${randomBytes(4).toString('hex')}@example.co.uk`;
      // One free trial per company (decision 057): each run signs up a company of its own.
      const companyNumber = `SC${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`;
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

      await page.getByLabel('Companies House number', { exact: true }).fill(companyNumber);
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
      // The account is English (the sign-up page's language): so is its confirmation email.
      const verification = await waitForMail(baseUrl, email, 'Confirm your email address');
      expect(verification.html).toContain('<html lang="en"');
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
      const row = adminPage.getByText(`Companies House ${companyNumber}`, { exact: false }).filter({ visible: true });
      await poll(() => row.count()).toBeGreaterThan(0);
      await saveScreenshot(adminPage, `uk-admin-directory-${size}`);
      await adminPage.getByRole('link', { name }).filter({ visible: true }).first().click();
      await poll(() => adminPage.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);
      expect(await adminPage.getByText('Royaume-Uni').first().isVisible()).toBe(true);
      expect(await adminPage.getByRole('link', { name: 'Voir au registre Companies House' }).getAttribute('href')).toBe(
        `https://find-and-update.company-information.service.gov.uk/company/${companyNumber}`,
      );
      expect(await adminPage.getByText('12 Borough High Street, London, SE1 1LD').isVisible()).toBe(true);
      await saveScreenshot(adminPage, `uk-admin-detail-${size}`);
      await adminPage.getByRole('button', { name: 'Approuver' }).click();
      await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Approuver' }).click();
      await poll(() => adminPage.getByRole('button', { name: 'Suspendre', exact: true }).isVisible()).toBe(true);
      const approved = await waitForMail(baseUrl, email, (mail) => mail.subject === `Your ReFeed account is approved – ${name}`);
      expect(approved.html).not.toMatch(/Bonjour|Votre compte/);

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

      // The first QR code, created in English.
      await owner.goto(`${baseUrl}/qr`);
      await owner.getByRole('heading', { name: 'Your QR codes' }).waitFor();
      // The list has loaded (the sign-up made the main entrance's code): the form is ready to type in.
      await owner.getByRole('article').first().waitFor();
      // The main code's default label is read in the owner's language.
      await poll(() => owner.getByText('Main entrance', { exact: true }).count()).toBe(1);
      expect(await owner.getByText('Entrée principale').count()).toBe(0);
      const label = `Bar ${size}`;
      await owner.getByLabel('Table label (optional)').fill(label);
      await owner.getByRole('button', { name: 'Create QR code' }).click();
      await owner.getByText(`QR code ${label} created`).waitFor().catch(async (error) => {
        // What the page said instead, for the failure's report.
        await saveScreenshot(owner, `uk-qr-create-failed-${size}`);
        console.log('toasts shown:', await owner.locator('[data-sonner-toast]').allTextContents(), owner.url());
        throw error;
      });
      const publicUrl = await owner.evaluate(async (wanted) => {
        const body = (await (await fetch('/api/qr')).json()) as { qrCodes: Array<{ tableLabel: string | null; publicUrl: string }> };
        return body.qrCodes.find((qr) => qr.tableLabel === wanted)!.publicUrl;
      }, label);

      // A diner scans it and leaves one star with a comment: the owner's urgent alert arrives at once, in English.
      const en = DINER_MESSAGES_BY_LOCALE.en;
      const diner = await browser.newPage(PHONE, { locale: 'en-GB' });
      await diner.goto(`${baseUrl}${new URL(publicUrl).pathname}`);
      await diner.getByRole('radio', { name: en.stars({ count: 1 }) }).click();
      const comment = `Cold chips ${randomBytes(3).toString('hex')}`;
      await diner.getByLabel(en.comment()).fill(comment);
      await diner.getByRole('button', { name: 'Send my review' }).click();
      const alert = await waitForMail(baseUrl, email, (mail) => mail.subject === `Review to watch: 1/5 — ${name}`, 60_000);
      expect(alert.html).toContain(comment);
      expect(alert.html).toContain('<html lang="en"');
      expect(alert.html).not.toMatch(/Bonjour|Avis à surveiller|Voir l’avis/);
      await diner.context().close();
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
