import { MapPin } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { localized, useOwnerMessages } from '../../../lib/owner-locale';
import { REVIEW_LINK_MESSAGES } from '../../../../shared/rules/review-url';
import type { TPlace } from '../../../../shared/schemas/review-link';

/** The places found by the automatic search, each with 'Choisir'; none found says how to search better. */
export function PlaceResults({ results, busy, onChoose }: { results: readonly TPlace[]; busy: boolean; onChoose: (place: TPlace) => void }) {
  const m = useOwnerMessages();
  if (results.length === 0) {
    return <p className="text-sm text-stone-600">{m.reviews_search_no_results_line({ noResults: localized(REVIEW_LINK_MESSAGES.noResults), hint: localized(REVIEW_LINK_MESSAGES.noResultsHint) })}</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-stone-100" aria-label={m.reviews_search_results()}>
      {results.map((place) => (
        <li key={place.place_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span className="flex min-w-0 items-start gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span className="min-w-0">
              <span className="block font-medium">{place.name}</span>
              {place.address ? <span className="block text-sm text-stone-600">{place.address}</span> : null}
            </span>
          </span>
          <Button size="sm" onClick={() => onChoose(place)} disabled={busy}>
            {m.reviews_search_choose()}
          </Button>
        </li>
      ))}
    </ul>
  );
}
