import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { automationKeys } from './keys';

export async function restoreAutomationVersion(input: { id: string; versionId: string }) {
  return readJson(await api.automations[':id'].versions[':versionId'].restore.$post({ param: input }));
}

/** Restores a version (the server saves it as a new version); the list and the versions refresh. */
export function useRestoreAutomationVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreAutomationVersion,
    onSettled: (_data, _error, input) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: automationKeys.all, exact: true }), queryClient.invalidateQueries({ queryKey: automationKeys.versions(input.id) })]),
  });
}
