import { permissionsOf, type Role } from '../../../../shared/rules/permissions';
import type { TMeResponse } from '../../../../shared/schemas/accounts';
import type { Venue } from '../header-nav';

/** A venue of /api/me as the owner layout reads it, for the layout's unit tests. */
export function testVenue(id: string, role: Role, overrides: Partial<Venue> = {}): Venue {
  return {
    id,
    name: `Venue ${id}`,
    status: 'approved',
    organisationId: 'org-1',
    role,
    permissions: permissionsOf(role),
    emailVerified: true,
    rejectionReason: null,
    suspensionReason: null,
    plan: { id: 'pro', state: 'active', trialEndsAt: null, readOnly: null, message: null },
    ...overrides,
  } as Venue;
}

export function testMe(restaurants: Venue[], emailVerified = true): TMeResponse {
  return {
    user: { id: 'u1', email: 'owner@example.com', name: 'Owner', emailVerified, lang: 'fr' },
    isAdmin: false,
    gate: 'approved',
    supportEmail: 'support@refeed.fr',
    restaurants,
  };
}
