import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type AdminList = InferResponseType<typeof api.admin.admins.$get, 200>;
export type AdminListItem = AdminList['admins'][number];

export async function getAdmins(): Promise<AdminList> {
  return readJson(await api.admin.admins.$get());
}

export function useAdmins() {
  return useQuery({ queryKey: adminKeys.admins, queryFn: getAdmins });
}
