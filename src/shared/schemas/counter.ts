import { z } from 'zod';
import { CARD_MESSAGES } from './card-messages';

export { CARD_MESSAGES } from './card-messages';

export const PENDING_REWARDS_PAGE_SIZE = 20;

/** The counter's own messages (the card's are CARD_MESSAGES, shared with the diner pages). */
export const COUNTER_MESSAGES = {
  /** The 429 of the code lookups and searches (lib/rate-limit-rules counterLookupsPerMember, counterLookupsPerVenue). */
  lookupsLimited: 'Trop de codes et de recherches au comptoir en une minute. Patientez quelques secondes, puis réessayez.',
} as const;

export const ZCounterRewardParam = z.object({ id: z.uuid(CARD_MESSAGES.rewardNotFound) });

/** GET /api/counter/search?q= — an email, a phone number or a code. */
export const ZCounterSearchQuery = z.object({ q: z.string().trim().min(3, CARD_MESSAGES.searchTooShort).max(100, 'Recherche trop longue') });

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
