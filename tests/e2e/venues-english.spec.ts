import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { adminAction, createApprovedRestaurant, signInPage, type Account } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';
import { confirmEmailWithSignUpPassword } from './support/confirm-email';
import { linkIn, waitForMail } from './support/mailbox';

/**
 * Issue #53 on /qr, /etablissements and /parametres: a UK owner who signed up in English runs them in English
 * (creates a QR code, adds a venue with its UK address and no SIRET, saves the settings with a UK phone), at
 * 390 and 1280 px; a French owner still gets the same pages in French.
 */
const browser = useBrowser();
const baseUrl = inject('baseUrl');
const admin = inject('e2eAdmin');

/** A UK company signed up from the English page (lang 'en'), its email confirmed, approved by the administrator. */
async function createUkOwner(restaurantName: string): Promise<Account> {
  const email = `e2e-uk-${randomBytes(4).toString('hex')}@example.co.uk`;
  const password = 'Uk-e2e-Password-42!';
  // A company number of its own: one free trial per company (decision 092).
  const companyNumber = String(10000000 + Math.floor(Math.random() * 89999999));
  const response = await fetch(`${baseUrl}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'accept-language': 'en-GB' },
    body: JSON.stringify({
      country: 'GB',
      restaurantName,
      companyNumber,
      addressLine1: '12 Dean Street',
      town: 'London',
      postcode: 'W1D 3RP',
      firstName: 'Alex',
      lastName: 'Smith',
      email,
      phone: '+44 20 7946 0958',
      password,
      passwordConfirmation: password,
      acceptTerms: true,
      lang: 'en',
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { restaurantId } = (await response.json()) as { restaurantId: string };
  const verification = await waitForMail(baseUrl, email, (mail) => mail.html.includes('/api/auth/verify-email'));
  await confirmEmailWithSignUpPassword(baseUrl, linkIn(verification, '/api/auth/verify-email'), password);
  await adminAction(baseUrl, admin, restaurantId, 'approve');
  return { email, password };
}

/** The page's own words (from its heading on: the header, menu and plan banners are the shell's): none of `words` may be there. */
async function expectNoneOf(page: Page, words: string[]) {
  const text = await page.evaluate(() => {
    let shown = '';
    for (let node = document.querySelector('main h1'); node; node = node.nextElementSibling) shown += `${(node as HTMLElement).innerText}\n`;
    return shown;
  });
  expect(text.length).toBeGreaterThan(20);
  expect(words.filter((word) => text.includes(word))).toEqual([]);
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

const FRENCH_WORDS = ['Vos ', 'Chargement', 'Enregistrer', 'Établissement', 'établissement', 'Créer', 'Supprimer', 'Imprimer', 'Télécharger', 'Paramètres', 'Adresse', 'Langues', 'Aucun', 'Modifier', 'Copier'];
const ENGLISH_WORDS = ['Your ', 'Loading', 'Save', 'Venue', 'Create', 'Delete', 'Print', 'Download', 'Settings', 'Address', 'Languages', 'Change'];

describe('/qr, /etablissements and /parametres in the owner’s language (issue #53)', () => {
  it('a UK owner in English creates a QR code, adds a venue without a SIRET and saves the settings; a French owner keeps French (390 and 1280 px)', { timeout: 300_000 }, async () => {
    const uk = await createUkOwner('The Crown');
    const french = await createApprovedRestaurant(browser, baseUrl, admin, 'Le Bistrot Langues');

    for (const [index, viewport] of [PHONE, DESKTOP].entries()) {
      const page = await signInPage(browser, baseUrl, viewport, uk);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      // /qr: creates a QR code and sees it listed, in English.
      await page.goto(`${baseUrl}/qr`);
      await page.getByRole('heading', { name: 'Your QR codes' }).waitFor();
      const label = `Table ${viewport.width}`;
      await page.getByRole('article').first().waitFor();
      await page.getByLabel('Table label (optional)').fill(label);
      await page.getByRole('button', { name: 'Create QR code' }).click();
      await page.getByText(`QR code ${label} created`).waitFor();
      const card = page.getByRole('article', { name: label, exact: true });
      // The list is read again after the create (slow on a loaded machine: a generous wait).
      await card.waitFor({ timeout: 60_000 });
      await card.getByText('The PNG encodes the right URL').waitFor();
      expect(await card.getByRole('button', { name: 'Copy URL' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Print all' }).count()).toBe(1);
      expect(await page.title()).toBe('QR codes · ReFeed');
      await expectNoneOf(page, FRENCH_WORDS);
      await saveScreenshot(page, `venues-english-qr-${viewport.width}`);
      await expectNoOverflow(page);

      // /etablissements: the UK venue form asks the UK address, never a SIRET.
      await page.goto(`${baseUrl}/etablissements`);
      await page.getByRole('heading', { name: 'Your venues' }).waitFor();
      await page.getByRole('article', { name: 'The Crown', exact: true }).getByText('Owner').waitFor();
      await page.getByRole('button', { name: 'Add a venue' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a venue' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('SIRET').count()).toBe(0);
      expect(await dialog.getByText('SIRET').count()).toBe(0);
      const venue = `The Crown ${index === 0 ? 'Soho' : 'Camden'}`;
      await dialog.getByLabel('Venue name').fill(venue);
      await dialog.getByLabel('Address line 1', { exact: true }).fill('3 Old Compton Street');
      await dialog.getByLabel('Town or city').fill('London');
      await dialog.getByLabel('Postcode').fill('75001');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByText('Invalid UK postcode').waitFor();
      await dialog.getByLabel('Postcode').fill('w1d 4ud');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByText('Venue added.').waitFor();
      const added = page.getByRole('article', { name: venue, exact: true });
      await added.waitFor();
      expect(await added.getByText('3 Old Compton Street, London, W1D 4UD').count()).toBe(1);
      expect(await added.getByText('Active').count()).toBe(1);
      await expectNoneOf(page, FRENCH_WORDS);
      await saveScreenshot(page, `venues-english-venues-${viewport.width}`);
      await expectNoOverflow(page);

      // /parametres: saved with the English toast (the UK phone of the sign-up is a valid one).
      await page.goto(`${baseUrl}/parametres`);
      await page.getByRole('heading', { name: 'Restaurant settings' }).waitFor();
      await page.getByLabel('Contact email').waitFor();
      expect(await page.getByLabel('Phone').inputValue()).toContain('7946');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Settings saved.').waitFor();
      // The diner-languages options of issue #52, in English.
      await page.getByRole('checkbox', { name: 'German' }).waitFor();
      expect(await page.getByRole('button', { name: 'Save languages' }).count()).toBe(1);
      await expectNoneOf(page, FRENCH_WORDS.filter((word) => word !== 'Vos '));
      await saveScreenshot(page, `venues-english-settings-${viewport.width}`);
      await expectNoOverflow(page);
      expect(errors).toEqual([]);
      await page.close();

      // The same pages for a French owner: the spec's French, no English words.
      const frPage = await signInPage(browser, baseUrl, viewport, french);
      await frPage.goto(`${baseUrl}/qr`);
      await frPage.getByRole('heading', { name: 'Vos QR codes' }).waitFor();
      const frLabel = `Table ${viewport.width}`;
      // The list has loaded (the main code's card): the form is ready to type in.
      await frPage.getByRole('article').first().waitFor();
      await frPage.getByLabel('Label de table (optionnel)').fill(frLabel);
      await frPage.getByRole('button', { name: 'Créer le QR' }).click();
      await frPage.getByText(`QR ${frLabel} créé`).waitFor();
      await frPage.getByRole('article', { name: frLabel, exact: true }).getByText('Le PNG encode bien l’URL').waitFor();
      await expectNoneOf(frPage, ENGLISH_WORDS);
      await frPage.goto(`${baseUrl}/etablissements`);
      await frPage.getByRole('heading', { name: 'Vos établissements' }).waitFor();
      await frPage.getByRole('button', { name: 'Ajouter un établissement' }).click();
      await frPage.getByRole('dialog').getByLabel('SIRET').waitFor();
      await frPage.keyboard.press('Escape');
      await expectNoneOf(frPage, ENGLISH_WORDS);
      await frPage.goto(`${baseUrl}/parametres`);
      await frPage.getByRole('heading', { name: 'Paramètres du restaurant' }).waitFor();
      await frPage.getByLabel('Email de contact').waitFor();
      await frPage.getByRole('button', { name: 'Enregistrer', exact: true }).click();
      await frPage.getByText('Paramètres enregistrés.').waitFor();
      await expectNoneOf(frPage, ENGLISH_WORDS);
      await saveScreenshot(frPage, `venues-french-settings-${viewport.width}`);
      await frPage.close();
    }
  });
});
