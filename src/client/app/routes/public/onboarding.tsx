import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Printer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { CREATE_RESTAURANT_FIELD_ORDER, ZCreateRestaurantRequest, type TCreateRestaurantRequest, type TCreateRestaurantResponse } from '../../../../shared/schemas/accounts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { PageLoading } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useCreateRestaurant } from '../../../features/accounts/api/create-restaurant';
import { useMe } from '../../../features/accounts/api/get-me';
import { accountKeys } from '../../../features/accounts/api/keys';
import { AccountLoadError, AuthShell, Field } from '../../../features/accounts/components/auth-shell';
import { dismissToasts, onInvalid, toastError } from '../../../lib/toast';
import { ACCOUNT_REVIEW_PROMISE } from '../../../../shared/rules/account-review';
import { setOwnerLocale, useOwnerLocale, useOwnerMessages } from '../../../lib/owner-locale';

function Progress({ step }: { step: 1 | 2 }) {
  const m = useOwnerMessages();
  return (
    <div className="mb-6">
      <div className="mb-2 flex justify-between text-xs font-medium text-stone-600">
        <span>{m.accounts_step_of({ step })}</span>
        <span>{step === 1 ? m.accounts_step_restaurant() : m.accounts_step_qr()}</span>
      </div>
      <div role="progressbar" aria-label={m.accounts_setup_progress()} aria-valuemin={0} aria-valuemax={100} aria-valuenow={step * 50} className="h-2 overflow-hidden rounded-full bg-stone-200">
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${step * 50}%` }} />
      </div>
    </div>
  );
}

function RestaurantStep({ defaultEmail, onCreated }: { defaultEmail: string; onCreated: (result: TCreateRestaurantResponse) => void }) {
  const create = useCreateRestaurant();
  const queryClient = useQueryClient();
  const form = useForm<TCreateRestaurantRequest, unknown, z.output<typeof ZCreateRestaurantRequest>>({
    resolver: zodResolver(ZCreateRestaurantRequest),
    defaultValues: { name: '', managerEmail: defaultEmail, reviewUrl: '' },
  });
  const errors = form.formState.errors;
  const m = useOwnerMessages();

  function onValid(values: z.output<typeof ZCreateRestaurantRequest>) {
    create.mutate(values, {
      onSuccess: (result) => {
        dismissToasts();
        toast.success(m.accounts_restaurant_created());
        onCreated(result);
        void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      },
      onError: (error) => toastError(m.accounts_create_failed(), error),
    });
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid(CREATE_RESTAURANT_FIELD_ORDER))} className="flex flex-col gap-4" aria-label={m.accounts_step_restaurant()}>
      <fieldset disabled={create.isPending} className="contents">
        <Field id="onboarding-name" label={m.accounts_restaurant_name()}>
          <Input id="onboarding-name" required maxLength={100} autoComplete="organization" aria-invalid={!!errors.name} {...form.register('name')} />
        </Field>
        <Field id="onboarding-email" label={m.accounts_manager_email()}>
          <Input id="onboarding-email" type="email" required autoComplete="email" inputMode="email" aria-invalid={!!errors.managerEmail} {...form.register('managerEmail')} />
        </Field>
        <Field id="onboarding-review" label={m.accounts_review_link_optional()} hint={m.accounts_review_link_hint()}>
          <Input id="onboarding-review" type="url" inputMode="url" placeholder="https://g.page/r/…" aria-describedby="onboarding-review-hint" aria-invalid={!!errors.reviewUrl} {...form.register('reviewUrl')} />
        </Field>
        <Button type="submit" size="lg">
          {create.isPending ? m.accounts_creating() : m.accounts_create_restaurant()}
        </Button>
      </fieldset>
    </form>
  );
}

function QrReadyStep({ result }: { result: TCreateRestaurantResponse }) {
  const m = useOwnerMessages();
  const locale = useOwnerLocale();
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <h2 className="text-xl font-semibold">{m.accounts_qr_ready()}</h2>
      <img src={result.qr.pngDataUrl} alt={m.accounts_qr_alt()} width={192} height={192} className="size-48 rounded-lg border border-stone-200" />
      <p className="flex items-center gap-2 text-sm text-stone-700">
        <Printer className="size-4 shrink-0" aria-hidden="true" /> {m.accounts_qr_print()}
      </p>
      <ul className="w-full space-y-2 text-left text-sm text-stone-700">
        <li className="flex items-start gap-2">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" /> {m.accounts_ready_collect()}
        </li>
        <li className="flex items-start gap-2">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" /> {m.accounts_ready_loyalty()}
        </li>
        <li className="flex items-start gap-2">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" /> {m.accounts_ready_emails()}
        </li>
      </ul>
      <p className="text-sm text-stone-600">{m.accounts_onboarding_pending({ promise: ACCOUNT_REVIEW_PROMISE[locale] })}</p>
      <Button asChild size="lg" className="w-full">
        <Link to={paths.dashboard.href()}>{m.accounts_go_dashboard()}</Link>
      </Button>
      <Button asChild variant="link">
        <Link to={paths.pending.href()}>{m.accounts_follow_request()}</Link>
      </Button>
    </div>
  );
}

/** The setup wizard for a signed-in user without a restaurant (for example after a magic link). */
export default function OnboardingPage() {
  const me = useMe();
  const navigate = useNavigate();
  const [created, setCreated] = useState<TCreateRestaurantResponse | null>(null);
  const hasRestaurant = (me.data?.restaurants.length ?? 0) > 0;
  const m = useOwnerMessages();
  // The wizard speaks the account's language (users.lang), as the owner pages do.
  const userLang = me.data?.user.lang;
  useEffect(() => {
    if (userLang) setOwnerLocale(userLang);
  }, [userLang]);

  useEffect(() => {
    if (me.data === null) navigate(paths.login.href(), { replace: true });
    else if (hasRestaurant && !created) navigate(paths.pending.href(), { replace: true });
  }, [me.data, hasRestaurant, created, navigate]);

  if (me.isError) return <AccountLoadError onRetry={() => void me.refetch()} />;
  if (!me.data || (hasRestaurant && !created)) return <PageLoading />;
  return (
    <AuthShell title={m.accounts_onboarding_title()} description={m.accounts_onboarding_description()}>
      <Progress step={created ? 2 : 1} />
      {created ? <QrReadyStep result={created} /> : <RestaurantStep defaultEmail={me.data.user.email} onCreated={setCreated} />}
    </AuthShell>
  );
}
