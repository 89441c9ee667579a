import { useMutation } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TPlacesSearchResponse } from '../../../../shared/schemas/review-link';

export async function searchPlaces(q: string): Promise<TPlacesSearchResponse> {
  return readJson<TPlacesSearchResponse>(await api['review-link'].places.$post({ json: { q } }));
}

export const useSearchPlaces = () => useMutation({ mutationFn: searchPlaces });
