import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { SIGNUP_FIELD_ORDER, ZSignupRequest, type TSignupRequest } from '../../../../shared/schemas/accounts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { useSignUp } from '../../../features/accounts/api/sign-up';
import type { PendingNavigationState } from '../../../features/accounts/browser-session';
import { AuthShell, Field } from '../../../features/accounts/components/auth-shell';
import { onInvalid, toastError } from '../../../lib/toast';
import { PasswordInput } from '../../../features/accounts/components/password-input';

export default function SignupPage() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const form = useForm<TSignupRequest, unknown, z.output<typeof ZSignupRequest>>({
    resolver: zodResolver(ZSignupRequest),
    defaultValues: { restaurantName: '', siren: '', firstName: '', lastName: '', email: '', phone: '', password: '', passwordConfirmation: '', acceptTerms: false },
  });
  const errors = form.formState.errors;
  const busy = signUp.isPending;

  function onValid(values: z.output<typeof ZSignupRequest>) {
    signUp.mutate(values, {
      onSuccess: () => {
        toast.success('Compte créé. Nous vérifions vos informations.');
        const state: PendingNavigationState = { justSignedUp: { email: values.email, restaurantName: values.restaurantName } };
        navigate(paths.pending.href(), { state });
      },
      onError: (error) => {
        toastError("Erreur lors de l'inscription", error);
      },
    });
  }

  return (
    <AuthShell
      wide
      title="Créer mon espace restaurant"
      description="14 jours d’essai gratuit, sans carte bancaire. Votre compte est validé par notre équipe sous 24 heures."
      footer={
        <>
          Déjà un compte ?{' '}
          <Link to={paths.login.href()} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Se connecter
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={form.handleSubmit(onValid, onInvalid(SIGNUP_FIELD_ORDER))} className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Inscription">
        <fieldset disabled={busy} className="contents">
          <div className="sm:col-span-2">
            <Field id="signup-restaurant" label="Nom du restaurant">
              <Input id="signup-restaurant" autoComplete="organization" maxLength={100} aria-invalid={!!errors.restaurantName} {...form.register('restaurantName')} />
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Field id="signup-siren" label="SIREN" hint="9 chiffres, sur votre extrait Kbis ou votre avis de situation INSEE.">
              <Input id="signup-siren" inputMode="numeric" maxLength={9} autoComplete="off" aria-describedby="signup-siren-hint" aria-invalid={!!errors.siren} {...form.register('siren')} />
            </Field>
          </div>
          <Field id="signup-first-name" label="Prénom">
            <Input id="signup-first-name" autoComplete="given-name" maxLength={50} aria-invalid={!!errors.firstName} {...form.register('firstName')} />
          </Field>
          <Field id="signup-last-name" label="Nom">
            <Input id="signup-last-name" autoComplete="family-name" maxLength={50} aria-invalid={!!errors.lastName} {...form.register('lastName')} />
          </Field>
          <Field id="signup-email" label="Email professionnel">
            <Input id="signup-email" type="email" autoComplete="email" inputMode="email" maxLength={255} aria-invalid={!!errors.email} {...form.register('email')} />
          </Field>
          <Field id="signup-phone" label="Téléphone">
            <Input id="signup-phone" type="tel" autoComplete="tel" placeholder="06 12 34 56 78" aria-invalid={!!errors.phone} {...form.register('phone')} />
          </Field>
          <Field id="signup-password" label="Mot de passe" hint="12 caractères minimum, avec une majuscule, une minuscule, un chiffre et un caractère spécial.">
            <PasswordInput id="signup-password" autoComplete="new-password" maxLength={128} aria-describedby="signup-password-hint" aria-invalid={!!errors.password} {...form.register('password')} />
          </Field>
          <Field id="signup-password-confirmation" label="Confirmer le mot de passe">
            <PasswordInput id="signup-password-confirmation" autoComplete="new-password" maxLength={128} aria-invalid={!!errors.passwordConfirmation} {...form.register('passwordConfirmation')} />
          </Field>
          <div className="flex items-start gap-3 sm:col-span-2">
            <input id="signup-terms" type="checkbox" className="mt-0.5 size-5 shrink-0 accent-brand-700" aria-invalid={!!errors.acceptTerms} {...form.register('acceptTerms')} />
            <label htmlFor="signup-terms" className="text-sm text-stone-700">
              J’accepte les{' '}
              <Link to={paths.terms.href()} target="_blank" className="font-medium text-brand-700 underline underline-offset-4">
                conditions générales d’utilisation
              </Link>
            </label>
          </div>
          <Button type="submit" size="lg" className="sm:col-span-2">
            {busy ? 'Création du compte…' : 'Créer mon compte'}
          </Button>
        </fieldset>
      </form>
    </AuthShell>
  );
}
