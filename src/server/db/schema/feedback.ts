import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { customers } from './customers';
import { customerRewards } from './loyalty';
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

export const FEEDBACK_STATUSES = ['new', 'done'] as const;

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
    /** The QR and table label of the visit, copied at submission so /avis filters without a join (decision 035). */
    qrCodeId: uuid('qr_code_id').references(() => qrCodes.id, { onDelete: 'set null' }),
    tableLabel: text('table_label'),
    /** A comment was left (kept by the database; erasure clears the comment and with it this flag). */
    hasComment: boolean('has_comment').generatedAlwaysAs(sql`coalesce(comment, '') <> ''`),
    /** The diner can be reached (their customer has an email or a phone): kept by triggers as the customer changes (decision 035). */
    hasContact: boolean('has_contact').notNull().default(false),
    /** The thank-you offered the public review link (a valid link, and 4–5 stars or the restaurant's 'every rating'). */
    reviewInvited: boolean('review_invited').notNull().default(false),
    /** /avis: 'new' until the owner marks it handled ('done'), by whom and when. */
    status: text('status', { enum: FEEDBACK_STATUSES }).notNull().default('new'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: text('handled_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('feedbacks_rating_check', sql`${t.rating} between 1 and 5`),
    check('feedbacks_status_check', sql`${t.status} in ('new', 'done')`),
    index('feedbacks_customer_idx').on(t.customerId),
    // The consolidated view of the venues counts the review-link invitations of a period from this index
    // alone (decision 054): only invited feedbacks are in it.
    index('feedbacks_review_invited_idx').on(t.restaurantId, t.createdAt).where(sql`${t.reviewInvited}`),
    // Every read by restaurant and date (the dashboard's latest, /avis) uses feedbacks_inbox_idx (restaurant_id,
    // created_at desc, id desc) INCLUDE (rating, status, qr_code_id, has_comment, has_contact), created in the
    // migration's custom SQL (drizzle has no INCLUDE); it replaces feedbacks_restaurant_created_idx (decision 035).
  ],
);

/**
 * /avis summary rollup (decision 035): per restaurant, Paris day, QR, rating, comment, contact and status,
 * how many feedbacks. Kept by triggers on feedbacks (custom SQL in the migration), so every write path —
 * submissions, status changes, erasure, merges, deletions — keeps it right; the summary of a selection
 * of whole days sums a few hundred rows instead of counting a million feedbacks.
 */
export const feedbackStats = pgTable(
  'feedback_stats',
  {
    restaurantId: uuid('restaurant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The QR's id, or the nil UUID for a feedback without a QR (a primary key has no null). */
    qrKey: uuid('qr_key').notNull(),
    rating: smallint('rating').notNull(),
    hasComment: boolean('has_comment').notNull(),
    hasContact: boolean('has_contact').notNull(),
    status: text('status').notNull(),
    count: integer('count').notNull(),
    /**
     * Which of the key's rows (decision 047): a submission counts in the row of its connection
     * (`pg_backend_pid() % 64`), so concurrent submissions never wait on one row; readers sum the shards,
     * and housekeeping folds past days into shard 0.
     */
    shard: smallint('shard').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.day, t.qrKey, t.rating, t.hasComment, t.hasContact, t.status, t.shard] })],
);

/**
 * Per restaurant and Paris calendar day: visits, feedbacks and the sum of their ratings. Written in the
 * same transaction as each visit and feedback, so the dashboard reads 7 or 30 small rows instead of
 * counting millions (docs/decisions/008-dashboard-daily-stats.md). A day has up to 64 rows (shards, decision
 * 047), summed on read, so concurrent submissions of one restaurant do not queue on one row lock.
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
    /** The day's feedbacks from DASHBOARD_EVENING_HOUR (16:00 Paris) on, and their ratings' sum: the dashboard's evening (decision 072). */
    eveningFeedbackCount: integer('evening_feedback_count').notNull().default(0),
    eveningRatingSum: integer('evening_rating_sum').notNull().default(0),
    /** Which of the day's rows (decision 047): one per connection (`pg_backend_pid() % 64`), summed on read. */
    shard: smallint('shard').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.day, t.shard] })],
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

/**
 * A private reply of the restaurant to a diner's feedback (/avis): the message sent through the mail
 * pipeline (its delivery is logged in email_logs under 'feedback_reply'), and the reward offered with it.
 */
export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedbacks.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** Cleared with the customer's erasure, like the message (personal data). */
    toEmail: text('to_email'),
    subject: text('subject').notNull(),
    message: text('message'),
    customerRewardId: uuid('customer_reward_id').references(() => customerRewards.id, { onDelete: 'set null' }),
    rewardLabel: text('reward_label'),
    sentBy: text('sent_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_replies_feedback_idx').on(t.feedbackId, t.createdAt), index('feedback_replies_restaurant_idx').on(t.restaurantId, t.createdAt)],
);
