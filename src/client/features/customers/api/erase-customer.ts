import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { customerKeys } from './keys';

export async function eraseCustomer(id: string) {
  return readJson(await api.customers[':id'].$delete({ param: { id } }));
}

export function useEraseCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseCustomer,
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: customerKeys.detail(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.lists }),
  });
}
