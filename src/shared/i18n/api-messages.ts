import type { OwnerLocale } from '../rules/locales';
import { DATABASE_UNAVAILABLE_MESSAGE, GENERIC_ERROR_MESSAGE, RATE_LIMITED_MESSAGE } from '../errors';
import { ACCOUNT_ERRORS, ACCOUNT_ERRORS_EN, ACCOUNT_MESSAGES, ACCOUNT_MESSAGES_EN, AUTH_MESSAGES, AUTH_MESSAGES_EN, SIGNUP_MESSAGES } from '../schemas/accounts';
import { REVIEWS_AREA_PAIRS } from './api-messages-reviews';
import { CUSTOMERS_AREA_PAIRS } from './api-messages-customers';
import type { EnglishOf } from './english-of';
import { QR_MESSAGES, QR_MESSAGES_EN } from '../schemas/qr';
import { SETTINGS_MESSAGES, SETTINGS_MESSAGES_EN } from '../schemas/settings';
import { VENUE_MESSAGE_PAIR } from '../schemas/venues';

/**
 * The API's and the shared schemas' messages in English (issue #53, decision 097). French stays the source:
 * each module keeps its `*_MESSAGES` object of the spec's French texts and, beside it, an English twin
 * typed `EnglishOf<typeof X_MESSAGES>` (the typecheck fails on a missing key). Registered here, the pairs
 * make one French → English table: the server's error handler answers an English owner (or an English page)
 * with the English text, and the client's toasts show a form's own validation message in the owner's language.
 * Messages built with values (a function) are chosen by language where they are made.
 */
export type { EnglishOf } from './english-of';

type MessageTree = { readonly [key: string]: string | MessageTree };
const GENERAL_FR = { generic: GENERIC_ERROR_MESSAGE, unavailable: DATABASE_UNAVAILABLE_MESSAGE, invalidRequest: 'Requête invalide', rateLimited: RATE_LIMITED_MESSAGE } as const;
const GENERAL_EN: EnglishOf<typeof GENERAL_FR> = {
  generic: 'Something went wrong. Please try again.',
  unavailable: 'Service temporarily unavailable. Try again in a moment.',
  invalidRequest: 'Invalid request',
  rateLimited: 'Too many attempts. Please try again in a few minutes.',
};

/** Every French message object with its English twin. Add a pair when a module gets its English. */
const PAIRS: ReadonlyArray<readonly [MessageTree, MessageTree]> = [
  [GENERAL_FR, GENERAL_EN],
  [SIGNUP_MESSAGES.fr, SIGNUP_MESSAGES.en],
  [ACCOUNT_MESSAGES, ACCOUNT_MESSAGES_EN],
  [ACCOUNT_ERRORS, ACCOUNT_ERRORS_EN],
  [AUTH_MESSAGES, AUTH_MESSAGES_EN],
  ...REVIEWS_AREA_PAIRS,
  ...CUSTOMERS_AREA_PAIRS,
  [QR_MESSAGES, QR_MESSAGES_EN],
  [SETTINGS_MESSAGES, SETTINGS_MESSAGES_EN],
  VENUE_MESSAGE_PAIR,
];

let table: Map<string, string> | undefined;
function englishTable(): Map<string, string> {
  if (table) return table;
  table = new Map();
  const walk = (french: MessageTree, english: MessageTree) => {
    for (const [key, value] of Object.entries(french)) {
      const other = english[key];
      if (typeof value === 'string' && typeof other === 'string') {
        if (!table!.has(value)) table!.set(value, other);
      } else if (typeof value === 'object' && typeof other === 'object') walk(value, other);
    }
  };
  for (const [french, english] of PAIRS) walk(french, english);
  return table;
}

/** A French message of the API or a schema in `locale`; a text without a registered translation is kept as is. */
export function localizeMessage(message: string, locale: OwnerLocale): string {
  if (locale === 'fr') return message;
  return englishTable().get(message) ?? message;
}

/** The French messages without an English twin among `messages` (for tests). */
export function untranslated(messages: readonly string[]): string[] {
  return messages.filter((message) => !englishTable().has(message));
}
