// How fast the server serves again after losing its database (decision 027): the timing half of
// tests/api/database-outage.test.ts and tests/api/database-restart.test.ts, which prove by events that the
// process survives, answers 503 in French, serves again and runs a job afterwards (issue 51: wall-clock
// budgets live in tests/perf only). The compiled server runs on its own PostgreSQL database under the same
// bounded load; the database is lost twice:
// - its connections ended (pg_terminate_backend), as a crash of the backends or a fast restart ends them;
// - the database closed to new connections and its connections ended, then opened again (ALLOW_CONNECTIONS),
//   as a stopped PostgreSQL refuses them until it is started again: the shared cluster of the test run is
//   never stopped.
// Budgets: served again within RECOVERY_LIMIT_MS of the database's return, and a job queued afterwards has
// sent its email within MAIL_LIMIT_MS. PostgreSQL only (reported as skipped on PGlite).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_DATABASE_URL } from '../support/database';
import {
  buildServerBundle,
  countByStatus,
  createOutageServer,
  seedOutageRestaurant,
  startLoad,
  timeJobQueuedAfterOutage,
  type OutageServer,
} from '../support/outage';
import { fail, waitUntil } from '../support/wait';

/** How long the server may take to serve again once the database is back. */
const RECOVERY_LIMIT_MS = 5_000;
/** How long a job queued after the outage may take to send its email. */
const MAIL_LIMIT_MS = 30_000;

describe.skipIf(!TEST_DATABASE_URL)('serving again after losing the database (PostgreSQL)', () => {
  const databaseName = `refeed_recovery_${randomBytes(5).toString('hex')}`;
  let databaseUrl = '';
  let admin: pg.Client;
  let bundle: ReturnType<typeof buildServerBundle> | undefined;
  let server: OutageServer | undefined;
  let seeded: { restaurantId: string; ownerEmail: string };

  beforeAll(async () => {
    bundle = buildServerBundle();
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${databaseName}" template "${inject('dbTemplate').name}"`);
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    seeded = await seedOutageRestaurant(databaseUrl);
    server = await createOutageServer(bundle.dir, databaseUrl);
    await server.start();
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await admin?.query(`alter database "${databaseName}" allow_connections true`).catch(() => undefined);
    await admin?.query(`drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
    await admin?.end();
    bundle?.remove();
  }, 60_000);

  const terminateBackends = async () => {
    const { rows } = await admin.query<{ ended: boolean }>('select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      databaseName,
    ]);
    return rows.filter((row) => row.ended).length;
  };

  it(`serves again within ${RECOVERY_LIMIT_MS} ms of the database's return (connections ended; database closed, then opened), and a job queued afterwards mails within ${MAIL_LIMIT_MS} ms`, async () => {
    const load = startLoad(server!, seeded.restaurantId);
    let endedRecoveryMs: number;
    let reopenedRecoveryMs: number;
    let refusedAnswers = 0;
    try {
      await load.waitForAnswers(20);
      const terminatedAt = Date.now();
      expect(await terminateBackends()).toBeGreaterThan(0);
      endedRecoveryMs = await load.recoveryAfter(terminatedAt);

      await load.waitForAnswers(20);
      await admin.query(`alter database "${databaseName}" allow_connections false`);
      const closedAt = Date.now();
      await terminateBackends();
      // Closed until the load has had answers while it was (no fixed sleep).
      await waitUntil(
        () => {
          refusedAnswers = load.outcomes.filter((outcome) => outcome.startedAt >= closedAt).length;
          return refusedAnswers >= 20;
        },
        { timeoutMs: 30_000, intervalMs: 20, onTimeout: fail(() => `${refusedAnswers} answers while the database was closed`) },
      );
      await admin.query(`alter database "${databaseName}" allow_connections true`);
      reopenedRecoveryMs = await load.recoveryAfter(Date.now());
    } finally {
      await load.stop();
    }
    const mailedAfterMs = await timeJobQueuedAfterOutage(server!, databaseUrl, seeded.ownerEmail);
    console.log(
      `database recovery: served again ${endedRecoveryMs} ms after the connections were ended, ${reopenedRecoveryMs} ms after the database opened again ` +
        `(${refusedAnswers} answers while closed), job email in the outbox after ${mailedAfterMs} ms; answers by status: ${JSON.stringify(countByStatus(load.outcomes))}`,
    );
    expect(server!.deaths).toBe(0);
    expect(endedRecoveryMs).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
    expect(reopenedRecoveryMs).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
    expect(mailedAfterMs).toBeLessThan(MAIL_LIMIT_MS);
  }, 300_000);
});
