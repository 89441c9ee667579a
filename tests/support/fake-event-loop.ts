import type { EventLoopUtilization } from 'node:perf_hooks';

/**
 * An event loop a unit test drives under fake timers, for the meters that read
 * performance.eventLoopUtilization (request-load): `setBusy(share)` says how busy the loop
 * is from now on, and `measure` answers as eventLoopUtilization does (a reading, or the share between two).
 */
export function createFakeEventLoop() {
  let active = 0;
  let idle = 0;
  let busy = 0;
  let at = Date.now();
  const catchUp = () => {
    const elapsed = Date.now() - at;
    at = Date.now();
    active += elapsed * busy;
    idle += elapsed * (1 - busy);
  };
  return {
    setBusy(share: number) {
      catchUp();
      busy = share;
    },
    measure(current?: EventLoopUtilization, previous?: EventLoopUtilization): EventLoopUtilization {
      if (current && previous) {
        const activeMs = current.active - previous.active;
        const idleMs = current.idle - previous.idle;
        return { active: activeMs, idle: idleMs, utilization: activeMs + idleMs > 0 ? activeMs / (activeMs + idleMs) : 0 };
      }
      catchUp();
      return { active, idle, utilization: 0 };
    },
  };
}
