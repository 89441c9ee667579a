/**
 * The platform's states of an organisation (spec §3: new ones are created pending); the effective state of a
 * venue, as the owner gate and /api/me read it, takes the same values (decision 055).
 */
export const RESTAURANT_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type RestaurantStatus = (typeof RESTAURANT_STATUSES)[number];

/** The organisation's states (the approval lives on the organisation, decision 055). */
export const ORGANISATION_STATUSES = RESTAURANT_STATUSES;
export type OrganisationStatus = RestaurantStatus;

/** A venue's own state: only its own suspension by the platform team (decision 055). */
export const VENUE_STATUSES = ['approved', 'suspended'] as const;
export type VenueStatus = (typeof VENUE_STATUSES)[number];
