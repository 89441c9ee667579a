import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, verification } from '../../src/server/db/schema';
import { clock } from '../../src/server/lib/runtime/clock';
import { CARD_MESSAGES, REWARD_CODE_ALPHABET } from '../../src/shared/schemas/card-messages';
import { uniqueEmail } from '../support/factories';
import { findLinkInMail } from '../support/test-app';
import { createCardRestaurant, dinerWithCoffee, presentReward, readCard } from './card-support';
import { createConfirmedVisitor, createVisitor, useDinerContext } from './diner-support';

const ctx = useDinerContext();

describe("the diner's card", () => {
  it('is read by the device: balance, progress, catalogue and the reward to hand over; another device sees an empty card', async () => {
    const { restaurant } = await createCardRestaurant(ctx, 'Chez Card');
    const { card } = await dinerWithCoffee(ctx, restaurant.id);
    expect(card).toMatchObject({
      restaurant: { name: 'Chez Card', logoUrl: null },
      known: true,
      hasEmail: false,
      balance: 10,
      // Rewards are paid at unlock (decision 024): the next goal is the coffee again, 40 points away.
      next: { label: 'Café offert', cost: 50, missing: 40 },
      pending: [{ label: 'Café offert' }],
      handedOver: [],
    });
    // The inactive 'Apéritif maison' is not in the catalogue.
    expect(card.catalogue.map((reward) => [reward.label, reward.cost])).toEqual([
      ['Café offert', 50],
      ['Dessert offert', 100],
    ]);
    const stranger = await readCard(createVisitor(ctx), restaurant.id);
    expect(stranger).toMatchObject({ known: false, balance: 0, pending: [], next: { label: 'Café offert', missing: 50 } });
  });

  it('attack: never read by a guessed customer id, and an unknown restaurant is a French 404', async () => {
    const { restaurant } = await createCardRestaurant(ctx);
    await dinerWithCoffee(ctx, restaurant.id);
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.restaurantId, restaurant.id));
    // Without the device's cookie, the customer id in the query or as a cookie value changes nothing.
    const anonymous = ctx.agent();
    for (const path of [`/api/public/card/${restaurant.id}?customerId=${customer.id}`, `/api/public/card/${restaurant.id}/${customer.id}`]) {
      const response = await anonymous.get(path);
      const text = await response.text();
      expect(text).not.toContain(customer.id);
      if (response.status === 200) expect(JSON.parse(text)).toMatchObject({ known: false, balance: 0, pending: [] });
      else expect(response.status).toBe(404);
    }
    anonymous.cookies.set('rf_tid', customer.id);
    expect(await (await anonymous.get(`/api/public/card/${restaurant.id}`)).json()).toMatchObject({ known: false, balance: 0, pending: [] });
    const missing = await anonymous.get(`/api/public/card/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe('Restaurant introuvable ou non actif');
  });

  it('says whether the card is kept under a confirmed email', async () => {
    const { restaurant } = await createCardRestaurant(ctx);
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, uniqueEmail('kept'), { firstName: 'Inès', points: 30 });
    expect(await readCard(visitor, restaurant.id)).toMatchObject({ known: true, hasEmail: true, firstName: 'Inès', balance: 30, next: { missing: 20 } });
  });
});

describe('Présenter au comptoir', () => {
  it('gives a 6-character code of the unambiguous alphabet, valid 10 minutes, with a QR of the counter link', async () => {
    const { restaurant } = await createCardRestaurant(ctx, 'Chez Code');
    const { visitor, rewardId } = await dinerWithCoffee(ctx, restaurant.id);
    // The injected clock, frozen: the validity is exact, with no margin for the time the request took.
    const shownAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    clock.freeze(shownAt);
    const shown = await presentReward(visitor, restaurant.id, rewardId);
    expect(shown.code).toMatch(new RegExp(`^[${REWARD_CODE_ALPHABET}]{6}$`));
    expect(shown).toMatchObject({ label: 'Café offert', restaurantName: 'Chez Code' });
    expect(new Date(shown.expiresAt).getTime() - shownAt.getTime()).toBe(10 * 60_000);
    expect(shown.qrSvg).toContain('<svg');
  });

  it("attack: another device cannot present this diner's reward, nor an unknown id", async () => {
    const { restaurant } = await createCardRestaurant(ctx);
    const { rewardId } = await dinerWithCoffee(ctx, restaurant.id);
    for (const [visitor, id] of [
      [createVisitor(ctx), rewardId],
      [ctx.agent(), rewardId],
      [createVisitor(ctx), 'pas-un-id'],
    ] as const) {
      const response = await visitor.post(`/api/public/card/${restaurant.id}/rewards/${id}/code`);
      expect(response.status).toBe(404);
      expect((await response.json()).error.message).toBe(CARD_MESSAGES.rewardNotFound);
    }
  });

  it('a new code replaces the previous one, and an expired code fails at the counter', async () => {
    const { restaurant, staff } = await createCardRestaurant(ctx);
    const { visitor, rewardId } = await dinerWithCoffee(ctx, restaurant.id);
    const first = await presentReward(visitor, restaurant.id, rewardId);
    const second = await presentReward(visitor, restaurant.id, rewardId);
    expect((await staff.get(`/api/counter/codes/${first.code}`)).status).toBe(first.code === second.code ? 200 : 404);
    expect((await staff.get(`/api/counter/codes/${second.code}`)).status).toBe(200);
    // A screenshot shown 10 minutes later: refused, in French.
    clock.advance(10 * 60_000 + 1_000);
    const expired = await staff.get(`/api/counter/codes/${second.code}`);
    expect(expired.status).toBe(400);
    expect((await expired.json()).error.message).toBe(CARD_MESSAGES.codeExpired);
    // A fresh code works again.
    const third = await presentReward(visitor, restaurant.id, rewardId);
    expect((await staff.get(`/api/counter/codes/${third.code}`)).status).toBe(200);
  });
});

describe('Retrouver ma carte', () => {
  async function recover(visitor: ReturnType<typeof createVisitor>, restaurantId: string, email: string) {
    const response = await visitor.post('/api/public/card/recover', { restaurantId, email });
    return { status: response.status, body: await response.text() };
  }

  it('gives the same answer for known and unknown emails; only the known one gets a link, which brings the card to the new phone', async () => {
    const { restaurant } = await createCardRestaurant(ctx);
    const email = uniqueEmail('regular');
    const oldPhone = await createConfirmedVisitor(ctx, restaurant.id, email, { firstName: 'Awa' });
    for (let n = 0; n < 3; n++) await oldPhone.submit({ restaurantId: restaurant.id, rating: 5, email });
    const before = await readCard(oldPhone, restaurant.id);
    expect(before.pending).toHaveLength(1);

    const newPhone = createVisitor(ctx);
    expect((await readCard(newPhone, restaurant.id)).known).toBe(false);
    const unknownEmail = uniqueEmail('nobody');
    const known = await recover(newPhone, restaurant.id, email.toUpperCase());
    const unknown = await recover(createVisitor(ctx), restaurant.id, unknownEmail);
    expect(known).toEqual(unknown);
    expect(known.status).toBe(200);
    expect(JSON.parse(known.body)).toEqual({ status: 'confirmation_sent', message: CARD_MESSAGES.recoverSent });

    const mail = await ctx.waitForMail((m) => m.toEmail === email && m.html.includes('?link='));
    await ctx.waitForIdleQueue();
    expect(await ctx.mails(unknownEmail)).toEqual([]);
    const token = new URL(findLinkInMail(mail.html, '/f/')).searchParams.get('link')!;
    const opened = await newPhone.post('/api/public/link-email/confirm', { token });
    expect(opened.status).toBe(200);
    const after = await readCard(newPhone, restaurant.id);
    expect(after).toMatchObject({ known: true, hasEmail: true, firstName: 'Awa', balance: before.balance, pending: before.pending });
    // The link works once.
    expect((await newPhone.post('/api/public/link-email/confirm', { token })).status).toBe(400);
    // One customer still: the new phone's empty record was merged, not a second card.
    expect(await ctx.db.select({ id: customers.id }).from(customers).where(and(eq(customers.restaurantId, restaurant.id), eq(customers.email, email)))).toHaveLength(1);
  });

  it('is limited per typed address (3 an hour) for known and unknown emails alike, and checks the email in French', async () => {
    const { restaurant } = await createCardRestaurant(ctx);
    const email = uniqueEmail('limited');
    await createConfirmedVisitor(ctx, restaurant.id, email);
    const unknownEmail = uniqueEmail('limited-unknown');
    for (const address of [email, unknownEmail]) {
      const statuses = [];
      for (let n = 0; n < 4; n++) statuses.push((await recover(createVisitor(ctx), restaurant.id, address)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
    const links = await ctx.db.select().from(verification);
    expect(links.filter((row) => row.value.includes(unknownEmail))).toEqual([]);
    const bad = await createVisitor(ctx).post('/api/public/card/recover', { restaurantId: restaurant.id, email: 'pas-un-email' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Email invalide');
  });
});
