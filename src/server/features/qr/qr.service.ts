import { randomBytes } from 'node:crypto';
import { isImageKey } from '../../core/images';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { organisations, qrCodes, restaurants } from '../../db/schema';
import { hasWhiteLabel } from '../../core/plan';
import type { AppDeps } from '../../deps';
import { clock } from '../../lib/runtime/clock';
import { AppError, isUniqueViolation } from '../../lib/http/errors';
import type { Logger } from '../../lib/runtime/logger';
import { buildMainQrCode, buildQrPublicUrl, buildQrScanUrl } from '../../../shared/rules/qr-url';
import { slugifyLabel } from '../../../shared/rules/slug';
import {
  MAIN_QR_LABEL,
  MAX_QR_CODES_PER_RESTAURANT,
  QR_LIMIT_REACHED_MESSAGE,
  QR_MESSAGES,
  QR_LABEL_TAKEN_MESSAGE,
  QR_NOT_FOUND_MESSAGE,
  QR_PRIMARY_TAKEN_MESSAGE,
  type TListQrCodesResponse,
  type TQrCardsLayout,
  type TQrCode,
} from '../../../shared/schemas/qr';
import { renderQrPng } from './qr-png';
import { renderCardsPdfOffThread } from './table-cards-runner';
import { isLocale } from '../../../shared/rules/locales';

export { QR_PNG_OPTIONS, renderQrPng } from './qr-png';

type QrDeps = Pick<AppDeps, 'db' | 'env' | 'storage'>;
type QrRow = typeof qrCodes.$inferSelect;


export function buildQrStorageKey(restaurantId: string, qrId: string): string {
  return `qr/${restaurantId}/${qrId}.png`;
}

export function buildQrPublicUrlFor(deps: Pick<AppDeps, 'env'>, row: Pick<QrRow, 'restaurantId' | 'id' | 'slug'>): string {
  return buildQrPublicUrl(deps.env.PUBLIC_URL, row);
}


function toQrCodeView(deps: Pick<AppDeps, 'env'>, row: QrRow): TQrCode {
  const version = row.pngGeneratedAt?.getTime() ?? 0;
  return {
    id: row.id,
    code: row.code,
    tableLabel: row.tableLabel,
    slug: row.slug,
    isPrimary: row.isPrimary,
    scanCount: row.scanCount,
    createdAt: row.createdAt.toISOString(),
    publicUrl: buildQrPublicUrlFor(deps, row),
    scanUrl: buildQrScanUrl(deps.env.PUBLIC_URL, row.code),
    imageUrl: `/storage/${buildQrStorageKey(row.restaurantId, row.id)}?v=${version}`,
  };
}

/**
 * Writes the QR's PNG (built from its public URL) and records which URL it encodes and when, so the
 * image URL's version changes at once. `replace` removes the old file first (regeneration).
 */
async function writeQrPng(deps: QrDeps, row: QrRow, options: { replace: boolean }): Promise<QrRow> {
  const url = buildQrPublicUrlFor(deps, row);
  const key = buildQrStorageKey(row.restaurantId, row.id);
  const png = await renderQrPng(url);
  if (options.replace) await deps.storage.remove(key);
  await deps.storage.put(key, png, 'image/png');
  const [updated] = await deps.db
    .update(qrCodes)
    .set({ pngUrl: url, pngGeneratedAt: clock.now() })
    .where(and(eq(qrCodes.id, row.id), eq(qrCodes.restaurantId, row.restaurantId)))
    .returning();
  return updated ?? row;
}

/** Rows inserted without an image (sign-up, seed) or whose public URL changed get their PNG now. */
async function ensureQrPng(deps: QrDeps, row: QrRow): Promise<QrRow> {
  if (row.pngGeneratedAt && row.pngUrl === buildQrPublicUrlFor(deps, row)) return row;
  return writeQrPng(deps, row, { replace: false });
}

async function findRestaurant(deps: QrDeps, restaurantId: string) {
  const [restaurant] = await deps.db
    .select({
      name: restaurants.name,
      googleReviewUrl: restaurants.googleReviewUrl,
      logoUrl: restaurants.logoUrl,
      brandColor: restaurants.brandColor,
      cardLanguages: restaurants.cardLanguages,
      plan: organisations.plan,
      trialEndsAt: organisations.trialEndsAt,
    })
    .from(restaurants)
    .innerJoin(organisations, eq(organisations.id, restaurants.organisationId))
    .where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw new AppError('NOT_FOUND', QR_MESSAGES.restaurantNotFound);
  return restaurant;
}

/** The bytes of the restaurant's uploaded logo (a PNG, core/images.ts), or null (none, or an old address). */
async function readLogoPng(deps: QrDeps, logoUrl: string | null): Promise<Uint8Array | null> {
  const key = logoUrl?.startsWith('/storage/') ? logoUrl.slice('/storage/'.length) : null;
  if (!key || !isImageKey(key) || !key.endsWith('.png')) return null;
  return deps.storage.get(key);
}

async function findQrRow(deps: QrDeps, restaurantId: string, qrId: string): Promise<QrRow> {
  const [row] = await deps.db
    .select()
    .from(qrCodes)
    .where(and(eq(qrCodes.id, qrId), eq(qrCodes.restaurantId, restaurantId)));
  if (!row) throw new AppError('NOT_FOUND', QR_NOT_FOUND_MESSAGE);
  return row;
}

/** The restaurant's QR codes, newest first, each with a ready PNG; and whether a review link is set. */
export async function listQrCodes(deps: QrDeps, restaurantId: string): Promise<TListQrCodesResponse> {
  const restaurant = await findRestaurant(deps, restaurantId);
  const rows = await deps.db
    .select()
    .from(qrCodes)
    .where(eq(qrCodes.restaurantId, restaurantId))
    .orderBy(desc(qrCodes.createdAt), desc(qrCodes.id));
  const ready: QrRow[] = [];
  for (const row of rows) ready.push(await ensureQrPng(deps, row));
  return {
    restaurantName: restaurant.name,
    hasReviewLink: !!restaurant.googleReviewUrl,
    qrCodes: ready.map((row) => toQrCodeView(deps, row)),
  };
}

async function hasPrimaryQr(deps: QrDeps, restaurantId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: qrCodes.id })
    .from(qrCodes)
    .where(and(eq(qrCodes.restaurantId, restaurantId), eq(qrCodes.isPrimary, true)))
    .limit(1);
  return !!row;
}

function randomCode(length: number): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Main QR: first 8 characters of the restaurant id + '-main' (spec §7); table QRs: a random code. */
function pickCode(restaurantId: string, isPrimary: boolean, attempt: number): string {
  const main = buildMainQrCode(restaurantId);
  if (isPrimary) return attempt === 0 ? main : `${main}-${randomCode(4)}`;
  return randomCode(10);
}

/**
 * Creates a table QR (label optional: blank is stored as null with no slug) or the main QR, and its
 * PNG, in one transaction. Uniqueness is left to the database: two concurrent creates with the same
 * label cannot both pass a prior look-up.
 */
export async function createQrCode(deps: QrDeps, restaurantId: string, input: { tableLabel: string | null; isPrimary: boolean }): Promise<TQrCode> {
  const tableLabel = input.isPrimary ? (input.tableLabel ?? MAIN_QR_LABEL) : input.tableLabel;
  const slug = slugifyLabel(tableLabel);
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await deps.db.transaction(async (tx) => {
        // The cap holds under concurrency: creates of one restaurant queue on its row lock, then count.
        await tx.execute(sql`select id from restaurants where id = ${restaurantId} for update`);
        const [{ total }] = await tx.select({ total: count() }).from(qrCodes).where(eq(qrCodes.restaurantId, restaurantId));
        if (Number(total) >= MAX_QR_CODES_PER_RESTAURANT) throw new AppError('CONFLICT', QR_LIMIT_REACHED_MESSAGE);
        const [inserted] = await tx
          .insert(qrCodes)
          .values({ restaurantId, code: pickCode(restaurantId, input.isPrimary, attempt), tableLabel, slug, isPrimary: input.isPrimary, createdAt: clock.now() })
          .returning();
        if (!inserted) throw new AppError('BAD_REQUEST', QR_MESSAGES.createFailed);
        return writeQrPng({ ...deps, db: tx }, inserted, { replace: false });
      });
      return toQrCodeView(deps, row);
    } catch (error) {
      if (isUniqueViolation(error, 'qr_codes_one_primary_uq')) throw new AppError('CONFLICT', QR_PRIMARY_TAKEN_MESSAGE);
      if (isUniqueViolation(error, 'qr_codes_restaurant_label_uq')) {
        // The database may report the main QR's default label before the one-primary index: name the real cause.
        if (input.isPrimary && (await hasPrimaryQr(deps, restaurantId))) throw new AppError('CONFLICT', QR_PRIMARY_TAKEN_MESSAGE);
        throw new AppError('CONFLICT', QR_LABEL_TAKEN_MESSAGE);
      }
      // A random (or 8-character prefix) code already taken elsewhere: draw another one.
      if (isUniqueViolation(error, 'qr_codes_code_unique') && attempt < 4) continue;
      throw error;
    }
  }
}

/** Removes the stored PNG and writes it again from the QR's current public URL. */
export async function regenerateQrPng(deps: QrDeps, restaurantId: string, qrId: string): Promise<TQrCode> {
  const row = await findQrRow(deps, restaurantId, qrId);
  return toQrCodeView(deps, await writeQrPng(deps, row, { replace: true }));
}

/** Deletes the row first, then its PNG; a failure to remove the image is logged and ignored. */
export async function deleteQrCode(deps: QrDeps, restaurantId: string, qrId: string, logger: Logger): Promise<void> {
  const [deleted] = await deps.db
    .delete(qrCodes)
    .where(and(eq(qrCodes.id, qrId), eq(qrCodes.restaurantId, restaurantId)))
    .returning({ id: qrCodes.id });
  if (!deleted) throw new AppError('NOT_FOUND', QR_NOT_FOUND_MESSAGE);
  const key = buildQrStorageKey(restaurantId, qrId);
  try {
    await deps.storage.remove(key);
  } catch (error) {
    logger.warn({ err: error, key }, 'QR image removal failed; the QR row is already deleted');
  }
}

/**
 * Printable table cards: one A6 card per QR, or A4 sheets of four, with the restaurant's name, the
 * table label, the QR and a call to action. No ids means every QR of the restaurant.
 */
export async function renderTableCardsPdf(deps: QrDeps, restaurantId: string, options: { ids: string[]; layout: TQrCardsLayout }): Promise<Uint8Array> {
  const restaurant = await findRestaurant(deps, restaurantId);
  const ids = [...new Set(options.ids)];
  const rows = await deps.db
    .select()
    .from(qrCodes)
    .where(and(eq(qrCodes.restaurantId, restaurantId), ids.length ? inArray(qrCodes.id, ids) : undefined))
    .orderBy(desc(qrCodes.isPrimary), asc(qrCodes.createdAt), asc(qrCodes.id));
  if (rows.length !== ids.length && ids.length) throw new AppError('NOT_FOUND', QR_NOT_FOUND_MESSAGE);
  if (!rows.length) throw new AppError('BAD_REQUEST', QR_MESSAGES.nothingToPrint);
  // PNGs and pages are drawn in a worker thread: hundreds of cards take seconds of CPU that must not
  // stop the server from answering everyone else.
  const cards = rows.slice(0, MAX_QR_CODES_PER_RESTAURANT).map((row) => ({ tableLabel: row.tableLabel, isPrimary: row.isPrimary, url: buildQrPublicUrlFor(deps, row) }));
  const logoPng = await readLogoPng(deps, restaurant.logoUrl);
  // White label (decision 058): the restaurant's colour and no 'Propulsé par ReFeed'.
  const brand = hasWhiteLabel(restaurant) ? { color: restaurant.brandColor } : null;
  // The call to rate in the owner's one or two card languages (/parametres, issue 52).
  const languages = restaurant.cardLanguages.filter(isLocale);
  return renderCardsPdfOffThread(restaurantId, { restaurantName: restaurant.name, logoPng, cards, layout: options.layout, brand, languages });
}
