import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { qrKeys } from './keys';

export async function deleteQrCode(id: string): Promise<void> {
  await readJson(await api.qr[':id'].$delete({ param: { id } }));
}

export function useDeleteQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQrCode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: qrKeys.all }),
  });
}
