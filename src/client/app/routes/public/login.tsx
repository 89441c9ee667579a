import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { MailCheck, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ZEmailOnlyRequest, ZLoginRequest, type TEmailOnlyRequest, type TLoginRequest } from '../../../../shared/schemas/accounts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { getMe, useMe } from '../../../features/accounts/api/get-me';
import { accountKeys } from '../../../features/accounts/api/keys';
import { browserSession, LANDING_PARAM, landingPathFor } from '../../../features/accounts/browser-session';
import { AuthShell, Field } from '../../../features/accounts/components/auth-shell';
import { dismissToasts, onInvalid, toastError } from '../../../lib/toast';
import { PasswordInput } from '../../../features/accounts/components/password-input';
import { useSignOut } from '../../../features/accounts/components/use-sign-out';
import { authClient } from '../../../lib/auth-client';
import { RETURN_PATH_PARAM, safeReturnPath } from '../../../../shared/rules/return-path';
import { richText } from '../../../components/rich-text';
import { withLang } from '../../../features/accounts/lang-links';
import { useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';

/** Reading B: email and password. `next`: the page to open after sign-in (a valid same-origin path), if any. */
function PasswordForm({ next }: { next: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<TLoginRequest>({ resolver: zodResolver(ZLoginRequest), defaultValues: { email: '', password: '' } });
  const m = useOwnerMessages();
  const locale = useOwnerLocale();

  async function onValid(values: TLoginRequest) {
    const { data, error } = await authClient.signIn.email({ email: values.email, password: values.password });
    if (error) {
      toastError(m.accounts_login_error(), error, m.accounts_login_wrong());
      return;
    }
    if (!data?.user) {
      toastError(m.accounts_login_error(), undefined, m.accounts_login_no_session());
      return;
    }
    // The errors of the attempts before this one go (issue #53).
    dismissToasts();
    toast.success(m.accounts_login_done());
    await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    const me = await queryClient.fetchQuery({ queryKey: accountKeys.me, queryFn: getMe }).catch(() => null);
    browserSession.markLanded(data.user.id);
    // Land only if the user is still here: someone who already moved on is not pulled back.
    if (window.location.pathname === paths.login.path) navigate(next ?? landingPathFor(me?.isAdmin ?? false), { replace: true });
  }

  const submitting = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid(['email', 'password']))} className="flex flex-col gap-4" aria-label={m.accounts_password_form()}>
      <Field id="login-email" label={m.accounts_email()}>
        <Input id="login-email" type="email" autoComplete="email" inputMode="email" disabled={submitting} aria-invalid={!!form.formState.errors.email} {...form.register('email')} />
      </Field>
      <Field id="login-password" label={m.accounts_password()}>
        <PasswordInput id="login-password" autoComplete="current-password" disabled={submitting} aria-invalid={!!form.formState.errors.password} {...form.register('password')} />
      </Field>
      <div className="-mt-1 text-right text-sm">
        <Link to={withLang(paths.forgotPassword.href(), locale)} className="text-brand-700 underline-offset-4 hover:underline">
          {m.accounts_forgot_link()}
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={submitting}>
        {submitting ? m.accounts_signing_in() : m.accounts_sign_in()}
      </Button>
    </form>
  );
}

/** Reading A: the passwordless one-time link; it opens `next` when there is one. */
function MagicLinkForm({ next }: { next: string | null }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<TEmailOnlyRequest>({ resolver: zodResolver(ZEmailOnlyRequest), defaultValues: { email: '' } });
  const m = useOwnerMessages();
  const locale = useOwnerLocale();

  async function onValid(values: TEmailOnlyRequest) {
    const { error } = await authClient.signIn.magicLink({
      email: values.email,
      callbackURL: next ?? `${paths.dashboard.href()}?${LANDING_PARAM}=1`,
      newUserCallbackURL: paths.onboarding.href(),
      errorCallbackURL: withLang(paths.login.href(), locale),
    });
    if (error) {
      toastError(m.accounts_login_error(), error);
      return;
    }
    dismissToasts();
    toast.success(m.accounts_check_email(), { description: m.accounts_magic_sent() });
    setSentTo(values.email);
  }

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col items-center gap-2 rounded-lg bg-brand-50 p-4 text-center">
        <MailCheck className="size-8 text-brand-700" aria-hidden="true" />
        <p className="font-semibold">{m.accounts_check_email()}</p>
        <p className="text-sm text-stone-700">{richText(m.accounts_magic_sent_to({ email: '{email}' }), { email: <strong className="[overflow-wrap:anywhere]">{sentTo}</strong> })}</p>
        <Button variant="link" onClick={() => setSentTo(null)}>
          {m.accounts_other_address()}
        </Button>
      </div>
    );
  }

  const sending = form.formState.isSubmitting;
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid(['email']))} className="flex flex-col gap-3" aria-label={m.accounts_magic_form()}>
      <p className="text-sm text-stone-600">{m.accounts_magic_intro()}</p>
      <Field id="magic-email" label={m.accounts_work_email()}>
        <Input id="magic-email" type="email" required autoComplete="email" inputMode="email" disabled={sending} aria-invalid={!!form.formState.errors.email} {...form.register('email')} />
      </Field>
      <Button type="submit" variant="outline" size="lg" disabled={sending}>
        <Sparkles aria-hidden="true" />
        {sending ? m.accounts_magic_sending() : m.accounts_magic_send()}
      </Button>
    </form>
  );
}

/** A signed-in user without a restaurant (the owner gate sends them here): offer the wizard. */
function NoRestaurantNotice({ email }: { email: string }) {
  const { signOut, pending } = useSignOut();
  const m = useOwnerMessages();
  return (
    <div role="status" className="mb-5 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <p>{richText(m.accounts_no_restaurant({ email: '{email}' }), { email: <strong className="[overflow-wrap:anywhere]">{email}</strong> })}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to={paths.onboarding.href()}>{m.accounts_create_restaurant()}</Link>
        </Button>
        <Button size="sm" variant="outline" onClick={signOut} disabled={pending}>
          {m.shell_sign_out()}
        </Button>
      </div>
    </div>
  );
}

export default function LoginPage() {
  const [params, setParams] = useSearchParams();
  const me = useMe();
  // Only a path of this site is followed after sign-in (never another origin).
  const next = safeReturnPath(params.get(RETURN_PATH_PARAM));
  const reported = useRef(false);
  const m = useOwnerMessages();
  const locale = useOwnerLocale();

  // A magic link that failed comes back here with ?error=…
  useEffect(() => {
    const error = params.get('error');
    if (!error || reported.current) return;
    reported.current = true;
    toastError(m.accounts_link_invalid(), undefined, m.accounts_magic_failed_detail());
    const rest = new URLSearchParams(params);
    rest.delete('error');
    setParams(rest, { replace: true });
  }, [params, setParams, m]);

  return (
    <AuthShell
      title={m.accounts_login_title()}
      description={m.accounts_login_description()}
      footer={
        <>
          {m.accounts_no_account()}{' '}
          <Link to={withLang(paths.signup.href(), locale)} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {m.accounts_create_space()}
          </Link>
        </>
      }
    >
      {me.data && me.data.gate === 'no-restaurant' && !me.data.isAdmin ? <NoRestaurantNotice email={me.data.user.email} /> : null}
      <PasswordForm next={next} />
      <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-stone-500" aria-hidden="true">
        <span className="h-px flex-1 bg-stone-200" />
        {m.accounts_or()}
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      <MagicLinkForm next={next} />
    </AuthShell>
  );
}
