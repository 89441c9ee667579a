import { MapPin, Search } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { formatResultCount, REVIEW_LINK_MESSAGES } from '../../../../shared/rules/review-url';
import { ZPlacesSearchRequest, type TPlace } from '../../../../shared/schemas/review-link';
import { errorMessage, firstErrorMessage, toastErrorTitle } from '../../../lib/toast';
import { useSaveReviewLink } from '../api/save-review-link';
import { useSearchPlaces } from '../api/search-places';

/** Name and city, both required, searched as one query through the shared request schema. */
const ZPlaceSearchForm = z
  .object({ name: z.string(), city: z.string() })
  .refine(({ name, city }) => name.trim() !== '' && city.trim() !== '', { message: REVIEW_LINK_MESSAGES.searchQueryRequired, path: ['name'] })
  .transform(({ name, city }) => ({ q: `${name.trim()} ${city.trim()}`.trim() }))
  .pipe(ZPlacesSearchRequest);

/** Automatic search by name and city (Google Places when the server has a key); choosing a result saves its review link. */
export function PlaceSearch({ configured }: { configured: boolean }) {
  const form = useForm<z.input<typeof ZPlaceSearchForm>, unknown, z.output<typeof ZPlaceSearchForm>>({
    resolver: zodResolver(ZPlaceSearchForm),
    defaultValues: { name: '', city: '' },
  });
  const [results, setResults] = useState<TPlace[] | null>(null);
  const search = useSearchPlaces();
  const save = useSaveReviewLink();

  // A missing name or city is said in the toast's title, as the other messages of this card (spec §8).
  const onSubmit = form.handleSubmit(
    async ({ q }) => {
      try {
        const answer = await search.mutateAsync(q);
        if (!answer.configured) {
          setResults(null);
          toast.info(answer.message ?? REVIEW_LINK_MESSAGES.searchNotConfigured);
          return;
        }
        setResults(answer.results);
        if (answer.results.length === 0) toast.info(REVIEW_LINK_MESSAGES.noResults, { description: REVIEW_LINK_MESSAGES.noResultsHint });
        else toast.success(formatResultCount(answer.results.length));
      } catch (error) {
        toastErrorTitle(errorMessage(error) ?? REVIEW_LINK_MESSAGES.searchFailed);
      }
    },
    (errors) => toastErrorTitle(firstErrorMessage(errors, ['name', 'city']) ?? REVIEW_LINK_MESSAGES.searchQueryRequired),
  );

  const choose = async (place: TPlace) => {
    try {
      await save.mutateAsync(place.review_url);
      toast.success(`Lien de « ${place.name} » enregistré ✅`);
      setResults(null);
    } catch {
      toastErrorTitle(REVIEW_LINK_MESSAGES.placeSaveFailed);
    }
  };

  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div>
        <h2 className="text-lg font-semibold">Recherche automatique</h2>
        <p className="text-sm text-stone-600">Retrouvez votre établissement sur Google par son nom et sa ville.</p>
      </div>
      {configured ? null : (
        <p role="note" className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm text-stone-700" data-testid="places-not-configured">
          {REVIEW_LINK_MESSAGES.searchNotConfigured}
        </p>
      )}
      <form onSubmit={onSubmit} className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="place-name">Nom de l’établissement</Label>
          <Input id="place-name" maxLength={120} disabled={!configured} placeholder="Chez Paul" {...form.register('name')} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="place-city">Ville</Label>
          <Input id="place-city" maxLength={80} disabled={!configured} placeholder="Lyon" {...form.register('city')} />
        </div>
        <Button type="submit" variant="outline" disabled={!configured || search.isPending}>
          <Search aria-hidden="true" />
          Rechercher
        </Button>
      </form>
      {results && results.length > 0 ? (
        <ul className="flex flex-col divide-y divide-stone-100" aria-label="Résultats de la recherche">
          {results.map((place) => (
            <li key={place.place_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="flex min-w-0 items-start gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                <span className="min-w-0">
                  <span className="block font-medium">{place.name}</span>
                  {place.address ? <span className="block text-sm text-stone-600">{place.address}</span> : null}
                </span>
              </span>
              <Button size="sm" onClick={() => void choose(place)} disabled={save.isPending}>
                Choisir
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {results && results.length === 0 ? (
        <p className="text-sm text-stone-600">
          {REVIEW_LINK_MESSAGES.noResults}. {REVIEW_LINK_MESSAGES.noResultsHint}
        </p>
      ) : null}
    </Card>
  );
}
