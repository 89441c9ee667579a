import { setImmediate as nextTurn, setTimeout as rest } from 'node:timers/promises';
import { and, asc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { CSV_BOM, frenchCsvLines, neutralizeCsvCell } from '../../lib/http/csv';
import type { ExportLease } from '../../lib/limits/export-lease';
import { formatShortDateFr } from '../../../shared/format';
import type { TCustomerFilter, TCustomerScope } from '../../../shared/schemas/customers';
import { customerListWhere, detailColumns } from './customers.service';

/**
 * The customers CSV (issues 48 and 50, decision 081), streamed: the rows the list shows (its scope,
 * filter and search), read from the database in pages of `pageSize` rows by keyset (created_at, id) on
 * customers_restaurant_created_idx, each page formatted and handed to the response as it is read. The
 * next page is read only when the client has taken the previous one (a pull stream), so memory stays
 * flat whatever the size of the file and the event loop never holds more than one page's formatting.
 */

export const CUSTOMERS_CSV_COLUMNS = ['Prénom', 'Nom', 'Email', 'Email confirmé', 'Téléphone', 'Points', 'Dernière visite', 'Client depuis', 'Consentement marketing'];

/**
 * Rows a page: what the event loop can spare at once. On PostgreSQL 250 (the query runs in the database's
 * process, but the driver parses its rows and the page is formatted on the loop: a few milliseconds);
 * PGlite runs its queries on the loop itself, so 100 there.
 */
export const CUSTOMERS_CSV_PAGE_SIZE = { postgres: 250, pglite: 100 } as const;

/**
 * After each page the export rests for a multiple of the time the page took, so that it uses a bounded
 * share of the event loop and the other tenants' requests keep their times: on PGlite, whose queries run
 * on the loop, six times (an export takes at most a seventh of the loop and of PGlite's one thread); on
 * PostgreSQL, where the database works beside the loop on the same cores, eight times. A 50,000-row file takes
 * longer; nobody waits on it but its owner.
 */
export const CUSTOMERS_CSV_REST_PER_PAGE = { postgres: 8, pglite: 6 } as const;

export type CustomersCsvQuery = { q: string; scope: TCustomerScope; filter?: TCustomerFilter };

/** A row of the export: the customer's detail columns (customers.service.ts), `unconfirmedEmail` shown with « non » (decision 075). */
type ExportRow = Awaited<ReturnType<typeof readPage>>[number];

function csvRow(row: ExportRow): string[] {
  const pending = row.email ? null : row.unconfirmedEmail;
  const email = row.email ?? pending ?? '';
  return [
    neutralizeCsvCell(row.firstName ?? ''),
    neutralizeCsvCell(row.lastName ?? ''),
    neutralizeCsvCell(email),
    row.email ? 'oui' : pending ? 'non' : '',
    neutralizeCsvCell(row.phone ?? '', 'phone'),
    String(row.points),
    row.lastVisitAt ? formatShortDateFr(row.lastVisitAt) : '',
    formatShortDateFr(row.createdAt),
    row.marketingConsent ? 'oui' : 'non',
  ];
}

/** One page after `after` (the last row of the previous page), in (created_at, id) order. */
function readPage(db: Db, where: SQL, after: { createdAt: string; id: string } | null, pageSize: number) {
  const conditions = [where];
  // The cursor's time as the database's text: a Date would drop the microseconds and repeat rows.
  if (after) conditions.push(sql`(${customers.createdAt}, ${customers.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  return db
    .select({ ...detailColumns, cursor: sql<string>`${customers.createdAt}::text` })
    .from(customers)
    .where(and(...conditions))
    .orderBy(asc(customers.createdAt), asc(customers.id))
    .limit(pageSize);
}

export type CustomersCsvOptions = {
  lease: ExportLease;
  pageSize: number;
  /** How long the export rests after a page, as a multiple of the page's time (CUSTOMERS_CSV_REST_PER_PAGE). */
  restPerPage: number;
  /** Told of a failure after the answer started (its status is sent: the download is cut short). */
  onError?: (error: unknown) => void;
};

/**
 * The CSV as a byte stream, page by page. The lease is renewed at each page and given back when the
 * stream ends: read to the end, failed, or cancelled (the client went away).
 */
export function customersCsvStream(db: Db, restaurantId: string, query: CustomersCsvQuery, options: CustomersCsvOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { pageSize } = options;
  let restMs = 0;
  let where: SQL | null = null;
  let after: { createdAt: string; id: string } | null = null;
  const release = () => options.lease.release().catch(() => undefined);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!where) {
            where = customerListWhere(restaurantId, query);
            controller.enqueue(encoder.encode(CSV_BOM + frenchCsvLines([CUSTOMERS_CSV_COLUMNS])));
            return;
          }
          // Another request's work goes first: the previous page's rest, then a turn of the event loop.
          if (restMs > 0) await rest(restMs);
          await nextTurn();
          const started = performance.now();
          await options.lease.renew();
          const rows = await readPage(db, where, after, pageSize);
          if (rows.length > 0) controller.enqueue(encoder.encode(frenchCsvLines(rows.map(csvRow))));
          restMs = Math.min(1000, (performance.now() - started) * options.restPerPage);
          if (rows.length < pageSize) {
            await release();
            controller.close();
            return;
          }
          const last = rows[rows.length - 1];
          after = { createdAt: last.cursor, id: last.id };
        } catch (error) {
          await release();
          options.onError?.(error);
          controller.error(error);
        }
      },
      async cancel() {
        await release();
      },
    },
    // One page waits in the stream at most: the next is read when the client has taken it.
    { highWaterMark: 1 },
  );
}
