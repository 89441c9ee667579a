import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRewards, customers, pointEvents, verification } from '../../src/server/db/schema';
import { CAP_AFTER_MERGE_REASON } from '../../src/server/core/loyalty';
import { DEFAULT_POINTS_RULES } from '../../src/shared/rules/points';
import { clock } from '../../src/server/lib/runtime/clock';
import { uniqueEmail } from '../support/factories';
import type { TestContext } from '../support/test-app';
import { createConfirmedVisitor, createDinerRestaurant, createDinerTestContext, createVisitor, linkEmailAndConfirm } from './diner-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('linking anonymous points to an email', () => {
  it('attack: rating with a fresh rf_tid then linking stays under the daily cap and unlocks each reward once', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = uniqueEmail('farmer');
    for (let cycle = 0; cycle < 5; cycle++) {
      // A new phone (or cleared cookies): a fresh anonymous id that reaches the daily cap on its own.
      const visitor = createVisitor(ctx);
      for (let n = 0; n < 5; n++) expect((await visitor.submit({ restaurantId: restaurant.id, rating: 5 })).status).toBe(200);
      expect((await linkEmailAndConfirm(ctx, visitor, { restaurantId: restaurant.id, email })).response.status).toBe(200);
    }
    const [customer] = await ctx.db.select().from(customers).where(and(eq(customers.restaurantId, restaurant.id), eq(customers.email, email)));
    const adjustments = await ctx.db.select().from(pointEvents).where(and(eq(pointEvents.customerId, customer.id), eq(pointEvents.reason, CAP_AFTER_MERGE_REASON)));
    expect(adjustments.length).toBeGreaterThan(0);
    expect(adjustments.reduce((sum, event) => sum + event.points, 0)).toBe(-(5 - 1) * DEFAULT_POINTS_RULES.maxPointsPerDay);
    // Rewards are paid at unlock: what the day's linking leaves (balance plus the rewards waiting to be
    // handed over) is worth the daily cap, no more; rewards paid by points over the cap were withdrawn.
    const pending = await ctx.db.select().from(customerRewards).where(and(eq(customerRewards.customerId, customer.id), eq(customerRewards.status, 'pending')));
    expect(customer.points + pending.reduce((sum, reward) => sum + reward.cost, 0)).toBe(DEFAULT_POINTS_RULES.maxPointsPerDay);
    expect(customer.points).toBeGreaterThanOrEqual(0);
  });
});

describe('link-email proves control of the address', () => {
  it('attack: link-email is no oracle: known and unknown emails get the same answer, no balance', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const known = uniqueEmail('known');
    await (await createConfirmedVisitor(ctx, restaurant.id, known)).submit({ restaurantId: restaurant.id, rating: 5, email: known });
    const answers = [];
    for (const email of [known, uniqueEmail('unknown')]) {
      const visitor = createVisitor(ctx);
      await visitor.submit({ restaurantId: restaurant.id, rating: 4 });
      const response = await visitor.post('/api/public/link-email', { restaurantId: restaurant.id, email });
      answers.push({ status: response.status, body: await response.text() });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0].body).not.toContain('balance');
    // A fresh cookie without points gets the very same answer too.
    const stranger = await createVisitor(ctx).post('/api/public/link-email', { restaurantId: restaurant.id, email: known });
    expect({ status: stranger.status, body: await stranger.text() }).toEqual(answers[0]);
  });

  it("attack: link-email cannot switch on someone else's marketing consent", async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const victim = uniqueEmail('victim');
    await (await createConfirmedVisitor(ctx, restaurant.id, victim)).submit({ restaurantId: restaurant.id, rating: 5, email: victim });
    const attacker = createVisitor(ctx);
    await attacker.submit({ restaurantId: restaurant.id, rating: 5 });
    expect((await attacker.post('/api/public/link-email', { restaurantId: restaurant.id, email: victim, marketingConsent: true })).status).toBe(200);
    await ctx.waitForIdleQueue();
    const [row] = await ctx.db.select().from(customers).where(and(eq(customers.restaurantId, restaurant.id), eq(customers.email, victim)));
    expect(row).toMatchObject({ marketingConsent: false, points: 20 });
    // Only the mailbox owner, by opening the link, would record consent and merge.
  });

  it('confirms once under 10 parallel opens, stores only a hash, refuses an expired link', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = uniqueEmail('parallel');
    const visitor = createVisitor(ctx);
    await visitor.submit({ restaurantId: restaurant.id, rating: 5 });
    await visitor.post('/api/public/link-email', { restaurantId: restaurant.id, email, marketingConsent: true });
    const mail = await ctx.waitForMail((m) => m.toEmail === email && m.html.includes('?link='));
    const token = /link=([\w-]+)/.exec(mail.html)![1];
    const stored = await ctx.db.select().from(verification).where(like(verification.identifier, 'diner-link:%'));
    expect(stored.some((row) => row.identifier.includes(token) || row.value.includes(token))).toBe(false);

    const opens = await Promise.all(Array.from({ length: 10 }, () => createVisitor(ctx).post('/api/public/link-email/confirm', { token })));
    expect(opens.filter((response) => response.status === 200)).toHaveLength(1);
    for (const response of opens.filter((r) => r.status !== 200)) {
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe('Ce lien de confirmation est invalide ou a expiré.');
    }
    const [customer] = await ctx.db.select().from(customers).where(and(eq(customers.restaurantId, restaurant.id), eq(customers.email, email)));
    expect(customer).toMatchObject({ points: 20, marketingConsent: true });

    const late = createVisitor(ctx);
    await late.submit({ restaurantId: restaurant.id, rating: 5 });
    await late.post('/api/public/link-email', { restaurantId: restaurant.id, email: uniqueEmail('late') });
    const lateMail = await ctx.waitForMail((m) => m.html.includes('?link=') && m.toEmail.startsWith('late'));
    const lateToken = /link=([\w-]+)/.exec(lateMail.html)![1];
    clock.advance(31 * 60 * 1000);
    const expired = await late.post('/api/public/link-email/confirm', { token: lateToken });
    expect(expired.status).toBe(400);
    clock.reset();
  });
});
