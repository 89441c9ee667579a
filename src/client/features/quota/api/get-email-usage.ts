import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TEmailUsageResponse } from '../../../../shared/schemas/email-usage';
import { quotaKeys } from './keys';

export async function getEmailUsage(): Promise<TEmailUsageResponse> {
  return readJson<TEmailUsageResponse>(await api['email-usage'].$get());
}

/** The venue's diner emails this month against its plan's limit (read again after 5 minutes). */
export const getEmailUsageQueryOptions = (restaurantId: string) =>
  queryOptions({ queryKey: quotaKeys.usage(restaurantId), queryFn: getEmailUsage, staleTime: 5 * 60_000 });

export function useEmailUsage(restaurantId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getEmailUsageQueryOptions(restaurantId), enabled });
}
