import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { createHash } from 'node:crypto';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { is, Placeholder, type SQL } from 'drizzle-orm';
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
  | {
      kind: 'pglite';
      db: Db;
      pglite: PGlite;
      /** The instance as the job queue expects it: timestamps as Date values (see keepDatesAsText). */
      jobQueueClient: PGlite;
      close: () => Promise<void>;
    }
  | { kind: 'postgres'; db: Db; pool: pg.Pool; close: () => Promise<void> };

/** Reports a pooled connection that died (restart, failover, pg_terminate_backend); the default writes one line to stderr. */
export type ConnectionLostListener = (error: Error) => void;
const reportOnStderr: ConnectionLostListener = (error) => console.error(`PostgreSQL connection lost: ${error.message}`);

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir` (or in memory).
 * `onConnectionLost` hears of each pooled PostgreSQL connection that dies (decision 027).
 */
export async function openDatabase(options: { databaseUrl?: string; pgliteDir?: string; pglite?: PGlite; onConnectionLost?: ConnectionLostListener }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    handleConnectionErrors(pool, options.onConnectionLost ?? reportOnStderr);
    pool.on('connect', (client) => prepareWriteStatements(client));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { kind: 'postgres', db, pool, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const pglite = options.pglite ?? (await PGlite.create(options.pgliteDir ?? 'memory://', { extensions: await loadPgliteExtensions() }));
  const dateParsers = keepDatesAsText(pglite);
  const db = drizzlePglite(withQueryParsers(pglite, undefined), { schema }) as unknown as Db;
  return { kind: 'pglite', db, pglite, jobQueueClient: withQueryParsers(pglite, dateParsers), close: () => pglite.close() };
}

/** The column types drizzle reads as PostgreSQL's text: timestamp(tz), interval, date, numeric[] and their arrays. */
export const TEXT_TYPE_OIDS = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
type TypeParsers = Record<number, (value: string) => unknown>;

/**
 * drizzle's PGlite driver passes, with every query, the parsers that keep those types as text; PGlite
 * then copies its whole table of ~320 type parsers for that one query (~80 µs, as long as a `select 1`).
 * The embedded database gets those parsers once, on the instance, and drizzle a view of it that sends
 * none. Returns PGlite's own parsers for those types, for the callers that expect Date values.
 */
function keepDatesAsText(pglite: PGlite): TypeParsers {
  const { parsers } = pglite;
  const original = Object.fromEntries(TEXT_TYPE_OIDS.map((oid) => [oid, parsers[oid]])) as TypeParsers;
  for (const oid of TEXT_TYPE_OIDS) parsers[oid] = (value) => value;
  return original;
}

/** A PGlite instance, or the transaction its `transaction` hands over (which has no `transaction` of its own). */
type PgliteClient = Pick<PGlite, 'query' | 'exec'> & Partial<Pick<PGlite, 'transaction'>>;
/** A view of a PGlite instance (or transaction) whose queries all run with `parsers` (none: the instance's own). */
function withQueryParsers<T extends PgliteClient>(client: T, parsers: TypeParsers | undefined): T {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return (text: string, params?: unknown[], options?: object) => target.query(text, params, { ...options, parsers });
      if (property === 'exec') return (text: string, options?: object) => target.exec(text, { ...options, parsers });
      if (property === 'transaction' && target.transaction) {
        const transaction = target.transaction.bind(target);
        return <R>(work: (tx: PgliteClient) => Promise<R>) => transaction((tx) => work(withQueryParsers(tx, parsers)));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
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

const dialect = new PgDialect();
/** Statement name per SQL text: the same text always gets the same name, a different text another one. */
const preparedNames = new Map<string, string>();
function nameStatement(text: string): string {
  let name = preparedNames.get(text);
  if (!name) preparedNames.set(text, (name = `refeed_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
  return name;
}

/** Statements one connection keeps prepared by prepareWriteStatements, at most: PostgreSQL keeps each plan in that backend's memory. */
export const PREPARED_PER_CONNECTION = 300;
/** An insert, update or delete, alone or after a WITH (a data-modifying CTE such as the email's mark-and-log). */
const WRITE_STATEMENT = /^\s*(insert|update|delete)\b|^\s*with\b[\s\S]*\b(insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i;

/**
 * Sends the statements of write paths as named prepared statements on this connection: every
 * parameterised statement inside a transaction, and a single insert, update or delete. PostgreSQL then
 * parses and plans each text once per connection instead of at every call, which was a quarter of its
 * CPU for a feedback submission (16 statements, decision 021). Standalone reads stay unnamed (the
 * dashboard's and the search's plans depend on their values), except the hot reads sent by
 * queryPreparedRows. A connection prepares at most PREPARED_PER_CONNECTION texts; later ones go unnamed.
 */
export function prepareWriteStatements(client: pg.Client): void {
  const prepared = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  /** The statement's name when it is to be prepared on this connection, else undefined. */
  const nameOf = (text: string, values: unknown): string | undefined => {
    if (!Array.isArray(values) || values.length === 0) return undefined;
    if (client.getTransactionStatus() !== 'T' && !WRITE_STATEMENT.test(text)) return undefined;
    const name = nameStatement(text);
    if (!prepared.has(name)) {
      if (prepared.size >= PREPARED_PER_CONNECTION) return undefined;
      prepared.add(name);
    }
    return name;
  };
  // Called as query(text, values, …) or query(config, values?, …) (drizzle passes its config and the
  // values apart); the caller's config object is copied, never changed.
  client.query = ((config: unknown, ...rest: unknown[]) => {
    if (typeof config === 'string') {
      const name = nameOf(config, rest[0]);
      return name ? query({ text: config, values: rest[0], name }, ...rest.slice(1)) : query(config, ...rest);
    }
    const given = config as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown } | null;
    // A submittable (a cursor, a stream, a Query) is passed on as it is: copying it would lose its methods.
    if (given && typeof given.text === 'string' && !given.name && typeof given.submit !== 'function') {
      const name = nameOf(given.text, Array.isArray(rest[0]) ? rest[0] : given.values);
      if (name) return query({ ...given, name }, ...rest);
    }
    return query(config, ...rest);
  }) as typeof client.query;
}

/**
 * queryRows for the hot, fixed-shape reads (the session read, the diner's public reads): on PostgreSQL
 * the statement is named, so each pooled connection parses and plans it once and then only binds and
 * runs it — an unnamed statement is planned again on every call, two thirds of the database's work for
 * the session read (decision 014). Only for statements whose text has a bounded number of shapes: each
 * shape stays prepared on every connection. On PGlite, or inside a transaction, it is queryRows.
 */
export async function queryPreparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query({ name: nameStatement(text), text, values: params as unknown[] });
  return result.rows as T[];
}

/**
 * queryPreparedRows for a statement whose text never changes, built once: its text, name and parameter
 * slots are worked out here, so each call only binds its values (no query building or name lookup per
 * request). `query` names its values with `sql.placeholder(name)`; the call gives them by name. On
 * PostgreSQL a named prepared statement; on PGlite the same text through its client. Not in a transaction.
 */
export function prepareFixedRead<T>(query: SQL): (db: Db, values: Readonly<Record<string, unknown>>) => Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = nameStatement(text);
  // Each parameter is a value filled at the call (its placeholder's name) or a constant of the text.
  const slots = params.map((param): { placeholder: string } | { constant: unknown } => (is(param, Placeholder) ? { placeholder: param.name } : { constant: param }));
  const bind = (values: Readonly<Record<string, unknown>>) =>
    slots.map((slot) => {
      if ('constant' in slot) return slot.constant;
      if (!(slot.placeholder in values)) throw new Error(`no value for ${slot.placeholder}`);
      return values[slot.placeholder];
    });
  return async (db, values) => {
    const client = (db as { $client?: unknown }).$client;
    if (client instanceof pg.Pool) return (await client.query({ name, text, values: bind(values) })).rows as T[];
    return (await (client as Pick<PGlite, 'query'>).query<T>(text, bind(values))).rows;
  };
}
