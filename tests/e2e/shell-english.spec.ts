import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { withoutVenue } from '../../src/shared/venue';
import { createApprovedRestaurant, signInPage } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';
import { confirmEmailWithSignUpPassword } from './support/confirm-email';
import { linkIn, waitForMail } from './support/mailbox';

const browser = useBrowser();
const baseUrl = inject('baseUrl');
const admin = inject('e2eAdmin');

/** Each test walks its pages at 390 and 1280 px: longer than one page's default minute on a shared machine. */
const SLOW = 180_000;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });
const pathname = (page: Page) => withoutVenue(new URL(page.url()).pathname);
const toasts = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const fitsWidth = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** French words of the owner frame and the account pages, none of which an English page may show. */
const FRENCH_FRAME = ['Se déconnecter', 'Tableau de bord', 'Emails automatiques', 'Établissements', 'Paramètres', 'Au quotidien'];
const FRENCH_PUBLIC = ['Se connecter', 'Mot de passe', 'Connexion', 'Envoyer', 'Bienvenue', 'Retour'];

async function frenchWordsOn(page: Page, words: readonly string[]): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return words.filter((word) => text.includes(word));
}

/** Opens the owner menu on a phone (behind « Menu »); from 640 px it is always shown. */
async function openMenu(page: Page, phone: boolean) {
  if (!phone) return;
  const button = page.getByRole('button', { name: 'Menu' });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}

describe('the owner frame in English (issue #53)', () => {
  it('the header’s switch turns the frame English and back to French, and the choice survives a reload (390 and 1280 px)', async () => {
    const account = await createApprovedRestaurant(browser, baseUrl, admin, `Le Relais ${randomBytes(3).toString('hex')}`);
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const phone = size === 'phone';
      const page = await signInPage(browser, baseUrl, viewport, account);
      await poll(() => pathname(page)).toBe('/dashboard');
      await poll(() => page.getByRole('button', { name: 'Se déconnecter' }).count()).toBe(1);
      expect(await page.getByTestId('owner-role').textContent()).toBe('Propriétaire');
      await fitsWidth(page, viewport.width);

      // French → English: the menu, its groups, the role and sign-out; the page's language too.
      await page.getByRole('button', { name: 'Language: English' }).click();
      await poll(() => page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
      await poll(() => toasts(page, 'Your workspace is now in English.').count()).toBe(1);
      expect(await htmlLang(page)).toBe('en-GB');
      expect(await page.getByTestId('owner-role').textContent()).toBe('Owner');
      await openMenu(page, phone);
      await poll(() => page.locator('header nav').getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true);
      for (const entry of ['Reviews', 'Customers', 'Review link', 'Automatic emails', 'Venues', 'Team', 'Subscription', 'Settings', 'Security']) {
        expect(await page.locator('header nav').getByRole('link', { name: entry, exact: true }).isVisible(), entry).toBe(true);
      }
      if (phone) expect(await page.locator('header nav').getByText('Day to day', { exact: true }).isVisible()).toBe(true);
      expect((await page.locator('header').innerText()).match(new RegExp(FRENCH_FRAME.join('|'), 'g'))).toBeNull();
      await fitsWidth(page, viewport.width);
      await saveScreenshot(page, `shell-english-${size}${phone ? '-menu' : ''}`);

      // The choice is the account's: a reload (and the next sign-in) opens the frame in English.
      await page.reload();
      await poll(() => page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
      expect(await htmlLang(page)).toBe('en-GB');
      await openMenu(page, phone);
      await poll(() => page.locator('header nav').getByRole('link', { name: 'Automatic emails' }).isVisible()).toBe(true);
      if (phone) {
        // A page followed from the menu closes it and names the page beside « Menu ».
        await page.locator('header nav').getByRole('link', { name: 'Team', exact: true }).click();
        await poll(() => pathname(page)).toBe('/equipe');
        await poll(() => page.getByTestId('menu-current').textContent()).toBe('Team');
        await page.getByRole('link', { name: /venue home$/ }).click();
        await poll(() => pathname(page)).toBe('/dashboard');
      }

      // English → French, kept after a reload.
      await page.getByRole('button', { name: 'Langue : français' }).click();
      await poll(() => page.getByRole('button', { name: 'Se déconnecter' }).count()).toBe(1);
      expect(await htmlLang(page)).toBe('fr');
      await page.reload();
      await poll(() => page.getByRole('button', { name: 'Se déconnecter' }).count()).toBe(1);
      expect(await page.getByTestId('owner-role').textContent()).toBe('Propriétaire');
      await openMenu(page, phone);
      await poll(() => page.locator('header nav').getByRole('link', { name: 'Emails automatiques' }).isVisible()).toBe(true);
      expect(await page.locator('header nav').getByRole('link', { name: 'Automatic emails' }).count()).toBe(0);
      await saveScreenshot(page, `shell-french-${size}`);
      await page.close();
    }
  }, SLOW);
});

describe('the account pages in English before sign-in (?lang=en)', () => {
  it('/en’s « Sign in » opens the English sign-in; forgot password and its FR/EN toggle keep the page English or French (390 and 1280 px)', async () => {
    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const page = await browser.newPage(viewport);
      await page.goto(`${baseUrl}/en`);
      const signIn = page.getByRole('link', { name: 'Sign in', exact: true }).first();
      expect(await signIn.getAttribute('href')).toBe('/login?lang=en');
      await signIn.click();
      await poll(() => page.getByRole('heading', { name: 'Welcome to ReFeed' }).count()).toBe(1);
      expect(await htmlLang(page)).toBe('en-GB');
      expect(await page.title()).toBe('Welcome to ReFeed · ReFeed');
      expect(await frenchWordsOn(page, FRENCH_PUBLIC)).toEqual([]);
      expect(await page.getByRole('link', { name: 'Create my workspace' }).getAttribute('href')).toBe('/signup?lang=en');
      await fitsWidth(page, viewport.width);
      await saveScreenshot(page, `accounts-login-en-${size}`);

      // A wrong password: better-auth's answer in English.
      await page.locator('#login-email').fill(`nobody-${randomBytes(3).toString('hex')}@example.co.uk`);
      await page.locator('#login-password').fill('Not-the-password-42');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await poll(() => toasts(page, 'Incorrect email or password.').count()).toBe(1);
      expect(await toasts(page, 'Sign-in failed').count()).toBe(1);
      // The error toast leaves the page's FR/EN toggle within reach (on a phone it opens below it), once it
      // has slid in.
      const overlaps = async () => {
        const toast = await toasts(page, 'Sign-in failed').boundingBox();
        const toggle = await page.getByRole('button', { name: 'EN', exact: true }).boundingBox();
        if (!toast || !toggle) return true;
        return !(toast.y >= toggle.y + toggle.height || toast.x + toast.width <= toggle.x);
      };
      await poll(overlaps).toBe(false);

      // The page's toggle: French in place, the typed address kept; then English again.
      await page.getByRole('button', { name: 'FR', exact: true }).click();
      await poll(() => page.getByRole('heading', { name: 'Bienvenue sur ReFeed' }).count()).toBe(1);
      expect(await page.locator('#login-email').inputValue()).toContain('@example.co.uk');
      expect(new URL(page.url()).searchParams.get('lang')).toBe('fr');
      expect(await htmlLang(page)).toBe('fr');
      await page.getByRole('button', { name: 'EN', exact: true }).click();
      await poll(() => page.getByRole('heading', { name: 'Welcome to ReFeed' }).count()).toBe(1);

      // Forgot password, in English, and still English after a reload.
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await poll(() => page.getByRole('heading', { name: 'Forgotten password' }).count()).toBe(1);
      expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
      await page.reload();
      await poll(() => page.getByRole('heading', { name: 'Forgotten password' }).count()).toBe(1);
      expect(await frenchWordsOn(page, FRENCH_PUBLIC)).toEqual([]);
      await page.getByRole('button', { name: 'Send the link' }).click();
      await poll(() => toasts(page, 'Validation error').count()).toBe(1);
      await poll(() => toasts(page, 'Invalid email address').count()).toBe(1);
      await page.getByLabel('Email').fill('someone@example.co.uk');
      await page.getByRole('button', { name: 'Send the link' }).click();
      await poll(() => page.getByRole('heading', { name: 'Check your inbox' }).count()).toBe(1);
      // The error of the first attempt does not stay once the link is sent.
      await poll(() => toasts(page, 'Validation error').count()).toBe(0);
      await fitsWidth(page, viewport.width);
      await saveScreenshot(page, `accounts-forgot-en-${size}`);
      expect(await page.getByRole('link', { name: 'Back to sign-in' }).getAttribute('href')).toBe('/login?lang=en');

      // The same page in French is unchanged.
      const french = await browser.newPage(viewport);
      await french.goto(`${baseUrl}/forgot-password`);
      await poll(() => french.getByRole('heading', { name: 'Mot de passe oublié' }).count()).toBe(1);
      expect(await french.getByRole('button', { name: 'Envoyer le lien' }).count()).toBe(1);
      expect(await htmlLang(french)).toBe('fr');
      await page.close();
      await french.close();
    }
  }, SLOW);

  it('an English account waiting for approval reads /pending in English, with the one validation promise', async () => {
    const email = `pending-${randomBytes(4).toString('hex')}@example.co.uk`;
    const password = 'A-solid-password-42';
    const response = await fetch(`${baseUrl}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({
        country: 'GB',
        lang: 'en',
        restaurantName: 'The Pending Arms',
        companyNumber: String(10000000 + Math.floor(Math.random() * 89999999)),
        soleTrader: false,
        addressLine1: '1 Test Street',
        town: 'Leeds',
        postcode: 'LS1 1AA',
        firstName: 'Amelia',
        lastName: 'Clarke',
        email,
        phone: '+44 113 496 0000',
        password,
        passwordConfirmation: password,
        acceptTerms: true,
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const verification = await waitForMail(baseUrl, email, (mail) => mail.html.includes('/api/auth/verify-email'));
    await confirmEmailWithSignUpPassword(baseUrl, linkIn(verification, '/api/auth/verify-email'), password);

    for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
      const page = await browser.newPage(viewport);
      await page.goto(`${baseUrl}/login?lang=en`);
      await page.locator('#login-email').fill(email);
      await page.locator('#login-password').fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await poll(() => pathname(page)).toBe('/pending');
      await poll(() => page.getByRole('heading', { name: 'Account awaiting approval' }).count()).toBe(1);
      expect(await page.getByText('within 24 hours (working days)').count()).toBe(1);
      expect(await page.getByText('Pending', { exact: true }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
      expect(await frenchWordsOn(page, ['En attente', 'Compte en cours', 'Se déconnecter', 'sous 24 heures'])).toEqual([]);
      await fitsWidth(page, viewport.width);
      await saveScreenshot(page, `accounts-pending-en-${size}`);
      await page.close();
    }
  }, SLOW);
});
