import { withoutVenue } from '../../../shared/venue';
import { paths } from '../../config/paths';

/**
 * What the app remembers per browser session (sessionStorage): the post-login landing and the
 * email_verified sync happen once per signed-in user, and the last authenticated route is kept for
 * the route memory of spec §2. Everything is cleared at sign-out.
 */
const KEYS = { landed: 'refeed.landed-user', synced: 'refeed.synced-user', route: 'refeed.route' } as const;

/** Query parameter a sign-in link adds so the landing runs once the session exists (magic link). */
export const LANDING_PARAM = 'landing';

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage: the features degrade to "not remembered".
  }
}

export const browserSession = {
  hasLanded: (userId: string) => read(KEYS.landed) === userId,
  markLanded: (userId: string) => write(KEYS.landed, userId),
  hasSynced: (userId: string) => read(KEYS.synced) === userId,
  markSynced: (userId: string) => write(KEYS.synced, userId),
  storedRoute: () => read(KEYS.route),
  storeRoute: (route: string) => write(KEYS.route, route),
  clear(): void {
    for (const key of Object.values(KEYS)) {
      try {
        window.sessionStorage.removeItem(key);
      } catch {
        // Nothing stored, nothing to clear.
      }
    }
  },
};

/** A password-recovery link carries type=recovery in its query or fragment. */
export function isRecoveryLocation(search: string, hash: string): boolean {
  return /(?:^|[?&#])type=recovery(?:&|$)/.test(search) || /(?:^|[#&])type=recovery(?:&|$)/.test(hash);
}

const OWNER_PATHS: readonly string[] = [
  paths.dashboard.path,
  paths.customers.path,
  paths.loyalty.path,
  paths.qr.path,
  paths.automations.path,
  paths.security.path,
  paths.googleSettings.path,
  paths.settings.path,
];

/** Owner and administrator pages: the "authenticated areas" whose route is remembered (with its venue). */
export function isAuthenticatedArea(pathname: string): boolean {
  return OWNER_PATHS.includes(withoutVenue(pathname)) || pathname === '/admin' || pathname.startsWith('/admin/') || /^\/emails\/[^/]+\/editor$/.test(pathname);
}

/** Where a fresh sign-in lands: administrators on /admin, everyone else on /dashboard. */
export function landingPathFor(isAdmin: boolean): string {
  return isAdmin ? paths.admin.href() : paths.dashboard.href();
}

/** Navigation state /signup hands to /pending: the user is not signed in until the email is confirmed. */
export type PendingNavigationState = { justSignedUp: { email: string; restaurantName: string } };

/** The reset link leads back to /reset-password with the recovery marker (spec §2). */
export const RESET_REDIRECT = `${paths.resetPassword.href()}?type=recovery`;
