import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TCustomerFilter, TCustomerScope, TCustomersPage } from '../../../../shared/schemas/customers';
import { customerKeys } from './keys';

export type CustomerListParams = { q: string; page: number; scope: TCustomerScope; filter: TCustomerFilter | null };

export async function getCustomers(params: CustomerListParams): Promise<TCustomersPage> {
  return readJson<TCustomersPage>(
    await api.customers.$get({ query: { q: params.q, page: String(params.page), scope: params.scope, ...(params.filter ? { filter: params.filter } : {}) } }),
  );
}

export function getCustomersQueryOptions(params: CustomerListParams) {
  return queryOptions({ queryKey: customerKeys.list(params), queryFn: () => getCustomers(params), placeholderData: keepPreviousData });
}

export function useCustomers(params: CustomerListParams) {
  return useQuery(getCustomersQueryOptions(params));
}
