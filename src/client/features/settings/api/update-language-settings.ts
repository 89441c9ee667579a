import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TLanguageSettingsRequest, TSettings } from '../../../../shared/schemas/settings';
import { settingsKeys } from './keys';

export async function updateLanguageSettings(input: TLanguageSettingsRequest): Promise<TSettings> {
  return readJson<TSettings>(await api.settings.languages.$put({ json: input }));
}

/** The offered languages show on /automations (missing translations) too: every query is read again after a change. */
export function useUpdateLanguageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguageSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.all, saved),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
