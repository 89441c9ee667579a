import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { qrCodes } from './qr-codes';
import { restaurants } from './restaurants';

export const visits = pgTable(
  'visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    qrCodeId: uuid('qr_code_id').references(() => qrCodes.id, { onDelete: 'set null' }),
    source: text('source').notNull().default('qr'),
    tableLabel: text('table_label'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('visits_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    index('visits_customer_idx').on(t.customerId),
  ],
);

export const feedbacks = pgTable(
  'feedbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    visitId: uuid('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    /** Sent by the form so a retried POST returns the first answer and records nothing twice. */
    submissionId: uuid('submission_id').unique(),
    submissionResult: jsonb('submission_result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('feedbacks_rating_check', sql`${t.rating} between 1 and 5`),
    index('feedbacks_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    index('feedbacks_customer_idx').on(t.customerId),
  ],
);

/**
 * Per restaurant and Paris calendar day: visits, feedbacks and the sum of their ratings. Written in the
 * same transaction as each visit and feedback, so the dashboard reads 7 or 30 small rows instead of
 * counting millions (docs/decisions/008-dashboard-daily-stats.md).
 */
export const restaurantDailyStats = pgTable(
  'restaurant_daily_stats',
  {
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitCount: integer('visit_count').notNull().default(0),
    feedbackCount: integer('feedback_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.day] })],
);

/**
 * The restaurant's low-rating alert window (decision 036): when its last alert email was queued. The
 * alert job locks this row, so two instances (or two jobs) deciding at once take turns.
 */
export const lowRatingAlertState = pgTable('low_rating_alert_state', {
  restaurantId: uuid('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  lastAlertAt: timestamp('last_alert_at', { withTimezone: true }),
});

/**
 * One row per low rating to alert, written by the alert job; `alert_id` is set when an alert email
 * claims it (one alert lists every rating it claimed, so none is alerted twice or forgotten).
 */
export const lowRatingAlertItems = pgTable(
  'low_rating_alert_items',
  {
    feedbackId: uuid('feedback_id')
      .primaryKey()
      .references(() => feedbacks.id, { onDelete: 'cascade' }),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    alertId: uuid('alert_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('low_rating_alert_items_pending_idx').on(t.restaurantId).where(sql`${t.alertId} is null`),
    index('low_rating_alert_items_alert_idx').on(t.alertId),
  ],
);
