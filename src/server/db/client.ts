import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { PROJECT_ROOT } from '../lib/runtime/project-root';
import { pgliteParserViews } from '../platform';

export { schema };
/** One database type for both drivers; a transaction (`tx`) is also a Db. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Extensions the migrations create (the trigram index of the customer search). PGlite and its drizzle
 * driver load only when the embedded database is used: a PostgreSQL instance never pays their memory.
 */
export async function loadPgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'drizzle');

export type Database =
  | {
      kind: 'pglite';
      db: Db;
      pglite: PGlite;
      /** The instance as the job queue expects it: timestamps as Date values (platform/pglite-parsers.ts). */
      jobQueueClient: PGlite;
      close: () => Promise<void>;
    }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close: () => Promise<void> };

/** PostgreSQL connections per instance (its pool's maximum, and what it keeps open once a rush opened them). */
export const POOL_SIZE = 10;

/** Reports a pooled connection that died (restart, failover, pg_terminate_backend); the default writes one line to stderr. */
export type ConnectionLostListener = (error: Error) => void;
const reportOnStderr: ConnectionLostListener = (error) => console.error(`PostgreSQL connection lost: ${error.message}`);

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir` (or in memory).
 * `onConnectionLost` hears of each pooled PostgreSQL connection that dies (decision 027).
 */
export async function openDatabase(options: { databaseUrl?: string; pgliteDir?: string; pglite?: PGlite; onConnectionLost?: ConnectionLostListener }): Promise<Database> {
  if (options.databaseUrl) {
    // Connections are kept for the instance's life (idleTimeoutMillis 0; decision 070), not closed after 10 s idle
    // (pg's default): a new one costs its start and then plans every named statement again, so the
    // first diners after each lull waited ~0.4 s (p99 at 73 submissions/s after 15 s quiet; 25–48 ms kept).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: POOL_SIZE, idleTimeoutMillis: 0 });
    handleConnectionErrors(pool, options.onConnectionLost ?? reportOnStderr);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { kind: 'postgres', db, pool, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const pglite = options.pglite ?? (await PGlite.create(options.pgliteDir ?? 'memory://', { extensions: await loadPgliteExtensions() }));
  // PGlite's type parsers set once on the instance, not sent with each of drizzle's queries (decision 015).
  const views = pgliteParserViews(pglite);
  const db = drizzlePglite(views.app, { schema }) as unknown as Db;
  return { kind: 'pglite', db, pglite, jobQueueClient: views.jobQueue, close: () => pglite.close() };
}

/**
 * A connection that dies (a database restart or failover, pg_terminate_backend, a network cut) makes
 * its pg client emit 'error', and an 'error' event nobody listens to ends the process. pg-pool listens
 * only while a client is idle (it then emits 'error' on the pool); a client checked out by a request or
 * a transaction has no listener of its own, so each client gets one for its whole life. The query that
 * was running fails on its own (the request answers 503, app.ts), and pg-pool never hands the dead
 * client out again: it drops it when released and opens a new connection on the next query.
 */
export function handleConnectionErrors(pool: pg.Pool, onConnectionLost: ConnectionLostListener): void {
  // An idle client's error reaches both listeners (the pool's and its own): reported once.
  const reported = new WeakSet<Error>();
  const report = (error: Error) => {
    if (reported.has(error)) return;
    reported.add(error);
    onConnectionLost(error);
  };
  pool.on('connect', (client) => client.on('error', report));
  pool.on('error', report);
}

/**
 * The PostgreSQL advisory lock every instance takes around its schema work at start (drizzle's migrations
 * and pg-boss's install): instances starting together run it one after the other, the first applies what
 * is pending and the others find nothing to do (decision 078). Any fixed 64-bit number, ReFeed's own.
 */
export const MIGRATION_LOCK_KEY = 4_902_026_049;

/**
 * Runs `work` while holding the migration lock, on a connection of its own (a session-level lock belongs
 * to one connection; the pool's would hand it to a request). The lock goes with the connection if the
 * process dies. PGlite is one process already: `work` runs directly. `onWait` hears when another instance
 * holds the lock.
 */
export async function withMigrationLock<T>(database: Database, work: (client: pg.Client | null) => Promise<T>, onWait?: () => void): Promise<T> {
  if (database.kind === 'pglite') return work(null);
  const client = new pg.Client({ connectionString: database.pool.options.connectionString });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [MIGRATION_LOCK_KEY]);
    if (!rows[0].locked) {
      onWait?.();
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    }
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Applies every migration in drizzle/ not applied yet (the same history on both databases), under the
 * migration lock on PostgreSQL (the migrator runs on the lock's own connection). The migration tests pass a
 * folder holding an earlier part of that history, to build a database as it was then.
 * `lockHeld`: the caller holds the lock already (withMigrationLock) and passes its connection.
 */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_FOLDER, lockHeld?: pg.Client | null): Promise<void> {
  if (database.kind === 'pglite') {
    const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder });
    return;
  }
  const run = (client: pg.Client) => migratePg(drizzlePg(client), { migrationsFolder });
  if (lockHeld) await run(lockHeld);
  else await withMigrationLock(database, (client) => run(client!));
}

type JournalEntry = { idx: number; when: number; tag: string };

/** The migrations of `migrationsFolder` in order (drizzle's journal). */
export function readMigrationJournal(migrationsFolder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/**
 * The tags of the migrations this version has and the database does not, in order (empty: the schema is
 * current). drizzle's migrator applies every migration newer than the last one it recorded
 * (`drizzle.__drizzle_migrations.created_at` is the journal's `when`); this reads the same way.
 */
export async function pendingMigrations(database: Database, migrationsFolder = MIGRATIONS_FOLDER): Promise<string[]> {
  const entries = readMigrationJournal(migrationsFolder);
  const [table] = await queryRows<{ present: string | null }>(database.db, sql`select to_regclass('drizzle.__drizzle_migrations')::text as present`);
  if (!table?.present) return entries.map((entry) => entry.tag);
  const [last] = await queryRows<{ at: string | number | null }>(database.db, sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`);
  const lastAt = last?.at === null || last?.at === undefined ? -1 : Number(last.at);
  return entries.filter((entry) => entry.when > lastAt).map((entry) => entry.tag);
}

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). Prefer the query builder. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
