import { z } from 'zod';
import type { EnglishOf } from '../i18n/english-of';
import { DAY_OUT_OF_BOUNDS_MESSAGE, INVALID_DAY_MESSAGE } from '../rules/calendar-day';
import type { OwnerLocale } from '../rules/locales';
import { INBOX_PERIODS } from '../rules/inbox-period';
import { zFilterDay } from './filter-day';

export const INBOX_PAGE_SIZE = 20;
/** Feedbacks marked in one bulk action at most (a page holds 20; the selection is the checked rows). */
export const INBOX_BULK_MAX = 100;
export const REPLY_SUBJECT_MAX = 150;
export const REPLY_MESSAGE_MAX = 3000;

export const INBOX_MESSAGES = {
  notFound: 'Avis introuvable',
  empty: 'Aucun avis pour le moment. Imprimez vos QR codes et posez-les sur vos tables pour recueillir les premiers avis.',
  noMatch: 'Aucun avis ne correspond à ces filtres.',
  invalidFilter: 'Filtre invalide',
  invalidDate: INVALID_DAY_MESSAGE,
  dayOutOfBounds: DAY_OUT_OF_BOUNDS_MESSAGE,
  invalidRange: 'La date de début doit précéder la date de fin.',
  invalidCursor: 'Page invalide',
  noIds: 'Sélectionnez au moins un avis.',
  tooManyIds: `Au plus ${INBOX_BULK_MAX} avis à la fois.`,
  statusSaved: 'Statut mis à jour',
  subjectRequired: 'L’objet est obligatoire',
  subjectTooLong: `L’objet ne peut dépasser ${REPLY_SUBJECT_MAX} caractères`,
  messageRequired: 'Le message est obligatoire',
  messageTooLong: `Le message ne peut dépasser ${REPLY_MESSAGE_MAX} caractères`,
  rewardNotFound: 'Récompense introuvable',
  noEmail: 'Ce client n’a pas laissé d’email : impossible de lui répondre.',
  /** A reply to a typed, unconfirmed address carries the owner's text alone (decision 075). */
  unconfirmedNoReward: 'Adresse non confirmée : un geste commercial ne peut pas être offert par email. Il le sera quand le client aura confirmé son adresse.',
  unsubscribed: 'Ce client s’est désinscrit des emails du restaurant : impossible de lui répondre.',
  alreadyReplied: 'Vous avez déjà répondu à cet avis. Confirmez pour envoyer une seconde réponse.',
  replySent: 'Réponse envoyée',
  replyRateLimited: 'Trop de réponses envoyées. Veuillez réessayer dans quelques minutes.',
  /** The options' name of a QR code without a label (the main one, or another). */
  mainQr: 'QR principal',
  noLabel: 'Sans label',
} as const;

/** INBOX_MESSAGES for an English owner (issue #53, decision 097; registered in shared/i18n/api-messages.ts). */
export const INBOX_MESSAGES_EN: EnglishOf<typeof INBOX_MESSAGES> = {
  notFound: 'Review not found',
  empty: 'No reviews yet. Print your QR codes and put them on your tables to collect your first reviews.',
  noMatch: 'No review matches these filters.',
  invalidFilter: 'Invalid filter',
  invalidDate: 'Invalid date (format YYYY-MM-DD)',
  dayOutOfBounds: 'Date out of range: choose a day between 01/01/2000 and 31/12/2100.',
  invalidRange: 'The start date must come before the end date.',
  invalidCursor: 'Invalid page',
  noIds: 'Select at least one review.',
  tooManyIds: `At most ${INBOX_BULK_MAX} reviews at a time.`,
  statusSaved: 'Status updated',
  subjectRequired: 'The subject is required',
  subjectTooLong: `The subject cannot be longer than ${REPLY_SUBJECT_MAX} characters`,
  messageRequired: 'The message is required',
  messageTooLong: `The message cannot be longer than ${REPLY_MESSAGE_MAX} characters`,
  rewardNotFound: 'Reward not found',
  noEmail: 'This diner left no email: you cannot reply to them.',
  unconfirmedNoReward: 'Address not confirmed: a gift cannot be offered by email. It can be once the diner has confirmed their address.',
  unsubscribed: 'This diner unsubscribed from the restaurant’s emails: you cannot reply to them.',
  alreadyReplied: 'You have already replied to this review. Confirm to send a second reply.',
  replySent: 'Reply sent',
  replyRateLimited: 'Too many replies sent. Please try again in a few minutes.',
  mainQr: 'Main QR',
  noLabel: 'No label',
};

export const FEEDBACK_STATUS_LABELS = { new: 'Nouveau', done: 'Traité' } as const;
export type TFeedbackStatus = keyof typeof FEEDBACK_STATUS_LABELS;
const ZStatus = z.enum(['new', 'done'], { error: INBOX_MESSAGES.invalidFilter });

/** Rating filter: ≤3, 4–5, or one exact rating. */
export const RATING_FILTERS = ['le3', 'ge4', '1', '2', '3', '4', '5'] as const;
export type TRatingFilter = (typeof RATING_FILTERS)[number];

const ZDay = zFilterDay({ invalid: INBOX_MESSAGES.invalidDate, outOfBounds: INBOX_MESSAGES.dayOutOfBounds });
const ZFlag = z.enum(['1'], { error: INBOX_MESSAGES.invalidFilter });

/** The filters of /avis, as kept in its URL (each optional; they combine). */
export const ZInboxFilters = z
  .object({
    rating: z.enum(RATING_FILTERS, { error: INBOX_MESSAGES.invalidFilter }).optional(),
    period: z.enum(INBOX_PERIODS, { error: INBOX_MESSAGES.invalidFilter }).optional(),
    from: ZDay.optional(),
    to: ZDay.optional(),
    /** A QR code's id, or 'none' for feedbacks given without a QR. */
    qr: z.union([z.uuid(INBOX_MESSAGES.invalidFilter), z.literal('none')], { error: INBOX_MESSAGES.invalidFilter }).optional(),
    comment: ZFlag.optional(),
    contact: ZFlag.optional(),
    status: ZStatus.optional(),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, { message: INBOX_MESSAGES.invalidRange, path: ['to'] });
export type TInboxFilters = z.infer<typeof ZInboxFilters>;

/** GET /api/inbox: the filters, a cursor (the last row of the previous page) or one feedback by id (?feedback=). */
/** A page's cursor: the last review's time in microseconds and its id. */
const ZInboxCursor = z.string().max(100).regex(/^\d{13,16}_[0-9a-f-]{36}$/i, INBOX_MESSAGES.invalidCursor);

export const ZInboxQuery = z.intersection(
  ZInboxFilters,
  z.object({
    cursor: ZInboxCursor.optional(),
    feedback: z.uuid(INBOX_MESSAGES.notFound).optional(),
  }),
);
export type TInboxQuery = z.infer<typeof ZInboxQuery>;

export const ZFeedbackIdParam = z.object({ id: z.uuid(INBOX_MESSAGES.notFound) });

export const ZSetStatusRequest = z.object({ status: ZStatus });
export const ZBulkStatusRequest = z.object({
  status: ZStatus,
  ids: z.array(z.uuid(INBOX_MESSAGES.notFound), { error: INBOX_MESSAGES.noIds }).min(1, INBOX_MESSAGES.noIds).max(INBOX_BULK_MAX, INBOX_MESSAGES.tooManyIds),
});
export type TBulkStatusRequest = z.infer<typeof ZBulkStatusRequest>;

export const ZReplyRequest = z.object({
  subject: z.string({ error: INBOX_MESSAGES.subjectRequired }).trim().min(1, INBOX_MESSAGES.subjectRequired).max(REPLY_SUBJECT_MAX, INBOX_MESSAGES.subjectTooLong),
  message: z.string({ error: INBOX_MESSAGES.messageRequired }).trim().min(1, INBOX_MESSAGES.messageRequired).max(REPLY_MESSAGE_MAX, INBOX_MESSAGES.messageTooLong),
  /** A catalogue reward offered with the reply (optional). */
  rewardId: z.union([z.uuid(INBOX_MESSAGES.rewardNotFound), z.literal('')]).optional(),
  /** The owner confirmed a second reply to the same feedback. */
  confirmAnother: z.boolean().optional(),
});
export type TReplyRequest = z.infer<typeof ZReplyRequest>;

export type TFeedbackReply = { id: string; subject: string; message: string | null; rewardLabel: string | null; createdAt: string; sentByName: string | null };

export type TInboxItem = {
  id: string;
  rating: number;
  comment: string | null;
  createdAt: string;
  tableLabel: string | null;
  /**
   * hasEmail: a confirmed address; unconfirmedEmail: the address typed on a device with none confirmed,
   * shown « non confirmé » and answerable with the owner's text only (decision 075).
   */
  customer: { id: string; name: string | null; hasEmail: boolean; unconfirmedEmail: string | null } | null;
  reviewInvited: boolean;
  status: TFeedbackStatus;
  handledAt: string | null;
  handledByName: string | null;
  replies: TFeedbackReply[];
};

export type TInboxSummary = { count: number; average: number | null; distribution: Record<'1' | '2' | '3' | '4' | '5', number> };

export type TInboxPage = { items: TInboxItem[]; nextCursor: string | null; summary: TInboxSummary };

/** GET /api/inbox/today: the page of today's reviews as the counter staff see them (issue #29). */
export const ZTodayReviewsQuery = z.object({ cursor: ZInboxCursor.optional() });

/** One of today's reviews without anything of the diner: no name, no address, no telephone, no customer file. */
export type TTodayReview = Pick<TInboxItem, 'id' | 'rating' | 'comment' | 'createdAt' | 'tableLabel'>;
export type TTodayReviews = { items: TTodayReview[]; nextCursor: string | null; summary: TInboxSummary };

/** What the page's filters and reply form offer: the QR codes and the active rewards, the restaurant's name. */
export type TInboxOptions = { restaurantName: string; qrCodes: Array<{ id: string; label: string }>; rewards: Array<{ id: string; label: string }> };

export type TStatusResponse = { message: string; updated: number };
export type TReplyResponse = { message: string; reply: TFeedbackReply };

/**
 * The reply form's starting text (the owner edits it), in the owner's language: the spec's French, or
 * English for an English owner (their diners read the owner's language, issue #53).
 */
export function defaultReply(restaurantName: string, firstName: string | null, rating: number, locale: OwnerLocale = 'fr'): { subject: string; message: string } {
  if (locale === 'en') {
    const hello = firstName ? `Hello ${firstName},` : 'Hello,';
    const body =
      rating <= 3
        ? 'Thank you for taking the time to tell us about your visit. We are sorry your experience fell short of your expectations. Your comments have been passed on to the whole team, and we would love the chance to welcome you better.'
        : 'Thank you so much for your review and for your visit! The whole team is delighted you had a good time. We look forward to welcoming you again.';
    return { subject: `Your review of ${restaurantName}`, message: `${hello}\n\n${body}\n\nThe team at ${restaurantName}` };
  }
  const hello = firstName ? `Bonjour ${firstName},` : 'Bonjour,';
  const body =
    rating <= 3
      ? 'Merci d’avoir pris le temps de nous faire part de votre avis. Nous sommes désolés que votre expérience n’ait pas été à la hauteur de vos attentes. Vos remarques ont été transmises à toute l’équipe et nous aimerions beaucoup avoir l’occasion de mieux vous recevoir.'
      : 'Merci beaucoup pour votre avis et pour votre visite ! Toute l’équipe est ravie que vous ayez passé un bon moment. Au plaisir de vous accueillir à nouveau.';
  return { subject: `Votre avis sur ${restaurantName}`, message: `${hello}\n\n${body}\n\nL’équipe de ${restaurantName}` };
}
