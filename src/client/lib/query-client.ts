import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { currentVenue } from './current-venue';

/** The account's queries (['accounts', …]) are the same in every venue; everything else is cached per venue. */
const ACROSS_VENUES = 'accounts';

/** A query's cache entry: the venue the tab shows is part of it, so switching venues never shows another venue's data. */
export function venueQueryHash(queryKey: QueryKey): string {
  return queryKey[0] === ACROSS_VENUES ? hashKey(queryKey) : hashKey([{ venue: currentVenue() }, ...queryKey]);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryKeyHashFn: venueQueryHash,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by retrying; network failures get one more try.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
      },
    },
  });
}
