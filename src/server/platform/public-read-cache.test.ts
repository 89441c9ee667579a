import { describe, expect, it } from 'vitest';
import { createPublicReadCache } from './public-read-cache';

describe('createPublicReadCache', () => {
  it('answers from memory within the time to live, then reads again', async () => {
    let now = 1_000;
    let loads = 0;
    const cache = createPublicReadCache({ ttlMs: 2_000, now: () => now });
    const load = async () => ++loads;
    expect(await cache.read('restaurant:a', load)).toBe(1);
    now += 1_999;
    expect(await cache.read('restaurant:a', load)).toBe(1);
    now += 1;
    expect(await cache.read('restaurant:a', load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('forgets everything on clear, and does not keep a read that began before the clear', async () => {
    const cache = createPublicReadCache();
    let release!: (value: string) => void;
    const slow = cache.read('restaurant:a', () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear(); // an owner's edit lands while the read is in flight
    release('old name');
    expect(await slow).toBe('old name');
    expect(await cache.read('restaurant:a', async () => 'new name')).toBe('new name');
    await cache.read('restaurant:b', async () => 'b');
    cache.clear();
    expect(await cache.read('restaurant:b', async () => 'b again')).toBe('b again');
  });

  it('keeps no refusal, and at most maxEntries answers (the oldest dropped first)', async () => {
    const cache = createPublicReadCache({ maxEntries: 2 });
    await expect(cache.read('qr:unknown', async () => Promise.reject(new Error('QR code invalide')))).rejects.toThrow('QR code invalide');
    expect(await cache.read('qr:unknown', async () => 'found now')).toBe('found now');
    await cache.read('a', async () => 'a1');
    await cache.read('b', async () => 'b1');
    expect(await cache.read('a', async () => 'a2')).toBe('a1');
    expect(await cache.read('qr:unknown', async () => 'read again')).toBe('read again');
  });
});
