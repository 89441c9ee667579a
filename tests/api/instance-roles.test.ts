// The compiled server as an operator starts it (decision 078): each role prints its connection budget at
// start; production on PostgreSQL refuses uploads on the local disk unless INSTANCE_COUNT=1; on SIGTERM
// readiness answers 503 while the instance still serves, then the drain of decision 073 runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/build-server.mjs';
import { findFreePort } from '../e2e/support/server';
import { readMigrationJournal } from '../../src/server/db/client';
import { TEST_DATABASE_URL } from '../support/database';
import { buildServerBundle } from '../support/outage';
import { fail, waitUntil } from '../support/wait';

const root = path.resolve(import.meta.dirname, '../..');
let bundle: { dir: string; remove: () => void };
let databaseUrl = '';
let databaseName = '';

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(query).finally(() => client.end());
}

beforeAll(async () => {
  bundle = buildServerBundle();
  if (TEST_DATABASE_URL) {
    databaseName = `refeed_roles_${randomBytes(4).toString('hex')}`;
    await admin(`create database "${databaseName}"`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
}, 120_000);

afterAll(async () => {
  bundle?.remove();
  if (databaseName) await admin(`drop database if exists "${databaseName}" with (force)`);
});

type Instance = { base: string; child: ChildProcess; output: () => string; exited: Promise<number | null>; remove: () => void };

/** Starts the bundle with `env` on a port of its own; `ready`: waits until its readiness answers 200. */
async function startInstance(env: Record<string, string>, { ready = true } = {}): Promise<Instance> {
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-roles-'));
  let output = '';
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(bundle.dir, 'index.js')], {
    cwd: root,
    env: {
      ...SERVER_ENV,
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: 'roles-test-secret-roles-test-secret-0123',
      MAIL_MODE: 'outbox',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const instance = { base, child, output: () => output, exited, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
  if (ready) {
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
        return fetch(`${base}/api/health/ready`).then((r) => r.ok, () => false);
      },
      { timeoutMs: 60_000, onTimeout: fail(() => `the server did not become ready:\n${output}`) },
    );
  }
  return instance;
}

/** Runs a script of scripts/ as npm runs it (through tsx), without blocking this process. */
function runScript(script: string, env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
  await instance.exited;
  instance.remove();
}

describe('the server’s start and stop', () => {
  it('on SIGTERM answers readiness 503 while it still serves for DRAIN_NOTICE_SECONDS, then exits 0', { timeout: 90_000 }, async () => {
    const instance = await startInstance({ DRAIN_NOTICE_SECONDS: '3' });
    try {
      expect(await (await fetch(`${instance.base}/api/health/ready`)).json()).toEqual({ ready: true, database: true, schema: true, queue: true, draining: false });
      instance.child.kill('SIGTERM');
      const draining = await waitUntil(
        async () => {
          const response = await fetch(`${instance.base}/api/health/ready`);
          return response.status === 503 ? response.json() : undefined;
        },
        { timeoutMs: 10_000, intervalMs: 50, onTimeout: fail(() => `readiness did not turn 503 before the listener closed:\n${instance.output()}`) },
      );
      expect(draining).toEqual({ ready: false, database: true, schema: true, queue: true, draining: true });
      // Still serving: the requests the balancer sent before it saw the 503 are answered.
      expect((await fetch(`${instance.base}/api/health`)).status).toBe(200);
      expect(await instance.exited).toBe(0);
    } finally {
      await stopInstance(instance);
    }
  });
});

describe.runIf(TEST_DATABASE_URL)('roles on PostgreSQL', () => {
  it('prints each role’s connection budget and the sum for INSTANCE_COUNT at start', { timeout: 90_000 }, async () => {
    const worker = await startInstance({ JOB_WORKERS: 'on', INSTANCE_COUNT: '3' });
    const web = await startInstance({ JOB_WORKERS: 'off', INSTANCE_COUNT: '3' });
    try {
      expect(worker.output()).toContain(
        'connections: role web + jobs (JOB_WORKERS=on): pool 10 + job queue 4 + LISTEN 1 = 15 per instance; × INSTANCE_COUNT 3 = 45, +1 each while it migrates at start',
      );
      expect(web.output()).toContain('connections: role web only (JOB_WORKERS=off): pool 10 + job queue 4 = 14 per instance; × INSTANCE_COUNT 3 = 42, +1 each while it migrates at start');
      expect(web.output()).toContain('jobs: queued here, run by the instances with JOB_WORKERS=on');
    } finally {
      await Promise.all([stopInstance(worker), stopInstance(web)]);
    }
  });

  it('MIGRATE_ON_START=0 on an unmigrated database: 503 naming the first migration until npm run migrate has run, then ready', { timeout: 120_000 }, async () => {
    const name = `refeed_roles_${randomBytes(4).toString('hex')}`;
    await admin(`create database "${name}"`);
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const instance = await startInstance({ DATABASE_URL: url.toString(), MIGRATE_ON_START: '0', LOG_LEVEL: 'info' }, { ready: false });
    try {
      const first = readMigrationJournal()[0].tag;
      const waiting = await waitUntil(
        async () => {
          if (instance.child.exitCode !== null) throw new Error(`the server exited:\n${instance.output()}`);
          const response = await fetch(`${instance.base}/api/health/ready`).catch(() => null);
          return response ? { status: response.status, body: await response.json() } : undefined;
        },
        { timeoutMs: 60_000, onTimeout: fail(() => `the server did not listen:\n${instance.output()}`) },
      );
      expect(waiting).toEqual({ status: 503, body: { ready: false, database: true, schema: false, queue: false, draining: false, waitingFor: first } });
      expect(instance.output()).toContain(`migrations: waiting for ${first}`);
      expect((await fetch(`${instance.base}/api/public/qr/abc`)).status).toBe(503);
      // The release step, as the operator runs it (package.json's script, through tsx).
      const migrate = await runScript('scripts/migrate.ts', { DATABASE_URL: url.toString(), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'refeed-migrate-')), LOG_LEVEL: 'warn' });
      expect(migrate.status, migrate.stderr).toBe(0);
      expect(migrate.stdout).toMatch(new RegExp(`^Applied ${readMigrationJournal().length} migration\\(s\\) to PostgreSQL at .*: ${first}, `));
      await waitUntil(async () => (await fetch(`${instance.base}/api/health/ready`).catch(() => null))?.status === 200, {
        timeoutMs: 30_000,
        onTimeout: fail(() => `the server did not become ready after npm run migrate:\n${instance.output()}`),
      });
      expect(instance.output()).toContain('migrations: the schema is current');
    } finally {
      await stopInstance(instance);
      await admin(`drop database if exists "${name}" with (force)`);
    }
  });

  it('refuses production on PostgreSQL with uploads on the local disk unless INSTANCE_COUNT=1', { timeout: 90_000 }, async () => {
    const production = { NODE_ENV: 'production', ALLOW_HTTP_PUBLIC_URL: '1' };
    const refused = await startInstance({ ...production, INSTANCE_COUNT: '' }, { ready: false });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('S3_BUCKET: is required in production on PostgreSQL, where several instances may serve');
    refused.remove();
    const single = await startInstance({ ...production, INSTANCE_COUNT: '1' });
    await stopInstance(single);
    expect(await single.exited).toBe(0);
  });
});
