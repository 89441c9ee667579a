import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ZEmailOnlyRequest, type TEmailOnlyRequest } from '../../../../shared/schemas/accounts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { RESET_ERROR_FALLBACK } from '../../../features/accounts/auth-errors';
import { RESET_REDIRECT } from '../../../features/accounts/browser-session';
import { AuthShell, Field } from '../../../features/accounts/components/auth-shell';
import { onInvalid, toastError } from '../../../lib/toast';
import { authClient } from '../../../lib/auth-client';

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useForm<TEmailOnlyRequest>({ resolver: zodResolver(ZEmailOnlyRequest), defaultValues: { email: '' } });

  async function onValid(values: TEmailOnlyRequest) {
    const { error } = await authClient.requestPasswordReset({ email: values.email, redirectTo: RESET_REDIRECT });
    if (error) {
      toastError('Erreur', error, RESET_ERROR_FALLBACK);
      return;
    }
    setSent(true);
  }

  const backToLogin = (
    <Link to={paths.login.href()} className="font-medium text-brand-700 underline-offset-4 hover:underline">
      Retour à la connexion
    </Link>
  );

  if (sent) {
    return (
      <AuthShell title="Vérifiez votre boîte mail" footer={backToLogin}>
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <MailCheck className="size-10 text-brand-700" aria-hidden="true" />
          <p className="text-stone-700">Si un compte existe avec cet email, vous recevrez un lien pour réinitialiser votre mot de passe. Il est valable une heure.</p>
        </div>
      </AuthShell>
    );
  }

  const sending = form.formState.isSubmitting;
  return (
    <AuthShell title="Mot de passe oublié" description="Indiquez votre email : nous vous enverrons un lien pour choisir un nouveau mot de passe." footer={backToLogin}>
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid(['email']))} className="flex flex-col gap-4" aria-label="Mot de passe oublié">
        <Field id="forgot-email" label="Email">
          <Input id="forgot-email" type="email" autoComplete="email" inputMode="email" disabled={sending} aria-invalid={!!form.formState.errors.email} {...form.register('email')} />
        </Field>
        <Button type="submit" size="lg" disabled={sending}>
          {sending ? 'Envoi…' : 'Envoyer le lien'}
        </Button>
      </form>
    </AuthShell>
  );
}
