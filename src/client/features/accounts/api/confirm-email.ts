import { useMutation } from '@tanstack/react-query';
import type { TConfirmEmailRequest } from '../../../../shared/schemas/accounts';
import { api, readJson } from '../../../lib/api-client';

/** Confirms the address of the emailed link with the password chosen at sign-up (decision 029b). */
export async function confirmEmail(input: TConfirmEmailRequest) {
  return readJson(await api['confirm-email'].$post({ json: input }));
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
