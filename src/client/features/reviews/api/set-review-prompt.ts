import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { reviewLinkKeys } from './keys';

export async function setReviewPrompt(reviewPromptAllRatings: boolean): Promise<{ reviewPromptAllRatings: boolean }> {
  return readJson(await api['review-link']['prompt-all-ratings'].$put({ json: { reviewPromptAllRatings } }));
}

export function useSetReviewPrompt() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setReviewPrompt, onSettled: () => queryClient.invalidateQueries({ queryKey: reviewLinkKeys.all }) });
}
