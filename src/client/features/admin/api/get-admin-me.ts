import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** Asks the backend whether the signed-in user administers the platform (401 signed out, 403 not admin). */
export const adminMeQueryOptions = queryOptions({
  queryKey: adminKeys.me,
  queryFn: async () => readJson(await api.admin.me.$get()),
  retry: false,
  staleTime: 60_000,
});

export function useAdminMe() {
  return useQuery(adminMeQueryOptions);
}
