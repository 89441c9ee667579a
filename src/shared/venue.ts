/**
 * Which venue a request or a page is about (issue #29, decision 056). An owner page's address carries its
 * venue, `/v/{venueId}/…`, so two tabs show two venues and a link from an email opens the right one. The
 * app's own API calls name the page's venue in the `X-Venue` header; an address the browser opens by itself
 * (a PDF in a new tab) names it in `?venue=`. The server only ever picks among the venues the session's
 * memberships open: a venue named by a request is a choice, never a grant.
 */

/** The request header naming the venue an owner API call is about. */
export const VENUE_HEADER = 'x-venue';
/** The query parameter naming it on an address the browser opens itself (no header can be added there). */
export const VENUE_QUERY = 'venue';

const PREFIX = /^\/v\/([^/?#]+)(?=[/?#]|$)/;

/** `/v/{venueId}` followed by an owner page's address (`/dashboard`, `/avis?feedback=…`). */
export function venueHref(venueId: string, href: string): string {
  return `/v/${encodeURIComponent(venueId)}${href.startsWith('/') ? href : `/${href}`}`;
}

/** The venue an address names (`/v/{venueId}/…`), or null. */
export function venueOfPath(pathname: string): string | null {
  const match = PREFIX.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/** The address without its venue prefix (`/v/abc/avis?x=1` → `/avis?x=1`); unchanged when it has none. */
export function withoutVenue(href: string): string {
  const rest = href.replace(PREFIX, '');
  return rest === '' ? '/' : rest.startsWith('/') ? rest : `/${rest}`;
}

/** A request URL with `?venue=` set (an address the browser opens itself: it cannot carry the header). */
export function withVenueQuery(url: string, venueId: string | null): string {
  if (!venueId) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${VENUE_QUERY}=${encodeURIComponent(venueId)}`;
}

/** The absolute base of a venue's owner pages, for links followed from a mailbox (`https://…/v/{venueId}`). */
export function venueBaseUrl(publicUrl: string, venueId: string): string {
  return `${publicUrl.replace(/\/$/, '')}${venueHref(venueId, '')}`.replace(/\/$/, '');
}
