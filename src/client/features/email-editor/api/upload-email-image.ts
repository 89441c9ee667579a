import { ApiError } from '../../../lib/api-client';
import { EDITOR_IMAGE_MESSAGES, EMAIL_IMAGE_MAX_BYTES, EMAIL_IMAGE_TYPES, type TEmailImageUploadResponse } from '../../../../shared/schemas/automations';

/**
 * Uploads one image of the email editor (multipart: the typed client sends JSON only). A file over the
 * limit or of another type is refused here first, naming it; the server checks the bytes again.
 */
export async function uploadEmailImage(file: File): Promise<TEmailImageUploadResponse['image']> {
  if (file.size > EMAIL_IMAGE_MAX_BYTES) throw new Error(EDITOR_IMAGE_MESSAGES.tooLarge(file.name));
  if (file.type && !(EMAIL_IMAGE_TYPES as readonly string[]).includes(file.type)) throw new Error(EDITOR_IMAGE_MESSAGES.wrongType(file.name));
  const body = new FormData();
  body.append('file', file);
  const response = await fetch('/api/automations/images', { method: 'POST', body, credentials: 'same-origin' });
  const payload = (await response.json().catch(() => null)) as (TEmailImageUploadResponse & { error?: { code: string; message: string } }) | null;
  if (!response.ok || !payload?.image) {
    // Past the body limit the server cannot name the file: this message does.
    const message = response.status === 413 ? EDITOR_IMAGE_MESSAGES.tooLarge(file.name) : payload?.error?.message;
    throw new ApiError(message ?? EDITOR_IMAGE_MESSAGES.uploadFailed, response.status, payload?.error?.code);
  }
  return payload.image;
}
