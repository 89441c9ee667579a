import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { COUNTRIES, type Country } from '../../../../shared/rules/locales';
import { SIGNUP_FIELD_ORDER, SIGNUP_MESSAGES, signupSchema, UK_SIGNUP_FIELD_ORDER, type TSignupInput } from '../../../../shared/schemas/accounts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { useSignUp } from '../../../features/accounts/api/sign-up';
import type { PendingNavigationState } from '../../../features/accounts/browser-session';
import { AuthShell, Field } from '../../../features/accounts/components/auth-shell';
import { PasswordInput } from '../../../features/accounts/components/password-input';
import { SIGNUP_TEXT, signupLocaleFrom, type SignupLanguage } from '../../../features/accounts/signup-text';
import { cn } from '../../../lib/cn';
import { withLang } from '../../../features/accounts/lang-links';
import { dismissToasts, onInvalid, toastError } from '../../../lib/toast';

/** Every field of both countries' forms; the shared schema reads the country's own (issue #53). */
const ZSignupFormFields = z.object({
  country: z.enum(COUNTRIES),
  restaurantName: z.string(),
  siren: z.string(),
  soleTrader: z.boolean(),
  companyNumber: z.string(),
  tradingName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  town: z.string(),
  postcode: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  password: z.string(),
  passwordConfirmation: z.string(),
  acceptTerms: z.boolean(),
});
type SignupFormValues = z.infer<typeof ZSignupFormFields>;

/** The form read through the shared sign-up schema, its messages in the page's language. */
// The flat form holds both countries' fields; the union reads the chosen country's and drops the others.
const formSchema = (language: SignupLanguage): z.ZodType<TSignupInput, SignupFormValues> =>
  ZSignupFormFields.transform((values): unknown => values).pipe(signupSchema(SIGNUP_MESSAGES[language]));
/** One resolver per language: useForm takes the current one at each render, so the FR/EN toggle keeps what was typed. */
const RESOLVERS: Record<SignupLanguage, Resolver<SignupFormValues, unknown, TSignupInput>> = { fr: zodResolver(formSchema('fr')), en: zodResolver(formSchema('en')) };

export default function SignupPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { language, country: preselected } = signupLocaleFrom(search);
  const text = SIGNUP_TEXT[language];
  const signUp = useSignUp();
  const form = useForm<SignupFormValues, unknown, TSignupInput>({
    resolver: RESOLVERS[language],
    defaultValues: {
      country: preselected,
      restaurantName: '',
      siren: '',
      soleTrader: false,
      companyNumber: '',
      tradingName: '',
      addressLine1: '',
      addressLine2: '',
      town: '',
      postcode: '',
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      password: '',
      passwordConfirmation: '',
      acceptTerms: false,
    },
  });
  const errors = form.formState.errors;
  const busy = signUp.isPending;
  const country = useWatch({ control: form.control, name: 'country' });
  const soleTrader = useWatch({ control: form.control, name: 'soleTrader' });

  function chooseCountry(next: Country) {
    form.setValue('country', next);
    form.clearErrors();
  }

  function chooseLanguage(next: SignupLanguage) {
    const params = new URLSearchParams(search);
    params.set('lang', next);
    params.set('country', form.getValues('country'));
    setSearch(params, { replace: true });
  }

  function onValid(values: TSignupInput) {
    // The page's language becomes the account's: the owner's product and its emails speak it (decision 097).
    signUp.mutate({ ...values, lang: language }, {
      onSuccess: () => {
        // The errors of the attempts before this one go: the account is created (issue #53).
        dismissToasts();
        toast.success(text.created);
        const state: PendingNavigationState = { justSignedUp: { email: values.email, restaurantName: values.restaurantName } };
        navigate(paths.pending.href(), { state });
      },
      onError: (error) => {
        toastError(text.failed, error, text.failedFallback);
      },
    });
  }

  return (
    <AuthShell
      wide
      language={language}
      onChooseLanguage={chooseLanguage}
      title={text.title}
      description={text.description}
      footer={
        <>
          {text.haveAccount}{' '}
          <Link to={withLang(paths.login.href(), language)} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {text.signIn}
          </Link>
        </>
      }
    >
      <form
        noValidate
        onSubmit={form.handleSubmit(onValid, onInvalid(country === 'GB' ? UK_SIGNUP_FIELD_ORDER : SIGNUP_FIELD_ORDER, text.validationTitle))}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        aria-label={text.formLabel}
      >
        <fieldset disabled={busy} className="contents">
          <fieldset className="sm:col-span-2">
            <legend className="mb-1.5 text-sm font-medium text-stone-800">{text.country}</legend>
            <div className="grid grid-cols-2 gap-2">
              {COUNTRIES.map((option) => (
                <label
                  key={option}
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                    country === option ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-stone-300 bg-white text-stone-800',
                  )}
                >
                  <input type="radio" name="signup-country" value={option} checked={country === option} onChange={() => chooseCountry(option)} className="size-4 accent-brand-700" />
                  {text.countries[option]}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="sm:col-span-2">
            <Field id="signup-restaurant" label={text.restaurantName}>
              <Input id="signup-restaurant" autoComplete="organization" maxLength={100} aria-invalid={!!errors.restaurantName} {...form.register('restaurantName')} />
            </Field>
          </div>
          {country === 'FR' ? (
            <div className="sm:col-span-2">
              <Field id="signup-siren" label={text.siren} hint={text.sirenHint}>
                <Input id="signup-siren" inputMode="numeric" maxLength={9} autoComplete="off" aria-describedby="signup-siren-hint" aria-invalid={!!errors.siren} {...form.register('siren')} />
              </Field>
            </div>
          ) : (
            <>
              <div className="flex items-start gap-3 sm:col-span-2">
                <input id="signup-sole-trader" type="checkbox" className="mt-0.5 size-5 shrink-0 accent-brand-700" {...form.register('soleTrader')} />
                <label htmlFor="signup-sole-trader" className="text-sm text-stone-700">
                  {text.soleTrader}
                </label>
              </div>
              <div className="sm:col-span-2">
                {soleTrader ? (
                  <Field id="signup-trading-name" label={text.tradingName} hint={text.tradingNameHint}>
                    <Input id="signup-trading-name" maxLength={100} aria-describedby="signup-trading-name-hint" aria-invalid={!!errors.tradingName} {...form.register('tradingName')} />
                  </Field>
                ) : (
                  <Field id="signup-company-number" label={text.companyNumber} hint={text.companyNumberHint}>
                    <Input
                      id="signup-company-number"
                      maxLength={10}
                      autoComplete="off"
                      autoCapitalize="characters"
                      spellCheck={false}
                      aria-describedby="signup-company-number-hint"
                      aria-invalid={!!errors.companyNumber}
                      {...form.register('companyNumber')}
                    />
                  </Field>
                )}
              </div>
              <fieldset className="grid grid-cols-1 gap-4 sm:col-span-2 sm:grid-cols-2">
                <legend className="mb-1.5 text-sm font-semibold text-stone-800">{text.address}</legend>
                <div className="sm:col-span-2">
                  <Field id="signup-address-line1" label={text.addressLine1}>
                    <Input id="signup-address-line1" autoComplete="address-line1" maxLength={100} aria-invalid={!!errors.addressLine1} {...form.register('addressLine1')} />
                  </Field>
                </div>
                <div className="sm:col-span-2">
                  <Field id="signup-address-line2" label={text.addressLine2}>
                    <Input id="signup-address-line2" autoComplete="address-line2" maxLength={100} aria-invalid={!!errors.addressLine2} {...form.register('addressLine2')} />
                  </Field>
                </div>
                <Field id="signup-town" label={text.town}>
                  <Input id="signup-town" autoComplete="address-level2" maxLength={60} aria-invalid={!!errors.town} {...form.register('town')} />
                </Field>
                <Field id="signup-postcode" label={text.postcode}>
                  <Input id="signup-postcode" autoComplete="postal-code" autoCapitalize="characters" maxLength={10} className="uppercase" aria-invalid={!!errors.postcode} {...form.register('postcode')} />
                </Field>
              </fieldset>
            </>
          )}
          <Field id="signup-first-name" label={text.firstName}>
            <Input id="signup-first-name" autoComplete="given-name" maxLength={50} aria-invalid={!!errors.firstName} {...form.register('firstName')} />
          </Field>
          <Field id="signup-last-name" label={text.lastName}>
            <Input id="signup-last-name" autoComplete="family-name" maxLength={50} aria-invalid={!!errors.lastName} {...form.register('lastName')} />
          </Field>
          <Field id="signup-email" label={text.email}>
            <Input id="signup-email" type="email" autoComplete="email" inputMode="email" maxLength={255} aria-invalid={!!errors.email} {...form.register('email')} />
          </Field>
          <Field id="signup-phone" label={text.phone}>
            <Input id="signup-phone" type="tel" autoComplete="tel" placeholder={text.phonePlaceholder[country]} aria-invalid={!!errors.phone} {...form.register('phone')} />
          </Field>
          <Field id="signup-password" label={text.password} hint={text.passwordHint}>
            <PasswordInput
              id="signup-password"
              autoComplete="new-password"
              maxLength={128}
              toggleLabels={text.passwordToggle}
              aria-describedby="signup-password-hint"
              aria-invalid={!!errors.password}
              {...form.register('password')}
            />
          </Field>
          <Field id="signup-password-confirmation" label={text.passwordConfirmation}>
            <PasswordInput
              id="signup-password-confirmation"
              autoComplete="new-password"
              maxLength={128}
              toggleLabels={text.passwordToggle}
              aria-invalid={!!errors.passwordConfirmation}
              {...form.register('passwordConfirmation')}
            />
          </Field>
          <div className="flex items-start gap-3 sm:col-span-2">
            <input id="signup-terms" type="checkbox" className="mt-0.5 size-5 shrink-0 accent-brand-700" aria-invalid={!!errors.acceptTerms} {...form.register('acceptTerms')} />
            <label htmlFor="signup-terms" className="text-sm text-stone-700">
              {text.termsBefore}{' '}
              <Link to={language === 'en' ? paths.termsEn.href() : paths.terms.href()} target="_blank" className="font-medium text-brand-700 underline underline-offset-4">
                {text.termsLink}
              </Link>
            </label>
          </div>
          <Button type="submit" size="lg" className="sm:col-span-2">
            {busy ? text.submitting : text.submit}
          </Button>
        </fieldset>
      </form>
    </AuthShell>
  );
}
