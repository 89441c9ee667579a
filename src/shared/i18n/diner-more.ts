import type { Locale } from '../rules/locales';
import { typed, type MoreMessages } from './diner';
import type * as MoreFrench from './diner-more/paraglide/messages/fr.js';

/**
 * The loaders of the more catalogue (see diner.ts), in a module of their own: the diner page's entry does not
 * carry them, the chunk that loads the thank-you's, the card's and the server's words does (decision 090).
 */
export const DINER_MORE_CATALOGUES: Record<Locale, () => Promise<MoreMessages>> = {
  fr: typed<typeof MoreFrench>(() => import('./diner-more/paraglide/messages/fr.js')),
  en: typed<typeof MoreFrench>(() => import('./diner-more/paraglide/messages/en.js')),
  de: typed<typeof MoreFrench>(() => import('./diner-more/paraglide/messages/de.js')),
  es: typed<typeof MoreFrench>(() => import('./diner-more/paraglide/messages/es.js')),
  it: typed<typeof MoreFrench>(() => import('./diner-more/paraglide/messages/it.js')),
};
