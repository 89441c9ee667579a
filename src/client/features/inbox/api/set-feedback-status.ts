import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { dashboardKeys } from '../../../lib/query-keys';
import type { TFeedbackStatus, TStatusResponse } from '../../../../shared/schemas/inbox';
import { inboxKeys } from './keys';

export async function setFeedbackStatus(input: { ids: string[]; status: TFeedbackStatus }): Promise<TStatusResponse> {
  if (input.ids.length === 1) return readJson<TStatusResponse>(await api.inbox[':id'].status.$post({ param: { id: input.ids[0] }, json: { status: input.status } }));
  return readJson<TStatusResponse>(await api.inbox.status.$post({ json: input }));
}

/** 'Traité' / 'Nouveau' for one feedback or the checked ones. */
export function useSetFeedbackStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFeedbackStatus,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: inboxKeys.all }), queryClient.invalidateQueries({ queryKey: dashboardKeys.all })]),
  });
}
