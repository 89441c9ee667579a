import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/query-keys';
import type { TCreateVenueBody, TCreateVenueResponse } from '../../../../shared/schemas/venues';
import { venueKeys } from './keys';

export async function createVenue(input: TCreateVenueBody): Promise<TCreateVenueResponse> {
  return readJson<TCreateVenueResponse>(await api.venues.$post({ json: input }));
}

/** A new venue changes the list, the consolidated view and the venues of /api/me (the switcher): those are read again. */
export function useCreateVenue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVenue,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: venueKeys.all }), queryClient.invalidateQueries({ queryKey: accountKeys.me })]),
  });
}
