// The API and perf test files share their worker's modules (`isolate: false`, decision 066): what one file
// changes in a module's state must not reach the next one. After each file: the server's clock back to real
// time, spies restored, real timers, environment and globals unstubbed. Each file's own app (database, job
// queue, mailer) is its own and closed by the file (tests/support/test-app.ts).
import { afterAll, vi } from 'vitest';
import { clock } from '../../src/server/lib/runtime/clock';

afterAll(() => {
  clock.reset();
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
