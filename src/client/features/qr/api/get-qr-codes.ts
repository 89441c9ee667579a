import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TListQrCodesResponse } from '../../../../shared/schemas/qr';

import { qrKeys } from './keys';

export async function getQrCodes(): Promise<TListQrCodesResponse> {
  return readJson<TListQrCodesResponse>(await api.qr.$get());
}

export function getQrCodesQueryOptions() {
  return queryOptions({ queryKey: qrKeys.all, queryFn: getQrCodes });
}

export function useQrCodes() {
  return useQuery(getQrCodesQueryOptions());
}
