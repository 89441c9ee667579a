// The earning state kept on the customer row (decision 062): the submission reads it from the row its first
// statement locks instead of summing the point events in a round trip of its own. These tests pin that it is
// always what the point events say (after ratings over two Paris days, a merge, the migration's backfill), and
// that the rules it serves still hold where it matters: a merged customer's daily cap counts both sides.
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { customers, pointEvents } from '../../src/server/db/schema';
import { clock } from '../../src/server/lib/runtime/clock';
import { DEFAULT_POINTS_RULES } from '../../src/shared/rules/points';
import { uniqueEmail } from '../support/factories';
import { createConfirmedVisitor, createDinerRestaurant, createVisitor, linkEmailAndConfirm, useDinerContext } from './diner-support';
import { earningStatesMismatching } from './earning-state-support';

const ctx = useDinerContext();

const keptState = async (customerId: string) => {
  const [row] = await ctx.db
    .select({ earnedOn: customers.earnedOn, earnedOnPoints: customers.earnedOnPoints, lastEarnedAt: customers.lastEarnedAt })
    .from(customers)
    .where(eq(customers.id, customerId));
  return { ...row, lastEarnedAt: row.lastEarnedAt?.toISOString() ?? null };
};

describe('the earning state kept on the customer row', () => {
  it('follows the ratings over two Paris days: the day, its points and the last earning, as the point events say', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const visitor = createVisitor(ctx);
    // 23:30 in Paris on 19 November (22:30 UTC), then twice at 00:30 on the 20th (23:30 UTC).
    clock.freeze(new Date('2026-11-19T22:30:00Z'));
    expect(await (await visitor.submit({ restaurantId: restaurant.id, rating: 5 })).json()).toMatchObject({ pointsAdded: 20 });
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.restaurantId, restaurant.id));
    expect(await keptState(customer.id)).toEqual({ earnedOn: '2026-11-19', earnedOnPoints: 20, lastEarnedAt: '2026-11-19T22:30:00.000Z' });
    clock.freeze(new Date('2026-11-19T23:30:00Z'));
    expect(await (await visitor.submit({ restaurantId: restaurant.id, rating: 5 })).json()).toMatchObject({ pointsAdded: 20 });
    clock.freeze(new Date('2026-11-19T23:40:00Z'));
    expect(await (await visitor.submit({ restaurantId: restaurant.id, rating: 2 })).json()).toMatchObject({ pointsAdded: 10 });
    expect(await keptState(customer.id)).toEqual({ earnedOn: '2026-11-20', earnedOnPoints: 30, lastEarnedAt: '2026-11-19T23:40:00.000Z' });
    // A rating that earns nothing (the day's cap reached) leaves it as it is.
    for (let n = 0; n < 4; n++) await visitor.submit({ restaurantId: restaurant.id, rating: 5 });
    clock.freeze(new Date('2026-11-20T08:00:00Z'));
    expect(await (await visitor.submit({ restaurantId: restaurant.id, rating: 5 })).json()).toMatchObject({ pointsAdded: 0 });
    expect(await keptState(customer.id)).toEqual({ earnedOn: '2026-11-20', earnedOnPoints: DEFAULT_POINTS_RULES.maxPointsPerDay, lastEarnedAt: '2026-11-19T23:40:00.000Z' });
    expect(await earningStatesMismatching(ctx.db, restaurant.id)).toEqual([]);
  });

  it("after a merge, counts both sides' points of the day: the merged customer's next rating stays under the daily cap", async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = uniqueEmail('deux-telephones');
    // Two phones of one diner, 60 points each today (the cap is 100): one confirmed, the other anonymous.
    const confirmed = await createConfirmedVisitor(ctx, restaurant.id, email);
    const anonymous = createVisitor(ctx);
    for (const phone of [confirmed, anonymous]) {
      for (let n = 0; n < 3; n++) expect(await (await phone.submit({ restaurantId: restaurant.id, rating: 5 })).json()).toMatchObject({ pointsAdded: 20 });
    }
    expect((await linkEmailAndConfirm(ctx, anonymous, { restaurantId: restaurant.id, email })).response.status).toBe(200);
    expect(await earningStatesMismatching(ctx.db, restaurant.id)).toEqual([]);
    expect(await keptState(confirmed.customerId)).toMatchObject({ earnedOnPoints: 120 });
    // 120 earned today by the merged customer (the phone that confirmed last is now its device): its next
    // rating earns nothing more today.
    const answer = await (await anonymous.submit({ restaurantId: restaurant.id, rating: 5, email })).json();
    expect(answer).toMatchObject({ pointsAdded: 0, earning: 'daily_cap' });
    const [earned] = await queryRows<{ total: number }>(ctx.db, sql`select coalesce(sum(points), 0)::int as total from point_events where customer_id = ${confirmed.customerId} and points > 0 and reason is null`);
    expect(earned.total).toBe(120);
  });

  it("the migration's backfill gives every customer the state of its point events", async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const [never, yesterday, lateNight] = await ctx.db
      .insert(customers)
      .values([{ restaurantId: restaurant.id }, { restaurantId: restaurant.id }, { restaurantId: restaurant.id }])
      .returning();
    const event = (customerId: string, points: number, at: string, reason: string | null = null) => ({ restaurantId: restaurant.id, customerId, points, reason, createdAt: new Date(at) });
    await ctx.db.insert(pointEvents).values([
      // Spent points and merge adjustments are not earnings.
      event(never.id, -50, '2026-11-18T12:00:00Z', 'reward_unlocked'),
      event(yesterday.id, 20, '2026-11-17T12:00:00Z'),
      event(yesterday.id, 10, '2026-11-18T09:00:00Z'),
      event(yesterday.id, 20, '2026-11-18T19:00:00Z'),
      event(yesterday.id, -10, '2026-11-18T20:00:00Z', 'daily_cap_after_merge'),
      // 23:30 UTC is the next day in Paris: only the events of that Paris day are its points.
      event(lateNight.id, 20, '2026-11-18T22:00:00Z'),
      event(lateNight.id, 10, '2026-11-18T23:00:00Z'),
      event(lateNight.id, 20, '2026-11-18T23:30:00Z'),
    ]);
    const file = readFileSync(new URL('../../drizzle/0033_earning_state.sql', import.meta.url), 'utf8');
    const backfill = file.split('--> statement-breakpoint').find((statement) => /^\s*UPDATE/m.test(statement.replace(/^--.*$/gm, '')));
    expect(backfill).toBeDefined();
    await ctx.db.execute(sql.raw(backfill!));
    expect(await keptState(never.id)).toEqual({ earnedOn: null, earnedOnPoints: 0, lastEarnedAt: null });
    expect(await keptState(yesterday.id)).toEqual({ earnedOn: '2026-11-18', earnedOnPoints: 30, lastEarnedAt: '2026-11-18T19:00:00.000Z' });
    expect(await keptState(lateNight.id)).toEqual({ earnedOn: '2026-11-19', earnedOnPoints: 30, lastEarnedAt: '2026-11-18T23:30:00.000Z' });
    expect(await earningStatesMismatching(ctx.db, restaurant.id)).toEqual([]);
  });
});
