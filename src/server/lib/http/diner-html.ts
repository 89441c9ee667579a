import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DINER_MESSAGES_BY_LOCALE } from '../../../shared/i18n/diner-all';
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE, negotiateDinerLocale } from '../../../shared/i18n/negotiate';
import { isLocale, LOCALES, type Locale } from '../../../shared/rules/locales';

/**
 * The language of a diner page's request: ?lang=, the diner's cookie, Accept-Language, the restaurant's;
 * among the languages the restaurant offers (`page`: null when the page names no open restaurant).
 */
export function dinerLocaleOf(
  request: { query: (name: string) => string | undefined; cookie: string | undefined; acceptLanguage: string | undefined },
  page: { languages: readonly Locale[]; language: Locale } | null = null,
): Locale {
  const cookie = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([a-z]{2})(?:;|$)`).exec(request.cookie ?? '')?.[1];
  return negotiateDinerLocale({ query: request.query('lang'), cookie, acceptLanguage: request.acceptLanguage, ...(page ? { offered: page.languages, restaurant: page.language } : {}) });
}

/** A link's ?lang= is the diner's choice for their next pages too (the thank-you's « Voir ma carte »). */
export function langCookieOf(query: string | undefined): string | null {
  return isLocale(query) ? `${LANG_COOKIE}=${query}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax` : null;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * diner.html in each language (decision 090): <html lang>, the title, the skeleton's words and a
 * modulepreload of that language's catalogue chunk (assets/diner-lang-<locale>-<hash>.js), so the page's
 * messages travel with its entry instead of after it. Built once per language from the built file.
 */
export function localizeDinerHtml(template: string, clientDist: string): Record<Locale, string> {
  let assets: string[] = [];
  try {
    assets = readdirSync(path.join(clientDist, 'assets'));
  } catch {
    // No build folder (a test's fake template): no preload.
  }
  const pages = {} as Record<Locale, string>;
  for (const locale of LOCALES) {
    const m = DINER_MESSAGES_BY_LOCALE[locale];
    const chunk = assets.find((file) => file.startsWith(`diner-lang-${locale}-`) && file.endsWith('.js'));
    const preload = chunk ? preloadLinks(clientDist, chunk) : '';
    // The entry is French (the source language): in French only the preload is added.
    if (locale === 'fr') {
      pages.fr = preload ? template.replace(/<\/title>/, `</title>${preload}`) : template;
      continue;
    }
    pages[locale] = template
      .replace(/<html lang="[a-z]+"/, `<html lang="${locale}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(m.title_default())}</title>${preload}`)
      .replace('>Votre avis compte<', `>${escapeHtml(m.tagline())}<`)
      .replace('>Chargement…<', `>${escapeHtml(m.loading())}<`)
      .replace(/>Propuls\u00e9 par (<a [^>]*>ReFeed<\/a>)</, (_all, link: string) => `>${escapeHtml(m.powered_by({ brand: '\u0000' })).replace('\u0000', link)}<`);
  }
  return pages;
}

/**
 * The modulepreload links of a language chunk and of the chunks it imports statically (the plural helper):
 * all of the page's first words arrive with the entry, none after it (decision 069).
 */
function preloadLinks(clientDist: string, chunk: string): string {
  let imports: string[] = [];
  try {
    const code = readFileSync(path.join(clientDist, 'assets', chunk), 'utf8');
    imports = [...code.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)].map((match) => match[1]);
  } catch {
    // Unreadable chunk: the language chunk alone is preloaded; the browser fetches its imports itself.
  }
  return [chunk, ...new Set(imports)].map((file) => `<link rel="modulepreload" crossorigin href="/assets/${file}">`).join('');
}
