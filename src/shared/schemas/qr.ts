import { z } from 'zod';
import type { EnglishOf } from '../i18n/english-of';
import { printableOnCards } from './printable';
import type { Locale } from '../rules/locales';

export const QR_LABEL_MAX = 80;
/** A restaurant has at most this many QR codes (a bound on storage, listing and the printable PDF). */
export const MAX_QR_CODES_PER_RESTAURANT = 500;

/** The messages of /qr and /api/qr (French, the spec's), and their English twin (decision 097). */
export const QR_MESSAGES = {
  labelTaken: 'Un QR avec ce label existe déjà',
  primaryTaken: 'Ce restaurant a déjà un QR principal. Supprimez-le avant d’en créer un autre.',
  notFound: 'QR code introuvable',
  limitReached: `Limite atteinte : ${MAX_QR_CODES_PER_RESTAURANT} QR codes maximum par restaurant.`,
  labelTooLong: `Le label doit contenir au plus ${QR_LABEL_MAX} caractères`,
  tooManySelected: 'Trop de QR codes sélectionnés',
  createFailed: 'Erreur lors de la création du QR',
  nothingToPrint: 'Aucun QR code à imprimer',
  restaurantNotFound: 'Restaurant introuvable',
  pdfBusy: 'Génération en cours, réessayez dans un instant.',
  pdfAlreadyRunning: 'Une impression de cartes est déjà en cours pour votre restaurant. Réessayez quand elle sera terminée.',
} as const;
export const QR_MESSAGES_EN: EnglishOf<typeof QR_MESSAGES> = {
  labelTaken: 'A QR code with this label already exists',
  primaryTaken: 'This restaurant already has a main QR code. Delete it before creating another one.',
  notFound: 'QR code not found',
  limitReached: `Limit reached: ${MAX_QR_CODES_PER_RESTAURANT} QR codes at most per restaurant.`,
  labelTooLong: `The label must be at most ${QR_LABEL_MAX} characters long`,
  tooManySelected: 'Too many QR codes selected',
  createFailed: 'Error while creating the QR code',
  nothingToPrint: 'No QR code to print',
  restaurantNotFound: 'Restaurant not found',
  pdfBusy: 'Generating, try again in a moment.',
  pdfAlreadyRunning: 'Cards are already being printed for your restaurant. Try again once that is done.',
};
export const QR_LABEL_TAKEN_MESSAGE = QR_MESSAGES.labelTaken;
export const QR_PRIMARY_TAKEN_MESSAGE = QR_MESSAGES.primaryTaken;
export const QR_NOT_FOUND_MESSAGE = QR_MESSAGES.notFound;
export const QR_LIMIT_REACHED_MESSAGE = QR_MESSAGES.limitReached;
/** The table label given to a main QR (spec §9). */
export const MAIN_QR_LABEL = 'Main entrance';
/**
 * The words printed on table cards in each language (issue 52): the call to rate and how to scan. A card
 * carries one or two of them (/parametres), « Notez-nous en 10 secondes · Rate us in 10 seconds ».
 */
export const QR_CARD_TEXTS: Record<Locale, { callToRate: string; scanHint: string }> = {
  fr: { callToRate: 'Notez-nous en 10 secondes', scanHint: 'Scannez avec l’appareil photo de votre téléphone' },
  en: { callToRate: 'Rate us in 10 seconds', scanHint: 'Scan with your phone’s camera' },
  de: { callToRate: 'Bewerten Sie uns in 10 Sekunden', scanHint: 'Mit der Kamera Ihres Handys scannen' },
  es: { callToRate: 'Valórenos en 10 segundos', scanHint: 'Escanee con la cámara de su teléfono' },
  it: { callToRate: 'Valutaci in 10 secondi', scanHint: 'Inquadra con la fotocamera del telefono' },
};
/** The call to action printed on table cards (French). */
export const QR_CARD_CALL_TO_ACTION = QR_CARD_TEXTS.fr.callToRate;

/** POST /api/qr: a table QR (optional label; blank means none) or the main QR. */
export const ZCreateQrCodeRequest = z.object({
  tableLabel: z
    .string()
    .trim()
    .max(QR_LABEL_MAX, QR_MESSAGES.labelTooLong)
    .nullish()
    .superRefine(printableOnCards('Le label'))
    .transform((label) => (label ? label : null)),
  isPrimary: z.boolean().default(false),
});
export type TCreateQrCodeRequest = z.input<typeof ZCreateQrCodeRequest>;

/** The form on /qr: the label alone (the main QR button sends no label). */
export const ZQrLabelForm = z.object({
  tableLabel: z.string().trim().max(QR_LABEL_MAX, QR_MESSAGES.labelTooLong).superRefine(printableOnCards('Le label')),
});
export type TQrLabelForm = z.infer<typeof ZQrLabelForm>;

export const ZQrIdParam = z.object({ id: z.uuid(QR_NOT_FOUND_MESSAGE) });

export const ZQrCardsLayout = z.enum(['a6', 'a4']);
export type TQrCardsLayout = z.infer<typeof ZQrCardsLayout>;

/** GET /api/qr/cards.pdf?ids=a,b&layout=a6|a4 — no ids means every QR of the restaurant. */
export const ZQrCardsQuery = z.object({
  ids: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((id) => id.trim()).filter(Boolean) : []))
    .pipe(z.array(z.uuid(QR_NOT_FOUND_MESSAGE)).max(200, QR_MESSAGES.tooManySelected)),
  layout: ZQrCardsLayout.default('a6'),
});

export const ZQrCode = z.object({
  id: z.string(),
  code: z.string(),
  tableLabel: z.string().nullable(),
  slug: z.string().nullable(),
  isPrimary: z.boolean(),
  scanCount: z.number().int(),
  createdAt: z.string(),
  /** The feedback link the PNG encodes. */
  publicUrl: z.string(),
  /** The short /r/{code} link. */
  scanUrl: z.string(),
  /** The stored PNG, with a cache-busting version. */
  imageUrl: z.string(),
});
export type TQrCode = z.infer<typeof ZQrCode>;

export const ZListQrCodesResponse = z.object({
  restaurantName: z.string(),
  hasReviewLink: z.boolean(),
  qrCodes: z.array(ZQrCode),
});
export type TListQrCodesResponse = z.infer<typeof ZListQrCodesResponse>;
