import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { authClient } from '../../../lib/auth-client';
import { isInvalidLinkError, RESET_ERROR_FALLBACK } from '../auth-errors';
import { browserSession } from '../browser-session';
import { AuthShell } from './auth-shell';
import { NewPasswordForm } from './new-password-form';
import { toastError, toastErrorTitle } from '../../../lib/toast';

type TokenPasswordPageProps = {
  title: string;
  description: string;
  submitLabel: string;
  /** Shown, before going to /login, when the link's token is missing, used or expired. */
  invalidMessage: string;
  successMessage: string;
  /** Reset ends every session on the server; this also clears this browser's cookie. */
  signOutAfter: boolean;
};

/**
 * A new password chosen from a one-time link: better-auth checks the link, then redirects to the
 * page with ?token=… (or ?error=INVALID_TOKEN). Serves /reset-password and /set-password.
 */
export function TokenPasswordPage({ title, description, submitLabel, invalidMessage, successMessage, signOutAfter }: TokenPasswordPageProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const usable = !!token && !params.get('error');
  const reported = useRef(false);

  useEffect(() => {
    if (usable || reported.current) return;
    reported.current = true;
    toastErrorTitle(invalidMessage);
    navigate(paths.login.href(), { replace: true });
  }, [usable, navigate, invalidMessage]);

  async function onSubmit(newPassword: string) {
    const { error } = await authClient.resetPassword({ newPassword, token: token ?? '' });
    if (error) {
      if (isInvalidLinkError(error)) {
        toastErrorTitle(invalidMessage);
        navigate(paths.login.href(), { replace: true });
        return;
      }
      toastError('Erreur', error, RESET_ERROR_FALLBACK);
      return;
    }
    if (signOutAfter) {
      await authClient.signOut().catch(() => undefined);
      browserSession.clear();
    }
    toast.success(successMessage);
    navigate(paths.login.href(), { replace: true });
  }

  if (!usable) return <PageLoading label="Redirection…" />;
  return (
    <AuthShell title={title} description={description}>
      <NewPasswordForm submitLabel={submitLabel} onSubmit={onSubmit} />
    </AuthShell>
  );
}
