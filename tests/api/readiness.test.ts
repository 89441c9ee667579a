// GET /api/health/ready (decision 078): 200 only when the database answers, the schema is current and the
// job queue has started; 503 before migrations (MIGRATE_ON_START=0), while draining, with the database gone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { migrateAlone, startDependencies } from '../../src/server/bootstrap';
import { readMigrationJournal, type Database } from '../../src/server/db/client';
import { parseEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/lib/runtime/logger';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/server/lib/http/errors';
import { migrateUpTo, openEmptyTestDatabase, TEST_DATABASE_URL } from '../support/database';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';
import { fail, waitUntil } from '../support/wait';

const READY = { ready: true, database: true, schema: true, queue: true, draining: false };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/health/ready', () => {
  it('answers 200 when the database answers, the schema is current and the queue has started', async () => {
    const response = await ctx.agent().get('/api/health/ready');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(READY);
  });

  it('answers 503 while the instance drains, while liveness stays 200', async () => {
    const draining = await createTestContext({ startWorkers: false });
    try {
      draining.deps.readiness.markDraining();
      const response = await draining.agent().get('/api/health/ready');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ...READY, ready: false, draining: true });
      expect((await draining.agent().get('/api/health')).status).toBe(200);
    } finally {
      await draining.close();
    }
  });

  it('answers 503 with the database gone, and 200 again once it is back', async () => {
    const gone = await createTestContext({ startWorkers: false });
    const database = gone.database;
    try {
      expect((await gone.agent().get('/api/health/ready')).status).toBe(200);
      if (database.kind === 'postgres') {
        // The database refuses every connection and the instance's are cut: what a stopped server looks like to it.
        const name = new URL(database.pool.options.connectionString!).pathname.slice(1);
        await withAdmin(async (admin) => {
          await admin.query(`alter database "${name}" with allow_connections false`);
          await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
        });
      } else {
        await database.pglite.close();
      }
      const response = await gone.agent().get('/api/health/ready');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ...READY, ready: false, database: false });
      if (database.kind === 'postgres') {
        const name = new URL(database.pool.options.connectionString!).pathname.slice(1);
        await withAdmin((admin) => admin.query(`alter database "${name}" with allow_connections true`));
        await waitUntil(async () => (await gone.agent().get('/api/health/ready')).status === 200, {
          timeoutMs: 10_000,
          onTimeout: fail(() => 'readiness did not come back with the database'),
        });
      }
    } finally {
      await gone.close().catch(() => undefined);
    }
  });
});

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** A server's dependencies and app as `npm start` builds them with MIGRATE_ON_START=0, on `database`'s URL. */
async function startWithoutMigrating(database: Database) {
  if (database.kind !== 'postgres') throw new Error('MIGRATE_ON_START=0 is for PostgreSQL');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-ready-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_SECRET: 'ready-secret-ready-secret-ready-secret-01',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.pool.options.connectionString,
    MIGRATE_ON_START: '0',
  });
  const started = await startDependencies(env, createLogger('silent'), { serveWhileWaiting: true });
  const app = createApp(started.deps, { clientDist: dataDir });
  const get = (pathname: string) => app.request(new URL(pathname, TEST_PUBLIC_URL).toString(), { headers: { origin: TEST_PUBLIC_URL } });
  return {
    env,
    get,
    async close() {
      await started.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.runIf(TEST_DATABASE_URL)('MIGRATE_ON_START=0 (PostgreSQL)', () => {
  const journal = readMigrationJournal();
  const notReady = { ready: false, database: true, schema: false, queue: false, draining: false };

  it('on an unmigrated database answers 503 naming the first migration, serves nothing else, and is ready once npm run migrate ran', async () => {
    const database = await openEmptyTestDatabase();
    const server = await startWithoutMigrating(database);
    try {
      const waiting = await server.get('/api/health/ready');
      expect(waiting.status).toBe(503);
      expect(await waiting.json()).toEqual({ ...notReady, waitingFor: journal[0].tag });
      const read = await server.get('/api/public/restaurants/00000000-0000-4000-8000-000000000000');
      expect(read.status).toBe(503);
      expect(read.headers.get('retry-after')).toBe('5');
      expect(await read.json()).toEqual({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE } });
      const page = await server.get('/login');
      expect(page.status).toBe(503);
      expect(await page.text()).toBe(DATABASE_UNAVAILABLE_MESSAGE);
      // Alive all the same: liveness answers 200, so an orchestrator does not restart a waiting instance.
      const alive = await server.get('/api/health');
      expect(alive.status).toBe(200);
      expect(await alive.json()).toEqual({ ok: true, database: true, queue: null });

      // The release step, as another process would run it.
      expect(await migrateAlone(server.env, createLogger('silent'))).toEqual(journal.map((entry) => entry.tag));
      const ready = await waitUntil(
        async () => {
          const response = await server.get('/api/health/ready');
          return response.status === 200 ? response.json() : undefined;
        },
        { timeoutMs: 15_000, onTimeout: fail(() => 'the instance did not become ready after npm run migrate') },
      );
      expect(ready).toEqual(READY);
      // Served now: an unknown restaurant is the honest 404.
      expect((await server.get('/api/public/restaurants/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect(await migrateAlone(server.env, createLogger('silent'))).toEqual([]);
    } finally {
      await server.close();
      await database.close();
    }
  });

  it('one migration behind names the last migration', async () => {
    const database = await openEmptyTestDatabase();
    await migrateUpTo(database, journal[journal.length - 2].tag);
    const server = await startWithoutMigrating(database);
    try {
      const waiting = await server.get('/api/health/ready');
      expect(waiting.status).toBe(503);
      expect(await waiting.json()).toEqual({ ...notReady, waitingFor: journal[journal.length - 1].tag });
    } finally {
      await server.close();
      await database.close();
    }
  });
});
