/**
 * The languages ReFeed speaks and the countries it sells in. French is the source language: every other
 * catalogue is translated from it, and the spec's French texts are the product's exact wording.
 */
export const LOCALES = ['fr', 'en', 'de', 'es', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'fr';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The languages of the owner's product (issue #53, decision 097): French (the source, the spec's wording)
 * and English. Each user keeps one (users.lang): from the sign-up page's language, changed in the header menu.
 */
export const OWNER_LOCALES = ['fr', 'en'] as const;
export type OwnerLocale = (typeof OWNER_LOCALES)[number];

export function isOwnerLocale(value: unknown): value is OwnerLocale {
  return typeof value === 'string' && (OWNER_LOCALES as readonly string[]).includes(value);
}

/** The countries an organisation may be registered in (France, United Kingdom; room for more). */
export const COUNTRIES = ['FR', 'GB'] as const;
export type Country = (typeof COUNTRIES)[number];

/** The currency an organisation of `country` is billed in. */
export function currencyOf(country: Country): 'EUR' | 'GBP' {
  return country === 'GB' ? 'GBP' : 'EUR';
}
