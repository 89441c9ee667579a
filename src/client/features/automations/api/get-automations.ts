import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TAutomationsResponse } from '../../../../shared/schemas/automations';
import { automationKeys } from './keys';

export async function getAutomations(): Promise<TAutomationsResponse> {
  return readJson<TAutomationsResponse>(await api.automations.$get());
}

export function getAutomationsQueryOptions() {
  return queryOptions({ queryKey: automationKeys.all, queryFn: getAutomations });
}

export function useAutomations() {
  return useQuery(getAutomationsQueryOptions());
}
