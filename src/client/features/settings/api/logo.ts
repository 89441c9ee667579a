import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { ACCEPTED_IMAGE_MIME_TYPES, IMAGE_UPLOAD_MAX_BYTES, imageTooLargeMessage, imageWrongTypeMessage } from '../../../../shared/rules/images';
import type { TSettings } from '../../../../shared/schemas/settings';
import { settingsKeys } from './keys';

/** The same limits as the server, checked before sending: a refused file costs no upload. */
export function checkLogoFile(file: File): string | null {
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return imageTooLargeMessage(file.name);
  if (file.type && !(ACCEPTED_IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return imageWrongTypeMessage(file.name);
  return null;
}

/** PUT /api/settings/logo: the file's bytes as the body, its name in the query (decision 038). */
export async function uploadLogo(file: File): Promise<TSettings> {
  // (hc's $url needs an absolute base; the app's client has a relative one.)
  const response = await fetch(`/api/settings/logo?${new URLSearchParams({ name: file.name })}`, {
    method: 'PUT',
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
    credentials: 'same-origin',
  });
  return readJson<TSettings>(response);
}

export async function removeLogo(): Promise<TSettings> {
  return readJson<TSettings>(await api.settings.logo.$delete());
}

function useLogoMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<TSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.all, saved),
  });
}

export function useUploadLogo() {
  return useLogoMutation(uploadLogo);
}

export function useRemoveLogo() {
  return useLogoMutation<void>(removeLogo);
}
