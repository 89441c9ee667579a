import { useSyncExternalStore } from 'react';
import { localizeMessage } from '../../shared/i18n/api-messages';
import { ownerMessages, type OwnerMessages } from '../../shared/i18n/owner';
import { isOwnerLocale, type OwnerLocale } from '../../shared/rules/locales';

/**
 * The language of the owner's product in this tab (issue #53, decision 097): the signed-in user's own
 * (users.lang, from /api/me), kept in localStorage for the next first paint; before sign-in, a page's
 * `?lang=en` or the English site's links. Every owner page reads it through `useOwnerMessages()` (the words)
 * and `useOwnerLocale()` (formatting: shared/format.ts takes the locale); API calls send it as Accept-Language.
 */
const STORAGE_KEY = 'refeed-owner-lang';
const HTML_LANG: Record<OwnerLocale, string> = { fr: 'fr', en: 'en-GB' };

function storedLocale(): OwnerLocale {
  try {
    const query = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
    if (isOwnerLocale(query)) return query;
    const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
    return isOwnerLocale(stored) ? stored : 'fr';
  } catch {
    return 'fr';
  }
}

let current: OwnerLocale = storedLocale();
const listeners = new Set<() => void>();

export function ownerLocale(): OwnerLocale {
  return current;
}

/** Switches the tab's language (and the page's `lang`); the user's stored choice is the API's (PATCH /api/me/language). */
export function setOwnerLocale(next: OwnerLocale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[next];
  if (next === current) return;
  current = next;
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOwnerLocale(): OwnerLocale {
  return useSyncExternalStore(subscribe, ownerLocale, ownerLocale);
}

/** The owner catalogue in the tab's language: `const m = useOwnerMessages(); m.shell_language()`. */
export function useOwnerMessages(): OwnerMessages {
  return ownerMessages(useOwnerLocale());
}

/** A French API or schema message in the tab's language (shared/i18n/api-messages.ts). */
export function localized(message: string): string {
  return localizeMessage(message, current);
}

/** The Accept-Language of the tab's API calls. */
export function ownerLanguageHeaders(): Record<string, string> {
  return { 'Accept-Language': current };
}
