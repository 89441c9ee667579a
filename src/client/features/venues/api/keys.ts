import { venuesKeys } from '../../../lib/query-keys';
import type { TVenueSynthesisQuery } from '../../../../shared/schemas/venues';

/** Query keys of /etablissements (the list) and its consolidated view (per period). */
export const venueKeys = {
  all: venuesKeys.all,
  list: () => [...venueKeys.all, 'list'] as const,
  synthesis: (query: Pick<TVenueSynthesisQuery, 'period' | 'from' | 'to'>) => [...venueKeys.all, 'synthesis', query.period, query.from ?? '', query.to ?? ''] as const,
};
