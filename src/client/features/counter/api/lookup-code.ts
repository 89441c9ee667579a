import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TCodeLookup } from '../../../../shared/schemas/counter';
import { counterKeys } from './keys';

export async function lookupCode(code: string): Promise<TCodeLookup> {
  return readJson<TCodeLookup>(await api.counter.codes[':code'].$get({ param: { code } }));
}

export function getCodeLookupQueryOptions(code: string) {
  // A code is read when it is scanned or typed; an error (unknown, expired, handed over) is the answer, not retried.
  return queryOptions({ queryKey: counterKeys.code(code), queryFn: () => lookupCode(code), retry: false, staleTime: 0 });
}

/** The reward behind a scanned or typed code (null: nothing to read yet). */
export function useCodeLookup(code: string | null) {
  return useQuery({ ...getCodeLookupQueryOptions(code ?? ''), enabled: !!code });
}
