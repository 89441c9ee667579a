import type { RestaurantStatus } from './restaurant-status';

/**
 * The owner gate of spec §4, computed the same way by the API guard and the owner pages:
 * no restaurant → sign in again; email not verified; pending; rejected; suspended; approved.
 */
export type OwnerGateState = 'no-restaurant' | 'email-not-verified' | 'pending' | 'rejected' | 'suspended' | 'approved';

export type GateRestaurant = { status: RestaurantStatus; emailVerified: boolean };

/**
 * The restaurant's own flag is set at the first sign-in after the owner confirmed their address;
 * the user's confirmed email counts too, so a freshly verified owner is not held back by a stale flag.
 */
export function resolveOwnerGate(userEmailVerified: boolean, restaurant: GateRestaurant | null | undefined): OwnerGateState {
  if (!restaurant) return 'no-restaurant';
  if (!restaurant.emailVerified && !userEmailVerified) return 'email-not-verified';
  if (restaurant.status === 'approved') return 'approved';
  return restaurant.status;
}
