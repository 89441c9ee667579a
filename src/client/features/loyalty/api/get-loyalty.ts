import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TLoyaltyOverview } from '../../../../shared/schemas/loyalty';
import { loyaltyKeys } from './keys';

export async function getLoyalty(): Promise<TLoyaltyOverview> {
  return readJson<TLoyaltyOverview>(await api.loyalty.$get());
}

export function getLoyaltyQueryOptions() {
  return queryOptions({ queryKey: loyaltyKeys.all, queryFn: getLoyalty });
}

export function useLoyalty() {
  return useQuery(getLoyaltyQueryOptions());
}
