import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customerRewards } from './loyalty';
import { restaurants } from './restaurants';

/**
 * 'Présenter au comptoir' (issue 27, decision 043): a short code standing for one pending reward of one
 * diner, valid 10 minutes. A new code for the same reward replaces the previous one; the counter reads
 * it by (restaurant, code), so another restaurant's code is unknown there.
 */
export const rewardCodes = pgTable(
  'reward_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    restaurantId: uuid('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    customerRewardId: uuid('customer_reward_id')
      .notNull()
      .references(() => customerRewards.id, { onDelete: 'cascade' }),
    /** Six characters of an alphabet without look-alikes (no 0/O, 1/I/L), upper case. */
    code: text('code').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reward_codes_restaurant_code_uq').on(t.restaurantId, t.code), index('reward_codes_reward_idx').on(t.customerRewardId)],
);
