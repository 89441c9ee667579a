import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TRedeemRewardResponse } from '../../../../shared/schemas/customers';
import { customerKeys } from './keys';

export async function redeemReward(input: { customerId: string; rewardId: string }): Promise<TRedeemRewardResponse> {
  return readJson<TRedeemRewardResponse>(await api.customers[':id'].rewards[':rewardId'].redeem.$post({ param: { id: input.customerId, rewardId: input.rewardId } }));
}

export function useRedeemReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemReward,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
