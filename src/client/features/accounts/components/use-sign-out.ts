import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { authClient } from '../../../lib/auth-client';
import { browserSession } from '../browser-session';
import { setCurrentVenue } from '../../../lib/current-venue';
import { toastError } from '../../../lib/toast';

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
      toastError('Erreur', undefined, 'La déconnexion a échoué. Veuillez réessayer.');
    } finally {
      setPending(false);
    }
  }
  return { signOut, pending };
}
