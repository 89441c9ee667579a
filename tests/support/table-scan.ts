import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../src/server/db/client';

/**
 * The erasure tests' scan of the whole database: every table of every schema (ours, better-auth's,
 * pg-boss's, partitions included), its rows counted, or its rows that mention a text.
 */
export async function allTables(db: Db): Promise<Array<{ schema: string; table: string }>> {
  return queryRows<{ schema: string; table: string }>(
    db,
    sql`select table_schema as schema, table_name as table from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
}

const tableName = ({ schema, table }: { schema: string; table: string }) => sql.raw(`"${schema.replace(/"/g, '""')}"."${table.replace(/"/g, '""')}"`);

/** Rows of each table whose whole text mentions `needle` (and not `unless`, when given), by table. */
export async function mentions(db: Db, needle: string, unless?: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const entry of await allTables(db)) {
    const [row] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from ${tableName(entry)} t where strpos(lower(t::text), lower(${needle})) > 0
          and (${unless ?? null}::text is null or strpos(lower(t::text), lower(${unless ?? ''})) = 0)`,
    );
    if (Number(row.n) > 0) found[`${entry.schema}.${entry.table}`] = Number(row.n);
  }
  return found;
}

/** The number of rows of every table, by table. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const entry of await allTables(db)) {
    const [row] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from ${tableName(entry)}`);
    counts[`${entry.schema}.${entry.table}`] = Number(row.n);
  }
  return counts;
}

/** The tables whose row count changed from `before` to `after`, with the change. */
export function countChanges(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const changes: Record<string, number> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const change = (after[table] ?? 0) - (before[table] ?? 0);
    if (change !== 0) changes[table] = change;
  }
  return changes;
}
