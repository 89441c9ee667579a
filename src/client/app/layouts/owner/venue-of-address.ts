import { resolveOwnerGate } from '../../../../shared/rules/owner-gate';
import { venueHref, withoutVenue } from '../../../../shared/venue';
import type { TMeResponse } from '../../../../shared/schemas/accounts';
import { homePageOf, mayOpen, pageOf, venuePageHref, type Venue, type VenuePage } from '../header-nav';

export type OwnerAddress = { venueId: string | undefined; pathname: string; search: string; hash: string };

/** What the owner layout shows for an address, once the account is read (decision 056). */
export type VenueOfAddress =
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found'; home: string | null }
  | { kind: 'email-not-verified' | 'rejected' | 'suspended' | 'waiting'; venue: Venue | undefined }
  | { kind: 'ready'; venue: Venue; page: VenuePage | null; home: string; allowed: boolean };

/**
 * The venue an owner address opens and whether its page may be shown: a bare address (an older email, a
 * bookmark) opens the same page in the venue used last (`preferred`); a venue the account cannot open is
 * not found; then the owner gate of spec §4 for that venue; then the role's right to the page. A dashboard
 * the role does not have (the counter staff) leads to the role's first page.
 */
export function venueOfAddress(me: TMeResponse, address: OwnerAddress, preferred: string | null): VenueOfAddress {
  const venues = me.restaurants;
  const page = pageOf(withoutVenue(address.pathname));
  if (!address.venueId && preferred) return { kind: 'redirect', to: venueHref(preferred, `${address.pathname}${address.search}${address.hash}`) };
  const inAddress = address.venueId ? venues.find((venue) => venue.id === address.venueId) : undefined;
  const venue = inAddress ?? venues[0];
  const homeOf = (of: Venue) => venuePageHref(of.id, homePageOf(of));
  if (address.venueId && !inAddress) return { kind: 'not-found', home: venue ? homeOf(venue) : null };
  const gate = resolveOwnerGate(me.user.emailVerified, venue);
  if (gate === 'email-not-verified' || gate === 'rejected' || gate === 'suspended') return { kind: gate, venue };
  if (gate !== 'approved' || !venue) return { kind: 'waiting', venue };
  const home = homeOf(venue);
  if (page === 'dashboard' && !mayOpen(venue, page)) return { kind: 'redirect', to: home };
  return { kind: 'ready', venue, page, home, allowed: page === null || mayOpen(venue, page) };
}
