// PGlite's type parsers set once on the instance, not sent with each query (decision 015, db/client.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('embedded database: type parsers set once, not per query', () => {
  it.runIf(!process.env.TEST_DATABASE_URL)('sends drizzle queries without per-query parsers, timestamps still as text; the job queue still reads Dates', async () => {
    if (ctx.database.kind !== 'pglite') throw new Error('PGlite only');
    const pglite = ctx.database.pglite as unknown as { query: (...args: unknown[]) => unknown };
    const original = pglite.query;
    const options: unknown[] = [];
    pglite.query = function (this: unknown, ...args: unknown[]) {
      options.push(args[2]);
      return original.apply(this, args);
    };
    try {
      const [row] = await queryRows<{ at: unknown; day: unknown }>(ctx.db, sql`select timestamptz '2026-03-01 12:00:00+00' as at, date '2026-03-01' as day`);
      // drizzle reads these types as PostgreSQL's text (its own mapping makes the Date): unchanged.
      expect(typeof row.at).toBe('string');
      expect(row.day).toBe('2026-03-01');
      await ctx.db.transaction(async (tx) => {
        const [inside] = await queryRows<{ at: unknown }>(tx as never, sql`select now() as at`);
        expect(typeof inside.at).toBe('string');
      });
    } finally {
      pglite.query = original;
    }
    // Per-query parsers make PGlite copy its whole parser table for each query: drizzle sends none.
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((option) => (option as { parsers?: unknown } | undefined)?.parsers === undefined)).toBe(true);
    const { rows } = await ctx.database.jobQueueClient.query<{ at: unknown }>(`select timestamptz '2026-03-01 12:00:00+00' as at`);
    expect(rows[0].at).toBeInstanceOf(Date);
  });
});

