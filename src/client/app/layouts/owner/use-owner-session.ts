import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useMe } from '../../../features/accounts/api/get-me';
import { accountKeys } from '../../../features/accounts/api/keys';
import { LANDING_PARAM } from '../../../features/accounts/browser-session';
import { authClient } from '../../../lib/auth-client';
import { setOwnerLocale } from '../../../lib/owner-locale';
import { withReturnPath } from '../../../../shared/rules/return-path';

/**
 * The account behind the owner pages, re-read on every auth change (sign-in, sign-out, another account),
 * and the gates of spec §4 that leave the owner area: signed out → sign-in (the page asked for opens again
 * after it), no restaurant → sign-in, pending → /pending. `landing` is a sign-in link's landing
 * (?landing=1, handled by the root layout), which decides where to go first.
 */
export function useOwnerSession() {
  const me = useMe({ refetchOnWindowFocus: true });
  const session = authClient.useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  const sessionKey = session.isPending ? null : (session.data?.session.id ?? 'signed-out');
  const previousSessionKey = useRef<string | null>(null);
  useEffect(() => {
    if (sessionKey === null) return;
    if (previousSessionKey.current !== null && previousSessionKey.current !== sessionKey) {
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    }
    previousSessionKey.current = sessionKey;
  }, [sessionKey, queryClient]);

  // The owner's product speaks the user's language (users.lang, decision 097).
  const lang = me.data?.user.lang;
  useEffect(() => {
    if (lang) setOwnerLocale(lang);
  }, [lang]);

  const gate = me.data === null ? 'signed-out' : me.data?.gate;
  const landing = new URLSearchParams(location.search).has(LANDING_PARAM);
  useEffect(() => {
    if (landing) return;
    if (gate === 'signed-out') navigate(withReturnPath(paths.login.href(), `${location.pathname}${location.search}${location.hash}`), { replace: true });
    if (gate === 'no-restaurant') navigate(paths.login.href(), { replace: true });
    if (gate === 'pending') navigate(paths.pending.href(), { replace: true });
  }, [gate, landing, navigate, location.pathname, location.search, location.hash]);

  return { me, landing };
}
