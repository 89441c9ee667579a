import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TDashboard } from '../../../../shared/schemas/dashboard';
import { dashboardKeys } from '../../../lib/query-keys';

export async function getDashboard(): Promise<TDashboard> {
  return readJson<TDashboard>(await api.dashboard.$get());
}

export function getDashboardQueryOptions() {
  // Read again each time the page opens: a feedback, a reward or a review link set elsewhere shows at once.
  return queryOptions({ queryKey: dashboardKeys.all, queryFn: getDashboard, staleTime: 0 });
}

export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
