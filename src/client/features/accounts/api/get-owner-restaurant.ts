import { useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { accountKeys } from './keys';

export async function getOwnerRestaurant() {
  return readJson(await api.owner.restaurant.$get());
}

/** The approved restaurant behind the owner pages (name, review link). */
export function useOwnerRestaurant(enabled = true) {
  return useQuery({ queryKey: accountKeys.ownerRestaurant, queryFn: getOwnerRestaurant, enabled });
}
