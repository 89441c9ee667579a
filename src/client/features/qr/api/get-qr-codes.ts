import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TListQrCodesResponse } from '../../../../shared/schemas/qr';

export const qrCodesQueryKey = ['qr-codes'] as const;

export async function getQrCodes(): Promise<TListQrCodesResponse> {
  return readJson<TListQrCodesResponse>(await api.qr.$get());
}

export function getQrCodesQueryOptions() {
  return queryOptions({ queryKey: qrCodesQueryKey, queryFn: getQrCodes });
}

export function useQrCodes() {
  return useQuery(getQrCodesQueryOptions());
}
