import { api, readJson } from '../../../lib/api-client';
import type { TCreateRewardRequest } from '../../../../shared/schemas/loyalty';
import { useLoyaltyMutation } from './use-loyalty-mutation';

export async function createReward(input: TCreateRewardRequest) {
  return readJson(await api.loyalty.rewards.$post({ json: input }));
}

export const useCreateReward = () => useLoyaltyMutation(createReward);
