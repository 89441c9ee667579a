import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';
import type { TSettings } from '../../../../shared/schemas/settings';
import { settingsKeys } from './keys';

/** PUT /api/settings/logo (lib/upload-image). */
export function uploadLogo(file: File): Promise<TSettings> {
  return uploadImage<TSettings>('/api/settings/logo', 'PUT', file);
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
