import type { Context } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeEventLoop } from '../../../tests/support/fake-event-loop';
import { createRequestLoad, REQUEST_LOAD_SAMPLE_MS, waitForRequestLull, type RequestLoad } from './request-load';

// A clock (fake timers) and an event loop the test drives: each 100 ms step says how busy the loop was.
let loop: ReturnType<typeof createFakeEventLoop>;

function step(load: RequestLoad, { loopBusy, steps = 1 }: { loopBusy: number; steps?: number }) {
  loop.setBusy(loopBusy);
  for (let n = 0; n < steps; n++) vi.advanceTimersByTime(REQUEST_LOAD_SAMPLE_MS);
  return load.isSaturated();
}

/** A request through the middleware that stays in flight until `finish` is called. */
function startRequest(load: RequestLoad): { finish: () => Promise<void> } {
  let release!: () => void;
  const done = load.track({} as Context, () => new Promise<void>((resolve) => (release = resolve)));
  return { finish: () => (release(), done as Promise<void>) };
}

let load: RequestLoad;
beforeEach(() => {
  vi.useFakeTimers();
  loop = createFakeEventLoop();
  load = createRequestLoad({ measureLoop: loop.measure, now: () => Date.now() });
  load.startSampling();
});
afterEach(() => {
  load.stopSampling();
  vi.useRealTimers();
});

describe('request load', () => {
  it('is saturated when requests are in flight all the time and the event loop is nearly always busy', async () => {
    const request = startRequest(load);
    expect(step(load, { loopBusy: 0.97, steps: 4 })).toBe(false); // not a whole window yet
    expect(step(load, { loopBusy: 0.97 })).toBe(true);
    await request.finish();
    // The rush ends: requests no longer fill the window, the jobs run again.
    expect(step(load, { loopBusy: 0.97, steps: 2 })).toBe(false);
  });

  it('is not saturated by requests waiting on the database while the loop has time to spare', () => {
    startRequest(load);
    expect(step(load, { loopBusy: 0.4, steps: 10 })).toBe(false);
  });

  it('is not saturated by a loop kept busy by the jobs themselves, with a request now and then', async () => {
    loop.setBusy(1);
    for (let n = 0; n < 10; n++) {
      const request = startRequest(load);
      vi.advanceTimersByTime(20);
      await request.finish();
      vi.advanceTimersByTime(REQUEST_LOAD_SAMPLE_MS - 20);
      expect(load.isSaturated()).toBe(false);
    }
  });

  it('stays saturated through a dip of the rush, and eases when it really ends', async () => {
    const request = startRequest(load);
    expect(step(load, { loopBusy: 0.97, steps: 5 })).toBe(true);
    // One slow sample (a pause of the collector): the window's average stays above 75%.
    expect(step(load, { loopBusy: 0.3 })).toBe(true);
    expect(step(load, { loopBusy: 0.97, steps: 2 })).toBe(true);
    // Less busy for good: under 75% over the window.
    expect(step(load, { loopBusy: 0.6, steps: 5 })).toBe(false);
    // And 85% is not enough to be saturated again (it takes 90%).
    expect(step(load, { loopBusy: 0.85, steps: 5 })).toBe(false);
    await request.finish();
  });

  it('counts overlapping requests once', async () => {
    const first = startRequest(load);
    const second = startRequest(load);
    step(load, { loopBusy: 1, steps: 2 });
    await first.finish();
    expect(step(load, { loopBusy: 1, steps: 3 })).toBe(true);
    await second.finish();
    expect(step(load, { loopBusy: 1, steps: 5 })).toBe(false);
  });

  it('a job waits for the rush to ease, and at most its limit', async () => {
    let saturated = true;
    const probe = { isSaturated: () => saturated };
    const waited = waitForRequestLull(probe, Date.now() + 10_000);
    await vi.advanceTimersByTimeAsync(1_000);
    saturated = false;
    await vi.advanceTimersByTimeAsync(REQUEST_LOAD_SAMPLE_MS);
    expect(await waited).toBeGreaterThanOrEqual(1_000);

    saturated = true;
    const capped = waitForRequestLull(probe, Date.now() + 2_000);
    await vi.advanceTimersByTimeAsync(2_500);
    const cappedMs = await capped;
    expect(cappedMs).toBeGreaterThanOrEqual(2_000);
    expect(cappedMs).toBeLessThan(2_000 + 2 * REQUEST_LOAD_SAMPLE_MS);
  });
});
