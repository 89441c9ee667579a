import { z } from 'zod';
import { printableOnCards } from './printable';

export const QR_LABEL_MAX = 80;
export const QR_LABEL_TAKEN_MESSAGE = 'Un QR avec ce label existe déjà';
export const QR_PRIMARY_TAKEN_MESSAGE = 'Ce restaurant a déjà un QR principal. Supprimez-le avant d’en créer un autre.';
export const QR_NOT_FOUND_MESSAGE = 'QR code introuvable';
/** A restaurant has at most this many QR codes (a bound on storage, listing and the printable PDF). */
export const MAX_QR_CODES_PER_RESTAURANT = 500;
export const QR_LIMIT_REACHED_MESSAGE = `Limite atteinte : ${MAX_QR_CODES_PER_RESTAURANT} QR codes maximum par restaurant.`;
/** The table label given to a main QR (spec §9). */
export const MAIN_QR_LABEL = 'Main entrance';
/** The call to action printed on table cards. */
export const QR_CARD_CALL_TO_ACTION = 'Notez-nous en 10 secondes';

/** POST /api/qr: a table QR (optional label; blank means none) or the main QR. */
export const ZCreateQrCodeRequest = z.object({
  tableLabel: z
    .string()
    .trim()
    .max(QR_LABEL_MAX, `Le label doit contenir au plus ${QR_LABEL_MAX} caractères`)
    .nullish()
    .superRefine(printableOnCards('Le label'))
    .transform((label) => (label ? label : null)),
  isPrimary: z.boolean().default(false),
});
export type TCreateQrCodeRequest = z.input<typeof ZCreateQrCodeRequest>;

/** The form on /qr: the label alone (the main QR button sends no label). */
export const ZQrLabelForm = z.object({
  tableLabel: z.string().trim().max(QR_LABEL_MAX, `Le label doit contenir au plus ${QR_LABEL_MAX} caractères`).superRefine(printableOnCards('Le label')),
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
    .pipe(z.array(z.uuid(QR_NOT_FOUND_MESSAGE)).max(200, 'Trop de QR codes sélectionnés')),
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
