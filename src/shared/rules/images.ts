/**
 * What an uploaded image may be (server: core/images.ts; client: the file pickers check the same before
 * sending) and the French messages naming the file.
 */

/** Largest image upload taken, in bytes (a logo, an email image). */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Decompression-bomb guard: a small file declaring huge dimensions is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;

export const ACCEPTED_IMAGE_FORMATS = 'PNG, JPEG, WebP ou GIF';

/** For a file input's `accept`. */
export const ACCEPTED_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/**
 * The user's file name as it may appear in a message: its last path segment, without control
 * characters, at most 80 characters. Never used to build a path.
 */
export function displayFileName(fileName: string | null | undefined): string | null {
  if (!fileName) return null;
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const base = fileName.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  if (!base) return null;
  return base.length > 80 ? `${base.slice(0, 79)}…` : base;
}

function subject(fileName: string | null | undefined): string {
  const name = displayFileName(fileName);
  return name ? `Le fichier « ${name} »` : 'Le fichier envoyé';
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10}`.replace('.', ',');
}

export function imageTooLargeMessage(fileName: string | null | undefined, maxBytes = IMAGE_UPLOAD_MAX_BYTES): string {
  return `${subject(fileName)} est trop volumineux : ${megabytes(maxBytes)} Mo maximum.`;
}

export function imageWrongTypeMessage(fileName: string | null | undefined): string {
  return `${subject(fileName)} n'est pas une image acceptée : formats ${ACCEPTED_IMAGE_FORMATS} (SVG refusé).`;
}

export function imageUnreadableMessage(fileName: string | null | undefined): string {
  return `${subject(fileName)} n'est pas une image lisible : il est peut-être endommagé.`;
}

export function imageTooManyPixelsMessage(fileName: string | null | undefined): string {
  return `${subject(fileName)} a des dimensions trop grandes : ${MAX_INPUT_PIXELS / 1_000_000} mégapixels maximum.`;
}
