import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { authClient } from '../../../lib/auth-client';
import { getMe } from '../api/get-me';
import { accountKeys } from '../api/keys';
import { syncEmailVerified } from '../api/sync-email-verified';
import { browserSession, isAuthenticatedArea, isRecoveryLocation, LANDING_PARAM, landingPathFor } from '../browser-session';

/** Recovery pages and diner pages never get the post-login landing. */
function isLandingExcluded(pathname: string, search: string, hash: string): boolean {
  return pathname.startsWith('/f/') || pathname === paths.resetPassword.path || pathname === paths.setPassword.path || isRecoveryLocation(search, hash);
}

/**
 * App-wide session behaviour of spec §2 and §4, mounted once in the root layout:
 * - a recovery link reaching any page is redirected to /reset-password, query and fragment kept;
 * - first sign-in of a browser session: the restaurant's email_verified sync, and the landing
 *   (administrator → /admin, anyone else → /dashboard) for a sign-in link carrying ?landing=1;
 * - route memory: the last authenticated route is kept per browser session, and on focus or
 *   visibility the user on /dashboard or / goes back to it;
 * - sign-out (seen as the session disappearing) clears the browser-session marks.
 */
export function SessionEffects() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = authClient.useSession();
  const userId = session.data?.user.id ?? null;
  const signedIn = !session.isPending && userId !== null;
  const wasSignedIn = useRef(false);

  // Recovery marker anywhere but /reset-password → /reset-password with the same query and fragment.
  useEffect(() => {
    if (location.pathname !== paths.resetPassword.path && isRecoveryLocation(location.search, location.hash)) {
      navigate(`${paths.resetPassword.path}${location.search}${location.hash}`, { replace: true });
    }
  }, [location.pathname, location.search, location.hash, navigate]);

  // First sign-in per browser session: sync the email_verified flag (silent on failure).
  useEffect(() => {
    if (session.isPending) return;
    if (!userId) {
      if (wasSignedIn.current) browserSession.clear();
      wasSignedIn.current = false;
      return;
    }
    wasSignedIn.current = true;
    if (browserSession.hasSynced(userId)) return;
    browserSession.markSynced(userId);
    syncEmailVerified()
      .then(() => queryClient.invalidateQueries({ queryKey: accountKeys.me }))
      .catch(() => undefined);
  }, [session.isPending, userId, queryClient]);

  // Landing after a sign-in link (magic link): ?landing=1 on /dashboard.
  const params = new URLSearchParams(location.search);
  const wantsLanding = params.has(LANDING_PARAM);
  useEffect(() => {
    if (!wantsLanding || session.isPending) return;
    const rest = new URLSearchParams(location.search);
    rest.delete(LANDING_PARAM);
    const here = `${location.pathname}${rest.size ? `?${rest.toString()}` : ''}${location.hash}`;
    if (!userId || browserSession.hasLanded(userId) || isLandingExcluded(location.pathname, location.search, location.hash)) {
      navigate(here, { replace: true });
      return;
    }
    browserSession.markLanded(userId);
    void queryClient
      .fetchQuery({ queryKey: accountKeys.me, queryFn: getMe })
      .then((me) => navigate(landingPathFor(me?.isAdmin ?? false), { replace: true }))
      .catch(() => navigate(here, { replace: true }));
  }, [wantsLanding, session.isPending, userId, location.pathname, location.search, location.hash, navigate, queryClient]);

  // Route memory: remember the authenticated route…
  useEffect(() => {
    if (signedIn && !wantsLanding && isAuthenticatedArea(location.pathname)) {
      browserSession.storeRoute(`${location.pathname}${location.search}${location.hash}`);
    }
  }, [signedIn, wantsLanding, location.pathname, location.search, location.hash]);

  // …and go back to it when the window comes back while on /dashboard or /.
  useEffect(() => {
    if (!signedIn) return;
    function restore() {
      if (document.visibilityState === 'hidden') return;
      const { pathname, search, hash } = window.location;
      if (pathname !== paths.dashboard.path && pathname !== paths.home.path) return;
      const stored = browserSession.storedRoute();
      if (stored && stored !== `${pathname}${search}${hash}`) navigate(stored);
    }
    window.addEventListener('focus', restore);
    document.addEventListener('visibilitychange', restore);
    return () => {
      window.removeEventListener('focus', restore);
      document.removeEventListener('visibilitychange', restore);
    };
  }, [signedIn, navigate]);

  return null;
}
