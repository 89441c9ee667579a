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
import { onInvalid, toastError } from '../../../lib/toast';

function Progress({ step }: { step: 1 | 2 }) {
  return (
    <div className="mb-6">
      <div className="mb-2 flex justify-between text-xs font-medium text-stone-600">
        <span>Étape {step} sur 2</span>
        <span>{step === 1 ? 'Votre restaurant' : 'Votre QR code'}</span>
      </div>
      <div role="progressbar" aria-label="Progression de la configuration" aria-valuemin={0} aria-valuemax={100} aria-valuenow={step * 50} className="h-2 overflow-hidden rounded-full bg-stone-200">
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

  function onValid(values: z.output<typeof ZCreateRestaurantRequest>) {
    create.mutate(values, {
      onSuccess: (result) => {
        toast.success('Restaurant créé ! Votre demande est en cours de validation.');
        onCreated(result);
        void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      },
      onError: (error) => toastError('Erreur lors de la création', error),
    });
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid(CREATE_RESTAURANT_FIELD_ORDER))} className="flex flex-col gap-4" aria-label="Votre restaurant">
      <fieldset disabled={create.isPending} className="contents">
        <Field id="onboarding-name" label="Nom du restaurant">
          <Input id="onboarding-name" required maxLength={100} autoComplete="organization" aria-invalid={!!errors.name} {...form.register('name')} />
        </Field>
        <Field id="onboarding-email" label="Email du responsable">
          <Input id="onboarding-email" type="email" required autoComplete="email" inputMode="email" aria-invalid={!!errors.managerEmail} {...form.register('managerEmail')} />
        </Field>
        <Field id="onboarding-review" label="Lien d’avis (facultatif)" hint="Vos clients satisfaits (4 ou 5 étoiles) seront redirigés vers ce lien.">
          <Input id="onboarding-review" type="url" inputMode="url" placeholder="https://g.page/r/…" aria-describedby="onboarding-review-hint" aria-invalid={!!errors.reviewUrl} {...form.register('reviewUrl')} />
        </Field>
        <Button type="submit" size="lg">
          {create.isPending ? 'Création…' : 'Créer mon restaurant'}
        </Button>
      </fieldset>
    </form>
  );
}

function QrReadyStep({ result }: { result: TCreateRestaurantResponse }) {
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <h2 className="text-xl font-semibold">Votre QR est prêt</h2>
      <img src={result.qr.pngDataUrl} alt="QR code principal de votre restaurant" width={192} height={192} className="size-48 rounded-lg border border-stone-200" />
      <p className="flex items-center gap-2 text-sm text-stone-700">
        <Printer className="size-4 shrink-0" aria-hidden="true" /> Imprimez-le et posez-le sur vos tables.
      </p>
      <ul className="w-full space-y-2 text-left text-sm text-stone-700">
        <li className="flex items-start gap-2">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" /> Collecte d’avis configurée par défaut
        </li>
        <li className="flex items-start gap-2">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" /> Programme de fidélité prêt : 10 points par visite, «&nbsp;Dessert offert&nbsp;» à 50 points
        </li>
        <li className="flex items-start gap-2">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" /> Emails automatiques activés
        </li>
      </ul>
      <p className="text-sm text-stone-600">Votre demande est en cours de validation (24 à 48 heures).</p>
      <Button asChild size="lg" className="w-full">
        <Link to={paths.dashboard.href()}>Accéder au tableau de bord</Link>
      </Button>
      <Button asChild variant="link">
        <Link to={paths.pending.href()}>Suivre ma demande</Link>
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

  useEffect(() => {
    if (me.data === null) navigate(paths.login.href(), { replace: true });
    else if (hasRestaurant && !created) navigate(paths.pending.href(), { replace: true });
  }, [me.data, hasRestaurant, created, navigate]);

  if (me.isError) return <AccountLoadError onRetry={() => void me.refetch()} />;
  if (!me.data || (hasRestaurant && !created)) return <PageLoading />;
  return (
    <AuthShell title="Configurez votre restaurant" description="Deux étapes, et vos clients peuvent donner leur avis.">
      <Progress step={created ? 2 : 1} />
      {created ? <QrReadyStep result={created} /> : <RestaurantStep defaultEmail={me.data.user.email} onCreated={setCreated} />}
    </AuthShell>
  );
}
