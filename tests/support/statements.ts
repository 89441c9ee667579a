import type { Database } from '../../src/server/db/client';

type Queryable = { query: (...args: unknown[]) => unknown };

/**
 * The SQL statements the app's driver sends while `work` runs (the job queue's own polling left out):
 * a test can then say how many round trips a request costs. Wraps the pool's or PGlite's `query`.
 */
export async function recordStatements(database: Database, work: () => Promise<unknown>): Promise<string[]> {
  return (await recordStatementDetails(database, work)).map((statement) => statement.text);
}

/** recordStatements with each statement's prepared-statement name (PostgreSQL; none when sent unnamed). */
export async function recordStatementDetails(database: Database, work: () => Promise<unknown>): Promise<Array<{ text: string; name?: string }>> {
  const client = (database.kind === 'postgres' ? database.pool : database.pglite) as unknown as Queryable;
  const original = client.query;
  const statements: Array<{ text: string; name?: string }> = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; name?: string };
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (!/pgboss\./i.test(text)) statements.push({ text, ...(typeof first === 'object' && first?.name ? { name: first.name } : {}) });
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return statements;
}
