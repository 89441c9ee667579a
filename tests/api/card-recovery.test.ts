import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/server/db/schema';
import { uniqueEmail } from '../support/factories';
import { recordStatements } from '../support/statements';
import type { TestContext } from '../support/test-app';
import { createDinerRestaurant, createDinerTestContext, createVisitor } from './diner-support';

// No workers: the recovery's job waits in the queue, so only the request's own statements are recorded.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext({ startWorkers: false });
});
afterAll(async () => {
  await ctx.close();
});

describe('Retrouver ma carte, the request itself', () => {
  it('sends the same statements for a known and an unknown email: neither the answer nor its time tells them apart', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const known = uniqueEmail('known');
    await ctx.db.insert(customers).values({ restaurantId: restaurant.id, email: known, firstName: 'Awa', points: 40 });
    const ask = (email: string) => createVisitor(ctx).post('/api/public/card/recover', { restaurantId: restaurant.id, email });
    // Warm-up: the first request of a kind prepares its statements.
    await ask(uniqueEmail('warm'));
    let knownAnswer = '';
    let unknownAnswer = '';
    const forKnown = await recordStatements(ctx.database, async () => (knownAnswer = await (await ask(known.toUpperCase())).text()));
    const forUnknown = await recordStatements(ctx.database, async () => (unknownAnswer = await (await ask(uniqueEmail('nobody'))).text()));
    expect(knownAnswer).toBe(unknownAnswer);
    expect(forKnown).toEqual(forUnknown);
    // The customers table is not read by the request: the job does it, later.
    expect(forKnown.some((text) => /\bcustomers\b/.test(text))).toBe(false);
  });
});
