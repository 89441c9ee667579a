// The public reads' limits behind two instances (decision 078): each instance counts in its memory
// (decision 049) and, with INSTANCE_COUNT=2, allows half of each ceiling, so that one client whose reads a
// balancer spreads over both gets the table's allowance, not twice it. Two apps on one database.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createDeps } from '../../src/server/deps';
import { clock } from '../../src/server/lib/runtime/clock';
import { dinerRule } from '../../src/server/lib/limits/rate-limit-rules';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';
import { createDinerRestaurant, randomIp } from './diner-support';

/** The documented allowance in small numbers: 6 reads of one address at one restaurant per window. */
const rateLimits = {
  diner: { read: [dinerRule('read', 'device', 20), dinerRule('read', 'addressAtRestaurant', 6), dinerRule('read', 'address', 12)] },
};
const ALLOWANCE = 6;

let ctx: TestContext;
let restaurantId = '';
beforeAll(async () => {
  ctx = await createTestContext({ startWorkers: false, rateLimits });
  restaurantId = (await createDinerRestaurant(ctx)).restaurant.id;
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => clock.reset());

/** Two instances on the test's database, and a round-robin balancer in front of them. */
function twoInstances(instanceCount: number | undefined) {
  const apps = [0, 1].map(() => createApp(createDeps({ ...ctx.deps.env, INSTANCE_COUNT: instanceCount }, ctx.database, ctx.deps.logger, { rateLimits }), { clientDist: ctx.dataDir }));
  let next = 0;
  return async (ip: string) => apps[next++ % 2].request(`${TEST_PUBLIC_URL}/api/public/restaurants/${restaurantId}`, { headers: { 'x-forwarded-for': ip } });
}

async function statuses(read: (ip: string) => Promise<Response>, ip: string, count: number): Promise<number[]> {
  const seen: number[] = [];
  for (let n = 0; n < count; n++) seen.push((await read(ip)).status);
  return seen;
}

describe('the public reads’ allowance behind two instances', () => {
  it('with INSTANCE_COUNT=2 one client gets the documented allowance across both, then the 429 with Retry-After', async () => {
    clock.freeze(new Date('2026-12-01T20:00:00Z'));
    const read = twoInstances(2);
    const ip = randomIp();
    expect(await statuses(read, ip, ALLOWANCE)).toEqual(Array(ALLOWANCE).fill(200));
    // Both instances refuse from now on.
    for (let n = 0; n < 2; n++) {
      const refused = await read(ip);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('600');
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    }
  });

  it('the honest diner next: another address reads at once, and the refused one reads again in the next window', async () => {
    clock.freeze(new Date('2026-12-01T20:00:00Z'));
    const read = twoInstances(2);
    const ip = randomIp();
    await statuses(read, ip, ALLOWANCE);
    expect((await read(ip)).status).toBe(429);
    expect(await statuses(read, randomIp(), 2)).toEqual([200, 200]);
    clock.advance(10 * 60 * 1000);
    expect(await statuses(read, ip, 2)).toEqual([200, 200]);
  });

  it('without INSTANCE_COUNT each instance allows the whole ceiling: twice the allowance behind two (why the setting exists)', async () => {
    clock.freeze(new Date('2026-12-01T20:00:00Z'));
    const read = twoInstances(undefined);
    const ip = randomIp();
    expect(await statuses(read, ip, 2 * ALLOWANCE)).toEqual(Array(2 * ALLOWANCE).fill(200));
    expect((await read(ip)).status).toBe(429);
  });
});
