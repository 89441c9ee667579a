import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { NEW_PASSWORD_FIELD_ORDER, ZNewPasswordForm, type TNewPasswordForm } from '../../../../shared/schemas/accounts';
import { Button } from '../../../components/ui/button';
import { Field } from './auth-shell';
import { onInvalid } from '../../../lib/toast';
import { PasswordInput } from './password-input';
import { useOwnerMessages } from '../../../lib/owner-locale';

/** New password + confirmation, checked with the shared policy (reset and set-password pages). */
export function NewPasswordForm({ submitLabel, onSubmit }: { submitLabel: string; onSubmit: (password: string) => Promise<void> }) {
  const form = useForm<TNewPasswordForm>({ resolver: zodResolver(ZNewPasswordForm), defaultValues: { password: '', passwordConfirmation: '' } });
  const busy = form.formState.isSubmitting;
  const m = useOwnerMessages();
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(values.password), onInvalid(NEW_PASSWORD_FIELD_ORDER))} className="flex flex-col gap-4" aria-label={submitLabel}>
      <Field id="new-password" label={m.accounts_new_password()} hint={m.accounts_password_hint()}>
        <PasswordInput id="new-password" autoComplete="new-password" maxLength={128} disabled={busy} aria-describedby="new-password-hint" aria-invalid={!!form.formState.errors.password} {...form.register('password')} />
      </Field>
      <Field id="new-password-confirmation" label={m.accounts_password_confirmation()}>
        <PasswordInput id="new-password-confirmation" autoComplete="new-password" maxLength={128} disabled={busy} aria-invalid={!!form.formState.errors.passwordConfirmation} {...form.register('passwordConfirmation')} />
      </Field>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? m.accounts_saving() : submitLabel}
      </Button>
    </form>
  );
}
