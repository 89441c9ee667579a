// The fixed reads on PGlite (decision 063): prepared once on the instance's session with SQL's PREPARE, then
// each call an EXECUTE whose values are quoted literals. These tests pin what must not change for the callers
// (the rows and their JS types are the plain query's, a value never leaves its literal) and that the plan really
// is kept (the statement stays in pg_prepared_statements).
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../src/server/db/client';
import { prepareFixedRead, preparedTransaction, queryPreparedRows, statementName } from '../../src/server/db/prepared';

type ProbeRow = { id: number; label: string | null; at: Date | string | null; data: unknown; flag: boolean; amount: number };

const PROBE_TEXT = sql`select id, label, at, data, flag, amount from fixed_read_probe
  where label = ${sql.placeholder('label')} or id = ${sql.placeholder('id')} or at = ${sql.placeholder('at')} order by id`;
const readProbe = prepareFixedRead<ProbeRow>(PROBE_TEXT);

const HOSTILE = [`l'apostrophe`, `back\\slash`, `quote'); drop table fixed_read_probe; --`, `\\'); drop table fixed_read_probe; --`, 'Élodie 🍷', '$1', ''];

describe.skipIf(process.env.TEST_DATABASE_URL)('fixed reads on PGlite (decision 063)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await queryRows(
      database.db,
      sql`create table fixed_read_probe (id int primary key, label text, at timestamptz, data jsonb, flag boolean not null default false, amount float8 not null default 0)`,
    );
    for (const [index, label] of HOSTILE.entries()) {
      await queryRows(
        database.db,
        sql`insert into fixed_read_probe values (${index + 1}, ${label}, ${new Date(Date.UTC(2026, 10, 19, 22, 30, index)).toISOString()}::timestamptz, ${JSON.stringify({ index, label })}::jsonb, ${index % 2 === 0}, ${index + 0.5})`,
      );
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  const plain = (values: { label: unknown; id: unknown; at: unknown }) =>
    queryRows<ProbeRow>(database.db, sql`select id, label, at, data, flag, amount from fixed_read_probe where label = ${values.label} or id = ${values.id} or at = ${values.at} order by id`);

  it('answers exactly what the plain query answers, every value staying inside its literal', async () => {
    for (const label of HOSTILE) {
      const values = { label, id: null, at: null };
      const rows = await readProbe(database.db, values);
      expect(rows).toEqual(await plain(values));
      expect(rows.map((row) => row.label)).toEqual([label]);
    }
    // Numbers, dates and nulls are read as the parameter's type; the row's types are the plain query's.
    const byNumberAndDate = { label: null, id: 2, at: new Date(Date.UTC(2026, 10, 19, 22, 30, 4)) };
    const rows = await readProbe(database.db, byNumberAndDate);
    expect(rows.map((row) => row.id)).toEqual([2, 5]);
    expect(rows).toEqual(await plain(byNumberAndDate));
    expect(typeof rows[0].amount).toBe('number');
    expect(rows[0].data).toEqual({ index: 1, label: HOSTILE[1] });
    expect((await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from fixed_read_probe`))[0].n).toBe(HOSTILE.length);
  });

  it("is prepared once on the instance's session and prepared again when it was dropped", async () => {
    const name = statementName(new PgDialect().sqlToQuery(PROBE_TEXT).sql);
    const prepared = async () => (await queryRows<{ name: string }>(database.db, sql`select name from pg_prepared_statements`)).map((row) => row.name);
    await readProbe(database.db, { label: 'x', id: 1, at: null });
    expect(await prepared()).toContain(name);
    await queryRows(database.db, sql`deallocate all`);
    expect(await readProbe(database.db, { label: 'x', id: 1, at: null })).toHaveLength(1);
    expect(await prepared()).toContain(name);
  });

  it("runs a write path's statements prepared inside its transaction: every value kept as typed, a rollback keeps the statement prepared", async () => {
    const insert = (id: number, label: string) =>
      sql`insert into fixed_read_probe (id, label, data) values (${id}::int, ${label}::text, ${JSON.stringify({ label })}::jsonb) returning id, label, data`;
    const written = await preparedTransaction(database.db, async (tx) => {
      const rows = [];
      for (const [index, label] of HOSTILE.entries()) rows.push(...(await queryPreparedRows<{ id: number; label: string; data: { label: string } }>(tx, insert(100 + index, label))));
      return rows;
    });
    expect(written.map((row) => [row.label, row.data.label])).toEqual(HOSTILE.map((label) => [label, label]));
    const name = statementName(new PgDialect().sqlToQuery(insert(0, '')).sql);
    expect((await queryRows<{ name: string }>(database.db, sql`select name from pg_prepared_statements`)).map((row) => row.name)).toContain(name);
    // A failed transaction rolls its writes back; the statement stays prepared for the next one.
    await expect(preparedTransaction(database.db, async (tx) => queryPreparedRows(tx, insert(100, 'doublon')))).rejects.toThrow();
    expect(await preparedTransaction(database.db, async (tx) => queryPreparedRows(tx, insert(200, `l'après`)))).toEqual([{ id: 200, label: `l'après`, data: { label: `l'après` } }]);
    expect((await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from fixed_read_probe where id >= 100`))[0].n).toBe(HOSTILE.length + 1);
  });
});
