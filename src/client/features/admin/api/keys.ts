import type { TCountryFilter, TRestaurantStatusFilter } from '../../../../shared/schemas/admin';

export type RestaurantListParams = { q: string; status: TRestaurantStatusFilter; country: TCountryFilter; page: number };

/**
 * Query keys of the administration; a status change invalidates everything under ['admin']. Whether the
 * user is an administrator sits under its own root, so those invalidations never re-ask it.
 */
export const adminKeys = {
  me: ['admin-me'] as const,
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  restaurantLists: ['admin', 'restaurants'] as const,
  restaurants: (params: RestaurantListParams) => ['admin', 'restaurants', params] as const,
  restaurant: (id: string) => ['admin', 'restaurant', id] as const,
  admins: ['admin', 'admins'] as const,
  billing: ['admin', 'billing'] as const,
};
