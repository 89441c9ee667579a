import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TSettings } from '../../../../shared/schemas/settings';
import { settingsKeys } from './keys';

export async function getSettings(): Promise<TSettings> {
  return readJson<TSettings>(await api.settings.$get());
}

export function getSettingsQueryOptions() {
  return queryOptions({ queryKey: settingsKeys.all, queryFn: getSettings });
}

export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}
