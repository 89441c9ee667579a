import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TSetPlanRequest } from '../../../../shared/schemas/plans';
import { adminKeys } from './keys';

/** Sets an organisation's plan, trial end and limit overrides (decision 057; audited by the server). */
export async function setOrganisationPlan(id: string, input: TSetPlanRequest) {
  return readJson(await api.admin.organisations[':id'].plan.$post({ param: { id }, json: input }));
}

export function useSetOrganisationPlan(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TSetPlanRequest) => setOrganisationPlan(id, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
