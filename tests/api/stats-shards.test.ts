// Decision 047: the day's stats and the /avis rollup are spread over per-connection shards, so concurrent
// submissions of one restaurant never wait on one row; the dashboard and the inbox summary sum them and
// must stay equal to the data itself.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { foldStatShards } from '../../src/server/core/daily-stats';
import { clock } from '../../src/server/lib/runtime/clock';
import { parisDayOf } from '../../src/shared/format';
import type { TDashboard } from '../../src/shared/schemas/dashboard';
import type { TInboxPage } from '../../src/shared/schemas/inbox';
import { addMember, createUser, signIn, uniqueEmail } from '../support/factories';
import type { TestAgent, TestContext } from '../support/test-app';
import { createDinerRestaurant, createDinerTestContext, createVisitor } from './diner-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
});
afterEach(() => clock.reset());
afterAll(async () => {
  await ctx.close();
});

async function ownerOfNewRestaurant() {
  const user = await createUser(ctx, { email: uniqueEmail('owner') });
  const { restaurant, tableQr } = await createDinerRestaurant(ctx);
  await addMember(ctx, { organisationId: restaurant.organisationId, userId: user.id, role: 'owner' });
  return { agent: await signIn(ctx, user.email), restaurant, tableQr };
}

const json = async <T>(agent: TestAgent, url: string): Promise<T> => {
  const response = await agent.get(url);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};

/** What the feedbacks and visits themselves say for today (Paris) and overall. */
async function countsOf(restaurantId: string) {
  const today = parisDayOf(new Date());
  const [row] = await queryRows<{ feedbacks: number; rating_sum: number; visits: number; r1: number; r5: number }>(
    ctx.db,
    sql`select (select count(*)::int from feedbacks where restaurant_id = ${restaurantId} and (created_at at time zone 'Europe/Paris')::date = ${today}::date) as feedbacks,
               (select coalesce(sum(rating), 0)::int from feedbacks where restaurant_id = ${restaurantId}) as rating_sum,
               (select count(*)::int from visits where restaurant_id = ${restaurantId}) as visits,
               (select count(*)::int from feedbacks where restaurant_id = ${restaurantId} and rating = 1) as r1,
               (select count(*)::int from feedbacks where restaurant_id = ${restaurantId} and rating = 5) as r5`,
  );
  return row;
}

/** The dashboard's and the inbox summary's numbers equal the data. */
async function expectNumbersEqualTheData(agent: TestAgent, restaurantId: string, expected: { feedbacks: number; visits: number }) {
  const data = await countsOf(restaurantId);
  expect(data.feedbacks).toBe(expected.feedbacks);
  expect(data.visits).toBe(expected.visits);
  const dashboard = await json<TDashboard>(agent, '/api/dashboard');
  const today = dashboard.daily.at(-1)!;
  expect(today.feedbacks).toBe(data.feedbacks);
  expect(dashboard.today.count).toBe(data.feedbacks);
  expect(today.averageRating).toBe(Math.round((data.rating_sum / data.feedbacks) * 10) / 10);
  expect(dashboard.counters.visitsLast7Days).toBe(data.visits);
  expect(dashboard.daily.reduce((sum, day) => sum + day.visits, 0)).toBe(data.visits);
  const inbox = await json<TInboxPage>(agent, '/api/inbox?period=today');
  expect(inbox.summary.count).toBe(data.feedbacks);
  expect(inbox.summary.distribution['1']).toBe(data.r1);
  expect(inbox.summary.distribution['5']).toBe(data.r5);
  expect(inbox.summary.average).toBe(Math.round((data.rating_sum / data.feedbacks) * 100) / 100);
}

describe('the day’s numbers under concurrent submissions (decision 047)', () => {
  it('equal a direct count after 24 diners submit at once (half of them with a visit tracked at page load), and fold back into one row per key', async () => {
    const { agent, restaurant, tableQr } = await ownerOfNewRestaurant();
    const diners = Array.from({ length: 24 }, () => createVisitor(ctx));
    // Half the diners open the page first (its visit is counted then, and attached at submission).
    const visitIds = await Promise.all(
      diners.map(async (diner, index) => {
        if (index % 2 === 1) return undefined;
        const tracked = await diner.post('/api/public/visits', { restaurantId: restaurant.id, qrId: tableQr.id });
        expect(tracked.status).toBe(201);
        return ((await tracked.json()) as { visitId: string }).visitId;
      }),
    );
    const statuses = await Promise.all(
      diners.map(async (diner, index) => (await diner.submit({ restaurantId: restaurant.id, qrId: tableQr.id, visitId: visitIds[index], rating: 1 + (index % 5), comment: index % 3 ? null : 'Bien' })).status),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    // One visit per diner: the tracked ones attached, the others created at submission.
    await expectNumbersEqualTheData(agent, restaurant.id, { feedbacks: 24, visits: 24 });

    if (ctx.database.kind === 'postgres') {
      // Written by several connections: the day is spread over several rows, none that every submission waits on.
      const [{ shards }] = await queryRows<{ shards: number }>(ctx.db, sql`select count(distinct shard)::int as shards from restaurant_daily_stats where restaurant_id = ${restaurant.id}`);
      expect(shards).toBeGreaterThan(1);
    }

    // Folding the past days (here: up to tomorrow) keeps every sum and leaves one row per key.
    const tomorrow = new Date(Date.now() + 24 * 3_600_000);
    await foldStatShards(ctx.db, parisDayOf(tomorrow));
    const [{ rows, shards }] = await queryRows<{ rows: number; shards: number }>(
      ctx.db,
      sql`select count(*)::int as rows, count(distinct shard)::int as shards from restaurant_daily_stats where restaurant_id = ${restaurant.id}`,
    );
    expect({ rows, shards }).toEqual({ rows: 1, shards: 1 });
    const [{ keys, rollupRows }] = await queryRows<{ keys: number; rollupRows: number }>(
      ctx.db,
      sql`select count(distinct (day, qr_key, rating, has_comment, has_contact, status))::int as keys, count(*)::int as "rollupRows" from feedback_stats where restaurant_id = ${restaurant.id}`,
    );
    expect(rollupRows).toBe(keys);
    await expectNumbersEqualTheData(agent, restaurant.id, { feedbacks: 24, visits: 24 });
  });
});

describe('the evening’s numbers (decision 072)', () => {
  /** What the feedbacks themselves say for the Paris evening (from 16:00) of `day`. */
  async function eveningOf(restaurantId: string, day: string) {
    const [row] = await queryRows<{ count: number; average: string | null }>(
      ctx.db,
      sql`select count(*)::int as count, round(avg(rating), 1)::text as average from feedbacks
          where restaurant_id = ${restaurantId} and (created_at at time zone 'Europe/Paris')::date = ${day}::date
            and created_at >= ((${day}::date + time '16:00') at time zone 'Europe/Paris')`,
    );
    return { count: row.count, averageRating: row.average === null ? null : Number(row.average) };
  }

  it('equal a direct count of the evening’s feedbacks after concurrent submissions before and after 16:00, and after the fold', async () => {
    const { agent, restaurant } = await ownerOfNewRestaurant();
    // Saturday 21 November 2026 in Paris (UTC+1): six diners at 15:40, eighteen at 19:10, all at once.
    const submitAt = async (at: string, count: number, offset: number) => {
      clock.freeze(new Date(at));
      const statuses = await Promise.all(
        Array.from({ length: count }, (_, index) => createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 1 + ((index + offset) % 5) }).then((response) => response.status)),
      );
      expect(statuses.every((status) => status === 200)).toBe(true);
    };
    await submitAt('2026-11-21T14:40:00Z', 6, 0);
    await submitAt('2026-11-21T18:10:00Z', 18, 2);

    clock.freeze(new Date('2026-11-21T20:00:00Z')); // 21:00 in Paris
    const expected = await eveningOf(restaurant.id, '2026-11-21');
    expect(expected.count).toBe(18);
    const dashboard = await json<TDashboard>(agent, '/api/dashboard');
    expect(dashboard.sinceEvening).toEqual(expected);
    expect(dashboard.today.count).toBe(24);

    await foldStatShards(ctx.db, '2026-11-22');
    expect((await json<TDashboard>(agent, '/api/dashboard')).sinceEvening).toEqual(expected);
  });
});
