// Losing the database connections must not kill the server (issue 32, point 2). The compiled server
// runs in its own process on its own PostgreSQL database, under a bounded load of feedback
// submissions and reads; its backends are ended with pg_terminate_backend six times. The process must
// stay up, requests caught by a disconnection answer 503 in French (never 500), new requests succeed
// within seconds, a job queued afterwards still runs, and every acknowledged submission is stored.
// PostgreSQL only: on PGlite there are no connections to lose (the file is reported as skipped).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/build-server.mjs';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/server/lib/errors';
import { TEST_DATABASE_URL } from '../support/database';
import { findFreePort } from '../e2e/support/server';

const root = path.resolve(import.meta.dirname, '../..');
const DISCONNECTIONS = 6;
/** A request that has not answered by then is counted as hung. */
const REQUEST_TIMEOUT_MS = 20_000;
/** How long the server may take to serve again once the database is back. */
const RECOVERY_LIMIT_MS = 5_000;

type Outcome = { path: string; status: number; body: string; retryAfter: string | null; startedAt: number; endedAt: number };

describe.skipIf(!TEST_DATABASE_URL)('losing the database connections under load (PostgreSQL)', () => {
  const serverDist = path.join(root, 'node_modules/.cache/refeed', `outage-server-${process.pid}`);
  let dataDir = '';
  const databaseName = `refeed_outage_${randomBytes(5).toString('hex')}`;
  const ownerEmail = `outage-${randomBytes(4).toString('hex')}@example.fr`;
  let databaseUrl = '';
  let admin: pg.Client;
  let base = '';
  let server: ChildProcess;
  let output = '';
  let port = 0;
  let restaurantId = '';
  /** Processes that exited on their own during the run (each is restarted, to go on counting). */
  let deaths = 0;

  const startServer = async () => {
    output = '';
    server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(serverDist, 'index.js')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: 'outage-test-secret-outage-test-secret-01',
        MAIL_MODE: 'outbox',
        // Each load request names its own client address, so no per-IP limit answers 429.
        TRUST_PROXY: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => (output += chunk));
    server.stderr!.on('data', (chunk) => (output += chunk));
    server.once('exit', (code, signal) => {
      if (!stopping) {
        deaths++;
        console.log(`server died (code ${code}, signal ${signal}):\n${output.slice(-3000)}`);
      }
    });
    for (const deadline = Date.now() + 60_000; ; ) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return;
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  let stopping = false;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-outage-'));
    execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--out-dir', serverDist], { cwd: root, stdio: 'ignore' });
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    // The server's own database, a copy of the migrated template (the job queue's schema included).
    await admin.query(`create database "${databaseName}" template "${inject('dbTemplate').name}"`);
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    const seed = new pg.Client({ connectionString: databaseUrl });
    await seed.connect();
    const { rows } = await seed.query<{ id: string }>(
      `insert into restaurants (name, contact_email, siret, status, email_verified) values ('Le Bistrot Coupé', $1, '123456789', 'approved', true) returning id`,
      [ownerEmail],
    );
    restaurantId = rows[0].id;
    await seed.query('insert into loyalty_rules (restaurant_id) values ($1)', [restaurantId]);
    await seed.query(`insert into users (id, name, email, email_verified) values ($1, 'Camille Coupure', $2, true)`, [randomUUID(), ownerEmail]);
    await seed.end();
    port = await findFreePort();
    base = `http://127.0.0.1:${port}`;
    await startServer();
  }, 180_000);

  afterAll(async () => {
    stopping = true;
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await admin?.query(`drop database if exists "${databaseName}" with (force)`).catch(() => undefined);
    await admin?.end();
    rmSync(serverDist, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  async function call(pathname: string, init: RequestInit = {}): Promise<Outcome> {
    const startedAt = Date.now();
    try {
      const headers = { 'x-forwarded-for': randomIp(), origin: base, ...(init.body ? { 'content-type': 'application/json' } : {}) };
      const response = await fetch(`${base}${pathname}`, { ...init, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      return { path: pathname, status: response.status, body: await response.text(), retryAfter: response.headers.get('retry-after'), startedAt, endedAt: Date.now() };
    } catch (error) {
      // 0: no answer at all (the connection was refused or reset, or the request hung).
      return { path: pathname, status: 0, body: String(error), retryAfter: null, startedAt, endedAt: Date.now() };
    }
  }

  const submit = (submissionId: string) =>
    call('/api/public/feedbacks', { method: 'POST', body: JSON.stringify({ submissionId, restaurantId, rating: 1 + randomInt(5), comment: 'Service rapide' }) });

  /** Ends every connection of the server's database but this one; returns how many backends were ended. */
  async function terminateBackends(): Promise<number> {
    const { rows } = await admin.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
    return rows.filter((row) => row.ended).length;
  }

  it('stays up through 6 forced disconnections under load: 503 in French while they last, never 500, served again within seconds, jobs run, nothing acknowledged lost', async () => {
    const outcomes: Outcome[] = [];
    const acknowledged: string[] = [];
    let loading = true;
    // Four lanes of submissions and two of reads, each one request after the other, until told to stop.
    const lanes = [
      ...Array.from({ length: 4 }, async () => {
        while (loading) {
          const submissionId = randomUUID();
          const outcome = await submit(submissionId);
          outcomes.push(outcome);
          if (outcome.status === 200) acknowledged.push(submissionId);
        }
      }),
      ...Array.from({ length: 2 }, async () => {
        while (loading) outcomes.push(await call(`/api/public/restaurants/${restaurantId}`));
      }),
    ];

    const recoveries: number[] = [];
    const ended: number[] = [];
    try {
      for (let round = 0; round < DISCONNECTIONS; round++) {
        // Load is flowing: a few answers came back since the last round.
        const seen = outcomes.length;
        for (const deadline = Date.now() + 30_000; outcomes.length < seen + 20 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
        const terminatedAt = Date.now();
        ended.push(await terminateBackends());
        // Recovery: the first submission started after the disconnection and acknowledged.
        for (;;) {
          const recovered = outcomes.find((outcome) => outcome.path === '/api/public/feedbacks' && outcome.startedAt >= terminatedAt && outcome.status === 200);
          if (recovered) {
            recoveries.push(recovered.endedAt - terminatedAt);
            break;
          }
          if (Date.now() - terminatedAt > 30_000) {
            recoveries.push(Infinity);
            break;
          }
          if (server.exitCode !== null || server.signalCode !== null) await startServer();
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    } finally {
      loading = false;
      await Promise.all(lanes);
    }

    // A job queued after the disconnections runs: the password-reset email reaches the outbox.
    const queuedAt = Date.now();
    const reset = await call('/api/auth/request-password-reset', { method: 'POST', body: JSON.stringify({ email: ownerEmail, redirectTo: '/reset-password' }) });
    expect(reset.status).toBe(200);
    let mailedAfterMs = Infinity;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const found = await countOutbox(databaseUrl, ownerEmail);
      if (found > 0) {
        mailedAfterMs = Date.now() - queuedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const stored = await countStored(databaseUrl, acknowledged);
    const byStatus = new Map<number, number>();
    for (const outcome of outcomes) byStatus.set(outcome.status, (byStatus.get(outcome.status) ?? 0) + 1);
    console.log(
      `outage: ${DISCONNECTIONS} disconnections (backends ended: ${ended.join(', ')}), process deaths: ${deaths}, ` +
        `recovery ms: ${recoveries.join(', ')}, answers by status: ${JSON.stringify(Object.fromEntries(byStatus))}, ` +
        `acknowledged submissions: ${acknowledged.length}, stored: ${stored}, job email after the disconnections: ${mailedAfterMs} ms`,
    );

    expect(deaths).toBe(0);
    expect(ended.every((count) => count > 0)).toBe(true);
    // Every answer is a success or the French 503 with a Retry-After: no 500, no dropped connection, no hang.
    const failures = outcomes.filter((outcome) => outcome.status !== 200);
    expect(failures.filter((outcome) => outcome.status !== 503)).toEqual([]);
    for (const failure of failures) {
      expect(JSON.parse(failure.body)).toEqual({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE } });
      expect(Number(failure.retryAfter)).toBeGreaterThan(0);
    }
    expect(recoveries.every((ms) => ms <= RECOVERY_LIMIT_MS)).toBe(true);
    expect(mailedAfterMs).toBeLessThan(30_000);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(stored).toBe(acknowledged.length);
    expect((await call('/api/health')).status).toBe(200);
  }, 300_000);
});

async function countOutbox(databaseUrl: string, to: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>('select count(*) as count from outbox_emails where to_email = $1', [to]);
    return Number(rows[0].count);
  } finally {
    await client.end();
  }
}

async function countStored(databaseUrl: string, submissionIds: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>('select count(*) as count from feedbacks where submission_id = any($1::uuid[])', [submissionIds]);
    return Number(rows[0].count);
  } finally {
    await client.end();
  }
}
