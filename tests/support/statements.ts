import type { Database } from '../../src/server/db/client';

type Queryable = { query: (...args: unknown[]) => unknown };

/**
 * The SQL statements the app's driver sends while `work` runs (the job queue's own polling left out):
 * a test can then say how many round trips a request costs. Wraps the pool's or PGlite's `query`.
 */
export async function recordStatements(database: Database, work: () => Promise<unknown>): Promise<string[]> {
  const client = (database.kind === 'postgres' ? database.pool : database.pglite) as unknown as Queryable;
  const original = client.query;
  const statements: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (!/pgboss\./i.test(text)) statements.push(text);
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return statements;
}
