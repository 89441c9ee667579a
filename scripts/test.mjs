// `npm test`: typecheck, lint, unit + API tests, then the browser tests when a Chromium is found.
// Ends with one plain line "N passed, N failed" counting every test run.
//   --e2e-only   only the browser tests
//   --no-e2e     everything but the browser tests
//   --no-static  skip typecheck and lint (CI runs them once, not once per database)
//   --db-only    of the unit/API suite, only the projects that use a database (api, perf): the pure unit
//                tests do not depend on the database, so CI runs them once, on the PGlite pass
//   --db-specific of the unit/API suite, all but the API tests whose outcome does not depend on the
//                database (project api-any-db, listed in vitest.config.ts): CI's PGlite pass, the
//                PostgreSQL pass (--db-only) runs those once (decision 088)
// E2E_CLIENT_DIST=DIR makes the browser tests serve an existing client build instead of building one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const requireE2e = process.env.REQUIRE_E2E === '1';
const onlyE2e = process.argv.includes('--e2e-only');
const noE2e = process.argv.includes('--no-e2e');
const noStatic = process.argv.includes('--no-static');
const dbOnly = process.argv.includes('--db-only');
const dbSpecific = process.argv.includes('--db-specific');
const reportDir = path.join(root, '.tmp/reports');
mkdirSync(reportDir, { recursive: true });

let passed = 0;
let failed = 0;
let ok = true;
// Failed tests' names, printed again just above the closing line so a long log's tail names them.
const failures = [];

function step(title, command, args) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (result.status !== 0) {
    console.error(`✗ ${title} failed (${seconds}s)`);
    ok = false;
  } else {
    console.log(`✓ ${title} (${seconds}s)`);
  }
  return result.status === 0;
}

function countReport(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numTotalTestSuites && report.success === false && !report.numFailedTests ? 1 : 0);
  for (const suite of report.testResults ?? []) {
    const file = path.relative(root, suite.name);
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      const reason = String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failures.push(`${file} › ${test.fullName}: ${reason}`);
    }
    if (failedTests.length === 0 && suite.status === 'failed') failures.push(`${file}: ${String(suite.message ?? '').split('\n')[0].slice(0, 300)}`);
  }
  rmSync(file);
}

function vitest(title, args, reportName) {
  const report = path.join(reportDir, `${reportName}.json`);
  step(title, bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  countReport(report);
}

// The message catalogues are compiled before anything reads them (typecheck, tests; scripts/i18n.mjs).
if (!step('i18n catalogues', process.execPath, [path.join(root, 'scripts/i18n.mjs')])) process.exit(1);

if (!onlyE2e) {
  if (!noStatic) {
    if (!step('typecheck', bin('tsc'), ['--noEmit', '-p', '.'])) process.exit(1);
    if (!step('lint', bin('eslint'), ['.', '--max-warnings=0'])) process.exit(1);
  }
  const where = process.env.TEST_DATABASE_URL ? `PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})` : 'embedded PGlite';
  if (dbOnly) vitest(`API and perf tests on ${where}`, ['--project', 'api', '--project', 'api-any-db', '--project', 'perf'], 'unit-api');
  else if (dbSpecific) vitest(`unit and database-specific API tests on ${where}`, ['--project', 'unit', '--project', 'api', '--project', 'perf'], 'unit-api');
  else vitest(`unit and API tests on ${where}`, [], 'unit-api');
}

if (noE2e) {
  console.log('\n(browser tests not run: --no-e2e)');
} else if (existsSync(chromium)) {
  vitest(`browser tests (Chromium at ${chromium})`, ['-c', 'vitest.e2e.config.ts'], 'e2e');
} else if (requireE2e) {
  console.error(`\n✗ browser tests required (REQUIRE_E2E=1) but no Chromium at ${chromium}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  ok = false;
  failed++;
} else {
  console.log(`\n⚠ browser tests SKIPPED: no Chromium at ${chromium} (install it with apt-get install -y chromium, or set CHROMIUM_PATH).`);
}

for (const failure of failures) console.log(`✗ FAILED ${failure}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
