import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TAutomationPreview } from '../../../../shared/schemas/automations';
import { automationKeys } from './keys';

export async function getAutomationPreview(id: string): Promise<TAutomationPreview> {
  return readJson<TAutomationPreview>(await api.automations[':id'].preview.$get({ param: { id } }));
}

export function getAutomationPreviewQueryOptions(id: string) {
  return queryOptions({ queryKey: automationKeys.preview(id), queryFn: () => getAutomationPreview(id), staleTime: 0 });
}

export function useAutomationPreview(id: string, enabled: boolean) {
  return useQuery({ ...getAutomationPreviewQueryOptions(id), enabled });
}
