import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { PROJECT_ROOT } from '../lib/project-root';

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
  | { kind: 'pglite'; db: Db; pglite: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close: () => Promise<void> };

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir` (or in memory). */
export async function openDatabase(options: { databaseUrl?: string; pgliteDir?: string; pglite?: PGlite }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client killed by a database restart or failover must not crash the process: the pool
    // drops it and opens a new one on the next query.
    pool.on('error', (error) => console.error(`PostgreSQL idle client error: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { kind: 'postgres', db, pool, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const pglite = options.pglite ?? (await PGlite.create(options.pgliteDir ?? 'memory://', { extensions: await loadPgliteExtensions() }));
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { kind: 'pglite', db, pglite, close: () => pglite.close() };
}

/** Applies every migration in drizzle/ (the same history on both databases). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    await migratePg(drizzlePg(database.pool), { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). Prefer the query builder. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
