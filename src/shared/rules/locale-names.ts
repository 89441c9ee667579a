import type { Locale } from './locales';

/** The languages as the owner's pages (French, issue 52) name them: /automations, /parametres, the QR page. */
export const LOCALE_NAMES_FR: Record<Locale, string> = { fr: 'Français', en: 'Anglais', de: 'Allemand', es: 'Espagnol', it: 'Italien' };

/** 'anglais, allemand et italien': a list of languages inside a French sentence. */
export function localeListFr(locales: readonly Locale[]): string {
  const names = locales.map((locale) => LOCALE_NAMES_FR[locale].toLowerCase());
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} et ${names[names.length - 1]}`;
}
