import { ZCountryFilter, ZRestaurantStatusFilter, type TCountryFilter, type TRestaurantStatusFilter } from '../../../../shared/schemas/admin';

/** What the admin directory's address holds: the search, the filters and the page. */
export type DirectoryParams = { q: string; status: TRestaurantStatusFilter; country: TCountryFilter; page: number };
export type DirectoryChange = Partial<DirectoryParams>;

/** The directory's search, filters and page read from its address; anything unknown falls back to all, page 1. */
export function readDirectoryParams(searchParams: URLSearchParams): DirectoryParams {
  return {
    q: searchParams.get('q') ?? '',
    status: ZRestaurantStatusFilter.catch('all').parse(searchParams.get('status') ?? 'all'),
    country: ZCountryFilter.catch('all').parse(searchParams.get('country') ?? 'all'),
    page: Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1),
  };
}

/**
 * The address after a change: the search trimmed, `all` and page 1 left out (the short address is the
 * default), and a new search or filter starting again at page 1. Other parameters are kept.
 */
export function withDirectoryChange(previous: URLSearchParams, next: DirectoryChange): URLSearchParams {
  const params = new URLSearchParams(previous);
  const set = (key: string, value: string | undefined) => (value ? params.set(key, value) : params.delete(key));
  if (next.q !== undefined) set('q', next.q.trim());
  if (next.status !== undefined) set('status', next.status === 'all' ? undefined : next.status);
  if (next.country !== undefined) set('country', next.country === 'all' ? undefined : next.country);
  set('page', next.page && next.page > 1 ? String(next.page) : undefined);
  return params;
}
