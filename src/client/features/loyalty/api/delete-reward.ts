import { api, readJson } from '../../../lib/api-client';
import { useLoyaltyMutation } from './use-loyalty-mutation';

export async function deleteReward(id: string) {
  return readJson(await api.loyalty.rewards[':id'].$delete({ param: { id } }));
}

export const useDeleteReward = () => useLoyaltyMutation(deleteReward);
