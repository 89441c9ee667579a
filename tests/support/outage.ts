// The harness of the database-outage tests (decision 027): the compiled server in its own process on
// its own PostgreSQL database, a bounded load of feedback submissions and reads from outside, and what
// came back. A process that exits on its own is counted as a death and started again, so that a run
// measures how many of its disconnections killed the server instead of stopping at the first.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/build-server.mjs';
import { findFreePort } from '../e2e/support/server';
import { fail, pause, waitUntil } from './wait';

const root = path.resolve(import.meta.dirname, '../..');
/** A request that has not answered by then is counted as hung (status 0). */
const REQUEST_TIMEOUT_MS = 20_000;

/** One answer seen by the load: status 0 when there was none (connection refused or reset, or a hang). */
export type Outcome = { path: string; status: number; body: string; retryAfter: string | null; startedAt: number; endedAt: number };

/** Compiles the server (what `npm start` runs) into a private folder. */
export function buildServerBundle(): { dir: string; remove: () => void } {
  const dir = path.join(root, 'node_modules/.cache/refeed', `outage-server-${process.pid}-${randomBytes(3).toString('hex')}`);
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--out-dir', dir], { cwd: root, stdio: 'ignore' });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export type OutageServer = {
  base: string;
  /** Exits of the process that nobody asked for. */
  readonly deaths: number;
  readonly output: string;
  isRunning: () => boolean;
  start: () => Promise<void>;
  stop: () => Promise<void>;
  call: (pathname: string, init?: RequestInit) => Promise<Outcome>;
};

/** The compiled server in production mode on `databaseUrl`, mail kept in the outbox, started once it answers /api/health. */
export async function createOutageServer(bundleDir: string, databaseUrl: string): Promise<OutageServer> {
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-outage-'));
  let child: ChildProcess | undefined;
  let output = '';
  let deaths = 0;
  let stopping = false;
  const isRunning = () => !!child && child.exitCode === null && child.signalCode === null;

  const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const call = async (pathname: string, init: RequestInit = {}): Promise<Outcome> => {
    const startedAt = Date.now();
    try {
      const headers = { 'x-forwarded-for': randomIp(), origin: base, ...(init.body ? { 'content-type': 'application/json' } : {}) };
      const response = await fetch(`${base}${pathname}`, { ...init, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      return { path: pathname, status: response.status, body: await response.text(), retryAfter: response.headers.get('retry-after'), startedAt, endedAt: Date.now() };
    } catch (error) {
      return { path: pathname, status: 0, body: String(error), retryAfter: null, startedAt, endedAt: Date.now() };
    }
  };

  return {
    base,
    get deaths() {
      return deaths;
    },
    get output() {
      return output;
    },
    isRunning,
    call,
    async start() {
      stopping = false;
      output = '';
      const started = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(bundleDir, 'index.js')], {
        cwd: root,
        env: {
          ...SERVER_ENV,
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(port),
          PUBLIC_URL: base,
          ALLOW_HTTP_PUBLIC_URL: '1',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          // One instance: its uploads may stay on its disk (decision 078).
          INSTANCE_COUNT: '1',
          AUTH_SECRET: 'outage-test-secret-outage-test-secret-01',
          MAIL_MODE: 'outbox',
          // Each load request names its own client address, so no per-IP limit answers 429.
          TRUST_PROXY: '1',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stdout!.on('data', (chunk) => (output += chunk));
      started.stderr!.on('data', (chunk) => (output += chunk));
      started.once('exit', (code, signal) => {
        if (stopping) return;
        deaths++;
        console.log(`the server died (code ${code}, signal ${signal}):\n${output.slice(-3000)}`);
      });
      await waitUntil(
        async () => {
          if (!isRunning()) throw new Error(`the server exited:\n${output}`);
          return (await call('/api/health')).status === 200;
        },
        { timeoutMs: 60_000, onTimeout: fail(() => `the server did not start:\n${output}`) },
      );
    },
    async stop() {
      stopping = true;
      if (child && isRunning()) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An approved restaurant (with its loyalty rules) and an owner account to send a password-reset email to. */
export async function seedOutageRestaurant(databaseUrl: string): Promise<{ restaurantId: string; ownerEmail: string }> {
  const ownerEmail = `outage-${randomBytes(4).toString('hex')}@example.fr`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `with organisation as (insert into organisations (name, siren, status) values ('Le Bistrot Coupé', '123456789', 'approved') returning id)
       insert into restaurants (organisation_id, name, contact_email, siret, status, email_verified)
       select id, 'Le Bistrot Coupé', $1, '123456789', 'approved', true from organisation returning id`,
      [ownerEmail],
    );
    await client.query('insert into loyalty_rules (restaurant_id) values ($1)', [rows[0].id]);
    await client.query(`insert into users (id, name, email, email_verified) values ($1, 'Camille Coupure', $2, true)`, [randomUUID(), ownerEmail]);
    return { restaurantId: rows[0].id, ownerEmail };
  } finally {
    await client.end();
  }
}

export type Load = {
  outcomes: Outcome[];
  /** Submission ids answered 200: each must be stored. */
  acknowledged: string[];
  /** Resolves once `count` more answers came back (load is flowing), or after 30 s. */
  waitForAnswers: (count: number) => Promise<void>;
  /**
   * Milliseconds from `since` to the end of the first submission sent after it and answered 200
   * (Infinity after `limitMs`). A process that died meanwhile is started again.
   */
  recoveryAfter: (since: number, limitMs?: number) => Promise<number>;
  stop: () => Promise<void>;
};

/** Four lanes of feedback submissions and two of restaurant reads, each one request after the other, until stopped. */
export function startLoad(server: OutageServer, restaurantId: string): Load {
  const outcomes: Outcome[] = [];
  const acknowledged: string[] = [];
  let running = true;
  const lanes = [
    ...Array.from({ length: 4 }, async () => {
      while (running) {
        const submissionId = randomUUID();
        const body = JSON.stringify({ submissionId, restaurantId, rating: 1 + randomInt(5), comment: 'Service rapide' });
        const outcome = await server.call('/api/public/feedbacks', { method: 'POST', body });
        outcomes.push(outcome);
        if (outcome.status === 200) acknowledged.push(submissionId);
        // No answer at all (the process is gone): do not spin.
        if (outcome.status === 0) await pause(20);
      }
    }),
    ...Array.from({ length: 2 }, async () => {
      while (running) {
        const outcome = await server.call(`/api/public/restaurants/${restaurantId}`);
        outcomes.push(outcome);
        if (outcome.status === 0) await pause(20);
      }
    }),
  ];
  return {
    outcomes,
    acknowledged,
    async waitForAnswers(count) {
      const target = outcomes.length + count;
      // Fewer answers within 30 s: the caller's assertions say so.
      await waitUntil(() => outcomes.length >= target, { timeoutMs: 30_000, intervalMs: 20, onTimeout: () => true });
    },
    recoveryAfter: (since, limitMs = 30_000) =>
      waitUntil(
        async () => {
          const recovered = outcomes.find((outcome) => outcome.path === '/api/public/feedbacks' && outcome.startedAt >= since && outcome.status === 200);
          if (recovered) return recovered.endedAt - since;
          if (!server.isRunning()) await server.start();
          return undefined;
        },
        { timeoutMs: since + limitMs - Date.now(), intervalMs: 20, onTimeout: () => Infinity },
      ),
    async stop() {
      running = false;
      await Promise.all(lanes);
    },
  };
}

/** Milliseconds until an email to `to` is in the outbox (Infinity after 30 s). */
export async function waitForOutboxMail(databaseUrl: string, to: string, since: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const delivered = async () => {
      const { rows } = await client.query<{ count: string }>('select count(*) as count from outbox_emails where to_email = $1', [to]);
      return Number(rows[0].count) > 0;
    };
    return await waitUntil(async () => (await delivered()) && Date.now() - since, { timeoutMs: 30_000, intervalMs: 200, onTimeout: () => Infinity });
  } finally {
    await client.end();
  }
}

/**
 * After an outage: queues a job through the server (a password-reset email to `email`) and answers the
 * milliseconds until its email is in the outbox — the proof that the job queue resumed.
 */
export async function timeJobQueuedAfterOutage(server: OutageServer, databaseUrl: string, email: string): Promise<number> {
  const queuedAt = Date.now();
  const reset = await server.call('/api/auth/request-password-reset', { method: 'POST', body: JSON.stringify({ email, redirectTo: '/reset-password' }) });
  if (reset.status !== 200) throw new Error(`password reset answered ${reset.status}: ${reset.body}`);
  return waitForOutboxMail(databaseUrl, email, queuedAt);
}

/** How many of these submissions are stored as feedbacks. */
export async function countStoredSubmissions(databaseUrl: string, submissionIds: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>('select count(*) as count from feedbacks where submission_id = any($1::uuid[])', [submissionIds]);
    return Number(rows[0].count);
  } finally {
    await client.end();
  }
}

/** Answers counted by status, for the printed summary. */
export function countByStatus(outcomes: Outcome[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const outcome of outcomes) counts[outcome.status] = (counts[outcome.status] ?? 0) + 1;
  return counts;
}
