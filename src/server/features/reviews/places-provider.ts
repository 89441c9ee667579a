import type { TPlace } from '../../../shared/schemas/review-link';

/** Finds a restaurant's Google place from a name and a city. */
export type PlacesProvider = { search(query: string): Promise<TPlace[]> };

export class PlacesUnavailableError extends Error {}

const DEFAULT_TIMEOUT_MS = 5000;

/** The review link Google builds from a place id: the 'Donner un avis' dialog of that place. */
export function buildPlaceReviewUrl(placeId: string): string {
  return `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;
}

type TextSearchAnswer = {
  status?: string;
  results?: Array<{ place_id?: string; name?: string; formatted_address?: string; website?: string }>;
};

/**
 * Google Places Text Search (the JSON web service): `query` is the name and city. Text Search does not
 * return websites, so `website` is null unless Google adds it. Any failure (HTTP error, timeout,
 * a status other than OK / ZERO_RESULTS) is a PlacesUnavailableError.
 */
export function createGooglePlacesProvider(options: { apiKey: string; baseUrl: string; timeoutMs?: number }): PlacesProvider {
  return {
    async search(query) {
      const url = new URL('/maps/api/place/textsearch/json', options.baseUrl);
      url.searchParams.set('query', query);
      url.searchParams.set('language', 'fr');
      url.searchParams.set('type', 'restaurant');
      url.searchParams.set('key', options.apiKey);
      let answer: TextSearchAnswer;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        answer = (await response.json()) as TextSearchAnswer;
      } catch (error) {
        throw new PlacesUnavailableError(error instanceof Error ? error.message : String(error));
      }
      if (answer.status === 'ZERO_RESULTS') return [];
      if (answer.status !== 'OK') throw new PlacesUnavailableError(`Places status ${answer.status ?? 'missing'}`);
      return (answer.results ?? [])
        .filter((place): place is Required<Pick<typeof place, 'place_id' | 'name'>> & typeof place => !!place.place_id && !!place.name)
        .slice(0, 10)
        .map((place) => ({
          place_id: place.place_id,
          name: place.name,
          address: place.formatted_address ?? null,
          website: place.website ?? null,
          review_url: buildPlaceReviewUrl(place.place_id),
        }));
    },
  };
}
