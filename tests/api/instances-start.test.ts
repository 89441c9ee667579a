// Four instances started at once on one PostgreSQL database (decision 078): on a fresh database and on one
// a migration behind, ten times each, every instance serves and each migration is applied once. Each
// instance is the server's own start (startDependencies) with its own pool: their migrators run in parallel
// in PostgreSQL, as four processes' would, and only the migration lock keeps them apart.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { startDependencies } from '../../src/server/bootstrap';
import { openDatabase, queryRows, readMigrationJournal, type Database } from '../../src/server/db/client';
import { parseEnv } from '../../src/server/env';
import { createJobQueue } from '../../src/server/jobs/queue';
import { createLogger } from '../../src/server/lib/runtime/logger';
import { migrateUpTo, openEmptyTestDatabase, TEST_DATABASE_URL } from '../support/database';
import { TEST_PUBLIC_URL } from '../support/test-app';

const INSTANCES = 4;
const RUNS = 10;
const journal = readMigrationJournal();

/** Starts `INSTANCES` servers together on `database`'s URL (half of them web-only), checks each serves, stops them. */
async function startTogether(database: Database): Promise<void> {
  if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-instances-'));
  const logger = createLogger('silent');
  const envs = Array.from({ length: INSTANCES }, (_, n) =>
    parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_PUBLIC_URL,
      AUTH_SECRET: 'instances-secret-instances-secret-0123456',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.pool.options.connectionString,
      JOB_WORKERS: n % 2 === 0 ? 'on' : 'off',
    }),
  );
  const outcomes = await Promise.allSettled(envs.map((env) => startDependencies(env, logger)));
  const started = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  try {
    const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
    expect(failures).toEqual([]);
    for (const { deps } of started) {
      const app = createApp(deps, { clientDist: dataDir });
      const ready = await app.request(`${TEST_PUBLIC_URL}/api/health/ready`);
      expect(ready.status).toBe(200);
      // A request that reads the app's tables: an unknown restaurant is the honest 404.
      const read = await app.request(`${TEST_PUBLIC_URL}/api/public/restaurants/00000000-0000-4000-8000-000000000000`);
      expect(read.status).toBe(404);
    }
  } finally {
    await Promise.all(started.map(({ stop }) => stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
  const applied = await queryRows<{ hash: string; times: string }>(
    database.db,
    sql`select hash, count(*)::text as times from drizzle.__drizzle_migrations group by hash`,
  );
  expect(applied).toHaveLength(journal.length);
  expect(applied.filter((row) => row.times !== '1')).toEqual([]);
  const bossVersions = await queryRows<{ version: number }>(database.db, sql`select version from pgboss.version`);
  expect(bossVersions).toHaveLength(1);
}

/** A new database copied from the one at `templateUrl` (which must have no connection), dropped on close. */
async function copyDatabase(templateUrl: string): Promise<Database> {
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `refeed_i_${randomBytes(5).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  await admin(`create database "${name}" template "${template}"`);
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
  return {
    ...database,
    async close() {
      await database.close();
      await admin(`drop database if exists "${name}" with (force)`);
    },
  };
}

describe.runIf(TEST_DATABASE_URL)('instances started together (PostgreSQL)', () => {
  it(`${INSTANCES} instances on a fresh database, ${RUNS} times: all serve, each migration applied once`, { timeout: 120_000 }, async () => {
    for (let run = 0; run < RUNS; run++) {
      const database = await openEmptyTestDatabase();
      try {
        await startTogether(database);
      } finally {
        await database.close();
      }
    }
  });

  it(`${INSTANCES} instances on a database one migration behind, ${RUNS} times: all serve, the last migration applied once`, { timeout: 120_000 }, async () => {
    // As a running deployment left it: every migration but the last, and pg-boss's schema installed; built
    // once, copied for each run (CREATE DATABASE … TEMPLATE).
    const behind = await openEmptyTestDatabase();
    try {
      await migrateUpTo(behind, journal[journal.length - 2].tag);
      const boss = createJobQueue(behind, { listen: false });
      await boss.start();
      await boss.stop({ graceful: false, close: true });
      if (behind.kind !== 'postgres') throw new Error('PostgreSQL only');
      const templateUrl = behind.pool.options.connectionString!;
      await behind.pool.end();
      for (let run = 0; run < RUNS; run++) {
        const database = await copyDatabase(templateUrl);
        try {
          await startTogether(database);
        } finally {
          await database.close();
        }
      }
    } finally {
      await behind.close().catch(() => undefined);
    }
  });
});
