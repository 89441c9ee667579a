/** The counter (issue 27, decision 043): a presented reward read by its code, handed over once; who is waiting for what. */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { customerRewards, customers } from '../../db/schema';
import { clock } from '../../lib/runtime/clock';
import { AppError } from '../../lib/http/errors';
import type { AppDeps } from '../../deps';
import { redeemCustomerReward } from '../../core/loyalty';
import { readRewardCode } from '../../core/reward-codes';
import {
  CARD_MESSAGES,
  counterName,
  PENDING_REWARDS_PAGE_SIZE,
  type TCodeLookup,
  type TCounterCustomer,
  type TCounterSearch,
  type TPendingRewardsPage,
} from '../../../shared/schemas/counter';
import { isRewardCode, normalizeRewardCode } from '../../../shared/schemas/card-messages';
import { counterFirstName, maskEmail, maskPhone } from '../../../shared/rules/contact-mask';
import { can, type Role } from '../../../shared/rules/permissions';

/**
 * How much of the diner an answer carries: 'full' for a role holding `customers.view` (permission table),
 * 'masked' for the others (équipe): the first name, the email and phone masked (issue 50).
 */
export type CounterView = 'full' | 'masked';

export function counterViewOf(role: Role): CounterView {
  return can(role, 'customers.view') ? 'full' : 'masked';
}

type CustomerRow = { id: string; firstName: string | null; lastName: string | null; email: string | null; phone: string | null };

function toCounterCustomer(row: CustomerRow, view: CounterView): TCounterCustomer {
  if (view === 'full') return { id: row.id, name: counterName(row.firstName, row.lastName), email: row.email, phone: row.phone, masked: false };
  return {
    id: row.id,
    name: counterFirstName(row.firstName, row.lastName),
    email: row.email ? maskEmail(row.email) : null,
    phone: row.phone ? maskPhone(row.phone) : null,
    masked: true,
  };
}

/** A scanned or typed code: the reward and its diner; another restaurant's code is unknown here (404). */
export async function lookupCode(db: Db, restaurantId: string, typed: string, view: CounterView): Promise<TCodeLookup> {
  const code = normalizeRewardCode(typed.slice(0, 40));
  if (!isRewardCode(code)) throw new AppError('NOT_FOUND', CARD_MESSAGES.codeUnknown);
  const found = await readRewardCode(db, restaurantId, code, clock.now());
  if (found.status === 'redeemed') throw new AppError('CONFLICT', CARD_MESSAGES.rewardAlreadyHandedOver);
  return {
    id: found.customerRewardId,
    label: found.label,
    unlockedAt: found.unlockedAt.toISOString(),
    status: found.status,
    redeemedAt: found.redeemedAt?.toISOString() ?? null,
    expiresAt: found.expiresAt.toISOString(),
    customer: toCounterCustomer(found.customer, view),
  };
}

/**
 * 'Remis': the reward is marked handed over by one conditional UPDATE (… where status = 'pending') in
 * one transaction, the same as the customer page's button (core/loyalty): 20 clicks or two phones hand
 * it over once, the others get 409.
 */
export async function handOver(deps: Pick<AppDeps, 'db' | 'boss'>, restaurantId: string, customerRewardId: string, actorUserId: string): Promise<void> {
  try {
    await redeemCustomerReward(deps, restaurantId, { customerRewardId, actorUserId });
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') throw new AppError('CONFLICT', CARD_MESSAGES.rewardAlreadyHandedOver);
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', CARD_MESSAGES.rewardNotFound);
    throw error;
  }
}

/** Phone digits as stored or typed, without the country code or the leading 0: '06 12' and '+33 6 12' both give '612'. */
function phoneDigits(value: string): string {
  return value.replace(/\D/g, '').replace(/^(0033|33|0)/, '');
}

/**
 * Find a diner at the counter by email (whole or its beginning), phone (digits anywhere) or a reward's
 * live code; up to 10 customers, each with their pending rewards.
 */
export async function searchCounter(db: Db, restaurantId: string, q: string, view: CounterView): Promise<TCounterSearch> {
  const code = normalizeRewardCode(q);
  if (isRewardCode(code)) {
    try {
      const found = await lookupCode(db, restaurantId, code, view);
      return { results: [{ customer: found.customer, pending: [{ id: found.id, label: found.label, unlockedAt: found.unlockedAt }] }] };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Not a live code: it may still be the beginning of an email.
    }
  }
  const text = q.toLowerCase().replace(/[\\%_]/g, '\\$&');
  const digits = phoneDigits(q);
  const matches = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(
      and(
        eq(customers.restaurantId, restaurantId),
        or(
          sql`lower(${customers.email}) like ${`${text}%`}`,
          digits.length >= 3 ? sql`regexp_replace(coalesce(${customers.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}` : sql`false`,
        ),
      ),
    )
    .orderBy(asc(customers.email), asc(customers.id))
    .limit(10);
  if (!matches.length) return { results: [] };
  const pending = await db
    .select({ id: customerRewards.id, label: customerRewards.label, createdAt: customerRewards.createdAt, customerId: customerRewards.customerId })
    .from(customerRewards)
    .where(
      and(
        eq(customerRewards.restaurantId, restaurantId),
        eq(customerRewards.status, 'pending'),
        sql`${customerRewards.customerId} in (${sql.join(
          matches.map((m) => sql`${m.id}::uuid`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(customerRewards.createdAt), asc(customerRewards.id));
  return {
    results: matches.map((m) => ({
      customer: toCounterCustomer(m, view),
      pending: pending.filter((p) => p.customerId === m.id).map((p) => ({ id: p.id, label: p.label, unlockedAt: p.createdAt.toISOString() })),
    })),
  };
}

type PendingRow = {
  id: string;
  label: string;
  created_at: Date | string;
  cursor_micros: string;
  customer_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
};

/** /recompenses: every reward waiting to be handed over, oldest first, 20 a page by cursor (created_at, id). */
export async function listPendingRewards(db: Db, restaurantId: string, cursor: string | undefined, view: CounterView): Promise<TPendingRewardsPage> {
  const [micros, id] = cursor ? cursor.split('_') : [null, null];
  const after = micros ? sql`and (r.created_at, r.id) > (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::uuid)` : sql``;
  const rows = await queryRows<PendingRow>(
    db,
    sql`select r.id, r.label, r.created_at, (extract(epoch from r.created_at) * 1000000)::bigint::text as cursor_micros,
               c.id as customer_id, c.first_name, c.last_name, c.email, c.phone
        from customer_rewards r join customers c on c.id = r.customer_id
        where r.restaurant_id = ${restaurantId} and r.status = 'pending' ${after}
        order by r.created_at, r.id
        limit ${PENDING_REWARDS_PAGE_SIZE + 1}`,
  );
  const page = rows.slice(0, PENDING_REWARDS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      label: row.label,
      unlockedAt: new Date(row.created_at).toISOString(),
      customer: toCounterCustomer({ id: row.customer_id, firstName: row.first_name, lastName: row.last_name, email: row.email, phone: row.phone }, view),
    })),
    nextCursor: rows.length > PENDING_REWARDS_PAGE_SIZE && last ? `${last.cursor_micros}_${last.id}` : null,
  };
}
