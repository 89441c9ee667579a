import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TCustomersPage } from '../../../../shared/schemas/customers';
import { customerKeys } from './keys';

export async function getCustomers(params: { q: string; page: number }): Promise<TCustomersPage> {
  return readJson<TCustomersPage>(await api.customers.$get({ query: { q: params.q, page: String(params.page) } }));
}

export function getCustomersQueryOptions(params: { q: string; page: number }) {
  return queryOptions({ queryKey: customerKeys.list(params), queryFn: () => getCustomers(params), placeholderData: keepPreviousData });
}

export function useCustomers(params: { q: string; page: number }) {
  return useQuery(getCustomersQueryOptions(params));
}
