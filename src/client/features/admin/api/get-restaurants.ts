import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin';
import { adminKeys, type RestaurantListParams } from './keys';

export type AdminOrganisationPage = InferResponseType<typeof api.admin.organisations.$get, 200>;
export type AdminOrganisationListItem = AdminOrganisationPage['items'][number];

export async function getAdminOrganisations(params: RestaurantListParams): Promise<AdminOrganisationPage> {
  const query: Record<string, string> = { status: params.status, country: params.country, limit: String(ADMIN_PAGE_SIZE), offset: String((params.page - 1) * ADMIN_PAGE_SIZE) };
  if (params.q.trim()) query.q = params.q.trim();
  return readJson(await api.admin.organisations.$get({ query }));
}

/** One page of the directory of organisations; the previous page stays on screen while the next one loads. */
export function useAdminOrganisations(params: RestaurantListParams) {
  return useQuery({ queryKey: adminKeys.restaurants(params), queryFn: () => getAdminOrganisations(params), placeholderData: keepPreviousData });
}
