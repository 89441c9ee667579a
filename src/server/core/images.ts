import { createHash } from 'node:crypto';
import type { Sharp, SharpOptions } from 'sharp';
import { IMAGE_UPLOAD_MAX_BYTES, MAX_INPUT_PIXELS, imageTooLargeMessage, imageTooManyPixelsMessage, imageUnreadableMessage, imageWrongTypeMessage } from '../../shared/rules/images';
import { isUuid } from '../../shared/rules/uuid';
import { AppError } from '../lib/http/errors';
import type { FileStorage } from '../storage/storage';

/**
 * The one way an uploaded image becomes a stored file (a restaurant's logo, an image in an email
 * template). The bytes are decoded, whatever the browser or the file name claim: only PNG, JPEG, WebP
 * and GIF are taken (SVG is refused: it is a document that can carry script), then resized on the
 * server, re-encoded (which drops EXIF, GPS and every other metadata) and stored under a key derived
 * from the resulting bytes, `images/{restaurant id}/{purpose}-{sha256}.{png|jpg}`, so a URL always
 * names the same bytes and can be cached for good (storage.routes.ts). The file name the user chose
 * only appears in error messages: it never reaches a storage key.
 */
export type ImagePurpose = 'logo' | 'email';

export type StoredImage = {
  key: string;
  /** The path the app serves it at: `/storage/{key}`. */
  url: string;
  width: number;
  height: number;
  /** Size of the stored (re-encoded) file. */
  bytes: number;
};

type PurposeRule = {
  /** Largest upload taken, in bytes. */
  maxUploadBytes: number;
  /** Largest width of the stored image. */
  maxWidth: number;
  /** Largest height of the stored image. */
  maxHeight: number;
};

export const IMAGE_RULES: Record<ImagePurpose, PurposeRule> = {
  // Shown at most ~120 px wide (diner page header, table card, email header): 512 px is sharp on 3× screens.
  logo: { maxUploadBytes: IMAGE_UPLOAD_MAX_BYTES, maxWidth: 512, maxHeight: 512 },
  // Twice the 560 px email column, for high-density screens; tall images are left tall.
  email: { maxUploadBytes: IMAGE_UPLOAD_MAX_BYTES, maxWidth: 1120, maxHeight: 4000 },
};

export { ACCEPTED_IMAGE_FORMATS, MAX_INPUT_PIXELS, displayFileName } from '../../shared/rules/images';

type SniffedFormat = 'png' | 'jpeg' | 'gif' | 'webp';

/** The format told by the file's first bytes (its signature), or null for anything else (SVG, HTML, PDF…). */
export function sniffImageFormat(bytes: Uint8Array): SniffedFormat | null {
  const starts = (offset: number, signature: number[]) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(0, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif';
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return null;
}

type SharpModule = typeof import('sharp').default;
let sharpModule: Promise<SharpModule> | null = null;

/**
 * sharp (libvips) loads at the first upload, never at boot: most processes never handle an image and
 * should not carry the native library. One libvips thread and no operation cache keep the memory low
 * on a small instance: uploads are rare.
 */
function loadSharp(): Promise<SharpModule> {
  return (sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }));
}

/**
 * Checks, resizes, re-encodes and stores an uploaded image. Throws an `AppError` with a French
 * message naming the file when it is too big, not an accepted image, or unreadable.
 */
export async function storeImage(
  storage: FileStorage,
  input: { bytes: Uint8Array; restaurantId: string; purpose: ImagePurpose; fileName?: string },
): Promise<StoredImage> {
  const { bytes, restaurantId, purpose, fileName } = input;
  const rule = IMAGE_RULES[purpose];
  // The id becomes a path segment: it must be one of ours, never something a request could shape.
  if (!isUuid(restaurantId)) throw new Error(`storeImage: invalid restaurant id ${JSON.stringify(restaurantId)}`);
  if (bytes.byteLength > rule.maxUploadBytes) throw new AppError('PAYLOAD_TOO_LARGE', imageTooLargeMessage(fileName, rule.maxUploadBytes));
  if (bytes.byteLength === 0) throw new AppError('BAD_REQUEST', imageUnreadableMessage(fileName));
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) throw new AppError('BAD_REQUEST', imageWrongTypeMessage(fileName));

  const sharp = await loadSharp();
  const options: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false };
  let image: Sharp;
  let opaque: boolean;
  try {
    const metadata = await sharp(bytes, options).metadata();
    // The decoder must agree with the signature: a file that only starts like a PNG is not one.
    if (metadata.format !== sniffed) throw new AppError('BAD_REQUEST', imageWrongTypeMessage(fileName));
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) throw new AppError('BAD_REQUEST', imageTooManyPixelsMessage(fileName));
    image = sharp(bytes, options)
      .rotate() // applies the EXIF orientation before the metadata is dropped
      .resize({ width: rule.maxWidth, height: rule.maxHeight, fit: 'inside', withoutEnlargement: true });
    opaque = !metadata.hasAlpha || (await sharp(bytes, options).stats()).isOpaque;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new AppError('BAD_REQUEST', imageTooManyPixelsMessage(fileName));
    throw new AppError('BAD_REQUEST', imageUnreadableMessage(fileName));
  }

  // PNG or JPEG only: every mail client and the PDF writer (pdf-lib) read them. A logo stays PNG
  // (flat colours, transparency); an email image is JPEG unless it has transparency.
  const asPng = purpose === 'logo' || !opaque;
  let output: { data: Buffer; info: { width: number; height: number; size: number } };
  try {
    output = asPng
      ? await image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer({ resolveWithObject: true })
      : await image.jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('BAD_REQUEST', imageUnreadableMessage(fileName));
  }
  const extension = asPng ? 'png' : 'jpg';
  const hash = createHash('sha256').update(output.data).digest('hex').slice(0, 32);
  const key = `images/${restaurantId.toLowerCase()}/${purpose}-${hash}.${extension}`;
  await storage.put(key, new Uint8Array(output.data), asPng ? 'image/png' : 'image/jpeg');
  return { key, url: `/storage/${key}`, width: output.info.width, height: output.info.height, bytes: output.info.size };
}

/** Whether a storage key is one `storeImage` wrote (content-addressed, never rewritten). */
export function isImageKey(key: string): boolean {
  return /^images\/[0-9a-f-]{36}\/(logo|email)-[0-9a-f]{32}\.(png|jpg)$/.test(key);
}
