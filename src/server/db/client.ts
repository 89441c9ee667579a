import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
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

/** Extensions the migrations create (the trigram index of the customer search). */
export const PGLITE_EXTENSIONS = { pg_trgm };

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
  const pglite = options.pglite ?? (await PGlite.create(options.pgliteDir ?? 'memory://', { extensions: PGLITE_EXTENSIONS }));
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { kind: 'pglite', db, pglite, close: () => pglite.close() };
}

/** Applies every migration in drizzle/ (the same history on both databases). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
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
