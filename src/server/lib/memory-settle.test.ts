import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEMORY_SETTLE_CHECK_MS, MEMORY_SETTLE_GROWTH_BYTES, MEMORY_SETTLE_IDLE_MS, startMemorySettle, type GcFunction, type MemorySettle } from './memory-settle';

const MB = 1024 * 1024;
// A heap and a collector the test drives: the collector brings the heap down to `live`.
let heap = 0;
let live = 0;
let lastActive = 0;
const gc = vi.fn<GcFunction>(() => {
  heap = live;
});
const info = vi.fn();
let settle: MemorySettle | null = null;
const start = (withGc: GcFunction | null = gc) =>
  (settle = startMemorySettle({ lastActiveAt: () => lastActive, logger: { info } as never, gc: withGc, heapBytes: () => heap, now: () => Date.now() }));

beforeEach(() => {
  vi.useFakeTimers();
  heap = live = 60 * MB;
  lastActive = Date.now();
  gc.mockClear();
  info.mockClear();
});
afterEach(() => {
  settle?.stop();
  settle = null;
  vi.useRealTimers();
});

describe('memory settle after a rush', () => {
  it('collects once the rush is over, with the last-resort collection, and logs what it gave back', () => {
    start();
    heap = 180 * MB; // the rush grew the heap
    live = 64 * MB;
    lastActive = Date.now();
    vi.advanceTimersByTime(MEMORY_SETTLE_IDLE_MS - MEMORY_SETTLE_CHECK_MS); // not idle long enough yet
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MEMORY_SETTLE_CHECK_MS);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ heapBeforeMb: 180, heapAfterMb: 64 }), 'memory settled after load');
  });

  it('never collects while requests keep coming', () => {
    start();
    heap = 300 * MB;
    for (let n = 0; n < 20; n++) {
      lastActive = Date.now(); // a request every check
      vi.advanceTimersByTime(MEMORY_SETTLE_CHECK_MS);
    }
    expect(gc).not.toHaveBeenCalled();
  });

  it('leaves a heap that grew by less than the threshold alone', () => {
    start();
    heap += MEMORY_SETTLE_GROWTH_BYTES - MB;
    vi.advanceTimersByTime(MEMORY_SETTLE_IDLE_MS * 3);
    expect(gc).not.toHaveBeenCalled();
  });

  it('takes the heap it left as the new reference: live data that grew does not make it collect again', () => {
    start();
    heap = 200 * MB;
    live = 150 * MB; // a rush that left more live data (caches filled)
    vi.advanceTimersByTime(MEMORY_SETTLE_IDLE_MS * 6);
    expect(gc).toHaveBeenCalledTimes(1);
    // The next rush grows it again from there: one more collection, once idle.
    lastActive = Date.now();
    heap = 150 * MB + MEMORY_SETTLE_GROWTH_BYTES;
    vi.advanceTimersByTime(MEMORY_SETTLE_IDLE_MS + MEMORY_SETTLE_CHECK_MS);
    expect(gc).toHaveBeenCalledTimes(2);
  });

  it('does nothing without an exposed collector (development, tests)', () => {
    const settle = start(null);
    heap = 500 * MB;
    vi.advanceTimersByTime(MEMORY_SETTLE_IDLE_MS * 6);
    expect(settle.check()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
