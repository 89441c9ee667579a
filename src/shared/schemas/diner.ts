// zod/mini: the same schemas validate the diner form in the phone's bundle (loaded when a form is about
// to be checked, src/client/diner/schemas.ts) and the routes.
import * as z from 'zod/mini';
import { LOCALES, type Locale } from '../rules/locales';
import { COMMENT_MAX_LENGTH, DINER_MESSAGES } from './diner-messages';

export { COMMENT_MAX_LENGTH, DINER_MESSAGES, POSITIVE_RATING } from './diner-messages';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[0-9 .()-]{6,20}$/;

const emptyToUndefined = (value: string | null | undefined) => (value ? value : undefined);
// PostgreSQL text cannot hold U+0000: dropped here so a stray one is never a 500.
const stripNul = () => z.overwrite((value: string) => value.replaceAll('\u0000', ''));
// A field of the wrong type (a crafted request, never the form) still answers in French.
const wrongType = { error: DINER_MESSAGES.invalidRequest } as const;

/** Trimmed optional text: an empty box means "not given". */
function optionalText(max: number, tooLong: string, min?: { length: number; message: string }) {
  return z.pipe(
    z.nullish(
      z.string(wrongType).check(
        stripNul(),
        z.trim(),
        z.maxLength(max, tooLong),
        z.refine((value) => !min || value === '' || value.length >= min.length, min?.message ?? tooLong),
      ),
    ),
    z.transform(emptyToUndefined),
  );
}

const ZRating = z.int({ error: DINER_MESSAGES.ratingRequired }).check(z.minimum(1, DINER_MESSAGES.ratingRequired), z.maximum(5, DINER_MESSAGES.ratingRequired));

const ZOptionalEmail = z.pipe(
  z.nullish(
    z.string({ error: DINER_MESSAGES.emailInvalid }).check(
      stripNul(),
      z.trim(),
      z.toLowerCase(),
      z.maxLength(255, DINER_MESSAGES.emailInvalid),
      z.refine((value) => value === '' || EMAIL_PATTERN.test(value), DINER_MESSAGES.emailInvalid),
    ),
  ),
  z.transform(emptyToUndefined),
);

const ZFirstName = optionalText(50, DINER_MESSAGES.firstNameTooLong, { length: 2, message: DINER_MESSAGES.firstNameTooShort });
const ZLastName = optionalText(50, DINER_MESSAGES.lastNameTooLong, { length: 2, message: DINER_MESSAGES.lastNameTooShort });
const ZPhone = z.pipe(
  z.nullish(z.string({ error: DINER_MESSAGES.phoneInvalid }).check(z.trim(), z.refine((value) => value === '' || PHONE_PATTERN.test(value), DINER_MESSAGES.phoneInvalid))),
  z.transform(emptyToUndefined),
);
const ZRestaurantId = z.uuid(DINER_MESSAGES.restaurantNotFound);
// From the page address: a malformed value is ignored by the server, never a reason to lose the feedback.
/** The diner page's language, when the page says it (absent: the restaurant's language). */
const ZDinerLang = z.optional(z.enum(LOCALES, wrongType));

const ZLooseId = z.nullish(z.string(wrongType).check(z.maxLength(100, DINER_MESSAGES.invalidRequest)));

/**
 * POST /api/public/feedbacks. `page` says which form sent it: /r asks a first name, /f asks only the
 * rating. `submissionId` is made once per form, so a retried POST returns the first answer.
 */
export const ZSubmitFeedbackRequest = z
  .object({
    submissionId: z.uuid(DINER_MESSAGES.invalidRequest),
    restaurantId: ZRestaurantId,
    page: z._default(z.enum(['r', 'f'], wrongType), 'f'),
    rating: ZRating,
    firstName: ZFirstName,
    lastName: ZLastName,
    email: ZOptionalEmail,
    phone: ZPhone,
    comment: optionalText(COMMENT_MAX_LENGTH, DINER_MESSAGES.commentTooLong),
    marketingConsent: z._default(z.boolean(wrongType), false),
    qrId: ZLooseId,
    visitId: z.nullish(z.uuid(DINER_MESSAGES.invalidRequest)),
    label: ZLooseId,
    /** The language the diner rated in (shared/rules/locales.ts): their emails follow it. */
    lang: ZDinerLang,
  }, wrongType)
  .check(
    z.superRefine((value, ctx) => {
      if (value.page === 'r' && !value.firstName) ctx.addIssue({ code: 'custom', path: ['firstName'], message: DINER_MESSAGES.firstNameRequired, input: value.firstName });
    }),
  );
export type TSubmitFeedbackRequest = z.input<typeof ZSubmitFeedbackRequest>;
export type TSubmitFeedbackInput = z.output<typeof ZSubmitFeedbackRequest>;

/** The submission result (spec §3): points added, the new balance and the rewards just unlocked. */
export const ZSubmitFeedbackResponse = z.object({
  pointsAdded: z.int(),
  balance: z.int(),
  /** Each reward just unlocked and the points set aside for it (answers stored before it have no cost). */
  unlockedRewards: z.array(z.object({ name: z.string(), cost: z.optional(z.int()) })),
  /** The points the diner reached with this rating, before the rewards' points were set aside (the balance is what is left). */
  reached: z.optional(z.int()),
  /**
   * Why the rating earned what it did: 'earned', 'interval' (the same diner already earned within the
   * restaurant's interval) or 'daily_cap'. Answers stored before this field read as 'earned'.
   */
  earning: z._default(z.enum(['earned', 'interval', 'daily_cap']), 'earned'),
});
export type TSubmitFeedbackResponse = z.infer<typeof ZSubmitFeedbackResponse>;

/** POST /api/public/link-email: moves the anonymous diner's points onto the customer with this email. */
export const ZLinkEmailRequest = z.object({
  restaurantId: ZRestaurantId,
  email: z.string({ error: DINER_MESSAGES.emailRequired }).check(
    stripNul(),
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, DINER_MESSAGES.emailRequired),
    z.maxLength(255, DINER_MESSAGES.emailInvalid),
    z.refine((value) => value === '' || EMAIL_PATTERN.test(value), DINER_MESSAGES.emailInvalid),
  ),
  firstName: ZFirstName,
  lastName: ZLastName,
  marketingConsent: z._default(z.boolean(wrongType), false),
  lang: ZDinerLang,
}, wrongType);
/** POST /api/public/card/recover ('Retrouver ma carte'): the email the card is kept under. */
export const ZRecoverCardRequest = z.object({ restaurantId: ZRestaurantId, email: ZLinkEmailRequest.shape.email, lang: ZDinerLang }, wrongType);

/** The same answer whatever the email: whether it belongs to a customer is not told to anyone. */
export type TLinkEmailResponse = { status: 'confirmation_sent'; message: string };

/** POST /api/public/link-email/confirm: the one-time token of the confirmation link. */
export const ZConfirmEmailLinkRequest = z.object({ token: z.string(wrongType).check(z.minLength(20, DINER_MESSAGES.linkInvalid), z.maxLength(200, DINER_MESSAGES.linkInvalid)) }, wrongType);
export type TConfirmEmailLinkResponse = { balance: number; restaurantName: string };

/** POST /api/public/visits: one page load of /r/{code} or /f/{restaurantId}?qr= (counts a scan of the QR). */
export const ZTrackVisitRequest = z
  .object({
    restaurantId: z.nullish(ZRestaurantId),
    code: z.nullish(
      z.string({ error: DINER_MESSAGES.invalidQr }).check(
        z.trim(),
        z.minLength(1, DINER_MESSAGES.invalidQr),
        z.maxLength(100, DINER_MESSAGES.invalidQr),
        z.refine((value) => !value.includes('\u0000'), DINER_MESSAGES.invalidQr),
      ),
    ),
    qrId: ZLooseId,
    label: ZLooseId,
  }, wrongType)
  .check(z.refine((value) => !!(value.restaurantId || value.code), { message: DINER_MESSAGES.restaurantNotFound, path: ['restaurantId'] }));
export type TTrackVisitResponse = { visitId: string; restaurantId: string; qrId: string | null };

/** What anyone may read about a restaurant: never an email, a SIRET or any personal data. */
/** `reviewPromptAllRatings`: offer the review link after every rating, not only 4–5 stars (the owner's choice). */
export type TPublicRestaurant = {
  name: string;
  logoUrl: string | null;
  reviewUrl: string | null;
  reviewPromptAllRatings: boolean;
  /** White label (Pro, Premium, the trial; decision 058): no 'Propulsé par ReFeed'. */
  whiteLabel: boolean;
  /** '#rrggbb' under white label when the restaurant set one, else null (ReFeed's colours). */
  brandColor: string | null;
  /** The languages the owner offers on the diner pages (/parametres, issue 52), in LOCALES order; French always among them. */
  languages: Locale[];
};

/** GET /api/public/qr/{code}: the restaurant behind a printed code. */
export type TQrLookupResponse = { restaurantId: string; qrId: string; label: string | null; restaurant: TPublicRestaurant };

/** GET /api/public/restaurants/{id}/anonymous-points: this device's anonymous balance (spec's anon-points). */
