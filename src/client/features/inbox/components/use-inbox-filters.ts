import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ZInboxFilters, type TInboxFilters } from '../../../../shared/schemas/inbox';
import type { FilterPatch } from './inbox-filters';

const FILTER_KEYS = ['rating', 'period', 'from', 'to', 'qr', 'comment', 'contact', 'status'] as const;

/** The filters read from the URL; a hand-edited value the schema refuses is dropped, not sent. */
export function readFilters(params: URLSearchParams): TInboxFilters {
  const raw = Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined]).filter(([, value]) => value));
  const parsed = ZInboxFilters.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/** The address's search of `filters`, in a fixed order, without the empty ones. */
export function filtersSearch(filters: TInboxFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) search.set(key, String(filters[key]));
  return search;
}

/**
 * /avis's filters, kept in the URL, and `?feedback=<id>` (the alert emails' link: one feedback alone).
 * `onChange` runs on every change (the page clears its selection).
 */
export function useInboxFilters(onChange: () => void) {
  const [params, setParams] = useSearchParams();
  const feedbackId = params.get('feedback') ?? undefined;
  const filters = useMemo(() => readFilters(params), [params]);
  // The filters last written: the URL catches up a moment later (navigations are transitions).
  const latest = useRef<TInboxFilters>(filters);
  useEffect(() => {
    latest.current = filters;
  }, [filters]);
  const change = (next: TInboxFilters) => {
    latest.current = next;
    setParams(filtersSearch(next), { replace: true });
    onChange();
  };
  return {
    feedbackId,
    filters,
    patch: (patch: FilterPatch) => change({ ...latest.current, ...patch } as TInboxFilters),
    clear: () => change({}),
  };
}
