import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { authClient } from '../../../lib/auth-client';
import { isInvalidLinkError } from '../auth-errors';
import { withLang } from '../lang-links';
import { usePublicPageLocale } from './auth-shell';
import { browserSession } from '../browser-session';
import { AuthShell } from './auth-shell';
import { NewPasswordForm } from './new-password-form';
import { dismissToasts, toastError, toastErrorTitle } from '../../../lib/toast';
import { useOwnerMessages } from '../../../lib/owner-locale';

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
  const m = useOwnerMessages();
  // The page's language before the form shows (its toasts too): the link's ?lang=en, else the tab's.
  const locale = usePublicPageLocale();
  const login = withLang(paths.login.href(), locale);

  useEffect(() => {
    if (usable || reported.current) return;
    reported.current = true;
    toastErrorTitle(invalidMessage);
    navigate(login, { replace: true });
  }, [usable, navigate, invalidMessage, login]);

  async function onSubmit(newPassword: string) {
    const { error } = await authClient.resetPassword({ newPassword, token: token ?? '' });
    if (error) {
      if (isInvalidLinkError(error)) {
        toastErrorTitle(invalidMessage);
        navigate(login, { replace: true });
        return;
      }
      toastError(m.shell_error(), error, m.accounts_reset_failed());
      return;
    }
    if (signOutAfter) {
      await authClient.signOut().catch(() => undefined);
      browserSession.clear();
    }
    dismissToasts();
    toast.success(successMessage);
    navigate(login, { replace: true });
  }

  if (!usable) return <PageLoading label={m.shell_redirecting()} />;
  return (
    <AuthShell title={title} description={description}>
      <NewPasswordForm submitLabel={submitLabel} onSubmit={onSubmit} />
    </AuthShell>
  );
}
