import { ACCOUNT_REVIEW_PROMISE } from '../../../shared/rules/account-review';
import type { Country } from '../../../shared/rules/locales';

/**
 * The sign-up page's words, one typed object per language (issue #53). French is the source (the spec's
 * exact wording); English is the /en sign-up's, for a UK business. The validation messages are the shared
 * schema's (shared/schemas/accounts.ts, SIGNUP_MESSAGES). To be folded into the catalogue library of
 * [languages] when the owner app's catalogues arrive.
 */
const SIGNUP_TEXT_FR = {
  htmlLang: 'fr',
  title: 'Créer mon espace restaurant',
  description: `14 jours d’essai gratuit, sans carte bancaire. Votre compte est validé par notre équipe ${ACCOUNT_REVIEW_PROMISE.fr}.`,
  formLabel: 'Inscription',
  languageLabel: 'Langue',
  country: 'Pays de votre entreprise',
  countries: { FR: 'France', GB: 'Royaume-Uni' } as Record<Country, string>,
  restaurantName: 'Nom du restaurant',
  siren: 'SIREN',
  sirenHint: '9 chiffres, sur votre extrait Kbis ou votre avis de situation INSEE.',
  companyNumber: 'Numéro Companies House',
  companyNumberHint: '8 caractères : 8 chiffres, ou 2 lettres et 6 chiffres (par exemple SC123456).',
  soleTrader: 'Entreprise individuelle (sole trader) sans numéro Companies House',
  tradingName: 'Nom commercial',
  tradingNameHint: 'Le nom sous lequel vous exercez.',
  address: 'Adresse de l’entreprise',
  addressLine1: 'Adresse (ligne 1)',
  addressLine2: 'Adresse (ligne 2, facultatif)',
  town: 'Ville',
  postcode: 'Code postal',
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'Email professionnel',
  phone: 'Téléphone',
  phonePlaceholder: { FR: '06 12 34 56 78', GB: '07700 900123' } as Record<Country, string>,
  password: 'Mot de passe',
  passwordHint: '12 caractères minimum, avec une majuscule, une minuscule, un chiffre et un caractère spécial.',
  passwordConfirmation: 'Confirmer le mot de passe',
  termsBefore: 'J’accepte les',
  termsLink: 'conditions générales d’utilisation',
  submit: 'Créer mon compte',
  submitting: 'Création du compte…',
  created: 'Compte créé. Nous vérifions vos informations.',
  failed: "Erreur lors de l'inscription",
  failedFallback: 'Une erreur est survenue. Veuillez réessayer.',
  validationTitle: 'Erreur de validation',
  haveAccount: 'Déjà un compte ?',
  signIn: 'Se connecter',
  passwordToggle: { show: 'Afficher le mot de passe', hide: 'Masquer le mot de passe' },
};
export type SignupText = typeof SIGNUP_TEXT_FR;
export type SignupLanguage = 'fr' | 'en';

export const SIGNUP_TEXT: Record<SignupLanguage, SignupText> = {
  fr: SIGNUP_TEXT_FR,
  en: {
    htmlLang: 'en-GB',
    title: 'Create your restaurant account',
    description: `14-day free trial, no credit card. Our team approves your account ${ACCOUNT_REVIEW_PROMISE.en}.`,
    formLabel: 'Sign up',
    languageLabel: 'Language',
    country: 'Where your business is registered',
    countries: { FR: 'France', GB: 'United Kingdom' },
    restaurantName: 'Restaurant name',
    siren: 'SIREN',
    sirenHint: '9 digits, on your Kbis extract or INSEE registration notice.',
    companyNumber: 'Companies House number',
    companyNumberHint: '8 characters: 8 digits, or 2 letters and 6 digits (for example SC123456).',
    soleTrader: 'I am a sole trader without a Companies House number',
    tradingName: 'Trading name',
    tradingNameHint: 'The name you trade under.',
    address: 'Business address',
    addressLine1: 'Address line 1',
    addressLine2: 'Address line 2 (optional)',
    town: 'Town or city',
    postcode: 'Postcode',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Work email',
    phone: 'Phone',
    phonePlaceholder: { FR: '06 12 34 56 78', GB: '07700 900123' },
    password: 'Password',
    passwordHint: 'At least 12 characters, with an uppercase letter, a lowercase letter, a digit and a special character.',
    passwordConfirmation: 'Confirm password',
    termsBefore: 'I accept the',
    termsLink: 'terms of use',
    submit: 'Create my account',
    submitting: 'Creating your account…',
    created: 'Account created. We are checking your details.',
    failed: 'Sign-up failed',
    failedFallback: 'Something went wrong. Please try again.',
    validationTitle: 'Validation error',
    haveAccount: 'Already have an account?',
    signIn: 'Sign in',
    passwordToggle: { show: 'Show password', hide: 'Hide password' },
  },
};

/**
 * The sign-up's language and preselected country from its address: `/signup?country=GB` (the /en site's
 * buttons) is the UK sign-up in English; `lang=fr|en` overrides the language (the page's FR/EN toggle).
 */
export function signupLocaleFrom(search: URLSearchParams): { language: SignupLanguage; country: Country } {
  const country: Country = search.get('country')?.toUpperCase() === 'GB' ? 'GB' : 'FR';
  const lang = search.get('lang');
  const language: SignupLanguage = lang === 'en' || lang === 'fr' ? lang : country === 'GB' ? 'en' : 'fr';
  return { language, country };
}
