import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loyaltyKeys } from './keys';

/** A /loyalty change: afterwards the page is read again (the dashboard reads fresh data whenever it opens). */
export function useLoyaltyMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: loyaltyKeys.all }),
  });
}
