import { z } from 'zod';
import type { EnglishOf } from '../i18n/english-of';
import { CARD_MESSAGES } from './card-messages';
import { CUSTOMER_QUERY_MESSAGES } from './customers';

export { CARD_MESSAGES } from './card-messages';

export const PENDING_REWARDS_PAGE_SIZE = 20;

/** The counter's own messages (the card's are CARD_MESSAGES, shared with the diner pages). */
export const COUNTER_MESSAGES = {
  /** The 429 of the code lookups and searches (lib/rate-limit-rules counterLookupsPerMember, counterLookupsPerVenue). */
  lookupsLimited: 'Trop de codes et de recherches au comptoir en une minute. Patientez quelques secondes, puis réessayez.',
} as const;

/** COUNTER_MESSAGES for an English owner (issue #53, decision 097; registered in shared/i18n/api-messages-customers.ts). */
export const COUNTER_MESSAGES_EN: EnglishOf<typeof COUNTER_MESSAGES> = {
  lookupsLimited: 'Too many codes and searches at the counter in one minute. Wait a few seconds, then try again.',
};

/**
 * The card's words the counter's staff read (its errors and answers). Only these get an English twin here:
 * the diner's other card words are the diner catalogue's (five languages, decision 089). The two the diner's
 * card shares say what the diner catalogue's English says.
 */
export const COUNTER_CARD_MESSAGES = {
  rewardNotFound: CARD_MESSAGES.rewardNotFound,
  rewardAlreadyHandedOver: CARD_MESSAGES.rewardAlreadyHandedOver,
  codeUnknown: CARD_MESSAGES.codeUnknown,
  codeExpired: CARD_MESSAGES.codeExpired,
  codeInvalid: CARD_MESSAGES.codeInvalid,
  handedOver: CARD_MESSAGES.handedOver,
  searchTooShort: CARD_MESSAGES.searchTooShort,
  anonymous: CARD_MESSAGES.anonymous,
  invalidCursor: CARD_MESSAGES.invalidCursor,
} as const;

export const COUNTER_CARD_MESSAGES_EN: EnglishOf<typeof COUNTER_CARD_MESSAGES> = {
  rewardNotFound: 'Reward not found on this card.',
  rewardAlreadyHandedOver: 'This reward has already been handed over.',
  codeUnknown: 'Unknown code. Check the 6 characters or ask the customer to show their reward again.',
  codeExpired: 'This code has expired. Ask the customer to show their reward on their phone again.',
  codeInvalid: 'The code is 6 letters or digits.',
  handedOver: 'Reward handed over',
  searchTooShort: 'Type at least 3 characters: email, phone or code.',
  anonymous: 'Anonymous customer',
  invalidCursor: 'Invalid page.',
};

export const ZCounterRewardParam = z.object({ id: z.uuid(CARD_MESSAGES.rewardNotFound) });

/** GET /api/counter/search?q= — an email, a phone number or a code. */
export const ZCounterSearchQuery = z.object({ q: z.string().trim().min(3, CARD_MESSAGES.searchTooShort).max(100, CUSTOMER_QUERY_MESSAGES.searchTooLong) });

/** GET /api/counter/pending?cursor= — the last row of the previous page. */
export const ZPendingRewardsQuery = z.object({
  cursor: z.string().max(100).regex(/^\d{13,17}_[0-9a-f-]{36}$/i, CARD_MESSAGES.invalidCursor).optional(),
});

/**
 * A diner as the counter sees them: a name, or 'Client anonyme' for a phone that never gave one. A role
 * holding `customers.view` reads the full name and contact details; any other (équipe) the first name and
 * the details masked, `masked: true` (« m•••@gmail.com », « 06 •• •• •• 78 »: rules/contact-mask.ts).
 */
export type TCounterCustomer = { id: string; name: string | null; email: string | null; phone: string | null; masked: boolean };

/** A reward waiting at the counter. */
export type TCounterReward = { id: string; label: string; unlockedAt: string; customer: TCounterCustomer };

/** The answer to a scanned or typed code. */
export type TCodeLookup = TCounterReward & { status: 'pending' | 'redeemed'; redeemedAt: string | null; expiresAt: string };

export type TCounterSearch = { results: Array<{ customer: TCounterCustomer; pending: Array<{ id: string; label: string; unlockedAt: string }> }> };

export type THandOverResponse = { message: string; id: string };

export type TPendingRewardsPage = { items: TCounterReward[]; nextCursor: string | null };

/** 'Prénom Nom', or null when the diner gave neither (the page says 'Client anonyme'). */
export function counterName(firstName: string | null, lastName: string | null): string | null {
  const name = [firstName, lastName].filter(Boolean).join(' ').trim();
  return name || null;
}
