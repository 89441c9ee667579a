import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../../src/server/db/schema';
import { clock } from '../../src/server/lib/runtime/clock';
import { CARD_MESSAGES, type TCardSummary, type TRewardState } from '../../src/shared/schemas/card-messages';
import { uniqueEmail } from '../support/factories';
import { findLinkInMail, type TestContext } from '../support/test-app';
import { createCardRestaurant, dinerWithCoffee, readCard } from './card-support';
import { createConfirmedVisitor, createVisitor, useDinerContext } from './diner-support';

// Issue 48: the returning diner's card on /f and /r (a summary read after the page painted), the
// 'Présenter au comptoir' screen polling its reward's state, and the card's resend of a pending confirmation.

const ctx = useDinerContext();

type Visitor = ReturnType<typeof createVisitor>;
const summaryOf = (restaurantId: string) => `/api/public/card/${restaurantId}/summary`;

async function readSummary(visitor: Visitor | ReturnType<TestContext['agent']>, restaurantId: string): Promise<TCardSummary> {
  const response = await visitor.get(summaryOf(restaurantId));
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return (await response.json()) as TCardSummary;
}

/** The confirmation links mailed to `email` (whatever the mail's wording), newest first. */
async function linksMailedTo(email: string): Promise<string[]> {
  return (await ctx.mails(email)).map((mail) => findLinkInMail(mail.html, '/f/')).filter((url) => new URL(url).searchParams.has('link'));
}

describe('the card summary above the form (GET /api/public/card/:id/summary)', () => {
  it("gives this device its own balance and rewards to collect, and nothing to another device, a cookieless phone or another venue", async () => {
    const { restaurant } = await createCardRestaurant(ctx, 'Chez Résumé');
    const { restaurant: other } = await createCardRestaurant(ctx, 'Ailleurs');
    const { visitor, rewardId } = await dinerWithCoffee(ctx, restaurant.id);
    expect(await readSummary(visitor, restaurant.id)).toEqual({ card: { balance: 10, pending: [{ id: rewardId, label: 'Café offert' }] } });

    // Read right after, from another phone (same address, another cookie): nothing of the first one is served.
    const neighbour = createVisitor(ctx, visitor.ip);
    expect((await neighbour.get(`/api/public/restaurants/${restaurant.id}/anonymous-points`)).status).toBe(200);
    expect(await readSummary(neighbour, restaurant.id)).toEqual({ card: null });
    // No cookie at all, or another venue for the same device: nothing.
    expect(await readSummary(ctx.agent(), restaurant.id)).toEqual({ card: null });
    expect(await readSummary(visitor, other.id)).toEqual({ card: null });
    // A customer id as the cookie is not a device id of that customer.
    const [customer] = await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.restaurantId, restaurant.id));
    const guesser = ctx.agent();
    guesser.cookies.set('rf_tid', customer.id);
    expect(await readSummary(guesser, restaurant.id)).toEqual({ card: null });
    // Malformed ids are no error, only nothing.
    expect(await readSummary(visitor, 'pas-un-id')).toEqual({ card: null });
  });

  it('is empty for a device holding nothing yet, and for a device whose data was erased', async () => {
    const { restaurant } = await createCardRestaurant(ctx);
    // A phone that only opened the page (its cookie, no record here yet) holds nothing.
    const first = createVisitor(ctx);
    const { visitor } = await dinerWithCoffee(ctx, restaurant.id);
    expect((await readSummary(visitor, restaurant.id)).card).not.toBeNull();
    expect((await first.get(`/api/public/restaurants/${restaurant.id}/anonymous-points`)).status).toBe(200);
    expect(await readSummary(first, restaurant.id)).toEqual({ card: null });

    const erased = await visitor.post(`/api/public/restaurants/${restaurant.id}/my-data/erase`, { confirm: true });
    expect(erased.status).toBe(200);
    expect(await readSummary(visitor, restaurant.id)).toEqual({ card: null });
  });

  it('an anonymised device (retention) holds no card any more', async () => {
    const { restaurant } = await createCardRestaurant(ctx);
    const { visitor } = await dinerWithCoffee(ctx, restaurant.id);
    await ctx.db.update(customers).set({ anonymizedAt: clock.now() }).where(eq(customers.restaurantId, restaurant.id));
    expect(await readSummary(visitor, restaurant.id)).toEqual({ card: null });
  });

  it('a confirmed card with points shows its balance', async () => {
    const { restaurant } = await createCardRestaurant(ctx);
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, uniqueEmail('returning'), { points: 30 });
    expect(await readSummary(visitor, restaurant.id)).toEqual({ card: { balance: 30, pending: [] } });
  });
});

describe("the reward's state, polled by 'Présenter au comptoir'", () => {
  it('turns from pending to redeemed once the counter hands it over; another device or venue gets a 404', async () => {
    const { restaurant, staff } = await createCardRestaurant(ctx);
    const { restaurant: other } = await createCardRestaurant(ctx);
    const { visitor, rewardId } = await dinerWithCoffee(ctx, restaurant.id);
    const path = `/api/public/card/${restaurant.id}/rewards/${rewardId}`;
    const state = async () => {
      const response = await visitor.get(path);
      expect(response.status).toBe(200);
      return (await response.json()) as TRewardState;
    };
    expect(await state()).toEqual({ status: 'pending' });

    const stranger = createVisitor(ctx);
    expect((await stranger.get(`/api/public/restaurants/${restaurant.id}/anonymous-points`)).status).toBe(200);
    for (const [agent, target] of [
      [stranger, path],
      [ctx.agent(), path],
      [visitor, `/api/public/card/${other.id}/rewards/${rewardId}`],
      [visitor, `/api/public/card/${restaurant.id}/rewards/${crypto.randomUUID()}`],
    ] as const) {
      const response = await agent.get(target);
      expect(response.status).toBe(404);
      expect((await response.json()).error.message).toBe(CARD_MESSAGES.rewardNotFound);
    }

    expect((await staff.post(`/api/counter/rewards/${rewardId}/hand-over`)).status).toBe(200);
    expect(await state()).toEqual({ status: 'redeemed' });
  });

  it("the screen's polling cadence over a code's 10 minutes stays within the read limits", async () => {
    const { restaurant } = await createCardRestaurant(ctx);
    const { visitor, rewardId } = await dinerWithCoffee(ctx, restaurant.id);
    // The screen's cadence (card.tsx): every 3 s for 2 minutes, then every 10 s, until the code expires.
    const polls = 120 / 3 + (600 - 120) / 10;
    for (let n = 0; n < polls; n++) expect((await visitor.get(`/api/public/card/${restaurant.id}/rewards/${rewardId}`)).status).toBe(200);
    // The card itself still opens afterwards.
    expect((await readCard(visitor, restaurant.id)).pending).toHaveLength(1);
  });
});

describe('« Confirmez votre email — renvoyer le lien »', () => {
  it('a typed address waiting for its link shows on the card; the resend mails a new link to that address, which confirms the card', async () => {
    const { restaurant } = await createCardRestaurant(ctx);
    const email = uniqueEmail('pending');
    const visitor = createVisitor(ctx);
    expect((await visitor.submit({ restaurantId: restaurant.id, rating: 5, email })).status).toBe(200);
    await ctx.waitForIdleQueue();
    const firstLinks = await linksMailedTo(email);
    expect(firstLinks).toHaveLength(1);
    expect(await readCard(visitor, restaurant.id)).toMatchObject({ known: true, hasEmail: false, pendingConfirmation: true });
    // Another phone of the same table has nothing pending.
    const neighbour = createVisitor(ctx, visitor.ip);
    expect((await neighbour.submit({ restaurantId: restaurant.id, rating: 4 })).status).toBe(200);
    expect(await readCard(neighbour, restaurant.id)).toMatchObject({ known: true, pendingConfirmation: false });
    const refused = await neighbour.post(`/api/public/card/${restaurant.id}/confirmation`);
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.message).toBe(CARD_MESSAGES.noPendingConfirmation);

    const resent = await visitor.post(`/api/public/card/${restaurant.id}/confirmation`);
    expect(resent.status).toBe(200);
    expect(await resent.json()).toEqual({ message: CARD_MESSAGES.resendSent });
    await ctx.waitForIdleQueue();
    const links = await linksMailedTo(email);
    expect(links).toHaveLength(2);
    expect(links[0]).not.toBe(firstLinks[0]);
    expect(new URL(links[0]).pathname).toBe(`/f/${restaurant.id}`);

    const confirmed = await visitor.post('/api/public/link-email/confirm', { token: new URL(links[0]).searchParams.get('link') });
    expect(confirmed.status).toBe(200);
    expect(await readCard(visitor, restaurant.id)).toMatchObject({ hasEmail: true, pendingConfirmation: false });
    // Nothing is pending any more: no resend.
    expect((await visitor.post(`/api/public/card/${restaurant.id}/confirmation`)).status).toBe(404);
  });

  it("the card's box (link-email) shows the resend too; an expired link does not; another venue's card does not", async () => {
    const { restaurant } = await createCardRestaurant(ctx);
    const { restaurant: other } = await createCardRestaurant(ctx);
    const { visitor } = await dinerWithCoffee(ctx, restaurant.id);
    expect((await visitor.submit({ restaurantId: other.id, rating: 5 })).status).toBe(200);
    expect((await visitor.post('/api/public/link-email', { restaurantId: restaurant.id, email: uniqueEmail('box') })).status).toBe(200);
    expect((await readCard(visitor, restaurant.id)).pendingConfirmation).toBe(true);
    expect((await readCard(visitor, other.id)).pendingConfirmation).toBe(false);
    expect((await visitor.post(`/api/public/card/${other.id}/confirmation`)).status).toBe(404);
    clock.advance(31 * 60_000);
    expect((await readCard(visitor, restaurant.id)).pendingConfirmation).toBe(false);
    expect((await visitor.post(`/api/public/card/${restaurant.id}/confirmation`)).status).toBe(404);
  });

  it("counts under link-email's limits: the honest resends go, a flood of them gets the 429 and no more mail", async () => {
    const { restaurant } = await createCardRestaurant(ctx);
    const email = uniqueEmail('flood');
    const visitor = createVisitor(ctx);
    expect((await visitor.submit({ restaurantId: restaurant.id, rating: 5, email })).status).toBe(200);
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await visitor.post(`/api/public/card/${restaurant.id}/confirmation`)).status);
    // The first resend goes; the typed address's hourly line (5, the form's mail included) then refuses.
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(429);
    const sent = statuses.filter((status) => status === 200).length;
    expect(sent).toBeLessThanOrEqual(4);
    const last = await visitor.post(`/api/public/card/${restaurant.id}/confirmation`);
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toBeTruthy();
    await ctx.waitForIdleQueue();
    expect(await linksMailedTo(email)).toHaveLength(1 + sent);
  });
});
