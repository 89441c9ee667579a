import { defineConfig } from 'vitest/config';

// Browser tests: one production server for the run, the system Chromium, one file at a time.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.spec.ts'],
    globalSetup: ['tests/support/i18n-setup.ts', 'tests/e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
    // A browser beside the PostgreSQL API tests on two cores: loading a chunk and hydrating can take
    // seconds, so expect.poll waits up to 15 s (its own default, 1 s, failed a hydrated tap in CI).
    expect: { poll: { timeout: 15_000 } },
  },
});
