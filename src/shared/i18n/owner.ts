import type { OwnerLocale } from '../rules/locales';
import * as en from './owner/paraglide/messages/en.js';
import * as fr from './owner/paraglide/messages/fr.js';

/**
 * The owner's product's words in one language (issue #53, decision 097; Paraglide JS 2 as decision 089):
 * catalogue src/shared/i18n/owner/messages/<area>/<locale>.json, French the source (the spec's wording),
 * English beside it; each key starts with its area (`inbox_…` lives in messages/reviews/). Both languages
 * ship in the owner bundle (the diner pages never import this). In React: `useOwnerMessages()`
 * (client/lib/owner-locale.ts); elsewhere `ownerMessages(locale).shell_language()`.
 */
type Messages = typeof fr;
type Callable<F> = F extends (inputs: infer I) => infer R ? (keyof I extends never ? (inputs?: I) => R : F) : F;
export type OwnerMessages = { [K in keyof Messages]: Callable<Messages[K]> };

// English must have every French message with the same inputs (the typecheck fails here otherwise).
const OWNER_CATALOGUES: Record<OwnerLocale, Messages> = { fr, en };

export function ownerMessages(locale: OwnerLocale): OwnerMessages {
  return OWNER_CATALOGUES[locale] as unknown as OwnerMessages;
}
