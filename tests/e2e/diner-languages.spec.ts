import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DINER_MESSAGES_BY_LOCALE } from '../../src/shared/i18n/diner-all';
import type { Locale } from '../../src/shared/rules/locales';
import { withVenueQuery } from '../../src/shared/venue';
import { signInCookie } from './support/accounts';
import { DESKTOP, PHONE, saveScreenshot, useBrowser } from './support/browser';

// Issue 52: the diner pages in the diner's language (decision 090).
const browser = useBrowser();
const baseUrl = inject('baseUrl');
const owner = inject('e2eOwner');
let restaurantId: string;
let mainCode: string;
let ownerCookie: string;

/** The owner's choice of diner languages for Chez Demo (/parametres), through the API the settings page calls. */
async function offerLanguages(dinerLanguages: Locale[], cardLanguages: Locale[]) {
  const response = await fetch(`${baseUrl}${withVenueQuery('/api/settings/languages', restaurantId)}`, {
    method: 'PUT',
    headers: { cookie: ownerCookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ dinerLanguages, cardLanguages }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

beforeAll(async () => {
  const cookie = await signInCookie(baseUrl, owner);
  ownerCookie = cookie;
  const me = (await (await fetch(`${baseUrl}/api/me`, { headers: { cookie } })).json()) as { restaurants: Array<{ id: string; name: string }> };
  restaurantId = me.restaurants.find((r) => r.name === 'Chez Demo')!.id;
  mainCode = `${restaurantId.slice(0, 8)}-main`;
});

// The words a tourist reads, written out (not read from the catalogue) for each browser language.
const CASES: Array<{ browserLocale: string; lang: Locale; send: string; thanks: string; balance: string; card: string }> = [
  { browserLocale: 'en-GB', lang: 'en', send: 'Send my review', thanks: 'Thank you for your review!', balance: 'Your balance: 20 points', card: 'My loyalty card' },
  { browserLocale: 'de-DE', lang: 'de', send: 'Bewertung senden', thanks: 'Danke für Ihre Bewertung!', balance: 'Ihr Guthaben: 20 Punkte', card: 'Meine Treuekarte' },
  { browserLocale: 'es-ES', lang: 'es', send: 'Enviar mi opinión', thanks: '¡Gracias por su opinión!', balance: 'Su saldo: 20 puntos', card: 'Mi tarjeta de fidelidad' },
  { browserLocale: 'it-IT', lang: 'it', send: 'Invia la mia recensione', thanks: 'Grazie per la sua recensione!', balance: 'Il suo saldo: 20 punti', card: 'La mia carta fedeltà' },
  { browserLocale: 'fr-FR', lang: 'fr', send: 'Envoyer mon avis', thanks: 'Merci pour votre avis !', balance: 'Votre solde : 20 points', card: 'Ma carte de fidélité' },
];

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

async function openFeedback(page: Page, query = '') {
  await page.goto(`${baseUrl}/f/${restaurantId}${query}`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Chez Demo');
}

describe('the diner pages in the browser’s language (390 px)', () => {
  for (const c of CASES) {
    it(`${c.browserLocale}: rates, reads the thank-you and the card in ${c.lang}`, async () => {
      const m = DINER_MESSAGES_BY_LOCALE[c.lang];
      const page = await browser.newPage(PHONE, { locale: c.browserLocale });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await openFeedback(page);
      expect(await htmlLang(page)).toBe(c.lang);
      expect(await page.title()).toBe(m.title_feedback({ name: 'Chez Demo' }));
      const submit = page.getByRole('button', { name: c.send });
      expect(await submit.isDisabled()).toBe(true);
      await page.getByRole('radio', { name: m.stars({ count: 5 }) }).click();
      await page.getByLabel(m.comment()).fill('Très bon / very good');
      if (c.lang === 'en' || c.lang === 'de') await saveScreenshot(page, `lang-${c.lang}-f-phone`);
      await submit.click();
      await expect.poll(() => page.getByRole('heading', { name: c.thanks }).isVisible()).toBe(true);
      await expect.poll(() => page.getByText(c.balance).isVisible()).toBe(true);
      if (c.lang === 'en' || c.lang === 'de') await saveScreenshot(page, `lang-${c.lang}-thanks-phone`);

      await page.getByRole('link', { name: m.see_card() }).first().click();
      await expect.poll(() => page.getByText(c.card).first().isVisible()).toBe(true);
      await expect.poll(() => page.getByTestId('card-balance').textContent()).toBe(m.points({ count: 20, points: '20' }));
      expect(await htmlLang(page)).toBe(c.lang);
      expect(await page.title()).toBe(m.title_card({ name: 'Chez Demo' }));
      if (c.lang === 'en' || c.lang === 'de') await saveScreenshot(page, `lang-${c.lang}-card-phone`);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('a restaurant offering French and English: a German browser gets French, the switch lists only the two', async () => {
    await offerLanguages(['fr', 'en'], ['fr', 'en']);
    try {
      const page = await browser.newPage(PHONE, { locale: 'de-DE' });
      await openFeedback(page);
      expect(await htmlLang(page)).toBe('fr');
      await expect.poll(() => page.getByTestId('language-switch').locator('option').allTextContents()).toEqual(['Français', 'English']);
      await page.getByTestId('language-switch').selectOption('en');
      await expect.poll(() => page.getByRole('button', { name: 'Send my review' }).count()).toBe(1);
      await page.context().close();
    } finally {
      await offerLanguages(['fr', 'en', 'de', 'es', 'it'], ['fr', 'en']);
    }
  });

  it('?lang= overrides the browser, and is kept for the next pages', async () => {
    const page = await browser.newPage(PHONE, { locale: 'de-DE' });
    await openFeedback(page, '?lang=it');
    expect(await htmlLang(page)).toBe('it');
    expect(await page.getByRole('button', { name: 'Invia la mia recensione' }).isVisible()).toBe(true);
    // The link's language became the diner's choice (the cookie): the card, without ?lang=, is Italian too.
    await page.goto(`${baseUrl}/f/${restaurantId}/carte`);
    await expect.poll(() => page.getByText('La mia carta fedeltà').first().isVisible()).toBe(true);
    await page.context().close();
  });

  it('the switch changes the language and keeps the rating and the typed comment', async () => {
    const page = await browser.newPage(PHONE, { locale: 'en-GB' });
    await openFeedback(page);
    await page.getByRole('radio', { name: '4 stars' }).click();
    await page.getByLabel('Comment').fill('Lovely dinner, slow service');
    await page.getByLabel('First name').fill('Sam');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect.poll(() => page.getByRole('button', { name: 'Bewertung senden' }).isVisible()).toBe(true);
    expect(await htmlLang(page)).toBe('de');
    expect(await page.getByLabel('Kommentar').inputValue()).toBe('Lovely dinner, slow service');
    expect(await page.getByLabel('Vorname').inputValue()).toBe('Sam');
    expect(await page.getByRole('radio', { name: '4 Sterne' }).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Bewertung senden' }).isDisabled()).toBe(false);
    // Remembered: the next page opens in German although the browser says English.
    await openFeedback(page);
    expect(await page.getByRole('button', { name: 'Bewertung senden' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('a validation message of the shared schema reaches the diner in their language', async () => {
    const page = await browser.newPage(PHONE, { locale: 'es-ES' });
    await page.goto(`${baseUrl}/r/${encodeURIComponent(mainCode)}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Chez Demo');
    await page.getByRole('radio', { name: '5 estrellas' }).click();
    // /r asks a first name: the schema's French « Le prénom est requis » is shown in Spanish.
    await page.getByRole('button', { name: 'Enviar mi opinión' }).click();
    await expect.poll(() => page.getByText('El nombre es obligatorio').isVisible()).toBe(true);
    expect(await page.getByText('Le prénom est requis').count()).toBe(0);
    await page.context().close();
  });
});

describe('screenshots in English and German', () => {
  for (const lang of ['en', 'de'] as const) {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      it(`/r, thank-you and card in ${lang} at ${viewport.width} px`, async () => {
        const m = DINER_MESSAGES_BY_LOCALE[lang];
        const page = await browser.newPage(viewport, { locale: lang === 'en' ? 'en-GB' : 'de-DE' });
        await page.goto(`${baseUrl}/r/${encodeURIComponent(mainCode)}`);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Chez Demo');
        await page.getByLabel(m.first_name()).fill('Alex');
        await page.getByRole('radio', { name: m.stars({ count: 3 }) }).click();
        await saveScreenshot(page, `lang-${lang}-r-${size}`);
        if (size === 'desktop') {
          await page.goto(`${baseUrl}/f/${restaurantId}`);
          await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Chez Demo');
          await saveScreenshot(page, `lang-${lang}-f-${size}`);
          await page.goto(`${baseUrl}/r/${encodeURIComponent(mainCode)}`);
          await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Chez Demo');
          await page.getByLabel(m.first_name()).fill('Alex');
          await page.getByRole('radio', { name: m.stars({ count: 3 }) }).click();
        }
        await page.getByRole('button', { name: m.send_review() }).click();
        await expect.poll(() => page.getByRole('heading', { name: m.feedback_thanks() }).isVisible()).toBe(true);
        expect(await page.getByText(m.sorry_r({ name: 'Chez Demo' })).isVisible()).toBe(true);
        await saveScreenshot(page, `lang-${lang}-r-thanks-${size}`);
        await page.getByRole('link', { name: m.see_card() }).first().click();
        await expect.poll(() => page.getByTestId('card-balance').isVisible()).toBe(true);
        await saveScreenshot(page, `lang-${lang}-card-${size}`);
        await page.context().close();
      });
    }
  }
});
