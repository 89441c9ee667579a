// Contract of the two database patches with the library internals they touch (pinned exactly in
// package.json): PGlite's instance parser table (decision 015, db/client.ts keepDatesAsText and
// withQueryParsers; @electric-sql/pglite 0.5.16, drizzle-orm 0.45.4) and the pooled pg client's `query`
// (decision 021, db/client.ts prepareWriteStatements; pg 8.23.1, drizzle-orm 0.45.4). These tests do not
// judge the patches' worth: they fail when an upgrade changes the shape the patches assume.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareWriteStatements, TEXT_TYPE_OIDS } from '../../src/server/db/client';
import { createTestContext, type TestContext } from '../support/test-app';

const sortedNumbers = (values: Iterable<number | string>) => [...values].map(Number).sort((a, b) => a - b);

describe('PGlite parser table (decision 015)', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create('memory://');
  });
  afterAll(async () => {
    await pglite.close();
  });

  it("keeps its type parsers in a public, writable `parsers` record: a function for each type drizzle keeps as text, interval read as text without one", async () => {
    const { parsers } = pglite;
    expect(Object.getOwnPropertyDescriptor(pglite, 'parsers')).toMatchObject({ writable: true });
    const INTERVAL = 1186;
    for (const oid of TEXT_TYPE_OIDS.filter((oid) => oid !== INTERVAL)) expect(typeof parsers[oid], `parser for type ${oid}`).toBe('function');
    // PGlite 0.5.16 has no interval parser: its value is text already (the job queue's view sends `undefined` for it).
    expect(parsers[INTERVAL]).toBeUndefined();
    expect((await pglite.query<{ i: unknown }>(`select interval '1 day' as i`)).rows[0].i).toBe('1 day');
  });

  it('reads a query through the instance table when none is given, and through the per-query parsers when given', async () => {
    const { parsers } = pglite;
    const original = parsers[1184];
    const text = `select timestamptz '2026-03-01 12:00:00+00' as at`;
    expect((await pglite.query<{ at: unknown }>(text)).rows[0].at).toBeInstanceOf(Date);
    parsers[1184] = (value: string) => value;
    try {
      // The instance table, changed once, applies to every later query (what keepDatesAsText relies on)…
      expect(typeof (await pglite.query<{ at: unknown }>(text)).rows[0].at).toBe('string');
      // …and per-query parsers still win over it (what the job queue's view, jobQueueClient, relies on).
      expect((await pglite.query<{ at: unknown }>(text, [], { parsers: { 1184: original } })).rows[0].at).toBeInstanceOf(Date);
      // Inside a transaction too: its `tx` has query and exec, and reads through the same table.
      await pglite.transaction(async (tx) => {
        expect(typeof tx.query).toBe('function');
        expect(typeof tx.exec).toBe('function');
        expect(typeof (await tx.query<{ at: unknown }>(text)).rows[0].at).toBe('string');
      });
    } finally {
      parsers[1184] = original;
    }
  });

  it("gets from drizzle's PGlite driver, with every query, parsers for exactly the types the instance table keeps as text", async () => {
    const sent: unknown[] = [];
    const recording = new Proxy(pglite, {
      get(target, property) {
        if (property === 'query') return (text: string, params?: unknown[], options?: object) => (sent.push(options), target.query(text, params, options));
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const db = drizzlePglite(recording);
    await db.execute(sql`select ${1}::int as n`);
    await db.select({ n: sql<number>`1` }).from(sql`(select 1) as one`);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    for (const options of sent) {
      // If drizzle stops sending them, the patch saves nothing; if it keeps other types as text, the table must list them too.
      expect(sortedNumbers(Object.keys((options as { parsers: object }).parsers))).toEqual(sortedNumbers(TEXT_TYPE_OIDS));
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("pg pooled client's query (decision 021)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ startWorkers: false });
  });
  afterAll(async () => {
    await ctx.close();
  });
  const connectionString = () => {
    if (ctx.database.kind !== 'postgres') throw new Error('PostgreSQL only');
    return ctx.database.pool.options.connectionString;
  };

  it("hands the pool's 'connect' listener a client whose query is pg's own Client.prototype.query, and getTransactionStatus tells I from T", async () => {
    const pool = new pg.Pool({ connectionString: connectionString(), max: 1 });
    const seen: Array<{ ownQuery: boolean; isPgQuery: boolean }> = [];
    pool.on('connect', (client) => seen.push({ ownQuery: Object.hasOwn(client, 'query'), isPgQuery: client.query === pg.Client.prototype.query }));
    try {
      const client = await pool.connect();
      try {
        expect(seen).toEqual([{ ownQuery: false, isPgQuery: true }]);
        expect(typeof pg.Client.prototype.query).toBe('function');
        expect(client.getTransactionStatus()).toBe('I');
        await client.query('begin');
        expect(client.getTransactionStatus()).toBe('T');
        await client.query('commit');
        expect(client.getTransactionStatus()).toBe('I');
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });

  it("gets drizzle's statements through the pooled client's query as a text or a config with text, values apart, and runs a named one prepared", async () => {
    const pool = new pg.Pool({ connectionString: connectionString(), max: 1 });
    const calls: Array<{ text: unknown; name: unknown; values: unknown; inTransaction: boolean }> = [];
    pool.on('connect', (client) => {
      // Records what reaches the client's query, then installs the app's patch behind it.
      prepareWriteStatements(client);
      const patched = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((config: unknown, ...rest: unknown[]) => {
        const given = config as { text?: unknown; name?: unknown; values?: unknown };
        calls.push({
          text: typeof config === 'string' ? config : given?.text,
          name: typeof config === 'string' ? undefined : given?.name,
          values: Array.isArray(rest[0]) ? rest[0] : given?.values,
          inTransaction: client.getTransactionStatus() === 'T',
        });
        return patched(config, ...rest);
      }) as typeof client.query;
    });
    const db = drizzlePg(pool);
    try {
      await db.execute(sql`create temporary table contract_written (n int)`);
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into contract_written (n) values (${7})`);
      });
      const [row] = (await db.execute(sql`select count(*)::int as n from contract_written where n = ${7}`)).rows;
      expect(row).toEqual({ n: 1 });
      const insert = calls.find((call) => typeof call.text === 'string' && call.text.startsWith('insert into contract_written'));
      expect(insert, 'the insert reached client.query with its text').toBeDefined();
      expect(insert!.values).toEqual([7]);
      expect(insert!.name).toBeUndefined();
      expect(insert!.inTransaction).toBe(true);
      // The patch named it: PostgreSQL lists it prepared on that connection.
      const prepared = (await db.execute(sql`select statement from pg_prepared_statements`)).rows.map((r) => (r as { statement: string }).statement);
      expect(prepared).toContain('insert into contract_written (n) values ($1)');
    } finally {
      await pool.end();
    }
  });
});
