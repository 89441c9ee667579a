import { Search } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input, Label } from '../../../components/ui/input';
import { localized, useOwnerMessages } from '../../../lib/owner-locale';
import { REVIEW_LINK_MESSAGES } from '../../../../shared/rules/review-url';
import { ZPlacesSearchRequest, type TPlace } from '../../../../shared/schemas/review-link';
import { errorMessage, firstErrorMessage, toastErrorTitle } from '../../../lib/toast';
import { useSaveReviewLink } from '../api/save-review-link';
import { useSearchPlaces } from '../api/search-places';
import { PlaceResults } from './place-results';

/** Name and city, both required, searched as one query through the shared request schema. */
const ZPlaceSearchForm = z
  .object({ name: z.string(), city: z.string() })
  .refine(({ name, city }) => name.trim() !== '' && city.trim() !== '', { message: REVIEW_LINK_MESSAGES.searchQueryRequired, path: ['name'] })
  .transform(({ name, city }) => ({ q: `${name.trim()} ${city.trim()}`.trim() }))
  .pipe(ZPlacesSearchRequest);

/** Automatic search by name and city (Google Places when the server has a key); choosing a result saves its review link. */
export function PlaceSearch({ configured }: { configured: boolean }) {
  const m = useOwnerMessages();
  const form = useForm<z.input<typeof ZPlaceSearchForm>, unknown, z.output<typeof ZPlaceSearchForm>>({
    resolver: zodResolver(ZPlaceSearchForm),
    defaultValues: { name: '', city: '' },
  });
  const [results, setResults] = useState<TPlace[] | null>(null);
  const search = useSearchPlaces();
  const save = useSaveReviewLink();

  // A missing name or city is said in the toast's title, as the other messages of this card (spec §8); the
  // shared messages in the owner's language (the server's arrive in it already).
  const onSubmit = form.handleSubmit(
    async ({ q }) => {
      try {
        const answer = await search.mutateAsync(q);
        if (!answer.configured) {
          setResults(null);
          toast.info(answer.message ?? localized(REVIEW_LINK_MESSAGES.searchNotConfigured));
          return;
        }
        setResults(answer.results);
        if (answer.results.length === 0) toast.info(localized(REVIEW_LINK_MESSAGES.noResults), { description: localized(REVIEW_LINK_MESSAGES.noResultsHint) });
        else toast.success(m.reviews_search_found({ count: answer.results.length }));
      } catch (error) {
        toastErrorTitle(errorMessage(error) ?? localized(REVIEW_LINK_MESSAGES.searchFailed));
      }
    },
    (errors) => toastErrorTitle(localized(firstErrorMessage(errors, ['name', 'city']) ?? REVIEW_LINK_MESSAGES.searchQueryRequired)),
  );

  const choose = async (place: TPlace) => {
    try {
      await save.mutateAsync(place.review_url);
      toast.success(m.reviews_search_chosen({ name: place.name }));
      setResults(null);
    } catch {
      toastErrorTitle(localized(REVIEW_LINK_MESSAGES.placeSaveFailed));
    }
  };

  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div>
        <h2 className="text-lg font-semibold">{m.reviews_search_title()}</h2>
        <p className="text-sm text-stone-600">{m.reviews_search_description()}</p>
      </div>
      {configured ? null : (
        <p role="note" className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm text-stone-700" data-testid="places-not-configured">
          {localized(REVIEW_LINK_MESSAGES.searchNotConfigured)}
        </p>
      )}
      <form onSubmit={onSubmit} className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" noValidate>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="place-name">{m.reviews_search_name()}</Label>
          <Input id="place-name" maxLength={120} disabled={!configured} placeholder={m.reviews_search_name_placeholder()} {...form.register('name')} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="place-city">{m.reviews_search_city()}</Label>
          <Input id="place-city" maxLength={80} disabled={!configured} placeholder={m.reviews_search_city_placeholder()} {...form.register('city')} />
        </div>
        <Button type="submit" variant="outline" disabled={!configured || search.isPending}>
          <Search aria-hidden="true" />
          {m.reviews_search_submit()}
        </Button>
      </form>
      {results ? <PlaceResults results={results} busy={save.isPending} onChoose={(place) => void choose(place)} /> : null}
    </Card>
  );
}
