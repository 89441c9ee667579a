import { VENUE_HEADER, withVenueQuery } from '../../shared/venue';

/**
 * The venue this tab is showing (decision 056): set by the owner layout from the page's address
 * (`/v/{venueId}/…`), read by the API calls (the `X-Venue` header), the links of the owner pages (the
 * client's `paths`) and the query cache (each venue's data is cached apart). One module per tab, so two
 * tabs keep two venues. The last venue opened is remembered in the browser for the bare addresses.
 */
let current: string | null = null;
const REMEMBERED_KEY = 'refeed.venue';

export function currentVenue(): string | null {
  return current;
}

/** The venue the page's address names; remembered for the next bare address (`/dashboard`). */
export function setCurrentVenue(venueId: string | null): void {
  if (venueId === current) return;
  current = venueId;
  if (!venueId) return;
  try {
    localStorage.setItem(REMEMBERED_KEY, venueId);
  } catch {
    // Storage refused (private mode): the first venue opens instead, nothing else changes.
  }
}

/** The venue opened last in this browser, if it is still one of `venueIds`; else the first of them. */
export function preferredVenue(venueIds: readonly string[]): string | null {
  let remembered: string | null;
  try {
    remembered = localStorage.getItem(REMEMBERED_KEY);
  } catch {
    remembered = null;
  }
  return remembered && venueIds.includes(remembered) ? remembered : (venueIds[0] ?? null);
}

/** The header naming this tab's venue on an API call (none outside a venue: the server takes the first). */
export function venueHeaders(): Record<string, string> {
  return current ? { [VENUE_HEADER]: current } : {};
}

/** An API address the browser opens itself (a PDF in a new tab), naming this tab's venue. */
export function venueUrl(url: string): string {
  return withVenueQuery(url, current);
}
