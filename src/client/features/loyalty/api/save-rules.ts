import { api, readJson } from '../../../lib/api-client';
import type { TPointsRulesRequest } from '../../../../shared/schemas/loyalty';
import { useLoyaltyMutation } from './use-loyalty-mutation';

export async function saveRules(rules: TPointsRulesRequest) {
  return readJson(await api.loyalty.rules.$put({ json: rules }));
}

export const useSaveRules = () => useLoyaltyMutation(saveRules);
