import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, readJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type AdminRestaurantDetail = InferResponseType<(typeof api.admin.restaurants)[':id']['$get'], 200>;

export async function getAdminRestaurant(id: string): Promise<AdminRestaurantDetail> {
  return readJson(await api.admin.restaurants[':id'].$get({ param: { id } }));
}

export function useAdminRestaurant(id: string) {
  return useQuery({ queryKey: adminKeys.restaurant(id), queryFn: () => getAdminRestaurant(id) });
}
