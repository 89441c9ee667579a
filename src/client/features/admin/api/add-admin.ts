import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TAddAdminRequest } from '../../../../shared/schemas/admin';
import { adminKeys } from './keys';

export async function addAdmin(input: TAddAdminRequest) {
  return readJson(await api.admin.admins.$post({ json: input }));
}

export function useAddAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addAdmin, onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.admins }) });
}
