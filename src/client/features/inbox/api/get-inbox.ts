import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TInboxFilters, TInboxPage } from '../../../../shared/schemas/inbox';
import { inboxKeys } from './keys';

export type InboxParams = TInboxFilters & { feedback?: string };

/** The query string of the filters (empty values left out). */
export function toQuery(params: InboxParams): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

export async function getInboxPage(params: InboxParams, cursor: string | null): Promise<TInboxPage> {
  const query = { ...toQuery(params), ...(cursor ? { cursor } : {}) };
  return readJson<TInboxPage>(await api.inbox.$get({ query }));
}

export function getInboxQueryOptions(params: InboxParams) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.list(params),
    queryFn: ({ pageParam }) => getInboxPage(params, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** /avis: pages of 20 by cursor ('Voir plus'), each with the selection's summary. */
export function useInbox(params: InboxParams) {
  return useInfiniteQuery(getInboxQueryOptions(params));
}
