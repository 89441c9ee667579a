import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TReplyRequest, TReplyResponse } from '../../../../shared/schemas/inbox';
import { customersKeys } from '../../../lib/query-keys';
import { inboxKeys } from './keys';

export async function replyToFeedback(input: { id: string } & TReplyRequest): Promise<TReplyResponse> {
  const { id, ...json } = input;
  return readJson<TReplyResponse>(await api.inbox[':id'].reply.$post({ param: { id }, json }));
}

/** The private reply (and its optional reward); the list shows it under the feedback once sent. */
export function useReplyToFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToFeedback,
    // The customers' pages show the offered reward among the rewards to hand over.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: inboxKeys.all }), queryClient.invalidateQueries({ queryKey: customersKeys.all })]),
  });
}
