import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { queryRows, schema, type Db } from './client';

/**
 * Named (prepared) statements on PostgreSQL, through public APIs only: drizzle's `.prepare(name)` for
 * query builders, and pg's documented `{ name, text, values }` query config for raw SQL. node-postgres
 * sends a statement without a name as an *unnamed* one, which PostgreSQL parses, analyses and plans
 * again at every call; a named one is planned once per connection and then only bound and run
 * (decisions 014 and 031). The name is a hash of the statement's text, so the same text always gets the
 * same name and another text another one. On PGlite (one in-process connection) nothing is named:
 * drizzle's PGlite driver ignores the name, and raw SQL goes through `queryRows`.
 *
 * Only for statements whose text has a bounded number of shapes: each shape stays prepared on every
 * pooled connection for its whole life.
 */

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

/** The SQL text a statement name was made from in this process (the bench's capture reads EXECUTE back). */
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
 * and the job queue's view (jobs/queue.ts jobQueueDbOf) send named statements on that connection. For the
 * write paths (the feedback submission, the visit). On PGlite, or given a transaction, it is `db.transaction`.
 */
export async function preparedTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const own = (db as { $client?: unknown }).$client;
  if (!(own instanceof pg.Pool)) {
    // PGlite: the transaction runs on the instance's one session, where its statements may be prepared.
    const session = pgliteSessionOf(db);
    return db.transaction((tx) => {
      if (session) pgliteTransactionSessions.set(tx, session);
      return work(tx);
    });
  }
  const client = await own.connect();
  try {
    let onConnection = connectionDbs.get(client);
    if (!onConnection) connectionDbs.set(client, (onConnection = drizzlePg(client, { schema }) as unknown as Db));
    return await onConnection.transaction((tx) => {
      transactionClients.set(tx, client);
      return work(tx);
    });
  } finally {
    client.release();
  }
}

/** Whether `db` can send named statements (a pg pool, or a preparedTransaction's transaction). */
export const canSendNamed = (db: Db): boolean => namedTarget(db) !== null;

/**
 * Sends `text` with `values` as a named statement when `db` can (a pg pool, or a preparedTransaction's
 * transaction) and returns its result; null when it cannot (PGlite, another transaction).
 */
export async function sendNamed<T>(db: Db, text: string, values: readonly unknown[]): Promise<{ rows: T[] } | null> {
  const target = namedTarget(db);
  if (!target) return null;
  return (await target.query({ name: statementName(text), text, values: values as unknown[] })) as unknown as { rows: T[] };
}

/**
 * queryRows sent as a named statement (see sendNamed): for the hot, fixed-shape reads (the session read,
 * the diner's public reads) and the raw statements of the write paths. Elsewhere it is queryRows.
 */
export async function queryPreparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const target = namedTarget(db);
  const session = target ? null : pgliteSessionOf(db);
  if (!target && !session) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (session) return executeThroughDrizzle<T>(db, session, statementName(text), text, params);
  return (await sendNamed<T>(db, text, params))!.rows;
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

/** A drizzle query builder whose values are `sql.placeholder(name)`s, filled at each call. */
type PreparableWithPlaceholders<R> = { toSQL(): { sql: string }; prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> } };

/**
 * runPrepared for a query builder whose shape never changes (each value a `sql.placeholder(name)`), built
 * once per database handle by `build`, named after its text, and then only executed with each call's
 * values: drizzle builds no statement per call (building it, twice per runPrepared, was about a tenth of an
 * email's CPU). For the pool's handle (`deps.db`): a transaction's handle is new at each transaction, and
 * gets its own build.
 */
export function prepareFixedQuery<R, V extends Record<string, unknown>>(build: (db: Db) => PreparableWithPlaceholders<R>): (db: Db, values: V) => Promise<R> {
  const built = new WeakMap<Db, { execute(values?: Record<string, unknown>): Promise<R> }>();
  return (db, values) => {
    let query = built.get(db);
    if (!query) {
      const builder = build(db);
      built.set(db, (query = builder.prepare(statementName(builder.toSQL().sql))));
    }
    return query.execute(values);
  };
}

/**
 * queryPreparedRows for a statement whose text never changes, built once: its text, name and parameter
 * slots are worked out here, so each call only binds its values (no query building or name lookup per
 * request). `query` names its values with `sql.placeholder(name)`; the call gives them by name. On
 * PostgreSQL a named prepared statement; on PGlite the same text through its client.
 */
export function prepareFixedRead<T>(query: SQL): (db: Db, values: Readonly<Record<string, unknown>>) => Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  statementName(text);
  // Each parameter is a value filled at the call (its placeholder's name) or a constant of the text.
  const slots = params.map((param): { placeholder: string } | { constant: unknown } => (is(param, Placeholder) ? { placeholder: param.name } : { constant: param }));
  const bind = (values: Readonly<Record<string, unknown>>) =>
    slots.map((slot) => {
      if ('constant' in slot) return slot.constant;
      if (!(slot.placeholder in values)) throw new Error(`no value for ${slot.placeholder}`);
      return values[slot.placeholder];
    });
  const name = statementName(text);
  return async (db, values) => {
    const named = await sendNamed<T>(db, text, bind(values));
    if (named) return named.rows;
    return executePglite<T>((db as { $client?: unknown }).$client as PgliteSession, name, text, bind(values));
  };
}

/** PGlite's client (the instance, or a transaction it handed over: no `transaction` of its own). */
type PgliteSession = Pick<PGlite, 'query' | 'exec'> & Partial<Pick<PGlite, 'transaction'>>;
/** The statements prepared on each PGlite instance's one session (SQL PREPARE outlives a rollback). */
const pglitePrepared = new WeakMap<object, Set<string>>();
/** The instance whose session runs each transaction preparedTransaction opened on PGlite. */
const pgliteTransactionSessions = new WeakMap<Db, object>();

/** The PGlite session `db` runs on: its instance, or the instance of a preparedTransaction's transaction; null on PostgreSQL. */
function pgliteSessionOf(db: Db): object | null {
  const own = (db as { $client?: unknown }).$client as PgliteSession | undefined;
  if (own && !(own instanceof pg.Pool) && typeof own.transaction === 'function') return own;
  return pgliteTransactionSessions.get(db) ?? null;
}

/**
 * A value as the quoted literal of an EXECUTE argument: untyped, so PostgreSQL reads it as the prepared
 * statement's parameter type, as it reads a parameter sent as text. pg's public escapeLiteral quotes it
 * (quotes doubled; a backslash makes it an E'' literal with backslashes doubled).
 */
function executeArgument(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return pg.escapeLiteral(String(value));
  return pg.escapeLiteral(JSON.stringify(value));
}

/** `EXECUTE name('v1', …)`: how a PGlite named statement is called (decision 063). */
export const executeText = (name: string, values: readonly unknown[]) => `EXECUTE ${name}${values.length ? `(${values.map(executeArgument).join(', ')})` : ''}`;
const errorCode = (error: unknown) => (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;

/**
 * Named statements on PGlite (decision 063). PGlite's `query` sends every statement unnamed, which
 * PostgreSQL parses and plans again at every call (~0.4 ms for the session read, more for the
 * submission's statements); SQL's own PREPARE keeps the plan for the instance's one session, and each
 * call is then `EXECUTE name('value', …)`, sent by `run`. The first call on a session prepares (inside a
 * transaction too: a prepared statement outlives a rollback). Outside a transaction, a statement prepared
 * already by another view of the instance (42P05) is used, and one dropped from the session (DEALLOCATE,
 * DISCARD: 26000) is prepared again once; inside one, either error ends the transaction and is thrown.
 */
async function executeOnPgliteSession<T>(
  session: object,
  inTransaction: boolean,
  run: (text: string) => Promise<T[]>,
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<T[]> {
  let prepared = pglitePrepared.get(session);
  if (!prepared) pglitePrepared.set(session, (prepared = new Set()));
  if (!prepared.has(name)) {
    try {
      await run(`PREPARE ${name} AS ${text}`);
    } catch (error) {
      if (errorCode(error) !== '42P05' || inTransaction) throw error;
    }
    prepared.add(name);
  }
  try {
    return await run(executeText(name, values));
  } catch (error) {
    if (errorCode(error) !== '26000' || inTransaction) throw error;
    await run(`PREPARE ${name} AS ${text}`);
    return run(executeText(name, values));
  }
}

/** queryPreparedRows on PGlite: EXECUTE through drizzle's public `execute`, on the instance or in its transaction. */
const executeThroughDrizzle = <T>(db: Db, session: object, name: string, text: string, values: readonly unknown[]) =>
  executeOnPgliteSession<T>(session, pgliteTransactionSessions.has(db), (statement) => queryRows<T>(db, sql.raw(statement)), name, text, values);

/**
 * A fixed read on PGlite's instance: EXECUTE through PGlite's public `exec` (one simple query, the cheapest
 * way: ~125 µs for the session read against ~180 µs through `query`); the plain query on a client that
 * is not the instance.
 */
async function executePglite<T>(client: PgliteSession, name: string, text: string, values: readonly unknown[]): Promise<T[]> {
  if (!client.transaction) return (await client.query<T>(text, values as unknown[])).rows;
  return executeOnPgliteSession<T>(client, false, async (statement) => (await client.exec(statement))[0].rows as T[], name, text, values);
}
