import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordDailyStats } from '../../src/server/core/daily-stats';
import { automations, customerRewards, customers, emailLogs, feedbacks, restaurants, visits } from '../../src/server/db/schema';
import { insertDefaultAutomations } from '../../src/server/email/default-automations';
import { queueWeeklyDigests, weeklyDigestJob } from '../../src/server/email/weekly-digest.jobs';
import { clock } from '../../src/server/lib/runtime/clock';
import { createRestaurant, createSignedInAdmin, createSignedInOwner, uniqueEmail } from '../support/factories';
import { createTestContext, findLinkInMail, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(() => clock.reset());
afterAll(async () => {
  await ctx.close();
});

/** Monday 23 November 2026, 9:00 in Paris (UTC+1): the digest of the week of 16–22 November. */
const MONDAY_9_PARIS = new Date('2026-11-23T08:00:00Z');

/** The HTML as read: tags removed, entities of the values decoded, spaces collapsed. */
const readable = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

async function rate(restaurantId: string, rating: number, at: string, extra: { comment?: string; tableLabel?: string } = {}) {
  const createdAt = new Date(at);
  const [visit] = extra.tableLabel ? await ctx.db.insert(visits).values({ restaurantId, tableLabel: extra.tableLabel, createdAt }).returning() : [null];
  await ctx.db.insert(feedbacks).values({ restaurantId, rating, comment: extra.comment ?? null, visitId: visit?.id ?? null, createdAt });
  await recordDailyStats(ctx.db, restaurantId, createdAt, { feedbacks: 1, ratingSum: rating });
}

async function logMail(restaurantId: string, templateName: string, status: 'sent' | 'failed', at: string) {
  await ctx.db.insert(emailLogs).values({ restaurantId, templateName, status, toEmail: 'x@example.fr', toDomain: 'example.fr', subject: 's', createdAt: new Date(at) });
}

/** An approved restaurant with a known week (16–22 Nov, Paris) and the week before. */
async function restaurantWithKnownWeek() {
  const restaurant = await createRestaurant(ctx, { name: 'Bilan Test' });
  // Created before the weeks it reports on (a venue gets no digest of a week it did not exist in).
  await ctx.db.update(restaurants).set({ googleReviewUrl: 'https://g.page/r/bilan/review', createdAt: new Date('2026-11-01T10:00:00Z') }).where(eq(restaurants.id, restaurant.id));
  await insertDefaultAutomations(ctx.db, restaurant.id);
  const id = restaurant.id;
  // This week: 5 (Monday 00:30 Paris), 4, 2 with a comment at Table 3, 1 (Sunday 23:30 Paris) → 4 ratings, 3,0.
  await rate(id, 5, '2026-11-15T23:30:00Z');
  await rate(id, 4, '2026-11-18T19:00:00Z');
  await rate(id, 2, '2026-11-20T20:00:00Z', { comment: 'Trop salé', tableLabel: 'Table 3' });
  await rate(id, 1, '2026-11-22T22:30:00Z');
  // The week before: 5 and 4 (the 4 on Sunday 15, 23:30 Paris) → 2 ratings, 4,5.
  await rate(id, 5, '2026-11-10T12:00:00Z');
  await rate(id, 4, '2026-11-15T22:30:00Z');
  // Monday 23, 00:30 Paris: next week's.
  await rate(id, 1, '2026-11-22T23:30:00Z', { comment: 'Pas cette semaine' });

  // Emails: this week a nudge, two thank-yous (the review link is valid: 3 invitations), a reward, a failure.
  await logMail(id, 'review_nudge_3d', 'sent', '2026-11-17T10:00:00Z');
  await logMail(id, 'thanks_after_visit', 'sent', '2026-11-18T19:01:00Z');
  await logMail(id, 'thanks_after_visit', 'sent', '2026-11-19T19:01:00Z');
  await logMail(id, 'reward_unlocked', 'sent', '2026-11-19T19:02:00Z');
  await logMail(id, 'thanks_after_visit', 'failed', '2026-11-20T19:01:00Z');
  await logMail(id, 'thanks_after_visit', 'sent', '2026-11-12T19:01:00Z');

  // Customers: two new this week, one the week before.
  const [a, b] = await ctx.db
    .insert(customers)
    .values([
      { restaurantId: id, firstName: 'Alice', createdAt: new Date('2026-11-16T10:00:00Z') },
      { restaurantId: id, firstName: 'Bruno', createdAt: new Date('2026-11-21T10:00:00Z') },
      { restaurantId: id, firstName: 'Chloé', createdAt: new Date('2026-11-11T10:00:00Z') },
    ])
    .returning();
  // Rewards: one handed over this week, one the week before, one still to hand over.
  await ctx.db.insert(customerRewards).values([
    { restaurantId: id, customerId: a.id, label: 'Café offert', cost: 50, status: 'redeemed', redeemedAt: new Date('2026-11-19T12:00:00Z') },
    { restaurantId: id, customerId: a.id, label: 'Café offert', cost: 50, status: 'redeemed', redeemedAt: new Date('2026-11-13T12:00:00Z') },
    { restaurantId: id, customerId: b.id, label: 'Dessert offert', cost: 100, status: 'pending' },
  ]);
  return restaurant;
}

describe('the weekly digest', () => {
  it('is scheduled every Monday at 9:00 Paris time', async () => {
    const [schedule] = await ctx.deps.boss.getSchedules(weeklyDigestJob.name);
    expect(schedule).toMatchObject({ name: 'email.weekly-digest', cron: '0 9 * * 1', timezone: 'Europe/Paris' });
  });

  it('tells the contact address the week in exact numbers, compared with the week before, once even when queued twice', async () => {
    const restaurant = await restaurantWithKnownWeek();
    const pending = await createRestaurant(ctx, { name: 'Pas encore validé', status: 'pending' });
    clock.freeze(MONDAY_9_PARIS);
    // Two instances (or a rerun) queue the same week: one digest.
    await weeklyDigestJob.handle({}, ctx.deps);
    expect((await queueWeeklyDigests(ctx.deps)).weekStart).toBe('2026-11-16');
    const mail = await ctx.waitForMail((m) => m.toEmail === restaurant.contactEmail);
    expect(mail.subject).toBe('Votre semaine : 4 avis, 3,0/5 de moyenne — Bilan Test');
    const text = readable(mail.html);
    expect(text).toContain('Voici le bilan de votre semaine, du lundi 16 novembre au dimanche 22 novembre 2026.');
    expect(text).toContain('4 avis, moyenne 3,0/5 (semaine précédente : 2 avis, moyenne 4,5/5)');
    expect(text).toContain('Avis de 3 étoiles ou moins : 2');
    expect(text).toContain('Invitations à laisser un avis public : 3');
    expect(text).toContain('Nouveaux clients : 2');
    expect(text).toContain('Récompenses remises : 1');
    expect(text).toContain('Emails envoyés : 4');
    expect(text).toContain('« Trop salé »');
    expect(text).toContain('Laissé par un client anonyme à la table Table 3');
    expect(text).not.toContain('Pas cette semaine');
    // The dashboard of this venue (decision 056).
    expect(findLinkInMail(mail.html, `/v/${restaurant.id}/dashboard`)).toBe(`${TEST_PUBLIC_URL}/v/${restaurant.id}/dashboard`);

    await ctx.waitForIdleQueue();
    expect(await ctx.mails(restaurant.contactEmail)).toHaveLength(1);
    expect(await ctx.mails(pending.contactEmail)).toHaveLength(0);
    const logs = await ctx.db.select().from(emailLogs).where(and(eq(emailLogs.restaurantId, restaurant.id), eq(emailLogs.templateName, 'weekly_digest')));
    expect(logs.map((log) => log.status)).toEqual(['sent']);
  });

  it('is not sent once the owner switched it off on /automations', async () => {
    const restaurant = await createRestaurant(ctx, { name: 'Sans bilan' });
    await ctx.db.update(restaurants).set({ createdAt: new Date('2026-11-01T10:00:00Z') }).where(eq(restaurants.id, restaurant.id));
    await insertDefaultAutomations(ctx.db, restaurant.id);
    await ctx.db.update(automations).set({ status: 'inactive' }).where(and(eq(automations.restaurantId, restaurant.id), eq(automations.key, 'weekly_digest')));
    clock.freeze(MONDAY_9_PARIS);
    await queueWeeklyDigests(ctx.deps);
    await ctx.waitForIdleQueue();
    expect(await ctx.mails(restaurant.contactEmail)).toHaveLength(0);
    const logs = await ctx.db.select().from(emailLogs).where(and(eq(emailLogs.restaurantId, restaurant.id), eq(emailLogs.templateName, 'weekly_digest')));
    expect(logs.map((log) => [log.status, log.error])).toEqual([['skipped', 'Automation en pause']]);
  });

  it('is not sent for a week the venue did not exist in; a venue opened during the week gets it', async () => {
    const today = await createRestaurant(ctx, { name: 'Ouvert ce lundi' });
    const midWeek = await createRestaurant(ctx, { name: 'Ouvert mercredi' });
    // Approved this Monday at 8:30 Paris (00:00 Paris is the week's end), and Wednesday of the week reported.
    await ctx.db.update(restaurants).set({ createdAt: new Date('2026-11-23T07:30:00Z') }).where(eq(restaurants.id, today.id));
    await ctx.db.update(restaurants).set({ createdAt: new Date('2026-11-18T10:00:00Z') }).where(eq(restaurants.id, midWeek.id));
    for (const restaurant of [today, midWeek]) await insertDefaultAutomations(ctx.db, restaurant.id);
    clock.freeze(MONDAY_9_PARIS);
    await queueWeeklyDigests(ctx.deps);
    const mail = await ctx.waitForMail((m) => m.toEmail === midWeek.contactEmail);
    expect(mail.subject).toContain('Votre semaine : 0 avis');
    await ctx.waitForIdleQueue();
    expect(await ctx.mails(today.contactEmail)).toHaveLength(0);
    const logs = await ctx.db.select().from(emailLogs).where(and(eq(emailLogs.restaurantId, today.id), eq(emailLogs.templateName, 'weekly_digest')));
    expect(logs).toEqual([]);
  });

  it('is one of the owner’s automations, listed on /automations with its editable template', async () => {
    const owner = await createSignedInOwner(ctx);
    const response = await owner.agent.get('/api/automations');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { automations: Array<{ key: string; status: string; subject: string }> };
    expect(body.automations.find((automation) => automation.key === 'weekly_digest')).toMatchObject({ status: 'active', subject: expect.stringContaining('{{ratings_count}}') });
  });
});

describe('the platform team’s notice of a new restaurant', () => {
  it('every administrator gets the validation queue’s link once the owner confirmed the email', async () => {
    const [first, second] = [await createSignedInAdmin(ctx), await createSignedInAdmin(ctx)];
    const email = uniqueEmail('signup');
    const password = 'Motdepasse-solide-42';
    const signup = await ctx.agent().post('/api/signup', {
      restaurantName: 'La Nouvelle Table',
      siren: '552100554',
      firstName: 'Camille',
      lastName: 'Durand',
      email,
      phone: '06 12 34 56 78',
      password,
      passwordConfirmation: password,
      acceptTerms: true,
    });
    expect(signup.status).toBe(201);
    const confirmation = await ctx.waitForMail((m) => m.toEmail === email);
    await ctx.waitForIdleQueue();
    // Not before the email is confirmed.
    expect(await ctx.mails(first.admin.email)).toHaveLength(0);

    const agent = ctx.agent();
    const opened = await agent.get(findLinkInMail(confirmation.html, '/api/auth/verify-email'));
    const token = new URL(opened.headers.get('location')!, TEST_PUBLIC_URL).searchParams.get('token');
    expect((await agent.post('/api/confirm-email', { token, password })).status).toBe(200);

    for (const { admin } of [first, second]) {
      const notice = await ctx.waitForMail((m) => m.toEmail === admin.email);
      expect(notice.subject).toBe('Nouveau restaurant à valider : La Nouvelle Table');
      expect(findLinkInMail(notice.html, '/admin/restaurants')).toBe(`${TEST_PUBLIC_URL}/admin/restaurants`);
    }
    // Signing in again (which syncs the confirmation once more) sends no second notice.
    expect((await ctx.agent().post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    await ctx.waitForIdleQueue();
    expect(await ctx.mails(first.admin.email)).toHaveLength(1);
  });
});
