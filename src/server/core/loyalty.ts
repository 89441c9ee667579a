import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { runPrepared } from '../platform';
import { customerRewards, customers, loyaltyRules, pointEvents, rewards } from '../db/schema';
import { clock } from '../lib/runtime/clock';
import { AppError } from '../lib/http/errors';
import { parisDayOf } from '../../shared/format';
import { DEFAULT_POINTS_RULES, findUnlockedRewards, type PointsRules } from '../../shared/rules/points';
import { POINT_EVENT_REASONS } from '../../shared/rules/point-events';
import { CUSTOMER_MESSAGES } from '../../shared/schemas/customers';
import { LOYALTY_MESSAGES, type TCreateRewardRequest, type TLoyaltyOverview, type TPointsRulesRequest, type TReward, ZCreateRewardRequest } from '../../shared/schemas/loyalty';
import type { PgBoss } from '../jobs/queue';
import { recordRestaurantAudit } from './restaurant-audit';
import { queueWebhookEvents } from './webhook-events';

/**
 * Loyalty: the points rules, the reward catalogue and the rewards customers earn and spend. The diner
 * flow, the owner pages and the demo seed all go through these functions.
 */

/** Why points moved without a feedback (point_events.reason; shared/rules/point-events.ts). */
export const CAP_AFTER_MERGE_REASON = POINT_EVENT_REASONS.capAfterMerge;

/** The setup reward of a new restaurant (spec §3: 'Dessert offert', threshold 50). */
export const SETUP_REWARD = { label: 'Dessert offert', cost: 50 } as const;

/** Everything loyalty a new restaurant starts with: the default rules and its rewards (the setup reward unless given). */
export async function createLoyaltyDefaults(
  tx: Db,
  restaurantId: string,
  catalogue: Array<{ label: string; description?: string | null; cost: number; isActive?: boolean }> = [SETUP_REWARD],
) {
  await tx.insert(loyaltyRules).values({ restaurantId });
  return tx
    .insert(rewards)
    .values(catalogue.map((reward) => ({ restaurantId, label: reward.label, description: reward.description ?? null, cost: reward.cost, isActive: reward.isActive ?? true })))
    .returning();
}

/** A restaurant's saved points rules, as columns of a read (the submission reads them with its restaurant). */
export const POINTS_RULES_COLUMNS = {
  basePoints: loyaltyRules.basePoints,
  bonusGoodRating: loyaltyRules.bonusGoodRating,
  ratingThreshold: loyaltyRules.ratingThreshold,
  maxPointsPerDay: loyaltyRules.maxPointsPerDay,
  earningIntervalHours: loyaltyRules.earningIntervalHours,
};

export async function readPointsRules(tx: Db, restaurantId: string): Promise<PointsRules> {
  const [rules] = await tx
    .select(POINTS_RULES_COLUMNS)
    .from(loyaltyRules)
    .where(eq(loyaltyRules.restaurantId, restaurantId));
  return rules ?? DEFAULT_POINTS_RULES;
}

/** Points the customer earned on the Paris calendar day of `now`. */
export async function sumPointsEarnedOn(tx: Db, customerId: string, now: Date): Promise<number> {
  const day = parisDayOf(now);
  const [row] = await queryRows<{ total: number | string }>(
    tx,
    sql`select coalesce(sum(points), 0)::int as total from point_events
        where customer_id = ${customerId} and points > 0 and reason is null
          and created_at >= (${day}::date::timestamp at time zone 'Europe/Paris')
          and created_at < ((${day}::date + 1)::timestamp at time zone 'Europe/Paris')`,
  );
  return Number(row?.total ?? 0);
}

/** Points already taken back today by merges (positive number). */
export async function sumCapAdjustmentsOn(tx: Db, customerId: string, now: Date): Promise<number> {
  const day = parisDayOf(now);
  const [row] = await queryRows<{ total: number | string }>(
    tx,
    sql`select coalesce(-sum(points), 0)::int as total from point_events
        where customer_id = ${customerId} and reason = ${CAP_AFTER_MERGE_REASON}
          and created_at >= (${day}::date::timestamp at time zone 'Europe/Paris')
          and created_at < ((${day}::date + 1)::timestamp at time zone 'Europe/Paris')`,
  );
  return Number(row?.total ?? 0);
}

/**
 * The earning state kept on a customer row (decision 062): the Paris day of the last points a rating
 * earned, the points earned that day, and when. The submission reads it from the row its first statement
 * locks (so after the lock: a concurrent submission of the same device has committed its points) and
 * writes it with its points; `refreshEarningStates` computes it again from the point events.
 */
export type EarningStateRow = { earned_on: string | null; earned_on_points: number; last_earned_at: Date | string | null };

/**
 * What the earning rule needs of a customer's kept state: the points earned on the Paris day of `now`,
 * and whether a rating earned within the last `intervalHours` (the interval between two earning visits).
 */
export function earningStateOf(row: EarningStateRow, now: Date, intervalHours: number): { earnedToday: number; earnedRecently: boolean } {
  const day = parisDayOf(now);
  const last = row.last_earned_at === null ? null : new Date(row.last_earned_at).getTime();
  return {
    earnedToday: row.earned_on === day ? Number(row.earned_on_points) : 0,
    earnedRecently: intervalHours > 0 && last !== null && last > now.getTime() - intervalHours * 3_600_000,
  };
}

/** The kept earning state after a submission earned `pointsAdded` at `now` (unchanged when it earned nothing). */
export function earningStateAfter(before: { earnedToday: number }, pointsAdded: number, now: Date): { day: string; points: number; at: Date } | null {
  return pointsAdded > 0 ? { day: parisDayOf(now), points: before.earnedToday + pointsAdded, at: now } : null;
}

/**
 * Computes the kept earning state again from the point events, for one customer or every customer of a
 * restaurant: after a merge moved another row's events onto it, after the demo seed wrote events itself.
 */
export async function refreshEarningStates(tx: Db, scope: { customerId: string } | { restaurantId: string }): Promise<void> {
  const where = 'customerId' in scope ? sql`c.id = ${scope.customerId}::uuid` : sql`c.restaurant_id = ${scope.restaurantId}::uuid`;
  await queryRows(
    tx,
    sql`update customers c set last_earned_at = e.last_at, earned_on = (e.last_at at time zone 'Europe/Paris')::date,
          earned_on_points = coalesce((select sum(p.points) from point_events p
            where p.customer_id = c.id and p.points > 0 and p.reason is null
              and p.created_at >= ((e.last_at at time zone 'Europe/Paris')::date::timestamp at time zone 'Europe/Paris')), 0)
        from customers k left join lateral (select max(created_at) as last_at from point_events where customer_id = k.id and points > 0 and reason is null) e on true
        where k.id = c.id and ${where}`,
  );
}

/** Why points left a balance when a reward was unlocked (the reward is paid then: decision 024). */
export const REWARD_UNLOCKED_REASON = POINT_EVENT_REASONS.rewardUnlocked;
/** Why points came back: a pending reward withdrawn because a merge took back points over the daily cap that had paid it. */
export const REWARD_WITHDRAWN_REASON = POINT_EVENT_REASONS.rewardWithdrawnAfterMerge;

export type UnlockedReward = { id: string; label: string; cost: number };

/** A catalogue entry as planRewardUnlocks reads it (the active rewards, by cost). */
export type CatalogueEntry = { id: string; label: string; cost: number; isActive: boolean };

/**
 * Which rewards a balance moving from `previousBalance` to `newBalance` unlocks and pays at once (cheapest
 * first; one the remaining balance no longer covers is not unlocked), and the balance after them. Pure:
 * the submission reads its catalogue with its other settings and writes the rewards with its feedback.
 */
export function planRewardUnlocks<T extends CatalogueEntry>(previousBalance: number, newBalance: number, catalogue: readonly T[]): { paid: T[]; balance: number } {
  let balance = newBalance;
  const paid = findUnlockedRewards(previousBalance, newBalance, catalogue).filter((reward) => {
    if (reward.cost > balance) return false;
    balance -= reward.cost;
    return true;
  });
  return { paid, balance: paid.length === 0 ? newBalance : balance };
}

/**
 * Unlocks the rewards the balance just reached (previous < cost <= new, cheapest first) and pays them at
 * once (decision 024): each cost leaves the balance as it is unlocked, recorded as a point event, so a
 * reward shown 'à remettre' is already paid and the counter never refuses it. A reward the remaining
 * balance no longer covers (two reached by one rating) is not unlocked. Returns the rewards and the
 * balance after them; the caller writes that balance on the customer.
 */
export async function unlockRewards(
  tx: Db,
  restaurantId: string,
  customerId: string,
  previousBalance: number,
  newBalance: number,
  now: Date,
): Promise<{ unlocked: UnlockedReward[]; balance: number }> {
  if (newBalance <= previousBalance) return { unlocked: [], balance: newBalance };
  const catalogue = await runPrepared(
    tx
      .select({ id: rewards.id, label: rewards.label, cost: rewards.cost, isActive: rewards.isActive })
      .from(rewards)
      .where(and(eq(rewards.restaurantId, restaurantId), eq(rewards.isActive, true)))
      .orderBy(asc(rewards.cost)),
  );
  const { paid, balance } = planRewardUnlocks(previousBalance, newBalance, catalogue);
  if (paid.length === 0) return { unlocked: [], balance: newBalance };
  // Named as well: one shape per number of rewards reached at once, which the catalogue bounds.
  const unlocked = await runPrepared(
    tx
      .insert(customerRewards)
      .values(paid.map((reward) => ({ restaurantId, customerId, rewardId: reward.id, label: reward.label, cost: reward.cost, status: 'pending' as const, createdAt: now })))
      .returning({ id: customerRewards.id, label: customerRewards.label, cost: customerRewards.cost }),
  );
  await runPrepared(tx.insert(pointEvents).values(unlocked.map((reward) => ({ restaurantId, customerId, points: -reward.cost, reason: REWARD_UNLOCKED_REASON, createdAt: now }))));
  return { unlocked, balance };
}

function toReward(row: typeof rewards.$inferSelect): TReward {
  return { id: row.id, label: row.label, description: row.description, cost: row.cost, isActive: row.isActive, createdAt: row.createdAt.toISOString() };
}

export async function listRewards(db: Db, restaurantId: string): Promise<TReward[]> {
  const rows = await db.select().from(rewards).where(eq(rewards.restaurantId, restaurantId)).orderBy(asc(rewards.cost), asc(rewards.createdAt));
  return rows.map(toReward);
}

/** /loyalty: the rules (saved or default), the three stat cards and the catalogue. */
export async function getLoyaltyOverview(db: Db, restaurantId: string): Promise<TLoyaltyOverview> {
  const [saved] = await db.select().from(loyaltyRules).where(eq(loyaltyRules.restaurantId, restaurantId));
  const [distributed] = await db
    .select({ total: sql<string>`coalesce(sum(${pointEvents.points}), 0)`, attributions: count() })
    .from(pointEvents)
    .where(and(eq(pointEvents.restaurantId, restaurantId), gt(pointEvents.points, 0)));
  const [anyEvent] = await db.select({ id: pointEvents.id }).from(pointEvents).where(eq(pointEvents.restaurantId, restaurantId)).limit(1);
  const rules = saved ?? DEFAULT_POINTS_RULES;
  return {
    rules: {
      basePoints: rules.basePoints,
      bonusGoodRating: rules.bonusGoodRating,
      ratingThreshold: rules.ratingThreshold,
      maxPointsPerDay: rules.maxPointsPerDay,
      earningIntervalHours: rules.earningIntervalHours,
    },
    rulesExist: !!saved,
    stats: { totalPoints: Number(distributed?.total ?? 0), attributions: Number(distributed?.attributions ?? 0), hasPointEvents: !!anyEvent },
    rewards: await listRewards(db, restaurantId),
  };
}

/** Updates the rules, or inserts them when the restaurant has none yet (spec §7). */
export async function savePointsRules(db: Db, restaurantId: string, input: TPointsRulesRequest): Promise<TPointsRulesRequest> {
  const values = { ...input, updatedAt: clock.now() };
  await db.insert(loyaltyRules).values({ restaurantId, ...values }).onConflictDoUpdate({ target: loyaltyRules.restaurantId, set: values });
  return input;
}

export async function createReward(db: Db, restaurantId: string, input: TCreateRewardRequest): Promise<TReward> {
  const reward = ZCreateRewardRequest.parse(input);
  const [row] = await db.insert(rewards).values({ restaurantId, ...reward, isActive: true, createdAt: clock.now() }).returning();
  return toReward(row);
}

export async function setRewardActive(db: Db, restaurantId: string, rewardId: string, isActive: boolean): Promise<TReward> {
  const [row] = await db
    .update(rewards)
    .set({ isActive })
    .where(and(eq(rewards.id, rewardId), eq(rewards.restaurantId, restaurantId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', LOYALTY_MESSAGES.rewardNotFound);
  return toReward(row);
}

/** Deletes a catalogue entry; rewards customers already earned keep their label and cost. */
export async function deleteReward(db: Db, restaurantId: string, rewardId: string): Promise<void> {
  const [row] = await db
    .delete(rewards)
    .where(and(eq(rewards.id, rewardId), eq(rewards.restaurantId, restaurantId)))
    .returning({ id: rewards.id });
  if (!row) throw new AppError('NOT_FOUND', LOYALTY_MESSAGES.rewardNotFound);
}

/**
 * Staff hand a pending reward over: its cost already left the balance at unlock (decision 024), so this
 * only marks it 'redeemed' (only if it is still pending, so 20 clicks redeem it once) and audits it.
 */
export async function redeemCustomerReward(
  { db, boss }: { db: Db; boss: PgBoss },
  restaurantId: string,
  /** actorUserId null: handed over through the public API (`apiKeyId` then names the key in the audit). */
  input: { customerId?: string; customerRewardId: string; actorUserId: string | null; apiKeyId?: string },
): Promise<{ balance: number; customerId: string; redeemedAt: Date }> {
  // The counter (issue 27) names the reward alone; the customer page names its customer too.
  const ofCustomer = (column: typeof customerRewards.customerId) => (input.customerId ? eq(column, input.customerId) : undefined);
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [redeemed] = await tx
      .update(customerRewards)
      .set({ status: 'redeemed', redeemedAt: now })
      .where(
        and(
          eq(customerRewards.id, input.customerRewardId),
          ofCustomer(customerRewards.customerId),
          eq(customerRewards.restaurantId, restaurantId),
          eq(customerRewards.status, 'pending'),
        ),
      )
      .returning({ cost: customerRewards.cost, customerId: customerRewards.customerId, label: customerRewards.label, createdAt: customerRewards.createdAt });
    if (!redeemed) {
      const [existing] = await tx
        .select({ status: customerRewards.status })
        .from(customerRewards)
        .where(and(eq(customerRewards.id, input.customerRewardId), ofCustomer(customerRewards.customerId), eq(customerRewards.restaurantId, restaurantId)));
      if (existing) throw new AppError('CONFLICT', CUSTOMER_MESSAGES.rewardAlreadyRedeemed);
      throw new AppError('NOT_FOUND', CUSTOMER_MESSAGES.rewardNotFound);
    }
    const [customer] = await tx
      .select({ points: customers.points })
      .from(customers)
      .where(and(eq(customers.id, redeemed.customerId), eq(customers.restaurantId, restaurantId)));
    await recordRestaurantAudit(tx, {
      restaurantId,
      actorUserId: input.actorUserId,
      action: 'reward_redeemed',
      subjectId: input.customerRewardId,
      details: input.apiKeyId ? { apiKeyId: input.apiKeyId } : null,
    });
    await queueWebhookEvents(boss, tx, [
      {
        restaurantId,
        type: 'reward.redeemed',
        data: {
          id: input.customerRewardId,
          label: redeemed.label,
          cost: redeemed.cost,
          customer_id: redeemed.customerId,
          unlocked_at: redeemed.createdAt.toISOString(),
          redeemed_at: now.toISOString(),
        },
      },
    ]);
    return { balance: customer?.points ?? 0, customerId: redeemed.customerId, redeemedAt: now };
  });
}

/**
 * A reward of the catalogue given to a customer as a gesture (a private reply on /avis): it joins their
 * pending rewards to hand over, costs them no points (cost 0: nothing left the balance) and is audited.
 */
export async function offerReward(
  tx: Db,
  restaurantId: string,
  input: { customerId: string; rewardId: string; actorUserId: string },
  now: Date,
): Promise<{ id: string; label: string } | null> {
  const [reward] = await tx
    .select({ id: rewards.id, label: rewards.label })
    .from(rewards)
    .where(and(eq(rewards.id, input.rewardId), eq(rewards.restaurantId, restaurantId), eq(rewards.isActive, true)));
  if (!reward) return null;
  const [given] = await tx
    .insert(customerRewards)
    .values({ restaurantId, customerId: input.customerId, rewardId: reward.id, label: reward.label, cost: 0, status: 'pending', createdAt: now })
    .returning({ id: customerRewards.id, label: customerRewards.label });
  await recordRestaurantAudit(tx, { restaurantId, actorUserId: input.actorUserId, action: 'reward_offered', subjectId: given.id });
  return given;
}
