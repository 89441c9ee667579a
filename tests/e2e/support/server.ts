import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../scripts/build-server.mjs';
import { fail, pause, waitUntil } from '../../support/wait';

/** Asks the OS for a free TCP port on the loopback interface. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export type RunningServer = { url: string; dataDir: string; process: ChildProcess; output: () => string; stop: () => Promise<void> };

/**
 * Starts the production server on a free port with a fresh data folder: the compiled bundle at
 * `serverEntry` (what `npm start` runs), or the TypeScript sources through tsx when none is given.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  prepare?: (env: NodeJS.ProcessEnv) => void,
  serverEntry?: string,
): Promise<RunningServer> {
  const port = await findFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-e2e-'));
  const url = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...SERVER_ENV,
    ...process.env,
    // development: the production client build, with the outbox readable at /dev/mailbox.json for mail steps.
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SMTP_URL: '',
    ...extraEnv,
  };
  prepare?.(env);
  const child = spawn(process.execPath, serverEntry ? [...SERVER_NODE_FLAGS, serverEntry] : ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
      return fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    },
    { timeoutMs: 60_000, intervalMs: 250, onTimeout: fail(() => `server did not start:\n${output}`) },
  );
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        // At most 5 s for a clean exit, then killed.
        await Promise.race([exited, pause(5000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A throwaway PostgreSQL database for the e2e server when TEST_DATABASE_URL is set. */
export async function createE2eDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const name = `refeed_e2e_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
