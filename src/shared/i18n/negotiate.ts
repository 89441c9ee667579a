import { isLocale, SOURCE_LOCALE, type Locale } from '../rules/locales';

/** The cookie that keeps the diner's own choice of language (the switch, or a link's ?lang=) for a year. */
export const LANG_COOKIE = 'refeed_lang';
export const LANG_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** The first language of an Accept-Language header ReFeed speaks ('de-CH,de;q=0.9,en;q=0.8' → de), by weight. */
export function localeFromAcceptLanguage(header: string | undefined | null, offered: readonly Locale[] | null = null): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0], weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.language).find((language) => isLocale(language) && (!offered || offered.includes(language))) as Locale | undefined ?? null;
}

/**
 * The diner page's language: `?lang=` (links and QR codes may carry it), then the diner's earlier choice
 * (the cookie), then the browser's Accept-Language, then the restaurant's language (French, English for a
 * UK restaurant) — each only among the languages the restaurant offers (`offered`, all five by default).
 */
export function negotiateDinerLocale(input: { query?: string | null; cookie?: string | null; acceptLanguage?: string | null; restaurant?: Locale; offered?: readonly Locale[] }): Locale {
  const offered = input.offered ?? null;
  const allowed = (value: string | null | undefined): value is Locale => isLocale(value) && (!offered || offered.includes(value));
  if (allowed(input.query)) return input.query;
  if (allowed(input.cookie)) return input.cookie;
  return localeFromAcceptLanguage(input.acceptLanguage, offered) ?? input.restaurant ?? SOURCE_LOCALE;
}
