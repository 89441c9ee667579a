import { api, readJson } from '../../../lib/api-client';
import { useLoyaltyMutation } from './use-loyalty-mutation';

export async function setRewardActive(input: { id: string; isActive: boolean }) {
  return readJson(await api.loyalty.rewards[':id'].$patch({ param: { id: input.id }, json: { isActive: input.isActive } }));
}

export const useSetRewardActive = () => useLoyaltyMutation(setRewardActive);
