/**
 * Issue 48, decision 074: a diner who types an address not confirmed yet gets exactly one day-0 email. After an
 * earning 4–5★ visit it is the owner's thank-you carrying the confirmation block; after 3★ or less the
 * confirmation with the apology. Confirming schedules the follow-ups and sends no second thank-you; a repeat
 * rating inside the earning interval sends nothing. In production mode, over a real SMTP server.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { automations, customers, feedbacks, restaurants } from '../../src/server/db/schema';
import { insertDefaultAutomations } from '../../src/server/email/default-automations';
import { uniqueEmail } from '../support/factories';
import { type ReceivedMail } from '../support/smtp';
import { findLinkInMail } from '../support/test-app';
import { createDinerRestaurant, createVisitor, useDinerSmtpContext } from './diner-support';

const REVIEW_URL = 'https://g.page/r/la-table-de-lea/review';
const { ctx, smtp } = useDinerSmtpContext({ env: { NODE_ENV: 'production', MAIL_MODE: 'smtp', MAIL_FROM: 'ReFeed <bonjour@refeed.test>' } });

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.envelope.to.includes(address));
const htmlOf = (mail: ReceivedMail) => String(mail.parsed.html);
const textOf = (mail: ReceivedMail) => `${mail.parsed.subject ?? ''} ${mail.parsed.text ?? ''}`.replace(/\s+/g, ' ');
const tokenOf = (mail: ReceivedMail) => new URL(findLinkInMail(htmlOf(mail), '/f/')).searchParams.get('link')!;

async function venue(name: string, earningIntervalHours = 3) {
  const { restaurant } = await createDinerRestaurant(ctx, { name, earningIntervalHours });
  await ctx.db.update(restaurants).set({ googleReviewUrl: REVIEW_URL }).where(eq(restaurants.id, restaurant.id));
  await insertDefaultAutomations(ctx.db, restaurant.id);
  return restaurant;
}

/** Jobs waiting for a customer on a queue (the day-3 nudge, the day-30 comeback). */
async function pendingJobs(queue: string, restaurantId: string, customerId: string) {
  const rows = await queryRows<{ n: number | string }>(
    ctx.db,
    sql`select count(*) as n from pgboss.job where name = ${queue} and state = 'created' and singleton_key = ${`${restaurantId}:${customerId}`}`,
  );
  return Number(rows[0].n);
}

// Twenty diners, their emails and confirmations on a shared two-core machine.
describe('one first email that thanks and confirms (decision 074)', { timeout: 180_000 }, () => {
  it('20 diners type their email (10 at 4–5★, 10 at 1–3★): each gets one day-0 email of the right kind; confirming sends no second thank-you; a repeat inside the interval sends nothing', async () => {
    const restaurant = await venue('La Table de Léa');
    const diners = Array.from({ length: 20 }, (_, i) => ({
      email: uniqueEmail(`diner${i}`),
      rating: i < 10 ? 4 + (i % 2) : 1 + (i % 3),
      visitor: createVisitor(ctx),
    }));
    for (const diner of diners) {
      const answer = await diner.visitor.submit({ restaurantId: restaurant.id, rating: diner.rating, firstName: 'Léa', email: diner.email, comment: diner.rating < 4 ? 'Plat froid' : undefined });
      expect(answer.status).toBe(200);
    }
    await ctx.waitForIdleQueue(60_000);
    await smtp.waitFor(() => diners.every((diner) => mailsTo(diner.email).length >= 1), 60_000);

    const received = { thanks: 0, apology: 0, other: 0 };
    for (const diner of diners) {
      const mails = mailsTo(diner.email);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      const text = textOf(mail);
      // Every first email carries the one-time link, and never a customer record's figures nor « 0 points ».
      expect(tokenOf(mail)).toMatch(/^[\w-]{40,}$/);
      expect(text).not.toMatch(/\b[01] points\b/);
      if (diner.rating >= 4) {
        expect(mail.parsed.subject).toBe('Merci pour votre visite ! — La Table de Léa');
        // Nothing typed is relayed to the address (it may be a stranger's): no name, no comment.
        expect(text).toContain('Bonjour,');
        expect(text).not.toContain('Léa,');
        expect(text).toContain(`Merci pour votre note de ${diner.rating}/5`);
        expect(text).toContain('Vous avez gagné 20 points de fidélité. Votre solde : 20 points.');
        expect(text).toContain('Confirmez votre email pour garder vos 20 points');
        expect(htmlOf(mail)).toContain(REVIEW_URL);
        received.thanks += 1;
      } else {
        expect(mail.parsed.subject).toBe('Confirmez votre email pour garder vos 10 points – La Table de Léa');
        expect(text).toContain('Nous sommes désolés que votre expérience n’ait pas été à la hauteur');
        expect(text).not.toContain('Plat froid');
        expect(htmlOf(mail)).not.toContain(REVIEW_URL);
        received.apology += 1;
      }
    }
    expect(received).toEqual({ thanks: 10, apology: 10, other: 0 });
    console.log(`Saturday-like figure: ${diners.length} diners typed an email; received: ${received.thanks} thank-you + confirmation, ${received.apology} confirmation with apology`);

    // Each diner opens the link: the follow-ups are scheduled (nudge after 4–5★, comeback for all), no second email now.
    for (const diner of diners) {
      const confirmed = await diner.visitor.post('/api/public/link-email/confirm', { token: tokenOf(mailsTo(diner.email)[0]) });
      expect(confirmed.status).toBe(200);
      const [customer] = await ctx.db.select({ id: customers.id }).from(customers).where(and(eq(customers.restaurantId, restaurant.id), eq(customers.email, diner.email)));
      expect(await pendingJobs('email.send-comeback', restaurant.id, customer.id)).toBe(1);
      expect(await pendingJobs('email.send-nudge', restaurant.id, customer.id)).toBe(diner.rating >= 4 ? 1 : 0);
    }
    await ctx.waitForIdleQueue(60_000);

    // A repeat rating inside the earning interval, with the now confirmed address: stored, no points, no email.
    for (const diner of diners.slice(0, 3)) {
      const again = await diner.visitor.submit({ restaurantId: restaurant.id, rating: 5, email: diner.email });
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ pointsAdded: 0, earning: 'interval' });
    }
    await ctx.waitForIdleQueue(60_000);
    const stored = await ctx.db.select({ id: feedbacks.id }).from(feedbacks).where(eq(feedbacks.restaurantId, restaurant.id));
    expect(stored).toHaveLength(23);
    for (const diner of diners) expect(mailsTo(diner.email)).toHaveLength(1);
  });

  it('the link box after rating sends the same first email: the thank-you with the block after 5★, the apology after 2★', async () => {
    const restaurant = await venue('Chez Nour');
    const happy = createVisitor(ctx);
    const unhappy = createVisitor(ctx);
    expect((await happy.submit({ restaurantId: restaurant.id, rating: 5 })).status).toBe(200);
    expect((await unhappy.submit({ restaurantId: restaurant.id, rating: 2, comment: 'Bruyant' })).status).toBe(200);
    const [happyEmail, unhappyEmail] = [uniqueEmail('box-happy'), uniqueEmail('box-unhappy')];
    expect((await happy.post('/api/public/link-email', { restaurantId: restaurant.id, email: happyEmail, firstName: 'Nour' })).status).toBe(200);
    expect((await unhappy.post('/api/public/link-email', { restaurantId: restaurant.id, email: unhappyEmail })).status).toBe(200);
    await ctx.waitForIdleQueue(60_000);
    const thanks = await smtp.waitFor((mail) => mail.envelope.to.includes(happyEmail));
    const apology = await smtp.waitFor((mail) => mail.envelope.to.includes(unhappyEmail));
    expect(thanks.parsed.subject).toBe('Merci pour votre visite ! — Chez Nour');
    expect(textOf(thanks)).toContain('Confirmez votre email pour garder vos 20 points');
    expect(textOf(thanks)).not.toContain('Nour,');
    expect(apology.parsed.subject).toBe('Confirmez votre email pour garder vos 10 points – Chez Nour');
    expect(textOf(apology)).toContain('désolés');
    expect(mailsTo(happyEmail)).toHaveLength(1);
    expect(mailsTo(unhappyEmail)).toHaveLength(1);
    // Confirming sends no second thank-you.
    expect((await happy.post('/api/public/link-email/confirm', { token: tokenOf(thanks) })).status).toBe(200);
    await ctx.waitForIdleQueue(60_000);
    expect(mailsTo(happyEmail)).toHaveLength(1);
  });

  it('nothing of the typed address’s customer record reaches it: another customer’s name and balance stay out', async () => {
    const restaurant = await venue('Le Comptoir');
    const owner = uniqueEmail('owner-of-address');
    await ctx.db.insert(customers).values({ restaurantId: restaurant.id, email: owner, firstName: 'Gaspard', points: 480 });
    const stranger = createVisitor(ctx);
    expect((await stranger.submit({ restaurantId: restaurant.id, rating: 5, email: owner })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(owner));
    expect(textOf(mail)).not.toContain('Gaspard');
    expect(textOf(mail)).not.toContain('480');
    expect(textOf(mail)).toContain('Votre solde : 20 points.');
  });

  it('a paused thank-you still lets the typed address confirm: the confirmation alone leaves', async () => {
    const restaurant = await venue('Le Bouchon');
    await ctx.db.update(automations).set({ status: 'inactive' }).where(and(eq(automations.restaurantId, restaurant.id), eq(automations.key, 'thanks_after_visit')));
    const email = uniqueEmail('paused');
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 5, email })).status).toBe(200);
    await ctx.waitForIdleQueue(60_000);
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email));
    expect(mail.parsed.subject).toBe('Confirmez votre email pour garder vos 20 points – Le Bouchon');
    expect(textOf(mail)).toContain('Merci pour votre visite');
    expect(mailsTo(email)).toHaveLength(1);
  });
});
