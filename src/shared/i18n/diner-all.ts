import type { Locale } from '../rules/locales';
import type { DinerMessages } from './diner';
import * as de from './diner/paraglide/messages/de.js';
import * as en from './diner/paraglide/messages/en.js';
import * as es from './diner/paraglide/messages/es.js';
import * as fr from './diner/paraglide/messages/fr.js';
import * as it from './diner/paraglide/messages/it.js';
import * as moreDe from './diner-more/paraglide/messages/de.js';
import * as moreEn from './diner-more/paraglide/messages/en.js';
import * as moreEs from './diner-more/paraglide/messages/es.js';
import * as moreFr from './diner-more/paraglide/messages/fr.js';
import * as moreIt from './diner-more/paraglide/messages/it.js';

/**
 * Every language's diner messages at once (both catalogues), for the server (the diner page's HTML shell,
 * lib/http/diner-html.ts) and the tests. The browser never imports this file: it loads its one language
 * through DINER_CATALOGUES and DINER_MORE_CATALOGUES.
 */
const first: Record<Locale, typeof fr> = { fr, en, de, es, it };
const more: Record<Locale, typeof moreFr> = { fr: moreFr, en: moreEn, de: moreDe, es: moreEs, it: moreIt };
export const DINER_MESSAGES_BY_LOCALE = Object.fromEntries(
  (Object.keys(first) as Locale[]).map((locale) => [locale, { ...first[locale], ...more[locale] }]),
) as unknown as Record<Locale, DinerMessages>;
