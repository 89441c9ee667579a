import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TSettings, TSettingsRequest } from '../../../../shared/schemas/settings';
import { settingsKeys } from './keys';

export async function updateSettings(input: TSettingsRequest): Promise<TSettings> {
  return readJson<TSettings>(await api.settings.$put({ json: input }));
}

/** The name shows in the header and on the dashboard: every query is read again after a change. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.all, saved),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
