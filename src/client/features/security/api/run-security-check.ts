import { useMutation } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TSecurityCheckResponse } from '../../../../shared/schemas/security';
import { securityKeys } from './keys';

/** Runs the five probes on the server, as the signed-in owner (rate-limited there). */
export async function runSecurityCheck(): Promise<TSecurityCheckResponse> {
  return readJson<TSecurityCheckResponse>(await api.security.check.$post());
}

export function useRunSecurityCheck() {
  return useMutation({ mutationKey: securityKeys.check, mutationFn: runSecurityCheck });
}
