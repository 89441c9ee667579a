import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TQrCode } from '../../../../shared/schemas/qr';
import { qrKeys } from './keys';

export async function regenerateQrCode(id: string): Promise<TQrCode> {
  const body = await readJson<{ qrCode: TQrCode }>(await api.qr[':id'].regenerate.$post({ param: { id } }));
  return body.qrCode;
}

export function useRegenerateQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateQrCode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: qrKeys.all }),
  });
}
