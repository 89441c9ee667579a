import { createHash } from 'node:crypto';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema';

/**
 * Named (prepared) statements on PostgreSQL, through public APIs only: drizzle's `.prepare(name)` for
 * query builders, and pg's documented `{ name, text, values }` query config for raw SQL. node-postgres
 * sends a statement without a name as an *unnamed* one, which PostgreSQL parses, analyses and plans
 * again at every call; a named one is planned once per connection and then only bound and run
 * (decisions 014 and 031). The name is a hash of the statement's text, so the same text always gets the
 * same name and another text another one. On PGlite (one in-process connection) nothing is named
 * (decision 082: its `EXECUTE` literals of decision 063 are gone): drizzle's PGlite driver ignores the
 * name, and raw SQL goes through drizzle's `execute`.
 *
 * Two ways to run a statement, and only these two:
 * - `runPrepared(builder)`: a drizzle query builder (select, insert, update, delete), results mapped by drizzle;
 * - `queryPreparedRows(db, sql, values?)`: raw SQL, rows as the driver returns them. A statement whose
 *   values are `sql.placeholder(name)`s, given at each call in `values`, is compiled once (its text, name
 *   and parameter slots kept with the SQL object): the hot fixed-text reads (the session, the public reads,
 *   the dashboard, the email context) and the email path's writes build nothing per call.
 * `preparedTransaction(db, work)` opens a transaction in which both name their statements on PostgreSQL.
 * Raw rows are the driver's: a named statement gets pg's own type parsers (a timestamp column is a Date), drizzle's
 * execute its text for timestamps; raw statements read timestamps as text or epoch numbers, never as both.
 *
 * Only for statements whose text has a bounded number of shapes: each shape stays prepared on every
 * pooled connection for its whole life.
 */

/** The database handle (the pool's or a transaction's), as db/client.ts's `Db`. */
type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

const dialect = new PgDialect();
const names = new Map<string, string>();
const texts = new Map<string, string>();

/** The statement name of a SQL text: the same text always gets the same name, a different text another one. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    names.set(text, (name = `refeed_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
    texts.set(name, text);
  }
  return name;
}

/** The SQL text a statement name was made from in this process (the statement budgets read names back). */
export const statementTextOf = (name: string): string | undefined => texts.get(name);

/** The pooled connection of each transaction opened by preparedTransaction (the only way to send it raw named statements). */
const transactionClients = new WeakMap<Db, pg.PoolClient>();
/** One drizzle instance per pooled connection, made on its first prepared transaction. */
const connectionDbs = new WeakMap<pg.PoolClient, Db>();

/** Where a named statement for `db` is sent: its transaction's connection, its pool, or nowhere (PGlite, another transaction). */
function namedTarget(db: Db): pg.Pool | pg.PoolClient | null {
  const client = transactionClients.get(db);
  if (client) return client;
  const own = (db as { $client?: unknown }).$client;
  return own instanceof pg.Pool ? own : null;
}

/**
 * `db.transaction(work)`, on one pooled connection the transaction knows: inside it, queryPreparedRows
 * and the job queue's view (namedExecutorOf) send named statements on that connection. For the write
 * paths (the feedback submission, the visit). On PGlite, or given a transaction, it is `db.transaction`.
 */
export async function preparedTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const own = (db as { $client?: unknown }).$client;
  if (!(own instanceof pg.Pool)) return db.transaction((tx) => work(tx as unknown as Db));
  const client = await own.connect();
  try {
    let onConnection = connectionDbs.get(client);
    if (!onConnection) connectionDbs.set(client, (onConnection = drizzlePg(client, { schema }) as unknown as Db));
    return await onConnection.transaction((tx) => {
      transactionClients.set(tx as unknown as Db, client);
      return work(tx as unknown as Db);
    });
  } finally {
    client.release();
  }
}

/**
 * pg-boss's database interface (`executeSql(text, values)`) on a preparedTransaction's connection, its
 * statements named; null for a handle that cannot name them (PGlite, another transaction), where the job
 * queue uses pg-boss's own drizzle adapter. Not a third way for the app: pg-boss writes its SQL itself.
 */
export function namedExecutorOf(db: Db): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } | null {
  const target = namedTarget(db);
  if (!target) return null;
  return { executeSql: (text, values = []) => target.query({ name: statementName(text), text, values }) };
}

type Compiled = { text: string; name: string; params: unknown[] };
/** Statements with placeholders, compiled at their first call (the SQL object is the module's constant). */
const compiledOnce = new WeakMap<SQL, Compiled>();

function compile(query: SQL): Compiled {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, name: statementName(text), params };
}

/**
 * The compiled text with its values, as a drizzle SQL again (for a handle that cannot name statements):
 * drizzle's own text numbers its parameters `$1…$n`, each once and in order.
 */
function asSql(text: string, params: readonly unknown[]): SQL {
  const pieces = text.split(/\$(\d+)/);
  const chunks: SQL[] = [sql.raw(pieces[0])];
  for (let i = 1; i < pieces.length; i += 2) {
    // A `$n` written in the statement's own text (a literal) would be taken for a parameter: refused.
    if (Number(pieces[i]) !== (i + 1) / 2 || pieces.length !== params.length * 2 + 1) throw new Error('queryPreparedRows: a statement with placeholders may not spell $n itself');
    chunks.push(sql`${params[Number(pieces[i]) - 1]}`, sql.raw(pieces[i + 1]));
  }
  if (pieces.length !== params.length * 2 + 1) throw new Error('queryPreparedRows: a statement with placeholders may not spell $n itself');
  return sql.join(chunks);
}

/**
 * Raw SQL sent as a named statement when `db` can (a pg pool, or a preparedTransaction's transaction),
 * else through drizzle's `execute`; returns its rows. `values` fills the statement's `sql.placeholder`s: a
 * statement written with placeholders is compiled once, at its first call.
 */
export async function queryPreparedRows<T>(db: Db, query: SQL, values?: Readonly<Record<string, unknown>>): Promise<T[]> {
  let compiled: Compiled;
  if (values) {
    compiled = compiledOnce.get(query) ?? compile(query);
    compiledOnce.set(query, compiled);
  } else compiled = compile(query);
  const params = values ? fillPlaceholders(compiled.params, values as Record<string, unknown>) : compiled.params;
  const target = namedTarget(db);
  if (target) return (await target.query({ name: compiled.name, text: compiled.text, values: params })).rows as T[];
  const result = (await db.execute(values ? asSql(compiled.text, params) : query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A drizzle query builder (select, insert, update, delete) and what it returns. */
type Preparable<R> = { toSQL(): { sql: string }; prepare(name: string): { execute(): Promise<R> } };

/**
 * Runs a drizzle query builder through drizzle's public `.prepare(name)`, named after its text: on
 * PostgreSQL a named prepared statement on whichever connection runs it (the pool's, or the
 * transaction's); on PGlite drizzle ignores the name. Results are drizzle's, mapped as `await query` maps them.
 */
export function runPrepared<R>(query: Preparable<R>): Promise<R> {
  return query.prepare(statementName(query.toSQL().sql)).execute();
}
