import { getHeapStatistics } from 'node:v8';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { Logger } from './logger';

/**
 * Gives memory back once a rush is over (decision 065). V8 keeps the pages of its heap that a busy
 * stretch needed: after a Saturday night they hold garbage the collector freed but did not hand back to
 * the system. V8's own memory reducer releases them once the process looks idle (~35 s after a burst
 * when nothing else runs), but the job workers' polls often keep it from ever deciding so. Once the
 * event loop has been quiet (under QUIET_SHARE busy) for QUIET_CHECKS checks in a row, 30 s, and the heap
 * has grown by GROWTH_BYTES since the last settle, one full collection "of last resort" (V8's, the one
 * its memory reducer, a heap snapshot or a low-memory notification runs) frees the garbage and releases
 * the pages.
 *
 * Quiet is the event loop's measure, not "no request": a load balancer's health check every few seconds
 * does not keep the memory, and a long email drain (no request, a busy loop) is not interrupted.
 *
 * Its price is the memory reducer's: it drops the optimised code, so the next ~2 s of requests run on
 * code being optimised again (~140 functions; twice the CPU per submission meanwhile). Hence 30 s, about
 * when V8 would do the same on its own, and never while the process works.
 *
 * The start is a burst of its own (the bundle evaluated, migrations checked, the job queue set up): its
 * garbage is collected the same way once, as soon as the server listens (`afterStart`), so an instance
 * that starts and waits for its first diners holds ~125 MB instead of 140–170 MB on PostgreSQL.
 *
 * The collection is V8's `gc` function, which the server's Node flags expose (`--expose-gc`,
 * SERVER_NODE_FLAGS); without it (development, tests) nothing runs. It pauses the process ~50–150 ms.
 * The heap it leaves is the new reference, so live data that grew does not make it run again.
 */

/** V8's `gc` (Node's --expose-gc) with its options: a synchronous full collection that also releases freed pages. */
export type GcFunction = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export const MEMORY_SETTLE_CHECK_MS = 5_000;
/** Checks in a row with the event loop quiet (30 s): the rush is over, and V8's own memory reducer would soon decide the same. */
export const MEMORY_SETTLE_QUIET_CHECKS = 6;
/** The event loop's busy share under which a check's 5 s count as quiet (health checks and job polls stay far under it). */
export const MEMORY_SETTLE_QUIET_SHARE = 0.1;
/** Growth of the heap (committed) since the last settle that is worth a collection. */
export const MEMORY_SETTLE_GROWTH_BYTES = 32 * 1024 * 1024;

type Options = {
  logger?: Pick<Logger, 'info'>;
  /** globalThis.gc by default (present with --expose-gc); null: none. */
  gc?: GcFunction | null;
  /** The V8 heap's committed size in bytes (v8.getHeapStatistics().total_heap_size by default). */
  heapBytes?: () => number;
  /** node:perf_hooks' eventLoopUtilization by default (a test gives its own). */
  measureLoop?: (current?: EventLoopUtilization, previous?: EventLoopUtilization) => EventLoopUtilization;
  now?: () => number;
};

export type MemorySettle = {
  /** One check, as the timer runs it: true when it collected. */
  check(): boolean;
  /** Collects the start's garbage once (the server calls it when it listens); the heap left is the reference. */
  afterStart(): void;
  stop(): void;
};

const exposedGc = (): GcFunction | undefined => (globalThis as { gc?: GcFunction }).gc;


export function startMemorySettle({
  logger,
  gc = exposedGc() ?? null,
  heapBytes = () => getHeapStatistics().total_heap_size,
  measureLoop = performance.eventLoopUtilization,
  now = () => performance.now(),
}: Options = {}): MemorySettle {
  let reference = heapBytes();
  let lastLoop = measureLoop();
  let quietChecks = 0;
  const collect = (gcNow: GcFunction, message: string) => {
    const before = heapBytes();
    const started = now();
    gcNow({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    reference = heapBytes();
    logger?.info({ heapBeforeMb: Math.round(before / 1048576), heapAfterMb: Math.round(reference / 1048576), ms: Math.round(now() - started) }, message);
  };
  const check = () => {
    const loop = measureLoop();
    quietChecks = measureLoop(loop, lastLoop).utilization < MEMORY_SETTLE_QUIET_SHARE ? quietChecks + 1 : 0;
    lastLoop = loop;
    if (!gc || quietChecks < MEMORY_SETTLE_QUIET_CHECKS) return false;
    if (heapBytes() - reference < MEMORY_SETTLE_GROWTH_BYTES) return false;
    collect(gc, 'memory settled after load');
    return true;
  };
  // unref: the check never keeps the process alive.
  const timer = gc ? setInterval(check, MEMORY_SETTLE_CHECK_MS).unref() : null;
  return {
    check,
    afterStart: () => {
      if (gc) collect(gc, 'memory settled after start');
    },
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
