import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeEventLoop } from '../../../tests/support/fake-event-loop';
import { MEMORY_SETTLE_CHECK_MS, MEMORY_SETTLE_GROWTH_BYTES, MEMORY_SETTLE_QUIET_CHECKS, startMemorySettle, type GcFunction, type MemorySettle } from './memory-settle';

const MB = 1024 * 1024;
const QUIET_MS = MEMORY_SETTLE_CHECK_MS * MEMORY_SETTLE_QUIET_CHECKS;
// A heap and a collector the test drives: the collector brings the heap down to `live`.
let heap = 0;
let live = 0;
const gc = vi.fn<GcFunction>(() => {
  heap = live;
});
// An event loop the test drives (fake timers).
let loop: ReturnType<typeof createFakeEventLoop>;
const info = vi.fn();
let settle: MemorySettle | null = null;
const start = (withGc: GcFunction | null = gc) => (settle = startMemorySettle({ logger: { info } as never, gc: withGc, heapBytes: () => heap, measureLoop: loop.measure, now: () => Date.now() }));

beforeEach(() => {
  vi.useFakeTimers();
  heap = live = 60 * MB;
  loop = createFakeEventLoop();
  gc.mockClear();
  info.mockClear();
});
afterEach(() => {
  settle?.stop();
  settle = null;
  vi.useRealTimers();
});

describe('memory settle after a rush', () => {
  it('collects once the event loop has been quiet for 30 s, with the last-resort collection, and logs what it gave back', () => {
    start();
    loop.setBusy(0.95); // the rush
    vi.advanceTimersByTime(60_000);
    heap = 180 * MB;
    live = 64 * MB;
    loop.setBusy(0.01); // over: job polls, a health check now and then
    vi.advanceTimersByTime(QUIET_MS - MEMORY_SETTLE_CHECK_MS);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MEMORY_SETTLE_CHECK_MS);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ heapBeforeMb: 180, heapAfterMb: 64 }), 'memory settled after load');
  });

  it('never collects while the process works: requests, or a long email drain without any request', () => {
    start();
    heap = 300 * MB;
    loop.setBusy(0.4);
    vi.advanceTimersByTime(QUIET_MS * 5);
    expect(gc).not.toHaveBeenCalled();
  });

  it('starts counting again after one busy check', () => {
    start();
    heap = 300 * MB;
    vi.advanceTimersByTime(QUIET_MS - MEMORY_SETTLE_CHECK_MS);
    loop.setBusy(0.5);
    vi.advanceTimersByTime(MEMORY_SETTLE_CHECK_MS);
    loop.setBusy(0);
    vi.advanceTimersByTime(QUIET_MS - MEMORY_SETTLE_CHECK_MS);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MEMORY_SETTLE_CHECK_MS);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('leaves a heap that grew by less than the threshold alone', () => {
    start();
    heap += MEMORY_SETTLE_GROWTH_BYTES - MB;
    vi.advanceTimersByTime(QUIET_MS * 3);
    expect(gc).not.toHaveBeenCalled();
  });

  it('takes the heap it left as the new reference: live data that grew does not make it collect again', () => {
    start();
    heap = 200 * MB;
    live = 150 * MB; // a rush that left more live data (caches filled)
    vi.advanceTimersByTime(QUIET_MS * 4);
    expect(gc).toHaveBeenCalledTimes(1);
    // The next rush grows it again from there: one more collection, once quiet.
    loop.setBusy(0.9);
    vi.advanceTimersByTime(20_000);
    heap = 150 * MB + MEMORY_SETTLE_GROWTH_BYTES;
    loop.setBusy(0);
    vi.advanceTimersByTime(QUIET_MS);
    expect(gc).toHaveBeenCalledTimes(2);
  });

  it("collects the start's garbage once the server listens, without waiting, and measures the next rush from the heap it left", () => {
    heap = 90 * MB; // the bundle evaluated, migrations checked, the job queue set up
    live = 30 * MB;
    start().afterStart();
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ heapBeforeMb: 90, heapAfterMb: 30 }), 'memory settled after start');
    // From 30 MB, not 90: a rush that brings the heap back to 90 MB is worth a collection once quiet.
    loop.setBusy(0.9);
    vi.advanceTimersByTime(20_000);
    heap = 90 * MB;
    loop.setBusy(0);
    vi.advanceTimersByTime(QUIET_MS);
    expect(gc).toHaveBeenCalledTimes(2);
    expect(info).toHaveBeenLastCalledWith(expect.objectContaining({ heapBeforeMb: 90 }), 'memory settled after load');
  });

  it('does nothing without an exposed collector (development, tests)', () => {
    const settle = start(null);
    heap = 500 * MB;
    expect(vi.getTimerCount()).toBe(0);
    settle.afterStart();
    for (let n = 0; n < MEMORY_SETTLE_QUIET_CHECKS * 2; n++) expect(settle.check()).toBe(false);
    expect(info).not.toHaveBeenCalled();
  });
});
