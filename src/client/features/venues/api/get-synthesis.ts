import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, readJson } from '../../../lib/api-client';
import type { TVenuePeriod, TVenueSynthesis } from '../../../../shared/schemas/venues';
import { venueKeys } from './keys';

export type SynthesisPeriod = { period: TVenuePeriod; from?: string; to?: string };

/** The period as the API's query (the rows are sorted on the page: the order never needs a new read). */
function periodQuery(period: SynthesisPeriod): { period: TVenuePeriod; from?: string; to?: string } {
  return period.period === 'custom' ? { period: 'custom', from: period.from ?? '', to: period.to ?? '' } : { period: period.period };
}

export async function getSynthesis(period: SynthesisPeriod): Promise<TVenueSynthesis> {
  return readJson<TVenueSynthesis>(await api.venues.synthesis.$get({ query: periodQuery(period) }));
}

/** A custom period is read once both dates are chosen. */
export function useSynthesis(period: SynthesisPeriod) {
  const ready = period.period !== 'custom' || (!!period.from && !!period.to && period.from <= period.to);
  return useQuery({ queryKey: venueKeys.synthesis(period), queryFn: () => getSynthesis(period), enabled: ready, staleTime: 0, placeholderData: keepPreviousData });
}

/** The CSV of the view, in the order shown. */
export function synthesisCsvUrl(period: SynthesisPeriod, sort: string, dir: 'asc' | 'desc'): string {
  const params = new URLSearchParams(Object.entries({ ...periodQuery(period), sort, dir }).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return `/api/venues/synthesis.csv?${params.toString()}`;
}
