import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TCreateVenueRequest, TCreateVenueResponse } from '../../../../shared/schemas/venues';

export async function createVenue(input: TCreateVenueRequest): Promise<TCreateVenueResponse> {
  return readJson<TCreateVenueResponse>(await api.venues.$post({ json: input }));
}

/** A new venue changes the list, the consolidated view and the venues of /api/me: every query is read again. */
export function useCreateVenue() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVenue, onSettled: () => queryClient.invalidateQueries() });
}
