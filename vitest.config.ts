import { defineConfig } from 'vitest/config';

// Unit tests sit next to the code; API tests run the whole app on a real database (PGlite by
// default, PostgreSQL when TEST_DATABASE_URL is set). The machine has 2 cores: 2 workers.
// The API and perf files share their worker's modules (isolate: false): each file builds its own app on
// its own database, and importing the server's module graph again for every file cost more than a third
// of those runs (decision 066). tests/support/shared-worker.ts undoes what a file may leave in a module.
const sharedWorker = { isolate: false, setupFiles: ['tests/support/shared-worker.ts'] };
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      // Sized for a loaded 2-core machine: PDF and PNG rendering take seconds there, not milliseconds.
      { test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'tests/lint/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 30_000 } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          ...sharedWorker,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      // Statement budgets (≤ N statements per path) and the named (prepared) statements of the hot paths:
      // performance properties, apart from behaviour. `npm test` runs them with the others.
      {
        test: {
          name: 'perf',
          include: ['tests/perf/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          ...sharedWorker,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
