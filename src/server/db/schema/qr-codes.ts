import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants';

export const qrCodes = pgTable(
  'qr_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The short value printed in /r/{code} links. */
    code: text('code').notNull().unique(),
    slug: text('slug'),
    tableLabel: text('table_label'),
    target: text('target').notNull().default('visit_feedback'),
    isPrimary: boolean('is_primary').notNull().default(false),
    scanCount: integer('scan_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The URL encoded in the stored PNG (null: no PNG yet); a different public URL means regenerate. */
    pngUrl: text('png_url'),
    /** When the PNG was last written: the cache-busting version of its /storage URL. */
    pngGeneratedAt: timestamp('png_generated_at', { withTimezone: true }),
  },
  (t) => [
    // 'Table 7' and 'table 7' would print two QR codes with the same link: labels are unique ignoring case.
    uniqueIndex('qr_codes_restaurant_label_uq').on(t.restaurantId, sql`lower(${t.tableLabel})`),
    uniqueIndex('qr_codes_one_primary_uq').on(t.restaurantId).where(sql`${t.isPrimary}`),
    check('qr_codes_scan_count_check', sql`${t.scanCount} >= 0`),
    index('qr_codes_restaurant_created_idx').on(t.restaurantId, t.createdAt),
  ],
);
