import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ZConfirmEmailRequest, type TConfirmEmailRequest } from '../../../../shared/schemas/accounts';
import { PageLoading } from '../../../components/ui/skeleton';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useConfirmEmail } from '../../../features/accounts/api/confirm-email';
import { getMe } from '../../../features/accounts/api/get-me';
import { accountKeys } from '../../../features/accounts/api/keys';
import { browserSession, landingPathFor } from '../../../features/accounts/browser-session';
import { AuthShell, Field } from '../../../features/accounts/components/auth-shell';
import { dismissToasts, onInvalid, toastError, toastErrorTitle } from '../../../lib/toast';
import { PasswordInput } from '../../../features/accounts/components/password-input';
import { RETURN_PATH_PARAM, safeReturnPath, withReturnPath } from '../../../../shared/rules/return-path';
import { isInvalidLinkError } from '../../../features/accounts/auth-errors';
import { withLang } from '../../../features/accounts/lang-links';
import { usePublicPageLocale } from '../../../features/accounts/components/auth-shell';
import { useOwnerMessages } from '../../../lib/owner-locale';

/**
 * Where the confirmation link leads (/confirm-email?token=…): the owner types the password chosen at
 * sign-up, which confirms the address and signs this browser in; that password stays the account's
 * (docs/decisions/029b-sign-up-keeps-the-password.md). Someone who did not sign up cannot confirm here:
 * their way in is 'Mot de passe oublié ?', which replaces the password.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirmEmail();
  const token = params.get('token') ?? '';
  // The page asked for before the confirmation (carried by the link), a path of this site only.
  const next = safeReturnPath(params.get(RETURN_PATH_PARAM));
  const reported = useRef(false);
  const form = useForm<TConfirmEmailRequest>({ resolver: zodResolver(ZConfirmEmailRequest), defaultValues: { token, password: '' } });
  const m = useOwnerMessages();
  // The link of an English account carries ?lang=en (server/auth/auth.ts): the page and its toasts are English.
  const locale = usePublicPageLocale();
  const login = withLang(paths.login.href(), locale);

  useEffect(() => {
    if (token || reported.current) return;
    reported.current = true;
    toastErrorTitle(m.accounts_link_invalid());
    navigate(login, { replace: true });
  }, [token, navigate, m, login]);

  async function onValid(values: TConfirmEmailRequest) {
    try {
      const result = await confirm.mutateAsync(values);
      if (result.alreadyConfirmed) {
        toast.success(m.accounts_already_confirmed(), { description: m.accounts_sign_in_with_password() });
        navigate(withReturnPath(login, next), { replace: true });
        return;
      }
      dismissToasts();
      toast.success(m.accounts_email_confirmed());
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      const me = await queryClient.fetchQuery({ queryKey: accountKeys.me, queryFn: getMe }).catch(() => null);
      if (me) browserSession.markLanded(me.user.id);
      navigate(me ? (next ?? landingPathFor(me.isAdmin)) : withReturnPath(login, next), { replace: true });
    } catch (error) {
      const message = toastError(m.accounts_confirm_failed(), error);
      if (isInvalidLinkError({ message })) navigate(login, { replace: true });
    }
  }

  if (!token) return <PageLoading label={m.shell_redirecting()} />;
  const submitting = form.formState.isSubmitting;
  return (
    <AuthShell
      title={m.accounts_confirm_your_email()}
      description={m.accounts_confirm_description()}
      footer={
        <p>
          {m.accounts_confirm_footer()}{' '}
          <Link to={withLang(paths.forgotPassword.href(), locale)} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {m.accounts_confirm_reset()}
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid(['password']))} className="flex flex-col gap-4" aria-label={m.accounts_confirm_form()}>
        <Field id="confirm-password" label={m.accounts_confirm_password()}>
          <PasswordInput id="confirm-password" autoComplete="current-password" disabled={submitting} aria-invalid={!!form.formState.errors.password} {...form.register('password')} />
        </Field>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? m.accounts_confirming() : m.accounts_confirm_submit()}
        </Button>
      </form>
    </AuthShell>
  );
}
