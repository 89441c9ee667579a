import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TAutomationVersionsResponse } from '../../../../shared/schemas/automations';
import { automationKeys } from './keys';

export async function getAutomationVersions(id: string): Promise<TAutomationVersionsResponse> {
  return readJson<TAutomationVersionsResponse>(await api.automations[':id'].versions.$get({ param: { id } }));
}

export function getAutomationVersionsQueryOptions(id: string) {
  return queryOptions({ queryKey: automationKeys.versions(id), queryFn: () => getAutomationVersions(id), staleTime: 0 });
}

/** Every saved version of an automation, newest first (fetched when the dialog opens). */
export function useAutomationVersions(id: string, enabled: boolean) {
  return useQuery({ ...getAutomationVersionsQueryOptions(id), enabled });
}
