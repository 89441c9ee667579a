import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

export async function removeAdmin(userId: string) {
  return readJson(await api.admin.admins[':userId'].$delete({ param: { userId } }));
}

export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeAdmin, onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.admins }) });
}
