import { uploadImage } from '../../../lib/upload-image';
import type { TEmailImageUploadResponse } from '../../../../shared/schemas/automations';

/** Uploads one image of the email editor (lib/upload-image): checked here first, then by the server. */
export async function uploadEmailImage(file: File): Promise<TEmailImageUploadResponse['image']> {
  return (await uploadImage<TEmailImageUploadResponse>('/api/automations/images', 'POST', file)).image;
}
