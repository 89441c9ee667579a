import { useQuery } from '@tanstack/react-query';
import type { TMeResponse } from '../../../../shared/schemas/accounts';
import { api, ApiError, readJson } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** The signed-in user with their restaurants and gate outcome, or null when signed out. */
export async function getMe(): Promise<TMeResponse | null> {
  try {
    return await readJson(await api.me.$get());
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function getMeQueryOptions() {
  return { queryKey: accountKeys.me, queryFn: getMe, staleTime: 10_000 };
}

/** The account summary; refetched when the window regains focus so a status change is seen. */
export function useMe(options: { refetchOnWindowFocus?: boolean } = {}) {
  return useQuery({ ...getMeQueryOptions(), refetchOnWindowFocus: options.refetchOnWindowFocus ?? false });
}
