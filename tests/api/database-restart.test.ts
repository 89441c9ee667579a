// A full PostgreSQL restart under load (issue 32, point 2; decision 027). The shared cluster of the
// test run is never restarted (other test files use it): this file starts a PRIVATE cluster (initdb
// in a temporary folder, its own port; as the postgres user when run as root) and restarts that one
// while the compiled server runs on it: once with `pg_ctl restart -m fast`, once stopped until
// requests have seen it gone, then started again. The server must stay up, answer 503 in French
// while the database is away (never 500), serve again after its return, run a job queued afterwards,
// and keep every acknowledged submission. How fast it serves again is a budget of
// tests/perf/database-recovery.test.ts (wall-clock budgets live in tests/perf only). Runs in the PostgreSQL run of the suite where
// PostgreSQL's server binaries are installed; reported as skipped otherwise.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/server/lib/http/errors';
import { TEST_DATABASE_URL } from '../support/database';
import { findFreePort } from '../e2e/support/server';
import {
  buildServerBundle,
  countByStatus,
  countStoredSubmissions,
  createOutageServer,
  seedOutageRestaurant,
  startLoad,
  timeJobQueuedAfterOutage,
  type OutageServer,
} from '../support/outage';
import { waitUntil } from '../support/wait';

/** The newest installed PostgreSQL server binaries (Debian's layout), or null. */
function findPostgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((version) => existsSync(path.join(base, version, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

const POSTGRES_BIN = findPostgresBin();
/** PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user. */
const AS_ROOT = userInfo().uid === 0;

describe.skipIf(!TEST_DATABASE_URL || !POSTGRES_BIN)('a PostgreSQL restart under load (private cluster)', () => {
  let folder = '';
  let port = 0;
  let databaseUrl = '';
  let bundle: ReturnType<typeof buildServerBundle> | undefined;
  let server: OutageServer | undefined;
  let seeded: { restaurantId: string; ownerEmail: string };

  // Asynchronous: the load keeps sending (and reading answers) while PostgreSQL stops and starts.
  const pgCommand = async (tool: string, args: string[]) => {
    const file = path.join(POSTGRES_BIN!, tool);
    if (AS_ROOT) await promisify(execFile)('runuser', ['-u', 'postgres', '--', file, ...args]);
    else await promisify(execFile)(file, args);
  };
  const dataDir = () => path.join(folder, 'data');
  const serverOptions = () => `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) => pgCommand('pg_ctl', ['-D', dataDir(), '-l', path.join(folder, 'log'), '-w', '-t', '60', ...args]);

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'refeed-pg-'));
    if (AS_ROOT) chownSync(folder, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
    port = await findFreePort();
    await pgCommand('initdb', ['-D', dataDir(), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await pgCtl('-o', serverOptions(), 'start');
    const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query('create database refeed');
    await admin.end();
    databaseUrl = `postgres://postgres@127.0.0.1:${port}/refeed`;
    bundle = buildServerBundle();
    server = await createOutageServer(bundle.dir, databaseUrl);
    // The server applies the migrations and creates the job queue's schema at its start.
    await server.start();
    seeded = await seedOutageRestaurant(databaseUrl);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    bundle?.remove();
    if (folder) {
      await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('attack: restarting PostgreSQL under load (a fast restart, then a stop and a start) kills no process: 503 in French while the database is away (never 500), served again after each, jobs run, nothing acknowledged lost', async () => {
    const load = startLoad(server!, seeded.restaurantId);
    let restartMs: number;
    let fastRestartRecoveryMs: number;
    let downAnswers = 0;
    let backRecoveryMs: number;
    try {
      await load.waitForAnswers(20);
      const restartedAt = Date.now();
      await pgCtl('-m', 'fast', '-o', serverOptions(), 'restart');
      // From the moment the database is back (pg_ctl waits until it accepts connections).
      const backAt = Date.now();
      restartMs = backAt - restartedAt;
      fastRestartRecoveryMs = await load.recoveryAfter(backAt);

      await load.waitForAnswers(20);
      await pgCtl('-m', 'fast', 'stop');
      // Down until the load has had answers while it was away (no fixed sleep).
      const stoppedAt = Date.now();
      await waitUntil(
        () => {
          downAnswers = load.outcomes.filter((outcome) => outcome.startedAt >= stoppedAt).length;
          return downAnswers >= 20;
        },
        // Fewer answers within 30 s: the assertions below say so.
        { timeoutMs: 30_000, intervalMs: 20, onTimeout: () => true },
      );
      await pgCtl('-o', serverOptions(), 'start');
      backRecoveryMs = await load.recoveryAfter(Date.now());
    } finally {
      await load.stop();
    }

    const mailedAfterMs = await timeJobQueuedAfterOutage(server!, databaseUrl, seeded.ownerEmail);
    const stored = await countStoredSubmissions(databaseUrl, load.acknowledged);
    console.log(
      `PostgreSQL restart: process deaths: ${server!.deaths}, fast restart took ${restartMs} ms, served again ${fastRestartRecoveryMs} ms after it, ` +
        `answers while stopped: ${downAnswers}, served again ${backRecoveryMs} ms after the start, answers by status: ${JSON.stringify(countByStatus(load.outcomes))}, ` +
        `acknowledged submissions: ${load.acknowledged.length}, stored: ${stored}, job email queued afterwards in the outbox after ${mailedAfterMs} ms`,
    );

    expect(server!.deaths).toBe(0);
    const failures = load.outcomes.filter((outcome) => outcome.status !== 200);
    expect(failures.filter((outcome) => outcome.status !== 503)).toEqual([]);
    for (const failure of failures) {
      expect(JSON.parse(failure.body)).toEqual({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE } });
      expect(Number(failure.retryAfter)).toBeGreaterThan(0);
    }
    expect(downAnswers).toBeGreaterThanOrEqual(20);
    // Events, not budgets: after the restart and after the start a submission sent later was answered 200
    // (recoveryAfter gives Infinity when none was within its wait), and the job's email reached the outbox.
    expect(fastRestartRecoveryMs).not.toBe(Infinity);
    expect(backRecoveryMs).not.toBe(Infinity);
    expect(mailedAfterMs).not.toBe(Infinity);
    expect(load.acknowledged.length).toBeGreaterThan(0);
    expect(stored).toBe(load.acknowledged.length);
    expect((await server!.call('/api/health')).status).toBe(200);
  }, 300_000);
});
