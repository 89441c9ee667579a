import { describe, expect, it } from 'vitest';
import { customerListSearch, readCustomerListParams } from './use-customer-list-params';

describe('the customers list in the address', () => {
  it('reads the defaults from an empty address, and drops a hand-edited filter or page', () => {
    expect(readCustomerListParams(new URLSearchParams())).toEqual({ q: '', page: 1, scope: 'known', filter: null });
    expect(readCustomerListParams(new URLSearchParams('filter=nope&page=-3&scope=weird'))).toEqual({ q: '', page: 1, scope: 'known', filter: null });
  });

  it('writes back only what differs from the defaults, and reads it the same', () => {
    const list = { q: 'élodie', page: 3, scope: 'all' as const, filter: null };
    const search = customerListSearch(list);
    expect(search).toEqual({ q: 'élodie', scope: 'all', page: '3' });
    expect(readCustomerListParams(new URLSearchParams(search))).toEqual(list);
    expect(customerListSearch({ q: '', page: 1, scope: 'known', filter: null })).toEqual({});
  });
});
