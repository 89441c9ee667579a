import { PLAN_IDS, PLAN_STATES } from '../rules/plans';
import type { z } from 'zod';
import { z as zod } from 'zod';
import { isValidFrenchPhone, isValidSiren, PHONE_MESSAGE, SIREN_MESSAGE } from '../rules/company';
import { findPasswordProblem, PASSWORD_MISMATCH_MESSAGE } from '../rules/password';
import { checkReviewUrl, REVIEW_LINK_MESSAGES } from '../rules/review-url';
import type { OwnerGateState } from '../rules/owner-gate';
import { ACTIONS, ROLES, type Action } from '../rules/permissions';
import { RESTAURANT_STATUSES } from '../rules/restaurant-status';
import { printableOnCards } from './printable';

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

const ZTrimmed = (short: string, long: string, min: number, max: number) => zod.string(short).trim().min(min, short).max(max, long);

/** POST /api/signup — the restaurant account form of /signup (spec §2, rules §5). */
export const ZSignupRequest = zod
  .object({
    restaurantName: ZTrimmed(ACCOUNT_MESSAGES.restaurantNameShort, ACCOUNT_MESSAGES.restaurantNameLong, 2, 100).superRefine(printableOnCards('Le nom du restaurant')),
    siren: zod.string(SIREN_MESSAGE).trim().refine(isValidSiren, SIREN_MESSAGE),
    firstName: ZTrimmed(ACCOUNT_MESSAGES.firstNameShort, ACCOUNT_MESSAGES.firstNameLong, 2, 50),
    lastName: ZTrimmed(ACCOUNT_MESSAGES.lastNameShort, ACCOUNT_MESSAGES.lastNameLong, 2, 50),
    email: ZEmail,
    phone: zod.string(PHONE_MESSAGE).trim().refine(isValidFrenchPhone, PHONE_MESSAGE),
    password: ZNewPassword,
    passwordConfirmation: zod.string(PASSWORD_MISMATCH_MESSAGE),
    acceptTerms: zod.boolean(ACCOUNT_MESSAGES.termsRequired).refine((v) => v === true, ACCOUNT_MESSAGES.termsRequired),
  }, ACCOUNT_MESSAGES.invalidRequest)
  .refine((v) => v.password === v.passwordConfirmation, { path: ['passwordConfirmation'], message: PASSWORD_MISMATCH_MESSAGE, when: isObjectPayload });
export type TSignupRequest = z.input<typeof ZSignupRequest>;
/** The order the form's fields appear in, so the first error shown is the first field's. */
export const SIGNUP_FIELD_ORDER = ['restaurantName', 'siren', 'firstName', 'lastName', 'email', 'phone', 'password', 'passwordConfirmation', 'acceptTerms'] as const;

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
  user: zod.object({ id: zod.string(), email: zod.string(), name: zod.string(), emailVerified: zod.boolean() }),
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

/** GET /api/owner/restaurant: the approved restaurant behind the owner pages' header. */
export const ZOwnerRestaurantResponse = zod.object({
  id: zod.string(),
  name: zod.string(),
  role: zod.string(),
  googleReviewUrl: zod.string().nullable(),
  logoUrl: zod.string().nullable(),
});
export type TOwnerRestaurantResponse = z.infer<typeof ZOwnerRestaurantResponse>;
