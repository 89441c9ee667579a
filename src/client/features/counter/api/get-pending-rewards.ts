import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TPendingRewardsPage } from '../../../../shared/schemas/counter';
import { counterKeys } from './keys';

export async function getPendingRewardsPage(cursor: string | null): Promise<TPendingRewardsPage> {
  return readJson<TPendingRewardsPage>(await api.counter.pending.$get({ query: cursor ? { cursor } : {} }));
}

export function getPendingRewardsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: counterKeys.pending,
    queryFn: ({ pageParam }) => getPendingRewardsPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** /recompenses: every reward waiting to be handed over, oldest first, 20 a page ('Voir plus'). */
export function usePendingRewards() {
  return useInfiniteQuery(getPendingRewardsQueryOptions());
}
