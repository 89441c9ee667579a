import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client';
import { ADMIN_PAGE_SIZE } from '../../../../shared/schemas/admin';
import { adminKeys, type RestaurantListParams } from './keys';

export type AdminRestaurantPage = InferResponseType<typeof api.admin.restaurants.$get, 200>;
export type AdminRestaurantListItem = AdminRestaurantPage['items'][number];

export async function getAdminRestaurants(params: RestaurantListParams): Promise<AdminRestaurantPage> {
  const query: Record<string, string> = { status: params.status, limit: String(ADMIN_PAGE_SIZE), offset: String((params.page - 1) * ADMIN_PAGE_SIZE) };
  if (params.q.trim()) query.q = params.q.trim();
  return readJson(await api.admin.restaurants.$get({ query }));
}

/** One page of the directory; the previous page stays on screen while the next one loads. */
export function useAdminRestaurants(params: RestaurantListParams) {
  return useQuery({ queryKey: adminKeys.restaurants(params), queryFn: () => getAdminRestaurants(params), placeholderData: keepPreviousData });
}
