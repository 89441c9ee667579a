import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ZEmailOnlyRequest, type TEmailOnlyRequest } from '../../../../shared/schemas/accounts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { RESET_REDIRECT } from '../../../features/accounts/browser-session';
import { AuthShell, Field } from '../../../features/accounts/components/auth-shell';
import { dismissToasts, onInvalid, toastError } from '../../../lib/toast';
import { authClient } from '../../../lib/auth-client';
import { withLang } from '../../../features/accounts/lang-links';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';

export default function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const form = useForm<TEmailOnlyRequest>({ resolver: zodResolver(ZEmailOnlyRequest), defaultValues: { email: '' } });
  const m = useOwnerMessages();
  const locale = useOwnerLocale();

  async function onValid(values: TEmailOnlyRequest) {
    const { error } = await authClient.requestPasswordReset({ email: values.email, redirectTo: withLang(RESET_REDIRECT, locale) });
    if (error) {
      toastError(m.shell_error(), error, m.accounts_reset_failed());
      return;
    }
    // The errors of the attempts before this one go (issue #53).
    dismissToasts();
    setSent(true);
  }

  const backToLogin = (
    <Link to={withLang(paths.login.href(), locale)} className="font-medium text-brand-700 underline-offset-4 hover:underline">
      {m.accounts_back_to_login()}
    </Link>
  );

  if (sent) {
    return (
      <AuthShell title={m.accounts_check_inbox()} footer={backToLogin}>
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <MailCheck className="size-10 text-brand-700" aria-hidden="true" />
          <p className="text-stone-700">{m.accounts_forgot_sent()}</p>
        </div>
      </AuthShell>
    );
  }

  const sending = form.formState.isSubmitting;
  return (
    <AuthShell title={m.accounts_forgot_title()} description={m.accounts_forgot_description()} footer={backToLogin}>
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid(['email']))} className="flex flex-col gap-4" aria-label={m.accounts_forgot_title()}>
        <Field id="forgot-email" label={m.accounts_email()}>
          <Input id="forgot-email" type="email" autoComplete="email" inputMode="email" disabled={sending} aria-invalid={!!form.formState.errors.email} {...form.register('email')} />
        </Field>
        <Button type="submit" size="lg" disabled={sending}>
          {sending ? m.accounts_sending() : m.accounts_send_link()}
        </Button>
      </form>
    </AuthShell>
  );
}
