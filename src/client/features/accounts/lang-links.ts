import type { OwnerLocale } from '../../../shared/rules/locales';

/** The query parameter a public page reads its language from before sign-in (client/lib/owner-locale.ts). */
export const LANG_PARAM = 'lang';

/**
 * A public page's address in `locale`: an English page's links carry `?lang=en` (issue #53), so the page
 * they open — in this tab, a new one or after a reload — stays English; French addresses are unchanged.
 */
export function withLang(href: string, locale: OwnerLocale): string {
  if (locale === 'fr') return href;
  const [path, hash] = href.split('#', 2);
  const joined = `${path}${path.includes('?') ? '&' : '?'}${LANG_PARAM}=${locale}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
