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
import { onInvalid, toastError, toastErrorTitle } from '../../../lib/toast';
import { PasswordInput } from '../../../features/accounts/components/password-input';
import { RETURN_PATH_PARAM, safeReturnPath, withReturnPath } from '../../../../shared/rules/return-path';

const INVALID_LINK = 'Lien invalide ou expiré';

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

  useEffect(() => {
    if (token || reported.current) return;
    reported.current = true;
    toastErrorTitle(INVALID_LINK);
    navigate(paths.login.href(), { replace: true });
  }, [token, navigate]);

  async function onValid(values: TConfirmEmailRequest) {
    try {
      const result = await confirm.mutateAsync(values);
      if (result.alreadyConfirmed) {
        toast.success('Votre adresse email est déjà confirmée.', { description: 'Connectez-vous avec votre mot de passe.' });
        navigate(withReturnPath(paths.login.href(), next), { replace: true });
        return;
      }
      toast.success('Email confirmé !');
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      const me = await queryClient.fetchQuery({ queryKey: accountKeys.me, queryFn: getMe }).catch(() => null);
      if (me) browserSession.markLanded(me.user.id);
      navigate(me ? (next ?? landingPathFor(me.isAdmin)) : withReturnPath(paths.login.href(), next), { replace: true });
    } catch (error) {
      const message = toastError('Confirmation impossible', error);
      if (message === INVALID_LINK) navigate(paths.login.href(), { replace: true });
    }
  }

  if (!token) return <PageLoading label="Redirection…" />;
  const submitting = form.formState.isSubmitting;
  return (
    <AuthShell
      title="Confirmez votre adresse email"
      description="Pour terminer, saisissez le mot de passe que vous avez choisi à l’inscription : c’est lui qui vous servira à vous connecter."
      footer={
        <p>
          Mot de passe oublié, ou vous n’avez pas créé ce compte ?{' '}
          <Link to={paths.forgotPassword.href()} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Réinitialisez le mot de passe
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid(['password']))} className="flex flex-col gap-4" aria-label="Confirmation de l’email">
        <Field id="confirm-password" label="Mot de passe choisi à l’inscription">
          <PasswordInput id="confirm-password" autoComplete="current-password" disabled={submitting} aria-invalid={!!form.formState.errors.password} {...form.register('password')} />
        </Field>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? 'Confirmation…' : 'Confirmer mon email'}
        </Button>
      </form>
    </AuthShell>
  );
}
