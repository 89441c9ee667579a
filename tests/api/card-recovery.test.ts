import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { eraseCustomerData } from '../../src/server/core/customer-erasure';
import { queryRows } from '../../src/server/db/client';
import { customers } from '../../src/server/db/schema';
import { CARD_MESSAGES } from '../../src/shared/schemas/card-messages';
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
    expect(JSON.parse(knownAnswer)).toEqual({ status: 'confirmation_sent', message: CARD_MESSAGES.recoverSent });
    expect(forKnown).toEqual(forUnknown);
    // The customers table is not read by the request: the job does it, later.
    expect(forKnown.some((text) => /\bcustomers\b/.test(text))).toBe(false);
  });

  it('leaves no request for the address in the job queue once the diner is erased', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = uniqueEmail('erased');
    const [customer] = await ctx.db.insert(customers).values({ restaurantId: restaurant.id, email, firstName: 'Awa', points: 10 }).returning();
    const asked = await createVisitor(ctx).post('/api/public/card/recover', { restaurantId: restaurant.id, email: email.toUpperCase() });
    expect(asked.status, await asked.clone().text()).toBe(200);
    const jobsNaming = async () =>
      (await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from pgboss.job where strpos(lower(data::text), ${email}) > 0`))[0].n;
    expect(await jobsNaming()).toBe(1);
    await eraseCustomerData(ctx.db, restaurant.id, customer.id, { actorUserId: null, by: 'diner' });
    expect(await jobsNaming()).toBe(0);
  });
});
