import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TSendingHours, TSendingHoursResponse } from '../../../../shared/schemas/automations';
import { automationKeys } from './keys';

export async function getSendingHours(): Promise<TSendingHoursResponse> {
  return readJson<TSendingHoursResponse>(await api.automations['sending-hours'].$get());
}

export function getSendingHoursQueryOptions() {
  return queryOptions({ queryKey: automationKeys.sendingHours, queryFn: getSendingHours });
}

/** The restaurant's sending hours of later emails (decision 025). */
export function useSendingHours() {
  return useQuery(getSendingHoursQueryOptions());
}

export async function saveSendingHours(hours: TSendingHours): Promise<TSendingHoursResponse> {
  return readJson<TSendingHoursResponse>(await api.automations['sending-hours'].$put({ json: hours }));
}

export function useSaveSendingHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSendingHours,
    onSuccess: (saved) => queryClient.setQueryData(automationKeys.sendingHours, { sendingHours: saved.sendingHours }),
  });
}
