import { PLAN_IDS, PLAN_STATES } from '../rules/plans';
import type { z } from 'zod';
import { z as zod } from 'zod';
import { isValidFrenchPhone, isValidSiren, PHONE_MESSAGE, SIREN_MESSAGE } from '../rules/company';
import { compactCompanyNumber, formatUkPostcode, isValidCompanyNumber, isValidUkPhone, isValidUkPostcode } from '../rules/company-uk';
import { findPasswordProblem, PASSWORD_MESSAGES, PASSWORD_MISMATCH_MESSAGE } from '../rules/password';
import { checkReviewUrl, REVIEW_LINK_MESSAGES } from '../rules/review-url';
import type { OwnerGateState } from '../rules/owner-gate';
import { OWNER_LOCALES } from '../rules/locales';
import { ACTIONS, ROLES, type Action } from '../rules/permissions';
import { RESTAURANT_STATUSES } from '../rules/restaurant-status';
import { printableOnCards } from './printable';
import type { EnglishOf } from '../i18n/english-of';

export const ZRestaurantStatus = zod.enum(RESTAURANT_STATUSES);
export type TRestaurantStatus = z.infer<typeof ZRestaurantStatus>;

/** Messages of spec §5 (and the wording chosen where the spec names a rule without a message). */
export const ACCOUNT_MESSAGES = {
  emailInvalid: 'Email invalide',
  emailTooLong: 'L’email doit contenir au plus 255 caractères',
  passwordRequired: 'Mot de passe requis',
  restaurantNameShort: 'Le nom du restaurant doit contenir au moins 2 caractères',
  restaurantNameLong: 'Le nom du restaurant doit contenir au plus 100 caractères',
  firstNameShort: 'Le prénom doit contenir au moins 2 caractères',
  firstNameLong: 'Le prénom doit contenir au plus 50 caractères',
  lastNameShort: 'Le nom doit contenir au moins 2 caractères',
  lastNameLong: 'Le nom doit contenir au plus 50 caractères',
  termsRequired: 'Vous devez accepter les CGU',
  restaurantNameRequired: 'Le nom du restaurant est requis',
  managerEmailRequired: 'L’email du responsable est requis',
  invalidRequest: 'Requête invalide',
} as const;

/** ACCOUNT_MESSAGES in English (issue #53, decision 097; registered in shared/i18n/api-messages.ts). */
export const ACCOUNT_MESSAGES_EN: EnglishOf<typeof ACCOUNT_MESSAGES> = {
  emailInvalid: 'Invalid email address',
  emailTooLong: 'The email address must be at most 255 characters long',
  passwordRequired: 'Password required',
  restaurantNameShort: 'The restaurant name must be at least 2 characters long',
  restaurantNameLong: 'The restaurant name must be at most 100 characters long',
  firstNameShort: 'The first name must be at least 2 characters long',
  firstNameLong: 'The first name must be at most 50 characters long',
  lastNameShort: 'The last name must be at least 2 characters long',
  lastNameLong: 'The last name must be at most 50 characters long',
  termsRequired: 'You must accept the terms of use',
  restaurantNameRequired: 'The restaurant name is required',
  managerEmailRequired: 'The manager’s email is required',
  invalidRequest: 'Invalid request',
};

/** What the account routes (features/accounts) answer the sign-up, confirmation and onboarding pages. */
export const ACCOUNT_ERRORS = {
  alreadyHasRestaurant: 'Un restaurant est déjà associé à ce compte.',
  emailAlreadyVerified: 'Votre adresse email est déjà confirmée.',
  confirmationLinkInvalid: 'Lien invalide ou expiré',
  signUpPasswordWrong: 'Ce n’est pas le mot de passe choisi à l’inscription.',
  restaurantNotFound: 'Restaurant introuvable',
} as const;

export const ACCOUNT_ERRORS_EN: EnglishOf<typeof ACCOUNT_ERRORS> = {
  alreadyHasRestaurant: 'A restaurant is already linked to this account.',
  emailAlreadyVerified: 'Your email address is already confirmed.',
  confirmationLinkInvalid: 'Invalid or expired link',
  signUpPasswordWrong: 'This is not the password chosen at sign-up.',
  restaurantNotFound: 'Restaurant not found',
};

/**
 * better-auth's answers to the sign-in, magic-link and password pages, in the product's French (spec §8;
 * server/auth/auth.ts maps better-auth's codes to them).
 */
export const AUTH_MESSAGES = {
  invalidEmailOrPassword: 'Email ou mot de passe incorrect.',
  emailNotVerified: 'Veuillez confirmer votre adresse email avant de vous connecter.',
  invalidPassword: 'Mot de passe actuel incorrect.',
  sessionNotFound: 'Session introuvable. Veuillez réessayer.',
  directSignUp: 'Créez votre compte depuis la page d’inscription.',
  invalidRedirect: 'Adresse de redirection non autorisée.',
  forgotPassword: 'Si un compte existe avec cet email, vous recevrez un lien de réinitialisation.',
} as const;

export const AUTH_MESSAGES_EN: EnglishOf<typeof AUTH_MESSAGES> = {
  invalidEmailOrPassword: 'Incorrect email or password.',
  emailNotVerified: 'Please confirm your email address before signing in.',
  invalidPassword: 'Incorrect current password.',
  sessionNotFound: 'Session not found. Please try again.',
  directSignUp: 'Create your account from the sign-up page.',
  invalidRedirect: 'Redirect address not allowed.',
  forgotPassword: 'If an account exists with this email, you will receive a reset link.',
};

/** A trimmed, lower-cased email of at most 255 characters. */
export const ZEmail = zod
  .string(ACCOUNT_MESSAGES.emailInvalid)
  .trim()
  .toLowerCase()
  .max(255, ACCOUNT_MESSAGES.emailTooLong)
  .pipe(zod.email(ACCOUNT_MESSAGES.emailInvalid));

/** A new password, checked against the shared policy (first broken rule only). */
export const ZNewPassword = zod.string(ACCOUNT_MESSAGES.passwordRequired).superRefine((value, ctx) => {
  const problem = findPasswordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * The confirmation check runs even when other fields fail (so the form can show it in field order),
 * but only on an object: a JSON `null` or a string must answer 400, not crash the refinement.
 */
const isObjectPayload = ({ value }: { value: unknown }) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The sign-up form's validation messages, one typed object per language (issue #53): French is the source
 * and the server's (the API answers in French); English is the /en sign-up's, checked in the browser by the
 * same rules. The French texts of the French fields are spec §5's, unchanged.
 */
const SIGNUP_MESSAGES_FR = {
  invalidRequest: ACCOUNT_MESSAGES.invalidRequest,
  country: 'Pays invalide',
  restaurantNameShort: ACCOUNT_MESSAGES.restaurantNameShort,
  restaurantNameLong: ACCOUNT_MESSAGES.restaurantNameLong,
  siren: SIREN_MESSAGE,
  frenchPhone: PHONE_MESSAGE,
  companyNumber: 'Le numéro Companies House contient 8 caractères : 8 chiffres, ou 2 lettres et 6 chiffres',
  tradingNameShort: 'Le nom commercial doit contenir au moins 2 caractères',
  tradingNameLong: 'Le nom commercial doit contenir au plus 100 caractères',
  addressLineShort: 'L’adresse doit contenir au moins 3 caractères',
  addressLineLong: 'Chaque ligne d’adresse contient au plus 100 caractères',
  townShort: 'La ville doit contenir au moins 2 caractères',
  townLong: 'La ville doit contenir au plus 60 caractères',
  postcode: 'Code postal britannique invalide',
  ukPhone: 'Numéro de téléphone britannique invalide',
  firstNameShort: ACCOUNT_MESSAGES.firstNameShort,
  firstNameLong: ACCOUNT_MESSAGES.firstNameLong,
  lastNameShort: ACCOUNT_MESSAGES.lastNameShort,
  lastNameLong: ACCOUNT_MESSAGES.lastNameLong,
  emailInvalid: ACCOUNT_MESSAGES.emailInvalid,
  emailTooLong: ACCOUNT_MESSAGES.emailTooLong,
  passwordRequired: ACCOUNT_MESSAGES.passwordRequired,
  password: PASSWORD_MESSAGES,
  passwordMismatch: PASSWORD_MISMATCH_MESSAGE,
  termsRequired: ACCOUNT_MESSAGES.termsRequired,
} as const;
export type TSignupMessages = { [K in keyof typeof SIGNUP_MESSAGES_FR]: K extends 'password' ? Record<keyof typeof PASSWORD_MESSAGES, string> : string };

export const SIGNUP_MESSAGES: Record<'fr' | 'en', TSignupMessages> = {
  fr: SIGNUP_MESSAGES_FR,
  en: {
    invalidRequest: 'Invalid request',
    country: 'Invalid country',
    restaurantNameShort: 'The restaurant name must be at least 2 characters long',
    restaurantNameLong: 'The restaurant name must be at most 100 characters long',
    siren: 'The SIREN must be exactly 9 digits',
    frenchPhone: 'Invalid French phone number',
    companyNumber: 'A Companies House number has 8 characters: 8 digits, or 2 letters and 6 digits',
    tradingNameShort: 'The trading name must be at least 2 characters long',
    tradingNameLong: 'The trading name must be at most 100 characters long',
    addressLineShort: 'The address must be at least 3 characters long',
    addressLineLong: 'Each address line must be at most 100 characters long',
    townShort: 'The town or city must be at least 2 characters long',
    townLong: 'The town or city must be at most 60 characters long',
    postcode: 'Invalid UK postcode',
    ukPhone: 'Invalid UK phone number',
    firstNameShort: 'The first name must be at least 2 characters long',
    firstNameLong: 'The first name must be at most 50 characters long',
    lastNameShort: 'The last name must be at least 2 characters long',
    lastNameLong: 'The last name must be at most 50 characters long',
    emailInvalid: 'Invalid email address',
    emailTooLong: 'The email address must be at most 255 characters long',
    passwordRequired: 'Password required',
    password: {
      tooShort: 'The password must be at least 12 characters long',
      uppercase: 'The password must contain at least one uppercase letter',
      lowercase: 'The password must contain at least one lowercase letter',
      digit: 'The password must contain at least one digit',
      special: 'The password must contain at least one special character',
      tooLong: 'The password must be at most 128 characters long',
    },
    passwordMismatch: 'The passwords do not match',
    termsRequired: 'You must accept the terms of use',
  },
};

const PASSWORD_PROBLEM_KEYS = Object.keys(PASSWORD_MESSAGES) as Array<keyof typeof PASSWORD_MESSAGES>;

/**
 * POST /api/signup — the restaurant account form of /signup (spec §2, rules §5), by the organisation's
 * country (issue #53). France (`country` 'FR', or absent as before): SIREN and French phone, exactly as
 * spec §5. United Kingdom ('GB'): a Companies House number, or for a sole trader without one a trading
 * name; the UK address (lines, town, postcode) and a UK phone. `messages` picks the language.
 */
export function signupSchema(m: TSignupMessages) {
  const text = (short: string, long: string, min: number, max: number) => zod.string(short).trim().min(min, short).max(max, long);
  const common = {
    restaurantName: text(m.restaurantNameShort, m.restaurantNameLong, 2, 100).superRefine(printableOnCards('Le nom du restaurant')),
    firstName: text(m.firstNameShort, m.firstNameLong, 2, 50),
    lastName: text(m.lastNameShort, m.lastNameLong, 2, 50),
    email: zod.string(m.emailInvalid).trim().toLowerCase().max(255, m.emailTooLong).pipe(zod.email(m.emailInvalid)),
    password: zod.string(m.passwordRequired).superRefine((value, ctx) => {
      const problem = findPasswordProblem(value);
      const key = PASSWORD_PROBLEM_KEYS.find((k) => PASSWORD_MESSAGES[k] === problem);
      if (problem) ctx.addIssue({ code: 'custom', message: key ? m.password[key] : problem });
    }),
    passwordConfirmation: zod.string(m.passwordMismatch),
    acceptTerms: zod.boolean(m.termsRequired).refine((v) => v === true, m.termsRequired),
    /** The sign-up page's language: the owner's product and account emails speak it (decision 097). */
    lang: zod.enum(OWNER_LOCALES, m.invalidRequest).optional().default('fr'),
  };
  const passwordsMatch: [(v: { password: string; passwordConfirmation: string }) => boolean, { path: string[]; message: string; when: typeof isObjectPayload }] = [
    (v) => v.password === v.passwordConfirmation,
    { path: ['passwordConfirmation'], message: m.passwordMismatch, when: isObjectPayload },
  ];
  const france = zod
    .object({
      // Spec §5's fields in the form's order (the server answers the first failing one's message).
      country: zod.literal('FR', m.country).optional().default('FR'),
      restaurantName: common.restaurantName,
      siren: zod.string(m.siren).trim().refine(isValidSiren, m.siren),
      firstName: common.firstName,
      lastName: common.lastName,
      email: common.email,
      phone: zod.string(m.frenchPhone).trim().refine(isValidFrenchPhone, m.frenchPhone),
      password: common.password,
      passwordConfirmation: common.passwordConfirmation,
      acceptTerms: common.acceptTerms,
      lang: common.lang,
    }, m.invalidRequest)
    .refine(...passwordsMatch);
  const unitedKingdom = zod
    .object({
      country: zod.literal('GB', m.country),
      restaurantName: common.restaurantName,
      /** A sole trader has no company number: they say so and give their trading name instead. */
      soleTrader: zod.boolean(m.invalidRequest).optional().default(false),
      companyNumber: zod.string(m.companyNumber).max(20, m.companyNumber).optional().default('').transform(compactCompanyNumber),
      tradingName: zod.string(m.tradingNameShort).trim().max(100, m.tradingNameLong).optional().default(''),
      addressLine1: text(m.addressLineShort, m.addressLineLong, 3, 100),
      addressLine2: zod.string(m.addressLineLong).trim().max(100, m.addressLineLong).optional().default(''),
      town: text(m.townShort, m.townLong, 2, 60),
      postcode: zod.string(m.postcode).max(10, m.postcode).refine(isValidUkPostcode, m.postcode).transform(formatUkPostcode),
      firstName: common.firstName,
      lastName: common.lastName,
      email: common.email,
      phone: zod.string(m.ukPhone).trim().refine(isValidUkPhone, m.ukPhone),
      password: common.password,
      passwordConfirmation: common.passwordConfirmation,
      acceptTerms: common.acceptTerms,
      lang: common.lang,
    }, m.invalidRequest)
    .refine((v) => v.soleTrader === true || (typeof v.companyNumber === 'string' && isValidCompanyNumber(v.companyNumber)), {
      path: ['companyNumber'],
      message: m.companyNumber,
      when: isObjectPayload,
    })
    .refine((v) => v.soleTrader !== true || (typeof v.tradingName === 'string' && v.tradingName.length >= 2), {
      path: ['tradingName'],
      message: m.tradingNameShort,
      when: isObjectPayload,
    })
    .refine(...passwordsMatch);
  return zod.discriminatedUnion('country', [france, unitedKingdom], {
    error: (issue) => (typeof issue.input === 'object' && issue.input !== null && !Array.isArray(issue.input) ? m.country : m.invalidRequest),
  });
}

export const ZSignupRequest = signupSchema(SIGNUP_MESSAGES.fr);
export type TSignupRequest = z.input<typeof ZSignupRequest>;
export type TSignupInput = z.output<typeof ZSignupRequest>;
/** The order the form's fields appear in, so the first error shown is the first field's. */
export const SIGNUP_FIELD_ORDER = ['restaurantName', 'siren', 'firstName', 'lastName', 'email', 'phone', 'password', 'passwordConfirmation', 'acceptTerms'] as const;
/** The same for a UK organisation: its company (or trading name) and address after the restaurant's name. */
export const UK_SIGNUP_FIELD_ORDER = [
  'country',
  'restaurantName',
  'soleTrader',
  'companyNumber',
  'tradingName',
  'addressLine1',
  'addressLine2',
  'town',
  'postcode',
  'firstName',
  'lastName',
  'email',
  'phone',
  'password',
  'passwordConfirmation',
  'acceptTerms',
] as const;

export const ZSignupResponse = zod.object({ restaurantId: zod.string(), status: ZRestaurantStatus });
export type TSignupResponse = z.infer<typeof ZSignupResponse>;

/**
 * POST /api/confirm-email — the page the confirmation link opens (/confirm-email?token=…): the owner types
 * the password chosen at sign-up, which proves they are who signed up (decision 029b).
 */
export const ZConfirmEmailRequest = zod.object({
  token: zod.string(ACCOUNT_MESSAGES.invalidRequest).min(1, ACCOUNT_MESSAGES.invalidRequest).max(4096, ACCOUNT_MESSAGES.invalidRequest),
  password: zod.string(ACCOUNT_MESSAGES.passwordRequired).min(1, ACCOUNT_MESSAGES.passwordRequired).max(128, ACCOUNT_MESSAGES.passwordRequired),
});
export type TConfirmEmailRequest = z.infer<typeof ZConfirmEmailRequest>;
/** `alreadyConfirmed`: the address was confirmed before (nothing changed, no session opened). */
export const ZConfirmEmailResponse = zod.object({ confirmed: zod.literal(true), alreadyConfirmed: zod.boolean() });
export type TConfirmEmailResponse = z.infer<typeof ZConfirmEmailResponse>;

/** The password form of /login (reading B). */
export const ZLoginRequest = zod.object({
  email: zod.string(ACCOUNT_MESSAGES.emailInvalid).trim().pipe(zod.email(ACCOUNT_MESSAGES.emailInvalid)),
  password: zod.string(ACCOUNT_MESSAGES.passwordRequired).min(1, ACCOUNT_MESSAGES.passwordRequired),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** The passwordless form of /login (reading A) and the /forgot-password form: one valid email. */
export const ZEmailOnlyRequest = zod.object({
  email: zod.string(ACCOUNT_MESSAGES.emailInvalid).trim().pipe(zod.email(ACCOUNT_MESSAGES.emailInvalid)),
});
export type TEmailOnlyRequest = z.infer<typeof ZEmailOnlyRequest>;

/** /reset-password and /set-password: a new password and its confirmation. */
export const ZNewPasswordForm = zod
  .object({ password: ZNewPassword, passwordConfirmation: zod.string(PASSWORD_MISMATCH_MESSAGE) })
  .refine((v) => v.password === v.passwordConfirmation, { path: ['passwordConfirmation'], message: PASSWORD_MISMATCH_MESSAGE, when: isObjectPayload });
export type TNewPasswordForm = z.infer<typeof ZNewPasswordForm>;
export const NEW_PASSWORD_FIELD_ORDER = ['password', 'passwordConfirmation'] as const;

/**
 * The review link of the setup wizard: the same rule as the review-link page (shared/rules/review-url),
 * with its Save message; empty means none. Parsed into the normalised link (or '').
 */
const ZOptionalReviewUrl = zod
  .string(REVIEW_LINK_MESSAGES.invalidOnSave)
  .max(4000, REVIEW_LINK_MESSAGES.invalidOnSave)
  .refine((value) => {
    const check = checkReviewUrl(value);
    return check.ok || check.reason === 'empty';
  }, REVIEW_LINK_MESSAGES.invalidOnSave)
  .transform((value) => {
    const check = checkReviewUrl(value);
    return check.ok ? check.url : '';
  });

/** POST /api/onboarding — step 1 of the setup wizard (spec §2 Restaurant setup). */
export const ZCreateRestaurantRequest = zod.object({
  name: zod
    .string(ACCOUNT_MESSAGES.restaurantNameRequired)
    .trim()
    .min(1, ACCOUNT_MESSAGES.restaurantNameRequired)
    .min(2, ACCOUNT_MESSAGES.restaurantNameShort)
    .max(100, ACCOUNT_MESSAGES.restaurantNameLong)
    .superRefine(printableOnCards('Le nom du restaurant')),
  managerEmail: zod
    .string(ACCOUNT_MESSAGES.managerEmailRequired)
    .trim()
    .toLowerCase()
    .min(1, ACCOUNT_MESSAGES.managerEmailRequired)
    .max(255, ACCOUNT_MESSAGES.emailTooLong)
    .pipe(zod.email(ACCOUNT_MESSAGES.emailInvalid)),
  reviewUrl: ZOptionalReviewUrl.optional(),
  // No logo URL: a logo will be an uploaded file, never an address given here. A logoUrl sent anyway is dropped (not stored).
}, ACCOUNT_MESSAGES.invalidRequest);
export type TCreateRestaurantRequest = z.input<typeof ZCreateRestaurantRequest>;
export const CREATE_RESTAURANT_FIELD_ORDER = ['name', 'managerEmail', 'reviewUrl'] as const;

export const ZCreateRestaurantResponse = zod.object({
  restaurantId: zod.string(),
  status: ZRestaurantStatus,
  qr: zod.object({ id: zod.string(), code: zod.string(), url: zod.string(), pngDataUrl: zod.string() }),
});
export type TCreateRestaurantResponse = z.infer<typeof ZCreateRestaurantResponse>;

export const OWNER_GATE_STATES = ['no-restaurant', 'email-not-verified', 'pending', 'rejected', 'suspended', 'approved'] as const satisfies readonly OwnerGateState[];

/** GET /api/me: who is signed in, whether they administer the platform, and their restaurants. */
export const ZMeResponse = zod.object({
  user: zod.object({ id: zod.string(), email: zod.string(), name: zod.string(), emailVerified: zod.boolean(), lang: zod.enum(OWNER_LOCALES) }),
  isAdmin: zod.boolean(),
  /** The owner gate outcome for the first venue (oldest membership, then oldest venue) — the one owner pages use. */
  gate: zod.enum(OWNER_GATE_STATES),
  supportEmail: zod.string(),
  restaurants: zod.array(
    zod.object({
      id: zod.string(),
      name: zod.string(),
      status: ZRestaurantStatus,
      /** The venue's organisation and the member's role in it, with what that role may do (decision 051). */
      organisationId: zod.string(),
      role: zod.enum(ROLES),
      permissions: zod.array(zod.enum(ACTIONS as [Action, ...Action[]])),
      emailVerified: zod.boolean(),
      rejectionReason: zod.string().nullable(),
      suspensionReason: zod.string().nullable(),
      /** The organisation's plan as it applies to this membership on this venue (decision 057). */
      plan: zod.object({
        id: zod.enum(PLAN_IDS),
        state: zod.enum(PLAN_STATES),
        trialEndsAt: zod.string().nullable(),
        /** Why writes are refused here: the trial is over, the venue or the member is beyond the plan. */
        readOnly: zod.enum(['expired', 'venue', 'member']).nullable(),
        message: zod.string().nullable(),
      }),
    }),
  ),
});
export type TMeResponse = z.infer<typeof ZMeResponse>;

/** PATCH /api/me/language — the language of the owner's product for the signed-in user (issue #53, decision 097). */
export const ZOwnerLanguageRequest = zod.object({ lang: zod.enum(OWNER_LOCALES, ACCOUNT_MESSAGES.invalidRequest) });
export type TOwnerLanguageRequest = z.infer<typeof ZOwnerLanguageRequest>;

/** GET /api/owner/restaurant: the approved restaurant behind the owner pages' header. */
export const ZOwnerRestaurantResponse = zod.object({
  id: zod.string(),
  name: zod.string(),
  role: zod.string(),
  googleReviewUrl: zod.string().nullable(),
  logoUrl: zod.string().nullable(),
});
export type TOwnerRestaurantResponse = z.infer<typeof ZOwnerRestaurantResponse>;
