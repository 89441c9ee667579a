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
    onSettled: () => queryClient.invalidateQueries({ queryKey: counterKeys.all }),
  });
}
