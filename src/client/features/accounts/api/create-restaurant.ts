import { useMutation } from '@tanstack/react-query';
import type { TCreateRestaurantRequest } from '../../../../shared/schemas/accounts';
import { api, readJson } from '../../../lib/api-client';

export async function createRestaurant(input: TCreateRestaurantRequest) {
  return readJson(await api.onboarding.$post({ json: input }));
}

/** The wizard's creation; the page refreshes the account summary once step 2 is shown. */
export function useCreateRestaurant() {
  return useMutation({ mutationFn: createRestaurant });
}
