import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit tests sit next to the code; API tests run the whole app on a real database (PGlite by
// default, PostgreSQL when TEST_DATABASE_URL is set). The machine has 2 cores: 2 workers.
// The API and perf files share their worker's modules (isolate: false): each file builds its own app on
// its own database, and importing the server's module graph again for every file cost more than a third
// of those runs (decision 066). tests/support/shared-worker.ts undoes what a file may leave in a module.
const sharedWorker = { isolate: false, setupFiles: ['tests/support/shared-worker.ts'] };
/**
 * The API tests whose outcome does not depend on which database is under the app: they test a layer above
 * it (HTTP parsing and headers, the client IP, the input guard, rendered PDFs, emails and pages, the
 * production start's checks, the documents). `npm test` runs them with the others; CI runs them once, on
 * PostgreSQL, and the rest on both databases (scripts/test.mjs --db-specific, decision 088). A file that
 * asserts what a query, a transaction, a lock, the queue or a driver does belongs in `api`, not here.
 */
const ANY_DATABASE_API_FILES = [
  'client-ip',
  'diner-email-spam',
  'email-editor',
  'http-semantics',
  'light-responses-contract',
  'log-redaction',
  'mail-kinds',
  'mail-settings',
  'mail-transport',
  'node-adapter',
  'node-launcher',
  'openapi',
  'qr-limits',
  'request-hygiene',
  'security-check',
  'settings-documented',
  'site-pages',
  'table-card-fonts',
].map((name) => `tests/api/${name}.test.ts`);
// 60 s a test: a CI run on two cores has the browser tests beside the API pass, and there a test that
// reads back PDFs or hashes several passwords took more than 30 s (load average 13).
const apiProject = { globalSetup: ['tests/support/i18n-setup.ts', 'tests/support/global-setup.ts'], ...sharedWorker, testTimeout: 60_000, hookTimeout: 60_000, pool: 'forks' as const };
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      // Sized for a loaded 2-core machine: PDF and PNG rendering take seconds there, not milliseconds.
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/lint/**/*.test.ts'],
          exclude: ['src/client/**/*.dom.test.tsx'],
          globalSetup: ['tests/support/i18n-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      // The client's components and hooks, rendered with Testing Library in happy-dom: only the files named
      // *.dom.test.tsx pay for a DOM; the other unit tests stay in Node.
      {
        plugins: [react()],
        test: {
          name: 'dom',
          include: ['src/client/**/*.dom.test.tsx'],
          environment: 'happy-dom',
          globalSetup: ['tests/support/i18n-setup.ts'],
          setupFiles: ['tests/support/dom-setup.ts'],
          testTimeout: 30_000,
        },
      },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], exclude: ANY_DATABASE_API_FILES, ...apiProject } },
      { test: { name: 'api-any-db', include: ANY_DATABASE_API_FILES, ...apiProject } },
      // Statement budgets (≤ N statements per path) and the named (prepared) statements of the hot paths:
      // performance properties, apart from behaviour. `npm test` runs them with the others.
      { test: { name: 'perf', include: ['tests/perf/**/*.test.ts'], ...apiProject } },
    ],
  },
});
