import { useSearchParams } from 'react-router';
import { CUSTOMER_FILTERS, type TCustomerFilter, type TCustomerScope } from '../../../../shared/schemas/customers';

export type CustomerListParams = { q: string; page: number; scope: TCustomerScope; filter: TCustomerFilter | null };

/** The list's search, page, view and filter read from the address; a hand-edited value falls back to the default. */
export function readCustomerListParams(params: URLSearchParams): CustomerListParams {
  const filterParam = params.get('filter');
  return {
    q: params.get('q') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
    scope: params.get('scope') === 'all' ? 'all' : 'known',
    filter: (CUSTOMER_FILTERS as readonly string[]).includes(filterParam ?? '') ? (filterParam as TCustomerFilter) : null,
  };
}

/** The address's search of a list: only what differs from the defaults. */
export function customerListSearch(list: CustomerListParams): Record<string, string> {
  const search: Record<string, string> = {};
  if (list.q) search.q = list.q;
  if (list.scope === 'all') search.scope = 'all';
  if (list.filter) search.filter = list.filter;
  if (list.page > 1) search.page = String(list.page);
  return search;
}

/**
 * /customers's list in the address (a reload or a shared link shows the same list): `show` changes the view,
 * the filter or the page, a change of view or filter going back to page 1.
 */
export function useCustomerListParams() {
  const [params, setParams] = useSearchParams();
  const list = readCustomerListParams(params);
  const show = (next: Partial<Omit<CustomerListParams, 'q'>>) => setParams(customerListSearch({ ...list, page: 1, ...next }));
  return { ...list, show, setParams };
}
