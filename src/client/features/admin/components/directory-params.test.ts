import { describe, expect, it } from 'vitest';
import { readDirectoryParams, withDirectoryChange } from './directory-params';

describe('the admin directory address (readDirectoryParams, withDirectoryChange)', () => {
  it('reads the search, the filters and the page, falling back to all and page 1 on anything unknown', () => {
    expect(readDirectoryParams(new URLSearchParams('q=zinc&status=pending&country=GB&page=3'))).toEqual({ q: 'zinc', status: 'pending', country: 'GB', page: 3 });
    expect(readDirectoryParams(new URLSearchParams('status=lost&country=XX&page=-2'))).toEqual({ q: '', status: 'all', country: 'all', page: 1 });
    expect(readDirectoryParams(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('writes the short address: the search trimmed, all and page 1 left out, other parameters kept', () => {
    const previous = new URLSearchParams('tab=x&q=old&status=approved&page=4');
    expect(withDirectoryChange(previous, { q: '  zinc  ' }).toString()).toBe('tab=x&q=zinc&status=approved');
    expect(withDirectoryChange(previous, { status: 'all' }).toString()).toBe('tab=x&q=old');
    expect(withDirectoryChange(previous, { page: 5 }).toString()).toBe('tab=x&q=old&status=approved&page=5');
    expect(withDirectoryChange(previous, { q: '' }).toString()).toBe('tab=x&status=approved');
    // The address it was given is left as it was.
    expect(previous.toString()).toBe('tab=x&q=old&status=approved&page=4');
  });
});
