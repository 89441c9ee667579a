import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's type parsers set once on the instance, not sent with each query (decisions 015 and 033).
 *
 * drizzle's PGlite driver (drizzle-orm 0.45.4) passes, with every query, the parsers that keep timestamps,
 * dates, intervals and numeric arrays as PostgreSQL's text (its column mapping turns them into `Date`
 * itself); PGlite (0.5.16) then copies its whole table of ~320 type parsers for that one query (~80 µs, as
 * long as a `select 1`). The embedded database gets those parsers once, on the instance's public `parsers`
 * field, and drizzle a view of the instance that sends none. The job queue (pg-boss), which expects `Date`
 * values, gets another view that sends PGlite's original parsers for those types with each of its queries.
 * Pinned by tests/api/database-patches-contract.test.ts and tests/perf/pglite-parsers.test.ts.
 */

/** The column types drizzle reads as PostgreSQL's text: timestamp(tz), interval, date, numeric[] and their arrays. */
export const TEXT_TYPE_OIDS = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
type TypeParsers = Record<number, (value: string) => unknown>;

/** A PGlite instance, or the transaction its `transaction` hands over (which has no `transaction` of its own). */
type PgliteClient = Pick<PGlite, 'query' | 'exec'> & Partial<Pick<PGlite, 'transaction'>>;

/**
 * Sets the text parsers on `pglite` once and returns its two views: `app` (for drizzle: no per-query
 * parsers) and `jobQueue` (PGlite's own parsers for those types sent with each query: `Date` values).
 */
export function pgliteParserViews(pglite: PGlite): { app: PGlite; jobQueue: PGlite } {
  const { parsers } = pglite;
  const original = Object.fromEntries(TEXT_TYPE_OIDS.map((oid) => [oid, parsers[oid]])) as TypeParsers;
  for (const oid of TEXT_TYPE_OIDS) parsers[oid] = (value) => value;
  return { app: withQueryParsers(pglite, undefined), jobQueue: withQueryParsers(pglite, original) };
}

/** A view of a PGlite instance (or transaction) whose queries all run with `parsers` (none: the instance's own). */
function withQueryParsers<T extends PgliteClient>(client: T, parsers: TypeParsers | undefined): T {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') return (text: string, params?: unknown[], options?: object) => target.query(text, params, { ...options, parsers });
      if (property === 'exec') return (text: string, options?: object) => target.exec(text, { ...options, parsers });
      if (property === 'transaction' && target.transaction) {
        const transaction = target.transaction.bind(target);
        return <R>(work: (tx: PgliteClient) => Promise<R>) => transaction((tx) => work(withQueryParsers(tx, parsers)));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
