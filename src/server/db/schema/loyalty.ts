import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { restaurants } from './restaurants';

/** The venue a row belongs to (deleted with it): a new column builder for each table. */
const restaurantIdColumn = () =>
  uuid('restaurant_id')
    .notNull()
    .references(() => restaurants.id, { onDelete: 'cascade' });
/** The diner a row belongs to (deleted with them). */
const customerIdColumn = () =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });

/** One row per restaurant: how many points a visit earns (docs/decisions/001-data-model.md). */
export const loyaltyRules = pgTable(
  'loyalty_rules',
  {
    restaurantId: uuid('restaurant_id')
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    basePoints: integer('base_points').notNull().default(10),
    bonusGoodRating: integer('bonus_good_rating').notNull().default(10),
    ratingThreshold: integer('rating_threshold').notNull().default(4),
    maxPointsPerDay: integer('max_points_per_day').notNull().default(100),
    /** Hours after an earning rating during which the same diner's later ratings earn nothing (0: no interval). */
    earningIntervalHours: integer('earning_interval_hours').notNull().default(3),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('loyalty_rules_base_check', sql`${t.basePoints} >= 0`),
    check('loyalty_rules_bonus_check', sql`${t.bonusGoodRating} >= 0`),
    check('loyalty_rules_threshold_check', sql`${t.ratingThreshold} between 3 and 5`),
    check('loyalty_rules_cap_check', sql`${t.maxPointsPerDay} >= 0`),
    check('loyalty_rules_interval_check', sql`${t.earningIntervalHours} between 0 and 24`),
  ],
);

/** The reward catalogue a restaurant offers. */
export const rewards = pgTable(
  'rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: restaurantIdColumn(),
    label: text('label').notNull(),
    description: text('description'),
    cost: integer('cost').notNull().default(100),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('rewards_cost_check', sql`${t.cost} >= 0`), index('rewards_restaurant_cost_idx').on(t.restaurantId, t.cost)],
);

export const CUSTOMER_REWARD_STATUSES = ['pending', 'redeemed'] as const;

/**
 * A reward a customer has earned (unlocked): its cost left the balance at unlock (decision 024), so it is
 * already paid; pending until the restaurant hands it over.
 */
export const customerRewards = pgTable(
  'customer_rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: restaurantIdColumn(),
    customerId: customerIdColumn(),
    rewardId: uuid('reward_id').references(() => rewards.id, { onDelete: 'set null' }),
    /** Label and cost copied at unlock time, so deleting a catalogue entry keeps the history. */
    label: text('label').notNull(),
    cost: integer('cost').notNull(),
    status: text('status', { enum: CUSTOMER_REWARD_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  },
  (t) => [
    check('customer_rewards_status_check', sql`${t.status} in ('pending', 'redeemed')`),
    index('customer_rewards_customer_idx').on(t.customerId),
    index('customer_rewards_restaurant_idx').on(t.restaurantId, t.createdAt),
    // Rewards handed over in a period, per venue (the consolidated view, decision 054).
    index('customer_rewards_redeemed_idx').on(t.restaurantId, t.redeemedAt).where(sql`${t.status} = 'redeemed'`),
  ],
);

export const pointEvents = pgTable(
  'point_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: restaurantIdColumn(),
    customerId: customerIdColumn(),
    feedbackId: uuid('feedback_id'),
    points: integer('points').notNull(),
    /** Why points moved without a feedback, e.g. 'daily_cap_after_merge' (null for points earned by a feedback). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('point_events_restaurant_idx').on(t.restaurantId, t.createdAt),
    index('point_events_customer_day_idx').on(t.customerId, t.createdAt),
  ],
);
