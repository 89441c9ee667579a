import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TVenueList } from '../../../../shared/schemas/venues';
import { venueKeys } from './keys';

export async function getVenues(): Promise<TVenueList> {
  return readJson<TVenueList>(await api.venues.$get());
}

export function useVenues() {
  // Read again each time the page opens: figures move with every rating.
  return useQuery(queryOptions({ queryKey: venueKeys.list(), queryFn: getVenues, staleTime: 0 }));
}
