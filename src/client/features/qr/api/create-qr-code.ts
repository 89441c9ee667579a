import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { QR_MESSAGES, type TCreateQrCodeRequest, type TQrCode } from '../../../../shared/schemas/qr';
import { qrKeys } from './keys';

export const QR_CREATE_NO_ROW_MESSAGE = QR_MESSAGES.createFailed;

export async function createQrCode(input: TCreateQrCodeRequest): Promise<TQrCode> {
  const body = await readJson<{ qrCode?: TQrCode }>(await api.qr.$post({ json: input }));
  if (!body.qrCode) throw new Error(QR_CREATE_NO_ROW_MESSAGE);
  return body.qrCode;
}

export function useCreateQrCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQrCode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: qrKeys.all }),
  });
}
