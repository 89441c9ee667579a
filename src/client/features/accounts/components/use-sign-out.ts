import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { authClient } from '../../../lib/auth-client';
import { browserSession } from '../browser-session';
import { setCurrentVenue } from '../../../lib/current-venue';
import { toastError } from '../../../lib/toast';
import { ownerLocale } from '../../../lib/owner-locale';
import { ownerMessages } from '../../../../shared/i18n/owner';

/** Signs out, forgets the browser-session marks and the cached data, then goes to /auth. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  async function signOut() {
    setPending(true);
    // Leave the gated page first, so its own "signed out → /login" rule does not race this one.
    navigate(paths.auth.href(), { replace: true });
    try {
      await authClient.signOut();
      browserSession.clear();
      setCurrentVenue(null);
      queryClient.clear();
    } catch {
      const m = ownerMessages(ownerLocale());
      toastError(m.shell_error(), undefined, m.shell_sign_out_failed());
    } finally {
      setPending(false);
    }
  }
  return { signOut, pending };
}
