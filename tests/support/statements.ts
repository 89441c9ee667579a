import type { Database } from '../../src/server/db/client';

type Queryable = { query: (...args: unknown[]) => unknown; exec?: (...args: unknown[]) => unknown };

/**
 * The SQL statements the app's driver sends while `work` runs (the job queue's own polling left out):
 * a test can then say how many round trips a request costs. Wraps the pool's or PGlite's `query`.
 */
export async function recordStatements(database: Database, work: () => Promise<unknown>): Promise<string[]> {
  return (await recordStatementDetails(database, work)).map((statement) => statement.text);
}

/**
 * recordStatements with each statement's prepared-statement name (PostgreSQL; none when sent unnamed). On
 * PGlite, `query` and `exec` both (PGlite names nothing: decision 082).
 */
export async function recordStatementDetails(database: Database, work: () => Promise<unknown>): Promise<Array<{ text: string; name?: string }>> {
  const client = (database.kind === 'postgres' ? database.pool : database.pglite) as unknown as Queryable;
  const statements: Array<{ text: string; name?: string }> = [];
  const methods = (['query', 'exec'] as const).filter((method) => typeof client[method] === 'function');
  const originals = methods.map((method) => [method, client[method]!] as const);
  for (const [method, original] of originals) {
    client[method] = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: string; name?: string };
      const sent = typeof first === 'string' ? first : (first?.text ?? '');
      if (!/pgboss\./i.test(sent)) {
        statements.push({ text: sent, ...(typeof first === 'object' && first?.name ? { name: first.name } : {}) });
      }
      return original.apply(this, args);
    };
  }
  try {
    await work();
  } finally {
    for (const [method, original] of originals) client[method] = original;
  }
  return statements;
}

/**
 * Every round trip the app's own connections make while `work` runs, in order: on PostgreSQL each query
 * of the pool's connections (those a transaction checks out included, and the job queue's inserts sent
 * through a transaction); on PGlite the queries and those inside its transactions, framed by their
 * `begin` and `commit` (`query` and `exec`); each with the connection it went through. A submission's budget is counted with it (firstTransaction).
 */
export async function recordRoundTrips(database: Database, work: () => Promise<unknown>): Promise<Array<{ connection: number; text: string }>> {
  const texts: Array<{ connection: number; text: string }> = [];
  let connections = 0;
  const restore: Array<() => void> = [];
  const wrap = (target: Queryable, onQuery: (args: unknown[]) => void) => {
    for (const method of ['query', 'exec'] as const) {
      const original = target[method];
      if (typeof original !== 'function') continue;
      target[method] = function (this: unknown, ...args: unknown[]) {
        onQuery(args);
        return original.apply(this, args);
      };
      restore.push(() => {
        target[method] = original;
      });
    }
  };
  const textOf = (args: unknown[]) => {
    const first = args[0] as string | { text?: string };
    return (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').trim();
  };
  if (database.kind === 'postgres') {
    const pool = database.pool as unknown as { _clients: Queryable[] } & { on(event: 'connect', listener: (client: Queryable) => void): void; off(event: 'connect', listener: (client: Queryable) => void): void };
    const onClient = (client: Queryable) => {
      const connection = connections++;
      wrap(client, (args) => texts.push({ connection, text: textOf(args) }));
    };
    for (const client of pool._clients) onClient(client);
    pool.on('connect', onClient);
    restore.push(() => pool.off('connect', onClient));
  } else {
    const pglite = database.pglite as unknown as Queryable & { transaction: (callback: (tx: Queryable) => Promise<unknown>) => Promise<unknown> };
    wrap(pglite, (args) => texts.push({ connection: 0, text: textOf(args) }));
    const transaction = pglite.transaction;
    pglite.transaction = function (this: unknown, callback: (tx: Queryable) => Promise<unknown>) {
      return transaction.call(this, async (tx: Queryable) => {
        texts.push({ connection: 0, text: 'begin' });
        const proxy = Object.create(tx) as Queryable;
        const txQuery = tx.query.bind(tx);
        proxy.query = (...args: unknown[]) => {
          texts.push({ connection: 0, text: textOf(args) });
          return txQuery(...args);
        };
        if (tx.exec) {
          const txExec = tx.exec.bind(tx);
          proxy.exec = (...args: unknown[]) => {
            texts.push({ connection: 0, text: textOf(args) });
            return txExec(...args);
          };
        }
        const outcome = await callback(proxy);
        texts.push({ connection: 0, text: 'commit' });
        return outcome;
      });
    };
    restore.push(() => {
      pglite.transaction = transaction;
    });
  }
  try {
    await work();
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return texts;
}

/**
 * Of recordRoundTrips' list, the first transaction: from its `begin` to its `commit` (or `rollback`), on
 * the connection that opened it (what other connections, e.g. the email workers, did meanwhile is left out).
 */
export function firstTransaction(trips: ReadonlyArray<{ connection: number; text: string }>): string[] {
  const start = trips.findIndex((trip) => /^begin/i.test(trip.text));
  if (start < 0) return [];
  const { connection } = trips[start];
  const mine = trips.slice(start).filter((trip) => trip.connection === connection);
  const end = mine.findIndex((trip) => /^(commit|rollback)/i.test(trip.text));
  return (end < 0 ? mine : mine.slice(0, end + 1)).map((trip) => trip.text);
}
