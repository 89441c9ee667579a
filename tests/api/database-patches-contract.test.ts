// Contract of the database patch with the library internals it touches (pinned exactly in package.json):
// PGlite's instance parser table (decision 015, platform/pglite-parsers.ts;
// @electric-sql/pglite 0.5.16, drizzle-orm 0.45.4). These tests do not judge the patch's worth: they
// fail when an upgrade changes the shape the patch assumes.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_TYPE_OIDS } from '../../src/server/platform/pglite-parsers';

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
      // The instance table, changed once, applies to every later query (what pgliteParserViews relies on)…
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
