import { useMutation } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';

export async function resendVerification() {
  return readJson(await api.me['resend-verification'].$post());
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
