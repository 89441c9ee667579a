import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/billing (issue 54, decision 092): billing states, MRR by currency (total and by plan), those past due. */
export type AdminBilling = InferResponseType<typeof api.admin.billing.$get, 200>;

export async function getAdminBilling(): Promise<AdminBilling> {
  return readJson(await api.admin.billing.$get());
}

export function useAdminBilling() {
  return useQuery({ queryKey: adminKeys.billing, queryFn: getAdminBilling });
}
