import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { DINER_CATALOGUES, type DinerMessages, type FirstMessages } from '../../shared/i18n/diner';
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE } from '../../shared/i18n/negotiate';
import { isLocale, LOCALES, type Locale } from '../../shared/rules/locales';

/**
 * The diner pages' language (decision 090): the server chose it (pages.ts: ?lang=, cookie, Accept-Language,
 * the restaurant's) and wrote it in <html lang>; the page loads that language's first catalogue chunk alone
 * (preloaded by the server) and renders with it. The rest of the words (thank-you, card, 'Mes données', the
 * server's messages) come with those parts (loadMore). The switch loads another language and renders again:
 * the components keep their state (what was typed).
 */
export type I18n = { locale: Locale; m: DinerMessages; setLocale: (locale: Locale) => void; t: (message: string) => string };

const I18nContext = createContext<I18n | null>(null);

export function useI18n(): I18n {
  return useContext(I18nContext)!;
}

export function pageLocale(): Locale {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : 'fr';
}

// One object per language, the first catalogue's messages, then the more catalogue's merged in once loaded:
// a part loaded after loadMore() finds its words in the same object.
const catalogues: Partial<Record<Locale, DinerMessages>> = {};
const moreLoaded = new Map<Locale, Promise<void>>();
// The provider renders again when more words arrive (the privacy note waits for them).
const onMore = new Set<() => void>();

/** The first catalogue of `locale` (the page's cold load), as the object the pages read. */
export async function loadMessages(locale: Locale): Promise<DinerMessages> {
  const first: FirstMessages = await DINER_CATALOGUES[locale]();
  catalogues[locale] ??= { ...first } as DinerMessages;
  if (moreLoaded.size) await loadMore(locale);
  return catalogues[locale];
}

/** The more catalogue of `locale` (and its first one): awaited by the parts that show its words. */
export function loadMore(locale: Locale = pageLocale()): Promise<void> {
  let pending = moreLoaded.get(locale);
  if (!pending) {
    pending = Promise.all([DINER_CATALOGUES[locale](), import('../../shared/i18n/diner-more').then((loaders) => loaders.DINER_MORE_CATALOGUES[locale]())]).then(([first, more]) => {
      catalogues[locale] = Object.assign(catalogues[locale] ?? ({ ...first } as DinerMessages), more);
      onMore.forEach((listener) => listener());
    });
    pending.catch(() => moreLoaded.delete(locale));
    moreLoaded.set(locale, pending);
  }
  return pending;
}

/**
 * Before a message of the server or of a schema is shown: the page's words and the French ones (to recognise
 * the French message, the spec's words). Never fails (the message then shows as the server wrote it).
 */
export const loadMessageWords = (): Promise<void> => Promise.all([loadMore(), loadMore('fr')]).then(() => undefined, () => undefined);

/** The page's words for a French message of the server or of a schema; itself when the catalogue has none. */
function translate(m: DinerMessages, message: string): string {
  const french = catalogues.fr as unknown as Record<string, (inputs: object) => string> | undefined;
  if (!french || (french as unknown) === m) return message;
  for (const key in french) if (key in m && french[key]({}) === message) return (m as unknown as Record<string, (inputs: object) => string>)[key]({});
  return message;
}

export function I18nProvider({ locale: initialLocale, messages, children }: { locale: Locale; messages: DinerMessages; children: ReactNode }) {
  const [state, setState] = useState({ locale: initialLocale, m: messages });
  const [, setMoreCount] = useState(0);
  useEffect(() => {
    const listener = () => setMoreCount((n) => n + 1);
    onMore.add(listener);
    return () => void onMore.delete(listener);
  }, []);
  const setLocale = (locale: Locale) => {
    void loadMessages(locale).then((m) => {
      rememberLocale(locale);
      setState({ locale, m });
    });
  };
  const value: I18n = { ...state, setLocale, t: (message) => translate(state.m, message) };
  return <I18nContext value={value}>{children}</I18nContext>;
}

/** The diner's choice: a cookie for their next pages, <html lang>, and the address's ?lang= if it has one. */
function rememberLocale(locale: Locale) {
  document.cookie = `${LANG_COOKIE}=${locale}; path=/; max-age=${LANG_COOKIE_MAX_AGE}; samesite=lax`;
  document.documentElement.lang = locale;
  const url = new URL(window.location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.set('lang', locale);
    window.history.replaceState(window.history.state, '', url);
  }
}

// Each language by its own name: a tourist finds theirs whatever the page's language.
const NATIVE_NAMES: Record<Locale, string> = { fr: 'Français', en: 'English', de: 'Deutsch', es: 'Español', it: 'Italiano' };

/** The visible language switch of every diner page: the languages the restaurant offers (all five until its page has loaded). */
export function LanguageSwitch({ languages = LOCALES }: { languages?: readonly Locale[] }) {
  const { locale, m, setLocale } = useI18n();
  return (
    <select
      aria-label={m.language()}
      value={locale}
      onChange={(event) => isLocale(event.target.value) && setLocale(event.target.value)}
      className="h-9 shrink-0 cursor-pointer rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-800"
      data-testid="language-switch"
    >
      {LOCALES.filter((code) => code === locale || languages.includes(code)).map((code) => (
        <option key={code} value={code} lang={code}>
          {NATIVE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}

/** Stand-ins for the placeholders shown in bold: `bold(m.your_balance({ balance: B1 }), points)`. */
export const B1 = '\ue000';
export const B2 = '\ue001';

/** A message with its B1/B2 stand-ins replaced by `values` in bold, wherever the language put them. */
export function bold(text: string, ...values: ReactNode[]): ReactNode {
  return text.split(/([\ue000\ue001])/).map((piece, index) =>
    piece === B1 || piece === B2 ? <strong key={index}>{values[piece === B1 ? 0 : 1]}</strong> : piece,
  );
}
