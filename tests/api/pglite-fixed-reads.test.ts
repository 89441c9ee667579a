// Statements with placeholders (platform/prepared.ts `queryPreparedRows(db, sql, values)`, decision 082),
// compiled once: named on PostgreSQL, and on PGlite (or in a transaction that cannot name them) rebuilt into
// drizzle's SQL with their values as parameters. These tests pin what must not change for the callers: the rows
// and their JS types are the plain query's, a value never becomes SQL text, in and out of transactions, on
// both databases. (Before decision 082 this file pinned PGlite's `EXECUTE` literals of decision 063.)
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { preparedTransaction, queryPreparedRows } from '../../src/server/platform';
import { createTestContext, type TestContext } from '../support/test-app';

// `at::text`: a raw timestamp column comes back as each path's driver parses it (a Date from pg's own parsers on a
// named statement, text through drizzle's execute), so callers read timestamps as text or epoch numbers.
type ProbeRow = { id: number; label: string | null; at: string | null; data: unknown; flag: boolean; amount: number };

const TABLE = sql.raw(`fixed_read_probe_${process.pid}_${Date.now().toString(36)}`);
const PROBE = sql`select id, label, at::text as at, data, flag, amount from ${TABLE}
  where label = ${sql.placeholder('label')} or id = ${sql.placeholder('id')} or at = ${sql.placeholder('at')} order by id`;

const HOSTILE = [`l'apostrophe`, `back\\slash`, `quote'); drop table fixed_read_probe; --`, `\\'); drop table fixed_read_probe; --`, 'Élodie 🍷', '$1', ''];

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await queryRows(ctx.db, sql`create table ${TABLE} (id int primary key, label text, at timestamptz, data jsonb, flag boolean not null default false, amount float8 not null default 0)`);
  for (const [index, label] of HOSTILE.entries()) {
    await queryRows(
      ctx.db,
      sql`insert into ${TABLE} values (${index + 1}, ${label}, ${new Date(Date.UTC(2026, 10, 19, 22, 30, index)).toISOString()}::timestamptz, ${JSON.stringify({ index, label })}::jsonb, ${index % 2 === 0}, ${index + 0.5})`,
    );
  }
});
afterAll(async () => {
  await queryRows(ctx.db, sql`drop table if exists ${TABLE}`);
  await ctx.close();
});

const plain = (values: { label: unknown; id: unknown; at: unknown }) =>
  queryRows<ProbeRow>(ctx.db, sql`select id, label, at::text as at, data, flag, amount from ${TABLE} where label = ${values.label} or id = ${values.id} or at = ${values.at} order by id`);

describe('statements with placeholders, compiled once (decision 082)', () => {
  it('answer exactly what the plain query answers, every value staying a value', async () => {
    for (const label of HOSTILE) {
      const values = { label, id: null, at: null };
      const rows = await queryPreparedRows<ProbeRow>(ctx.db, PROBE, values);
      expect(rows).toEqual(await plain(values));
      expect(rows.map((row) => row.label)).toEqual([label]);
    }
    const byNumberAndDate = { label: null, id: 2, at: new Date(Date.UTC(2026, 10, 19, 22, 30, 4)).toISOString() };
    const rows = await queryPreparedRows<ProbeRow>(ctx.db, PROBE, byNumberAndDate);
    expect(rows.map((row) => row.id)).toEqual([2, 5]);
    expect(rows).toEqual(await plain(byNumberAndDate));
    expect(typeof rows[0].amount).toBe('number');
    expect(rows[0].data).toEqual({ index: 1, label: HOSTILE[1] });
    expect((await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from ${TABLE}`))[0].n).toBe(HOSTILE.length);
  });

  it('answer the same inside a transaction, a prepared one or a plain one, and roll back with it', async () => {
    const values = { label: HOSTILE[2], id: 4, at: null };
    const expected = await plain(values);
    expect(await preparedTransaction(ctx.db, (tx) => queryPreparedRows<ProbeRow>(tx, PROBE, values))).toEqual(expected);
    expect(await ctx.db.transaction((tx) => queryPreparedRows<ProbeRow>(tx, PROBE, values))).toEqual(expected);
    const insert = sql`insert into ${TABLE} (id, label) values (${sql.placeholder('id')}::int, ${sql.placeholder('label')}::text) returning id, label`;
    await expect(
      preparedTransaction(ctx.db, async (tx) => {
        expect(await queryPreparedRows(tx, insert, { id: 300, label: `l'après` })).toEqual([{ id: 300, label: `l'après` }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await plain({ label: null, id: 300, at: null })).toEqual([]);
    await expect(queryPreparedRows(ctx.db, PROBE, { label: 'x', id: 1 })).rejects.toThrow(/at/);
  });
});
