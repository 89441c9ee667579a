import { readJson } from './api-client';
import { venueHeaders } from './current-venue';
import { ACCEPTED_IMAGE_MIME_TYPES, IMAGE_UPLOAD_MAX_BYTES, imageTooLargeMessage, imageWrongTypeMessage } from '../../shared/rules/images';

/** The same limits as the server, checked before sending: a refused file costs no upload. Null when fine. */
export function checkImageFile(file: File): string | null {
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return imageTooLargeMessage(file.name);
  if (file.type && !(ACCEPTED_IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return imageWrongTypeMessage(file.name);
  return null;
}

/**
 * The one way the app uploads an image (decision 038): the file's bytes as the body of `method url`, its
 * name in `?name=` (the server names it in its messages). The typed client sends JSON only; hc's $url
 * needs an absolute base, so this is a plain fetch read like every other answer (readJson).
 */
export async function uploadImage<T>(url: string, method: 'PUT' | 'POST', file: File): Promise<T> {
  const refused = checkImageFile(file);
  if (refused) throw new Error(refused);
  const response = await fetch(`${url}?${new URLSearchParams({ name: file.name })}`, {
    method,
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream', ...venueHeaders() },
    credentials: 'same-origin',
  });
  return readJson<T>(response);
}
