import type { OwnerLocale } from '../../../shared/rules/locales';
import type { Role } from '../../../shared/rules/permissions';
import type { LimitOverrides } from '../../../shared/rules/plans';
import type { TRestaurantStatus } from '../../../shared/schemas/accounts';

/** The signed-in user of a request as auth/session-reader.ts reads it (the Hono env's `session`, hono-env.ts). */
export type SessionUser = { id: string; email: string; name: string; emailVerified: boolean; lang: OwnerLocale };
/**
 * One venue the user may open as /api/me lists them, with the membership that opens it (its organisation
 * and role); the first (oldest membership, then oldest venue) is the one owner pages use.
 */
export type SessionRestaurant = {
  id: string;
  name: string;
  status: TRestaurantStatus;
  organisationId: string;
  role: Role;
  emailVerified: boolean;
  rejectionReason: string | null;
  suspensionReason: string | null;
  /** The organisation's plan, trial end and overrides, and where the venue and the member stand in its limits (decision 057). */
  plan: string | null;
  trialEndsAt: string | null;
  limitOverrides: LimitOverrides | null;
  /** The venue's place among the organisation's venues by creation (0-based). */
  venueRank: number;
  /** The member's place among its counted members, propriétaires first, then by membership date (null: équipe). */
  memberRank: number | null;
};
export type SessionRead = { user: SessionUser; restaurants: SessionRestaurant[]; isAdmin: boolean };
