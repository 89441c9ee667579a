// Losing the database connections must not kill the server (issue 32, point 2; decision 027). The
// compiled server runs in its own process on its own PostgreSQL database, under a bounded load of
// feedback submissions and reads; its backends are ended with pg_terminate_backend six times. The
// process must stay up, requests caught by a disconnection answer 503 in French (never 500), new
// requests succeed within seconds, a job queued afterwards still runs, and every acknowledged
// submission is stored. PostgreSQL only: on PGlite there are no connections to lose (reported as skipped).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/server/lib/http/errors';
import { TEST_DATABASE_URL } from '../support/database';
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

const DISCONNECTIONS = 6;

describe.skipIf(!TEST_DATABASE_URL)('losing the database connections under load (PostgreSQL)', () => {
  const databaseName = `refeed_outage_${randomBytes(5).toString('hex')}`;
  let databaseUrl = '';
  let admin: pg.Client;
  let bundle: ReturnType<typeof buildServerBundle> | undefined;
  let server: OutageServer | undefined;
  let seeded: { restaurantId: string; ownerEmail: string };

  beforeAll(async () => {
    bundle = buildServerBundle();
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    // The server's own database, a copy of the migrated template (the job queue's schema included).
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
    await admin?.query(`drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
    await admin?.end();
    bundle?.remove();
  }, 60_000);

  /** Ends every connection of the server's database (the app's pool, pg-boss's pool and its LISTEN); returns how many. */
  async function terminateBackends(): Promise<number> {
    const { rows } = await admin.query<{ ended: boolean }>('select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      databaseName,
    ]);
    return rows.filter((row) => row.ended).length;
  }

  it("attack: ending the app's database connections 6 times under load (pg_terminate_backend) kills no process: 503 in French while they last (never 500), served again after each, jobs run, nothing acknowledged lost", async () => {
    const load = startLoad(server!, seeded.restaurantId);
    const recoveries: number[] = [];
    const ended: number[] = [];
    try {
      for (let round = 0; round < DISCONNECTIONS; round++) {
        await load.waitForAnswers(20);
        const terminatedAt = Date.now();
        ended.push(await terminateBackends());
        recoveries.push(await load.recoveryAfter(terminatedAt));
      }
    } finally {
      await load.stop();
    }

    // A job queued after the disconnections runs: the password-reset email reaches the outbox.
    const mailedAfterMs = await timeJobQueuedAfterOutage(server!, databaseUrl, seeded.ownerEmail);

    const stored = await countStoredSubmissions(databaseUrl, load.acknowledged);
    console.log(
      `pg_terminate_backend: ${DISCONNECTIONS} disconnections (backends ended: ${ended.join(', ')}), process deaths: ${server!.deaths}, ` +
        `recovery ms: ${recoveries.join(', ')}, answers by status: ${JSON.stringify(countByStatus(load.outcomes))}, ` +
        `acknowledged submissions: ${load.acknowledged.length}, stored: ${stored}, job email queued afterwards in the outbox after ${mailedAfterMs} ms`,
    );

    expect(server!.deaths).toBe(0);
    expect(ended.every((count) => count > 0)).toBe(true);
    // Every answer is a success or the French 503 with a Retry-After: no 500, no dropped connection, no hang.
    const failures = load.outcomes.filter((outcome) => outcome.status !== 200);
    expect(failures.filter((outcome) => outcome.status !== 503)).toEqual([]);
    for (const failure of failures) {
      expect(JSON.parse(failure.body)).toEqual({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE } });
      expect(Number(failure.retryAfter)).toBeGreaterThan(0);
    }
    // Events, not budgets: after each disconnection a submission sent later was answered 200 (recoveryAfter
    // gives Infinity when none was within its wait), and the job's email reached the outbox.
    expect(recoveries.filter((ms) => !Number.isFinite(ms))).toEqual([]);
    expect(mailedAfterMs).not.toBe(Infinity);
    expect(load.acknowledged.length).toBeGreaterThan(0);
    expect(stored).toBe(load.acknowledged.length);
    expect((await server!.call('/api/health')).status).toBe(200);
  }, 300_000);

  it("reports a checked-out connection's death to onConnectionLost instead of leaving its 'error' event unheard (which ends the process)", async () => {
    const lost: Error[] = [];
    const database = await openDatabase({ databaseUrl, onConnectionLost: (error) => lost.push(error) });
    if (database.kind !== 'postgres') throw new Error('unreachable');
    try {
      // Held as a transaction holds it between two statements: checked out, no query running.
      const client = await database.pool.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const ended = new Promise((resolve) => client.once('end', resolve));
      await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
      await ended;
      client.release();
      expect(lost.length).toBeGreaterThan(0);
      // The pool dropped the dead client: the next query gets a new connection.
      expect((await database.pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
