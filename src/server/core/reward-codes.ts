import { randomInt } from 'node:crypto';
import { and, eq, or, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerRewards, customers, rewardCodes } from '../db/schema';
import { AppError, isUniqueViolation } from '../lib/http/errors';
import { CARD_MESSAGES, REWARD_CODE_ALPHABET, REWARD_CODE_LENGTH, REWARD_CODE_MINUTES } from '../../shared/schemas/card-messages';

/**
 * The short codes of 'Présenter au comptoir' (decision 043): the diner's card makes one for a pending
 * reward, the counter reads it. Both features use these functions, so the rules live in one place.
 */

function randomCode(): string {
  let code = '';
  for (let i = 0; i < REWARD_CODE_LENGTH; i++) code += REWARD_CODE_ALPHABET[randomInt(REWARD_CODE_ALPHABET.length)];
  return code;
}

/**
 * A new code for `customerRewardId` (already checked to be the diner's pending reward), valid 10
 * minutes: it replaces the reward's previous code (an old screenshot then fails), and the restaurant's
 * long-expired codes are dropped on the way. A collision with a live code is retried with another one.
 */
export async function issueRewardCode(db: Db, restaurantId: string, customerRewardId: string, now: Date): Promise<{ code: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + REWARD_CODE_MINUTES * 60_000);
  const dayAgo = new Date(now.getTime() - 24 * 3_600_000);
  for (let attempt = 0; ; attempt++) {
    const code = randomCode();
    try {
      return await db.transaction(async (tx) => {
        await tx
          .delete(rewardCodes)
          .where(and(eq(rewardCodes.restaurantId, restaurantId), or(eq(rewardCodes.customerRewardId, customerRewardId), lt(rewardCodes.expiresAt, dayAgo))));
        await tx.insert(rewardCodes).values({ restaurantId, customerRewardId, code, expiresAt, createdAt: now });
        return { code, expiresAt };
      });
    } catch (error) {
      if (attempt < 5 && isUniqueViolation(error, 'reward_codes_restaurant_code_uq')) continue;
      throw error;
    }
  }
}

export type PresentedReward = {
  customerRewardId: string;
  label: string;
  status: 'pending' | 'redeemed';
  unlockedAt: Date;
  redeemedAt: Date | null;
  expiresAt: Date;
  customer: { id: string; firstName: string | null; lastName: string | null; email: string | null; phone: string | null };
};

/**
 * What a code stands for at this restaurant: unknown here (another restaurant's code included) is a
 * 404, an expired one says so; the caller decides what a handed-over reward means.
 */
export async function readRewardCode(db: Db, restaurantId: string, code: string, now: Date): Promise<PresentedReward> {
  const [row] = await db
    .select({
      customerRewardId: customerRewards.id,
      label: customerRewards.label,
      status: customerRewards.status,
      unlockedAt: customerRewards.createdAt,
      redeemedAt: customerRewards.redeemedAt,
      expiresAt: rewardCodes.expiresAt,
      customerId: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.phone,
    })
    .from(rewardCodes)
    .innerJoin(customerRewards, and(eq(customerRewards.id, rewardCodes.customerRewardId), eq(customerRewards.restaurantId, restaurantId)))
    .innerJoin(customers, eq(customers.id, customerRewards.customerId))
    .where(and(eq(rewardCodes.restaurantId, restaurantId), eq(rewardCodes.code, code)));
  if (!row) throw new AppError('NOT_FOUND', CARD_MESSAGES.codeUnknown);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', CARD_MESSAGES.codeExpired);
  return {
    customerRewardId: row.customerRewardId,
    label: row.label,
    status: row.status,
    unlockedAt: row.unlockedAt,
    redeemedAt: row.redeemedAt,
    expiresAt: row.expiresAt,
    customer: { id: row.customerId, firstName: row.firstName, lastName: row.lastName, email: row.email, phone: row.phone },
  };
}
