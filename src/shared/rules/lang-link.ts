import type { OwnerLocale } from './locales';

/** The query parameter a public page reads its language from before sign-in (client/lib/owner-locale.ts). */
export const LANG_PARAM = 'lang';

/**
 * A page's address in `locale`: an English page's links — and the links of an English owner's emails —
 * carry `?lang=en` (issue #53), so the page they open (in this tab, a new one, after a reload, from a
 * mailbox before sign-in) is English; French addresses are unchanged.
 */
export function withLang(href: string, locale: OwnerLocale): string {
  if (locale === 'fr') return href;
  const [path, hash] = href.split('#', 2);
  const joined = `${path}${path.includes('?') ? '&' : '?'}${LANG_PARAM}=${locale}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
