import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TTodayReviews } from '../../../../shared/schemas/inbox';
import { counterKeys } from './keys';

export async function getTodayReviewsPage(cursor: string | null): Promise<TTodayReviews> {
  return readJson<TTodayReviews>(await api.inbox.today.$get({ query: cursor ? { cursor } : {} }));
}

/** Today's reviews of the venue as the counter sees them (no diner details), newest first, 20 a page. */
export function useTodayReviews() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: counterKeys.today,
      queryFn: ({ pageParam }) => getTodayReviewsPage(pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      // The evening goes on: a new review shows within the minute.
      refetchInterval: 60_000,
    }),
  );
}
