import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TCounterSearch } from '../../../../shared/schemas/counter';
import { counterKeys } from './keys';

export async function searchCounter(q: string): Promise<TCounterSearch> {
  return readJson<TCounterSearch>(await api.counter.search.$get({ query: { q } }));
}

export function getCounterSearchQueryOptions(q: string) {
  return queryOptions({ queryKey: counterKeys.search(q), queryFn: () => searchCounter(q), placeholderData: keepPreviousData });
}

/** A diner by email, phone or code, with their pending rewards (3 characters at least). */
export function useCounterSearch(q: string) {
  return useQuery({ ...getCounterSearchQueryOptions(q), enabled: q.trim().length >= 3 });
}
