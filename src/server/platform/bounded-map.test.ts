import { describe, expect, it } from 'vitest';
import { setNewest } from './bounded-map';

describe('setNewest', () => {
  it('keeps at most max entries, dropping the oldest first, and a key set again counts as new', () => {
    const map = new Map<string, number>();
    for (const key of ['a', 'b', 'c']) setNewest(map, key, 1, 3);
    setNewest(map, 'a', 2, 3);
    setNewest(map, 'd', 1, 3);
    expect([...map.keys()]).toEqual(['c', 'a', 'd']);
    expect(map.get('a')).toBe(2);
  });

  it('past max, drops the oldest tenth at once, so a full map taking new keys stays cheap', () => {
    const map = new Map<number, number>();
    for (let n = 0; n < 1000; n++) setNewest(map, n, n, 1000);
    setNewest(map, 1000, 1000, 1000);
    expect(map.size).toBe(900);
    expect(map.has(100)).toBe(false);
    expect(map.has(101)).toBe(true);
    for (let n = 1001; n < 50_000; n++) setNewest(map, n, n, 1000);
    expect(map.size).toBeLessThanOrEqual(1000);
    expect(map.has(49_999)).toBe(true);
  });
});
