import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type AdminOverview = InferResponseType<typeof api.admin.overview.$get, 200>;

export async function getAdminOverview(): Promise<AdminOverview> {
  return readJson(await api.admin.overview.$get());
}

export function useAdminOverview() {
  return useQuery({ queryKey: adminKeys.overview, queryFn: getAdminOverview });
}
