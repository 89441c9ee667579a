import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { automationKeys } from './keys';

export async function setAutomationStatus(input: { id: string; status: 'active' | 'inactive' }) {
  return readJson(await api.automations[':id'].status.$patch({ param: { id: input.id }, json: { status: input.status } }));
}

export function useSetAutomationStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setAutomationStatus, onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }) });
}
