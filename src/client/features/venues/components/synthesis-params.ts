import type { OwnerMessages } from '../../../../shared/i18n/owner';
import { VENUE_PERIODS, VENUE_SORT_KEYS, type TVenuePeriod, type TVenueSortKey } from '../../../../shared/schemas/venues';
import type { SynthesisPeriod } from '../api/get-synthesis';
import { columnLabel } from '../format';

export type SortState = { key: TVenueSortKey; dir: 'asc' | 'desc' };

const isPeriod = (value: string | null): value is TVenuePeriod => !!value && (VENUE_PERIODS as readonly string[]).includes(value);
const isSortKey = (value: string | null): value is TVenueSortKey => !!value && (VENUE_SORT_KEYS as readonly string[]).includes(value);

/** The consolidated view's period and order from its address (a shared link shows the same): 30 days by name, A → Z, by default. */
export function readSynthesisParams(params: URLSearchParams): { period: SynthesisPeriod; sort: SortState } {
  const period = params.get('period');
  const key = params.get('sort');
  return {
    period: { period: isPeriod(period) ? period : '30d', from: params.get('from') ?? undefined, to: params.get('to') ?? undefined },
    sort: { key: isSortKey(key) ? key : 'name', dir: params.get('dir') === 'desc' ? 'desc' : 'asc' },
  };
}

/** A header clicked: a new column starts with the largest figures first (names A → Z); the same column turns around. */
export function nextSort(sort: SortState, key: TVenueSortKey): SortState {
  const dir = sort.key === key ? (sort.dir === 'asc' ? 'desc' : 'asc') : key === 'name' ? 'asc' : 'desc';
  return { key, dir };
}

/** The phone's sort select: each column either way. */
export function sortOptions(m: OwnerMessages): Array<readonly [string, string]> {
  return VENUE_SORT_KEYS.flatMap((key): Array<readonly [string, string]> =>
    key === 'name'
      ? [
          ['name:asc', m.venues_sort_name_asc()],
          ['name:desc', m.venues_sort_name_desc()],
        ]
      : [
          [`${key}:desc`, m.venues_sort_desc({ column: columnLabel(m, key) })],
          [`${key}:asc`, m.venues_sort_asc({ column: columnLabel(m, key) })],
        ],
  );
}
