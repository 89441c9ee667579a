import { useMutation } from '@tanstack/react-query';
import type { TSignupRequest } from '../../../../shared/schemas/accounts';
import { api, readJson } from '../../../lib/api-client';

export async function signUp(input: TSignupRequest) {
  return readJson(await api.signup.$post({ json: input }));
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
