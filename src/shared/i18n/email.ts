import type { Locale } from '../rules/locales';
import * as de from './email/paraglide/messages/de.js';
import * as en from './email/paraglide/messages/en.js';
import * as es from './email/paraglide/messages/es.js';
import * as fr from './email/paraglide/messages/fr.js';
import * as it from './email/paraglide/messages/it.js';

/**
 * The diner emails' layout messages in one language (Paraglide JS 2, decision 089; catalogues in
 * ./email/messages/<locale>.json, French the source): server-side, every language is loaded at once.
 * `emailMessages('en').layout_greeting({ firstName })`; a message without placeholders takes no argument.
 */
type Messages = typeof fr;
type Callable<F> = F extends (inputs: infer I) => infer R ? (keyof I extends never ? (inputs?: I) => R : F) : F;
export type EmailMessages = { [K in keyof Messages]: Callable<Messages[K]> };

// Each language must have every French message with the same inputs (the typecheck fails here otherwise).
const EMAIL_CATALOGUES: Record<Locale, Messages> = { fr, en, de, es, it };

export function emailMessages(locale: Locale): EmailMessages {
  return EMAIL_CATALOGUES[locale] as unknown as EmailMessages;
}
