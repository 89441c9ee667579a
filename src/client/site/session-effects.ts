import { paths } from '../config/paths';
import { browserSession, isRecoveryLocation } from '../features/accounts/browser-session';

/*
 * The app's session behaviours (SessionEffects, mounted by the app's router) that must also hold on the
 * site's pages, which run without the router or the query library:
 * - a recovery link reaching a site page goes to /reset-password, query and fragment kept;
 * - route memory: a signed-in owner who comes back to the window on / returns to the last route of the
 *   owner area (the app stores it, and clears it at sign-out).
 */

/** Sends a recovery link to /reset-password at once (before the page hydrates). True when it does. */
export function redirectRecoveryLink(): boolean {
  const { pathname, search, hash } = window.location;
  if (pathname === paths.resetPassword.path || !isRecoveryLocation(search, hash)) return false;
  window.location.replace(`${paths.resetPassword.path}${search}${hash}`);
  return true;
}

/** On /, when the window regains focus or visibility, returns a signed-in user to the remembered route. */
export function restoreRememberedRouteOnFocus(): void {
  if (window.location.pathname !== paths.home.path) return;
  let checking = false;
  const restore = async () => {
    const stored = browserSession.storedRoute();
    if (document.visibilityState === 'hidden' || checking || !stored || stored === paths.home.path) return;
    checking = true;
    try {
      // Only with a session: a route stored before a sign-out elsewhere would lead to the sign-in page.
      const response = await fetch('/api/auth/get-session', { credentials: 'same-origin' });
      const session = response.ok ? ((await response.json()) as { user?: unknown } | null) : null;
      if (session?.user) window.location.assign(stored);
    } catch {
      // Offline: stay on the page.
    } finally {
      checking = false;
    }
  };
  window.addEventListener('focus', () => void restore());
  document.addEventListener('visibilitychange', () => void restore());
}
