/** The one list of a restaurant's statuses (spec §3: new ones are created pending); the database's check uses it too. */
export const RESTAURANT_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type RestaurantStatus = (typeof RESTAURANT_STATUSES)[number];
