import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TInboxOptions } from '../../../../shared/schemas/inbox';
import { inboxKeys } from './keys';

export async function getInboxOptions(): Promise<TInboxOptions> {
  return readJson<TInboxOptions>(await api.inbox.options.$get());
}

export function getInboxOptionsQueryOptions() {
  return queryOptions({ queryKey: inboxKeys.options, queryFn: getInboxOptions, staleTime: 60_000 });
}

/** The QR codes to filter by, the rewards to offer, the restaurant's name (reply template). */
export function useInboxOptions() {
  return useQuery(getInboxOptionsQueryOptions());
}
