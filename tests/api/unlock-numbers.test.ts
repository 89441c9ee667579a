/**
 * Issue 48: after an unlock, the thank-you screen (the submission's answer it renders), the card (its API's
 * answer) and the reward email say the same three numbers: what the diner reached, what was set aside for
 * the reward, what is left. Over a real SMTP server, in production mode.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { restaurants } from '../../src/server/db/schema';
import { insertDefaultAutomations } from '../../src/server/email/default-automations';
import { uniqueEmail } from '../support/factories';
import { createConfirmedVisitor, createDinerRestaurant, useDinerSmtpContext } from './diner-support';

const { ctx, smtp } = useDinerSmtpContext({ env: { NODE_ENV: 'production', MAIL_MODE: 'smtp', MAIL_FROM: 'ReFeed <bonjour@refeed.test>' } });

const flat = (text: string | false | undefined) => String(text ?? '').replace(/\s+/g, ' ');

describe('numbers that agree after an unlock', { timeout: 120_000 }, () => {
  it('40 points + 20 reach 60: 50 set aside for « Café offert », 10 left, on the screen, the card and in the emails', async () => {
    const { restaurant } = await createDinerRestaurant(ctx, { name: 'Le Zinc' });
    await ctx.db.update(restaurants).set({ googleReviewUrl: 'https://g.page/r/le-zinc/review' }).where(eq(restaurants.id, restaurant.id));
    await insertDefaultAutomations(ctx.db, restaurant.id);
    const email = uniqueEmail('unlock');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email, { points: 40, marketingConsent: true });

    const answer = await visitor.submit({ restaurantId: restaurant.id, rating: 5, email });
    expect(answer.status).toBe(200);
    const screen = (await answer.json()) as { pointsAdded: number; reached: number; balance: number; unlockedRewards: Array<{ name: string; cost: number }> };
    expect(screen).toMatchObject({ pointsAdded: 20, reached: 60, balance: 10, unlockedRewards: [{ name: 'Café offert', cost: 50 }] });

    const card = (await (await visitor.get(`/api/public/card/${restaurant.id}`)).json()) as { balance: number; setAside: number; pending: Array<{ label: string }> };
    expect(card.balance).toBe(screen.balance);
    expect(card.setAside).toBe(50);
    expect(card.balance + card.setAside).toBe(screen.reached);
    expect(card.pending.map((reward) => reward.label)).toEqual(['Café offert']);

    const reward = await smtp.waitFor((m) => m.envelope.to.includes(email) && (m.parsed.subject ?? '').includes('récompense'), 60_000);
    const thanks = await smtp.waitFor((m) => m.envelope.to.includes(email) && (m.parsed.subject ?? '').startsWith('Merci pour votre visite'), 60_000);
    const rewardText = flat(reward.parsed.text);
    expect(rewardText).toContain('Vous avez atteint 60 points et débloqué une récompense');
    expect(rewardText).toContain('50 points mis de côté pour cette récompense : il vous reste 10 points.');
    expect(rewardText).not.toContain('Avec 10 points');
    expect(flat(thanks.parsed.text)).toContain('Vous avez gagné 20 points de fidélité. Votre solde : 10 points.');
  });

  it('an owner’s reward template saved with the old « Avec {{balance}} points » names what was reached', async () => {
    const { restaurant } = await createDinerRestaurant(ctx, { name: 'Le Vieux Modèle' });
    const email = uniqueEmail('old-template');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email, { points: 40, marketingConsent: true });
    // No saved automation rows: what a saved old template reads is what the previous default said.
    await insertDefaultAutomations(ctx.db, restaurant.id);
    await ctx.db.execute(
      `update automations set config = jsonb_set(config, '{html}', to_jsonb('<p>Avec {{balance}} points, vous venez de débloquer : {{reward_name}}. Solde : {{balance}} points.</p>'::text)) where restaurant_id = '${restaurant.id}' and key = 'reward_unlocked'`,
    );
    expect((await visitor.submit({ restaurantId: restaurant.id, rating: 5, email })).status).toBe(200);
    const reward = await smtp.waitFor((m) => m.envelope.to.includes(email) && (m.parsed.subject ?? '').includes('récompense'), 60_000);
    expect(flat(reward.parsed.text)).toContain('Avec 60 points, vous venez de débloquer : Café offert. Solde : 10 points.');
  });
});
