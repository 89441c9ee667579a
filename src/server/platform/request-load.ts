import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { MiddlewareHandler } from 'hono';

/**
 * How hard live HTTP requests keep this process busy, so that background jobs (emails above all) give
 * way to them during a rush (decision 023). The process counts as saturated by requests when, over the
 * last half second, requests were in flight nearly all the time AND its event loop was nearly always
 * busy: both at once, because
 * - a loop kept busy by the jobs themselves, with a few requests now and then, is a job backlog being
 *   sent, which must go on (requests are rarely in flight then);
 * - requests in flight on a loop with time to spare (waiting for the database) take nothing from the jobs.
 */
export type RequestLoad = {
  /** Hono middleware counting the requests in flight; first in the chain. */
  track: MiddlewareHandler;
  /** Starts sampling (every 100 ms, in a process whose jobs ask: a web-only instance never does). */
  startSampling(): void;
  /** False until a whole window was sampled; once true, until the shares fall under EASED_SHARE. */
  isSaturated(): boolean;
  stopSampling(): void;
};

export const REQUEST_LOAD_SAMPLE_MS = 100;
/** Samples in the window (×100 ms): half a second, long enough to see a rush, short enough to see it end. */
const WINDOW_SAMPLES = 5;
/** Share of the window (requests in flight, event loop busy) from which the process is saturated. */
export const SATURATED_SHARE = 0.9;
/**
 * Once saturated, the shares under which it has eased: lower, so that a dip of one sample (a pause
 * of the collector, a slow answer) does not release the jobs in the middle of a rush.
 */
export const EASED_SHARE = 0.75;

type Options = {
  /** node:perf_hooks' eventLoopUtilization by default (a test gives its own). */
  measureLoop?: (current?: EventLoopUtilization, previous?: EventLoopUtilization) => EventLoopUtilization;
  now?: () => number;
};

export function createRequestLoad({ measureLoop = performance.eventLoopUtilization, now = () => performance.now() }: Options = {}): RequestLoad {
  let inFlight = 0;
  let busySince = 0;
  let busyMs = 0;
  let sampledAt = now();
  let lastLoop = measureLoop();
  const requestShares: number[] = [];
  const loopShares: number[] = [];
  let timer: NodeJS.Timeout | null = null;
  let saturated = false;

  const takeSample = () => {
    const at = now();
    const elapsed = at - sampledAt;
    if (inFlight > 0) {
      busyMs += at - busySince;
      busySince = at;
    }
    const loop = measureLoop();
    requestShares.push(elapsed > 0 ? Math.min(1, busyMs / elapsed) : 0);
    loopShares.push(measureLoop(loop, lastLoop).utilization);
    lastLoop = loop;
    if (requestShares.length > WINDOW_SAMPLES) {
      requestShares.shift();
      loopShares.shift();
    }
    busyMs = 0;
    sampledAt = at;
    if (requestShares.length < WINDOW_SAMPLES) return;
    const threshold = saturated ? EASED_SHARE : SATURATED_SHARE;
    saturated = average(requestShares) >= threshold && average(loopShares) >= threshold;
  };
  const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

  return {
    track: async (_c, next) => {
      if (inFlight++ === 0) busySince = now();
      try {
        await next();
      } finally {
        if (--inFlight === 0) busyMs += now() - busySince;
      }
    },
    startSampling() {
      if (timer) return;
      sampledAt = now();
      lastLoop = measureLoop();
      busyMs = 0;
      if (inFlight > 0) busySince = sampledAt;
      // unref: the sampling never keeps the process alive.
      timer = setInterval(takeSample, REQUEST_LOAD_SAMPLE_MS).unref();
    },
    isSaturated: () => saturated,
    stopSampling() {
      if (timer) clearInterval(timer);
      timer = null;
      requestShares.length = 0;
      loopShares.length = 0;
      saturated = false;
    },
  };
}

/**
 * Waits while live requests saturate the process, until `deadline` (epoch ms) at the latest: a
 * background job started now would take its event loop from diners waiting for an answer. Returns the
 * time waited.
 */
export async function waitForRequestLull(load: Pick<RequestLoad, 'isSaturated'>, deadline: number): Promise<number> {
  const started = Date.now();
  while (load.isSaturated() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(REQUEST_LOAD_SAMPLE_MS, Math.max(1, deadline - Date.now()))));
  }
  return Date.now() - started;
}
