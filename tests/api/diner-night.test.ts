import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { automations, customers, feedbacks, loyaltyRules, pointEvents, restaurants } from '../../src/server/db/schema';
import { insertDefaultAutomations } from '../../src/server/email/default-automations';
import { queryRows } from '../../src/server/db/client';
import { clock } from '../../src/server/lib/runtime/clock';
import { uniqueEmail } from '../support/factories';
import { findLinkInMail } from '../support/test-app';
import { createConfirmedVisitor, createDinerRestaurant, createVisitor, useDinerContext } from './diner-support';

/**
 * Issue 25 (points 2, 3, 4) and issue 32 (point 1): one earning visit per diner per interval, the
 * form's email as a claim until it is confirmed, follow-ups once it is.
 */
const ctx = useDinerContext();

type Answer = { pointsAdded: number; balance: number; unlockedRewards: Array<{ name: string }>; earning: string };

async function customerByEmail(restaurantId: string, email: string) {
  const [row] = await ctx.db.select().from(customers).where(and(eq(customers.restaurantId, restaurantId), eq(customers.email, email)));
  return row;
}

/** The email jobs queued for a restaurant, by template (every email queue). */
async function emailJobs(restaurantId: string) {
  return queryRows<{ name: string; template: string; to: string | null; customerId: string }>(
    ctx.db,
    sql`select name, data->>'template' as template, data->>'to' as "to", data->>'customerId' as "customerId" from pgboss.job
        where name like 'email.%' and data->>'restaurantId' = ${restaurantId} order by created_on`,
  );
}

const confirmationMails = async (email: string) => (await ctx.mails(email)).filter((mail) => mail.html.includes('?link='));

describe('one earning visit per diner per interval', () => {
  it('attack: one phone rating 5★ three times in 90 s earns once; the later ratings are stored and say why', async () => {
    const { restaurant } = await createDinerRestaurant(ctx, { earningIntervalHours: 3 });
    const visitor = createVisitor(ctx);
    const start = new Date('2026-11-20T11:00:00Z');
    const answers: Answer[] = [];
    for (const seconds of [0, 45, 90]) {
      clock.freeze(new Date(start.getTime() + seconds * 1000));
      answers.push(await (await visitor.submit({ restaurantId: restaurant.id, rating: 5, comment: `Avis ${seconds}` })).json());
    }
    expect(answers.map((a) => [a.pointsAdded, a.balance, a.earning])).toEqual([
      [20, 20, 'earned'],
      [0, 20, 'interval'],
      [0, 20, 'interval'],
    ]);
    // Every rating is kept for the owner.
    const stored = await ctx.db.select().from(feedbacks).where(eq(feedbacks.restaurantId, restaurant.id));
    expect(stored.map((f) => f.comment).sort()).toEqual(['Avis 0', 'Avis 45', 'Avis 90']);
    // Three hours after the earning rating, the same phone earns again.
    clock.freeze(new Date(start.getTime() + 3 * 3_600_000 + 1000));
    expect(await (await visitor.submit({ restaurantId: restaurant.id, rating: 5 })).json()).toMatchObject({ pointsAdded: 20, balance: 40, earning: 'earned' });
  });

  it('holds for the customer of a confirmed email and keeps the daily cap; 0 hours means no interval', async () => {
    const { restaurant } = await createDinerRestaurant(ctx, { earningIntervalHours: 2 });
    const email = uniqueEmail('interval');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    clock.freeze(new Date('2026-11-20T09:00:00Z'));
    expect((await (await visitor.submit({ restaurantId: restaurant.id, rating: 4, email })).json()).earning).toBe('earned');
    clock.freeze(new Date('2026-11-20T10:59:00Z'));
    expect(await (await visitor.submit({ restaurantId: restaurant.id, rating: 4, email })).json()).toMatchObject({ pointsAdded: 0, earning: 'interval' });
    // The owner sets no interval: the daily cap alone applies.
    await ctx.db.update(loyaltyRules).set({ earningIntervalHours: 0, maxPointsPerDay: 30 }).where(eq(loyaltyRules.restaurantId, restaurant.id));
    const after = [];
    for (let n = 0; n < 2; n++) after.push(await (await visitor.submit({ restaurantId: restaurant.id, rating: 4, email })).json());
    expect(after.map((a: Answer) => [a.pointsAdded, a.earning])).toEqual([
      [10, 'earned'],
      [0, 'daily_cap'],
    ]);
    expect((await customerByEmail(restaurant.id, email)).points).toBe(30);
  });

  it('starts at 3 hours for a restaurant that never saved its rules', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    await ctx.db.delete(loyaltyRules).where(eq(loyaltyRules.restaurantId, restaurant.id));
    const visitor = createVisitor(ctx);
    clock.freeze(new Date('2026-11-20T12:00:00Z'));
    await visitor.submit({ restaurantId: restaurant.id, rating: 5 });
    clock.freeze(new Date('2026-11-20T14:59:00Z'));
    expect((await (await visitor.submit({ restaurantId: restaurant.id, rating: 5 })).json()).earning).toBe('interval');
    clock.freeze(new Date('2026-11-20T15:01:00Z'));
    expect((await (await visitor.submit({ restaurantId: restaurant.id, rating: 5 })).json()).earning).toBe('earned');
  });
});

describe('the form’s email is a claim until it is confirmed', () => {
  it('attack: a stranger typing a regular’s email learns nothing and changes nothing; only the confirmation reaches the address', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const regular = uniqueEmail('regular');
    // A regular with 450 points who unsubscribed from marketing.
    const regularPhone = await createConfirmedVisitor(ctx, restaurant.id, regular, { firstName: 'Paul', lastName: 'Durand', points: 450, marketingConsent: false });
    await ctx.db.update(customers).set({ phone: '0611111111', unsubscribedAt: new Date('2026-11-01T10:00:00Z') }).where(eq(customers.id, regularPhone.customerId));
    const before = await customerByEmail(restaurant.id, regular);

    const attack = { rating: 5, firstName: 'Gagnez 500e sur evil.example', lastName: 'Pirate', phone: '0699999999', comment: 'Cliquez sur evil.example', marketingConsent: true };
    const known = await createVisitor(ctx).submit({ restaurantId: restaurant.id, ...attack, email: regular.toUpperCase() });
    const unknownEmail = uniqueEmail('nobody');
    const unknown = await createVisitor(ctx).submit({ restaurantId: restaurant.id, ...attack, email: unknownEmail });
    // Same status, same answer: the device's own balance, nothing of the regular's.
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const knownBody = await known.text();
    expect(knownBody).toBe(await unknown.text());
    expect(JSON.parse(knownBody)).toEqual({ pointsAdded: 20, balance: 20, reached: 20, unlockedRewards: [], earning: 'earned' });

    await ctx.waitForIdleQueue();
    // Nothing of the regular changed: name, phone, points, consent, unsubscription.
    const after = await customerByEmail(restaurant.id, regular);
    expect(after).toEqual(before);
    expect(await ctx.db.select().from(pointEvents).where(eq(pointEvents.customerId, before.id))).toEqual([]);
    // The unknown address has no customer yet either.
    expect(await customerByEmail(restaurant.id, unknownEmail)).toBeUndefined();
    // Each address got exactly one email, the thank-you carrying the confirmation (decision 074), with nothing the stranger wrote in it.
    for (const email of [regular, unknownEmail]) {
      const mails = await ctx.mails(email);
      expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Merci pour votre visite/)]);
      expect(mails[0].html).toContain('?link=');
      for (const text of ['Gagnez', 'evil.example', 'Pirate', '0699999999']) {
        expect(`${mails[0].subject} ${mails[0].html} ${mails[0].text ?? ''}`).not.toContain(text);
      }
    }
    const jobs = await emailJobs(restaurant.id);
    // Every diner email goes to the typed address itself, none to a customer record's address.
    expect(jobs.filter((job) => job.template !== 'manager_alert_low_rating' && job.to !== regular && job.to !== unknownEmail).map((job) => job.template)).toEqual([]);
  });

  it('keeps the rating on the phone until the link is opened, then merges it into the customer of that email with the consent asked for', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const regular = uniqueEmail('owner-of-address');
    await createConfirmedVisitor(ctx, restaurant.id, regular, { firstName: 'Jules', points: 130 });
    const phone = createVisitor(ctx);
    await phone.submit({ restaurantId: restaurant.id, rating: 5, email: regular, firstName: 'Julien', phone: '0612121212', marketingConsent: true });
    const tid = phone.agent.cookies.get('rf_tid')!;
    const [own] = await ctx.db.select().from(customers).where(eq(customers.anonId, tid));
    expect(own).toMatchObject({ email: null, points: 20, marketingConsent: false });
    expect((await customerByEmail(restaurant.id, regular)).points).toBe(130);

    const mail = await ctx.waitForMail((m) => m.toEmail === regular && m.html.includes('?link='));
    const token = new URL(findLinkInMail(mail.html, '/f/')).searchParams.get('link')!;
    const confirmed = await phone.post('/api/public/link-email/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ balance: 150 });
    const merged = await customerByEmail(restaurant.id, regular);
    // The regular keeps their name; the phone is now theirs, with the consent the diner asked for.
    expect(merged).toMatchObject({ points: 150, firstName: 'Jules', phone: '0612121212', marketingConsent: true, anonId: tid });
    expect(await ctx.db.select().from(customers).where(eq(customers.id, own.id))).toEqual([]);
    // From now on the phone's typed email is its own: the form works as for any confirmed diner.
    clock.freeze(new Date(Date.now() + 4 * 3_600_000));
    expect(await (await phone.submit({ restaurantId: restaurant.id, rating: 5, email: regular })).json()).toMatchObject({ pointsAdded: 20, balance: 170, earning: 'earned' });
    await ctx.waitForIdleQueue();
    expect(await confirmationMails(regular)).toHaveLength(1);
  });

  it('a phone that already confirmed one address does not rename its customer when another address is typed', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const mine = uniqueEmail('mine');
    const other = uniqueEmail('other');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, mine, { firstName: 'Alice' });
    expect(await (await visitor.submit({ restaurantId: restaurant.id, rating: 4, email: other, firstName: 'Bob' })).json()).toMatchObject({ pointsAdded: 20, balance: 20 });
    expect(await customerByEmail(restaurant.id, mine)).toMatchObject({ firstName: 'Alice', points: 20 });
    expect(await customerByEmail(restaurant.id, other)).toBeUndefined();
    await ctx.waitForIdleQueue();
    // Nothing to the confirmed address for that rating; the typed one gets its one first email, the thank-you with the confirmation (decision 074).
    expect((await ctx.mails(mine)).length).toBe(0);
    expect((await ctx.mails(other)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Merci pour votre visite/)]);
  });

  it('a phone of one confirmed customer that confirms another address moves to it: the two customers are not merged', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, first, { points: 70 });
    await createConfirmedVisitor(ctx, restaurant.id, second, { points: 30 });
    await visitor.submit({ restaurantId: restaurant.id, rating: 4, email: second });
    const mail = await ctx.waitForMail((m) => m.toEmail === second && m.html.includes('?link='));
    const token = new URL(findLinkInMail(mail.html, '/f/')).searchParams.get('link')!;
    expect(await (await visitor.post('/api/public/link-email/confirm', { token })).json()).toMatchObject({ balance: 30 });
    // The rating stays with the first customer (the phone's record when it was made); the phone now belongs to the second.
    expect(await customerByEmail(restaurant.id, first)).toMatchObject({ points: 90, anonId: null });
    expect(await customerByEmail(restaurant.id, second)).toMatchObject({ points: 30, anonId: visitor.anonId });
  });

  it('attack: confirmation emails to one address stay at 5 an hour across the form and the link box; the rating is never lost', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const target = uniqueEmail('flooded');
    const statuses: number[] = [];
    // Three link-box requests (from phones with points), then form submissions typing the same address.
    for (let n = 0; n < 3; n++) {
      const phone = createVisitor(ctx);
      await phone.submit({ restaurantId: restaurant.id, rating: 4 });
      statuses.push((await phone.post('/api/public/link-email', { restaurantId: restaurant.id, email: target })).status);
    }
    for (let n = 0; n < 4; n++) statuses.push((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 4, comment: `Form ${n}`, email: target })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
    // Over the limit, the link box answers 429.
    const late = createVisitor(ctx);
    await late.submit({ restaurantId: restaurant.id, rating: 4 });
    const refused = await late.post('/api/public/link-email', { restaurantId: restaurant.id, email: target });
    expect(refused.status).toBe(429);
    await ctx.waitForIdleQueue();
    expect(await confirmationMails(target)).toHaveLength(5);
    const forms = await ctx.db.select().from(feedbacks).where(and(eq(feedbacks.restaurantId, restaurant.id), sql`${feedbacks.comment} like 'Form %'`));
    expect(forms).toHaveLength(4);
  });
});

describe('confirming an email schedules the follow-ups a rating with that email has', () => {
  it('queues the day-3 nudge after a recent 4–5★ rating and the day-30 comeback; the one thank-you is the first email, none after confirmation', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = uniqueEmail('follow');
    const phone = createVisitor(ctx);
    await phone.submit({ restaurantId: restaurant.id, rating: 5, email, marketingConsent: true });
    const mail = await ctx.waitForMail((m) => m.toEmail === email && m.html.includes('?link='));
    const before = (await emailJobs(restaurant.id)).map((job) => job.template);
    // The first email is the thank-you carrying the link (decision 074); no later email before confirmation.
    expect(before.filter((template) => template === 'thanks_after_visit')).toHaveLength(1);
    expect(before).not.toContain('review_nudge_3d');
    expect(before).not.toContain('we_miss_you_30d');

    const token = new URL(findLinkInMail(mail.html, '/f/')).searchParams.get('link')!;
    expect((await phone.post('/api/public/link-email/confirm', { token })).status).toBe(200);
    const customer = await customerByEmail(restaurant.id, email);
    const after = (await emailJobs(restaurant.id)).filter((job) => job.customerId === customer.id).map((job) => job.template);
    expect(after).toContain('review_nudge_3d');
    expect(after).toContain('we_miss_you_30d');
    // Still the one thank-you of the first email: confirming queued no second one.
    expect(after.filter((template) => template === 'thanks_after_visit')).toHaveLength(1);
    expect((await emailJobs(restaurant.id)).filter((job) => job.template === 'thanks_after_visit')).toHaveLength(1);
  });

  it('with several restaurants, confirming plans the nudge with this restaurant’s own delay and sending hours', async () => {
    // Two restaurants with different timing: the confirmation must read its own (it answered 500 once a
    // second restaurant existed, its one-table read naming every restaurant).
    const timing = async (delayMinutes: number) => {
      const { restaurant } = await createDinerRestaurant(ctx);
      await ctx.db.update(restaurants).set({ sendingHourStart: 0, sendingHourEnd: 24 }).where(eq(restaurants.id, restaurant.id));
      await insertDefaultAutomations(ctx.db, restaurant.id);
      const [nudge] = await ctx.db.select().from(automations).where(and(eq(automations.restaurantId, restaurant.id), eq(automations.key, 'review_nudge_3d')));
      await ctx.db.update(automations).set({ config: { ...nudge.config, delay_minutes: delayMinutes } }).where(eq(automations.id, nudge.id));
      return restaurant;
    };
    const restaurant = await timing(60);
    await timing(600);
    const email = uniqueEmail('own-timing');
    const phone = createVisitor(ctx);
    const rated = new Date('2027-03-10T12:00:00Z');
    clock.freeze(rated);
    expect((await phone.submit({ restaurantId: restaurant.id, rating: 5, email, marketingConsent: true })).status).toBe(200);
    const mail = await ctx.waitForMail((m) => m.toEmail === email && m.html.includes('?link='));
    const token = new URL(findLinkInMail(mail.html, '/f/')).searchParams.get('link')!;
    const confirmedAt = new Date(rated.getTime() + 10 * 60_000);
    clock.freeze(confirmedAt);
    expect((await phone.post('/api/public/link-email/confirm', { token })).status).toBe(200);
    const customer = await customerByEmail(restaurant.id, email);
    const nudges = await queryRows<{ start_after: string | Date }>(
      ctx.db,
      sql`select start_after from pgboss.job where data->>'template' = 'review_nudge_3d' and data->>'customerId' = ${customer.id} and state = 'created'`,
    );
    expect(nudges.map((job) => new Date(job.start_after).toISOString())).toEqual([new Date(confirmedAt.getTime() + 60 * 60_000).toISOString()]);
  });

  it('queues only the comeback when the latest rating was 3★ or less, and no second low-rating alert', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = uniqueEmail('lowfollow');
    const phone = createVisitor(ctx);
    await phone.submit({ restaurantId: restaurant.id, rating: 2, email });
    const mail = await ctx.waitForMail((m) => m.toEmail === email && m.html.includes('?link='));
    // The rating's own alert is queued by its alert job, after the answer: counted once the queue has run it.
    await ctx.waitForIdleQueue();
    const alertsBefore = (await emailJobs(restaurant.id)).filter((job) => job.template === 'manager_alert_low_rating').length;
    expect(alertsBefore).toBe(1);
    const token = new URL(findLinkInMail(mail.html, '/f/')).searchParams.get('link')!;
    expect((await phone.post('/api/public/link-email/confirm', { token })).status).toBe(200);
    await ctx.waitForIdleQueue();
    const jobs = await emailJobs(restaurant.id);
    expect(jobs.map((job) => job.template)).toContain('we_miss_you_30d');
    expect(jobs.map((job) => job.template)).not.toContain('review_nudge_3d');
    expect(jobs.filter((job) => job.template === 'manager_alert_low_rating').length).toBe(alertsBefore);
  });
});
