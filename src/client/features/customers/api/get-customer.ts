import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TCustomerDetail } from '../../../../shared/schemas/customers';
import { customerKeys } from './keys';

export async function getCustomer(id: string): Promise<TCustomerDetail> {
  return readJson<TCustomerDetail>(await api.customers[':id'].$get({ param: { id } }));
}

export function getCustomerQueryOptions(id: string) {
  return queryOptions({ queryKey: customerKeys.detail(id), queryFn: () => getCustomer(id) });
}

export function useCustomer(id: string) {
  return useQuery(getCustomerQueryOptions(id));
}
