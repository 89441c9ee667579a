import type { Locale } from '../rules/locales';
import type * as FirstFrench from './diner/paraglide/messages/fr.js';
import type * as MoreFrench from './diner-more/paraglide/messages/fr.js';

/**
 * The diner pages' messages in one language: a typed function per message (Paraglide JS 2, decision 089;
 * French the source). Two catalogues, each language its own module (decision 090):
 * - ./diner: what the form page shows at once (the phone's cold load carries this chunk only);
 * - ./diner-more: the thank-you, the card, 'Mes données', the counter screen and the words of the server's
 *   and schemas' messages, loaded with those parts.
 * Every language must have every French message with the same inputs: a missing one fails the typecheck
 * here (and catalogues.test.ts).
 */
type Callable<F> = F extends (inputs: infer I) => infer R ? (keyof I extends never ? (inputs?: I) => R : F) : F;
export type Typed<M> = { [K in keyof M]: Callable<M[K]> };
export type FirstMessages = Typed<typeof FirstFrench>;
export type MoreMessages = Typed<typeof MoreFrench>;
export type DinerMessages = FirstMessages & MoreMessages;

export const typed = <M,>(load: () => Promise<M>) => load as unknown as () => Promise<Typed<M>>;

export const DINER_CATALOGUES: Record<Locale, () => Promise<FirstMessages>> = {
  fr: typed<typeof FirstFrench>(() => import('./diner/paraglide/messages/fr.js')),
  en: typed<typeof FirstFrench>(() => import('./diner/paraglide/messages/en.js')),
  de: typed<typeof FirstFrench>(() => import('./diner/paraglide/messages/de.js')),
  es: typed<typeof FirstFrench>(() => import('./diner/paraglide/messages/es.js')),
  it: typed<typeof FirstFrench>(() => import('./diner/paraglide/messages/it.js')),
};
