import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { THandOverResponse } from '../../../../shared/schemas/counter';
import { counterKeys } from './keys';

export async function handOverReward(id: string): Promise<THandOverResponse> {
  return readJson<THandOverResponse>(await api.counter.rewards[':id']['hand-over'].$post({ param: { id } }));
}

/** 'Remis': the server hands the reward over once; a second click (or phone) gets the French 409. */
export function useHandOver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: handOverReward,
    // The lists are read again; the code's own answer stays on screen with 'Récompense remise' (a later
    // scan of that code reads it again, stale at once, and is told it was handed over).
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: counterKeys.pending }), queryClient.invalidateQueries({ queryKey: counterKeys.searches })]),
  });
}
