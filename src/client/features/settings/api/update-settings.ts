import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TSettings, TSettingsRequest } from '../../../../shared/schemas/settings';
import { accountKeys, dashboardKeys, venuesKeys } from '../../../lib/query-keys';
import { settingsKeys } from './keys';

export async function updateSettings(input: TSettingsRequest): Promise<TSettings> {
  return readJson<TSettings>(await api.settings.$put({ json: input }));
}

/** The venue's name shows in the header and the switcher (/api/me), on the dashboard and in the venues' list: those are read again. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.all, saved),
    onSettled: () =>
      Promise.all(
        [settingsKeys.all, accountKeys.me, dashboardKeys.all, venuesKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
