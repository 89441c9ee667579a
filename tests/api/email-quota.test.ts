// Issue #30 (decision 058): diner emails counted per organisation and Paris month, in the transaction that
// queues them; past the quota recorded and skipped, the ratings and points going on; the propriétaires
// warned once at 80 % and once at 100 %; an expired trial sends no diner email but the owner alert goes.
// Every mail of this file goes through nodemailer to a real SMTP server.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { emailLogs, organisationEmailUsage, organisations, restaurants } from '../../src/server/db/schema';
import { createDeps } from '../../src/server/deps';
import { countDinerEmailsThisMonth, countQuotaSkippedThisMonth, crossedLevels, parisMonthOf } from '../../src/server/core/email-quota';
import { SKIP_REASONS } from '../../src/server/email/catalogue';
import { insertDefaultAutomations } from '../../src/server/email/default-automations';
import { clock } from '../../src/server/lib/runtime/clock';
import type { LimitOverrides, PlanId } from '../../src/shared/rules/plans';
import { addMember, createUser, signIn, uniqueEmail } from '../support/factories';
import { TestAgent } from '../support/test-app';
import { createConfirmedVisitor, createDinerRestaurant, useDinerSmtpContext } from './diner-support';

const { ctx, smtp } = useDinerSmtpContext({ env: { MAIL_FROM: 'ReFeed <bonjour@refeed.test>' } });
afterEach(() => {
  clock.reset();
});

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.envelope.to.includes(address));

/** A restaurant of a new organisation on `plan` (null: none, on `trialEndsAt`), its automations written, with a propriétaire. */
async function createVenue(options: { plan?: PlanId | null; trialEndsAt?: Date | null; overrides?: LimitOverrides } = {}) {
  const owner = await createUser(ctx, { email: uniqueEmail('proprio') });
  const { restaurant } = await createDinerRestaurant(ctx, { name: 'Le Compteur', plan: options.plan === undefined ? 'essential' : options.plan, trialEndsAt: options.trialEndsAt ?? null });
  await addMember(ctx, { organisationId: restaurant.organisationId, userId: owner.id, role: 'owner' });
  if (options.overrides) await ctx.db.update(organisations).set({ limitOverrides: options.overrides }).where(eq(organisations.id, restaurant.organisationId));
  await insertDefaultAutomations(ctx.db, restaurant.id);
  return { restaurant, owner };
}

const logsOf = async (restaurantId: string, template: string) =>
  (await ctx.db.select().from(emailLogs).where(and(eq(emailLogs.restaurantId, restaurantId), eq(emailLogs.templateName, template)))).map((log) => [log.status, log.error] as const);

/** A 5-star rating by a new diner who confirmed `email` on this phone: one thank-you email (counted). */
async function rateFive(restaurantId: string, email = uniqueEmail('diner'), marketingConsent = false) {
  const visitor = await createConfirmedVisitor(ctx, restaurantId, email, { marketingConsent });
  const response = await visitor.submit({ restaurantId, rating: 5, email });
  expect(response.status).toBe(200);
  return { email, body: (await response.json()) as { pointsAdded: number; balance: number } };
}

describe('parisMonthOf and crossedLevels', () => {
  it('turns the month at midnight in Paris, not in UTC', () => {
    expect(parisMonthOf(new Date('2026-11-30T22:59:00Z'))).toBe('2026-11');
    expect(parisMonthOf(new Date('2026-11-30T23:00:00Z'))).toBe('2026-12');
    expect(parisMonthOf(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06');
    expect(parisMonthOf(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07');
  });
  it('crosses 80 % and 100 % once each', () => {
    expect(crossedLevels(3, 4, 5)).toEqual([80]);
    expect(crossedLevels(4, 5, 5)).toEqual([100]);
    expect(crossedLevels(3, 5, 5)).toEqual([80, 100]);
    expect(crossedLevels(5, 6, 5)).toEqual([]);
    expect(crossedLevels(0, 50, null)).toEqual([]);
  });
});

describe('diner emails counted per organisation and month', () => {
  it('counts 50 parallel submissions across two instances on one database exactly', { timeout: 120_000 }, async () => {
    const { restaurant } = await createVenue({ overrides: { dinerEmailsPerMonth: 1000 } });
    // A second server on the same database: its own pool (PostgreSQL) and its own queue client.
    const database = ctx.database.kind === 'postgres' ? await openDatabase({ databaseUrl: ctx.database.pool.options.connectionString }) : ctx.database;
    const secondDeps = createDeps(ctx.deps.env, database, ctx.deps.logger);
    secondDeps.boss.on('error', () => undefined);
    await secondDeps.boss.start();
    try {
      const second = createApp(secondDeps, { clientDist: ctx.dataDir });
      const emails = Array.from({ length: 50 }, (_, n) => uniqueEmail(`par${n}`));
      const visitors = await Promise.all(emails.map((email) => createConfirmedVisitor(ctx, restaurant.id, email)));
      const answers = await Promise.all(
        visitors.map(async (visitor, n) => {
          const email = emails[n];
          const body = { submissionId: crypto.randomUUID(), restaurantId: restaurant.id, rating: 5, email };
          if (n % 2 === 0) return visitor.post('/api/public/feedbacks', body);
          const agent = new TestAgent(second);
          agent.cookies.set('rf_tid', visitor.anonId);
          return agent.post('/api/public/feedbacks', body, { headers: { 'x-forwarded-for': visitor.ip } });
        }),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      expect(await countDinerEmailsThisMonth(ctx.db, restaurant.organisationId)).toBe(50);
      const rows = await ctx.db.select().from(organisationEmailUsage).where(eq(organisationEmailUsage.organisationId, restaurant.organisationId));
      expect(rows).toHaveLength(1);
      expect(rows[0].dinerEmails).toBe(50);
    } finally {
      await secondDeps.boss.stop({ graceful: false, close: true, timeout: 2000 }).catch(() => undefined);
      secondDeps.mailer.close();
      if (database !== ctx.database) await database.close();
    }
  });

  it('past the quota records the email as skipped while the rating earns its points; the propriétaires are told at 80 % and 100 %, once each', { timeout: 60_000 }, async () => {
    const { restaurant, owner } = await createVenue({ overrides: { dinerEmailsPerMonth: 5 } });
    const coOwner = await createUser(ctx, { email: uniqueEmail('coproprio') });
    await addMember(ctx, { organisationId: restaurant.organisationId, userId: coOwner.id, role: 'owner' });
    const manager = await createUser(ctx, { email: uniqueEmail('gerant') });
    await addMember(ctx, { organisationId: restaurant.organisationId, userId: manager.id, role: 'manager' });
    const diners: string[] = [];
    for (let n = 0; n < 7; n++) {
      const { email, body } = await rateFive(restaurant.id);
      diners.push(email);
      // The rating goes on past the quota: its points are earned.
      expect(body.pointsAdded).toBeGreaterThan(0);
    }
    await ctx.waitForIdleQueue(30_000);
    // The usage counts the emails sent (issue 48: not « 7 sur 5 »); the two skipped are listed apart.
    expect(await countDinerEmailsThisMonth(ctx.db, restaurant.organisationId)).toBe(5);
    expect(await countQuotaSkippedThisMonth(ctx.db, restaurant.organisationId, SKIP_REASONS.quota)).toBe(2);
    const logs = await logsOf(restaurant.id, 'thanks_after_visit');
    expect(logs.filter(([status]) => status === 'sent')).toHaveLength(5);
    expect(logs.filter(([status, reason]) => status === 'skipped' && reason === SKIP_REASONS.quota)).toHaveLength(2);
    expect(diners.slice(0, 5).every((email) => mailsTo(email).length === 1)).toBe(true);
    expect(diners.slice(5).every((email) => mailsTo(email).length === 0)).toBe(true);
    // One warning at each level to each propriétaire, none to the gérant.
    for (const address of [owner.email, coOwner.email]) {
      const warnings = mailsTo(address);
      expect(warnings.map((mail) => mail.parsed.subject).sort()).toEqual(['80 % de votre quota d’emails clients (offre Essentielle)', 'Quota d’emails clients atteint (offre Essentielle)']);
      const full = warnings.find((mail) => mail.parsed.subject!.startsWith('Quota'))!;
      expect(full.parsed.text).toContain('5 sur 5');
      expect(full.parsed.html).toContain('/abonnement');
    }
    expect(mailsTo(manager.email)).toHaveLength(0);
    // More ratings the same month: no warning again.
    await rateFive(restaurant.id);
    await ctx.waitForIdleQueue(30_000);
    expect(mailsTo(owner.email)).toHaveLength(2);
    const [usage] = await ctx.db.select().from(organisationEmailUsage).where(eq(organisationEmailUsage.organisationId, restaurant.organisationId));
    expect(usage.warned80At).not.toBeNull();
    expect(usage.warned100At).not.toBeNull();
  });

  it('counts a review nudge when its job sends it, and past the quota records it skipped', { timeout: 60_000 }, async () => {
    // The 10th of a month to come: the nudges four days later fall in the same month's quota whatever today's
    // date, and their jobs still wait for their time (the queue compares with the database's clock).
    const today = new Date();
    clock.freeze(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, 10, 9)));
    const { restaurant } = await createVenue({ overrides: { dinerEmailsPerMonth: 2 } });
    await ctx.db.update(restaurants).set({ googleReviewUrl: 'https://g.page/r/compteur/review', sendingHourStart: 0, sendingHourEnd: 24 }).where(eq(restaurants.id, restaurant.id));
    const first = await rateFive(restaurant.id, uniqueEmail('nudge'), true);
    const second = await rateFive(restaurant.id, uniqueEmail('nudge'), true);
    await ctx.waitForIdleQueue(30_000);
    // The two thank-yous counted when queued; the nudges are waiting, not counted yet.
    expect(await countDinerEmailsThisMonth(ctx.db, restaurant.organisationId)).toBe(2);
    clock.advance(4 * 24 * 3600_000);
    expect(await ctx.releaseJobsDueBy(clock.now(), { restaurantId: restaurant.id, queue: 'email.send-nudge' })).toBe(2);
    await ctx.waitForIdleQueue(30_000);
    expect(await logsOf(restaurant.id, 'review_nudge_3d')).toEqual([
      ['skipped', SKIP_REASONS.quota],
      ['skipped', SKIP_REASONS.quota],
    ]);
    expect(mailsTo(first.email)).toHaveLength(1);
    expect(mailsTo(second.email)).toHaveLength(1);
    // Two sent, two skipped: the usage says what was sent.
    expect(await countDinerEmailsThisMonth(ctx.db, restaurant.organisationId)).toBe(2);
  });

  it('starts a new count when the month turns in Paris', { timeout: 60_000 }, async () => {
    const { restaurant } = await createVenue({ overrides: { dinerEmailsPerMonth: 1 } });
    // 23:30 in Paris on 30 November.
    clock.freeze(new Date('2026-11-30T22:30:00Z'));
    await rateFive(restaurant.id);
    await rateFive(restaurant.id);
    await ctx.waitForIdleQueue(30_000);
    expect((await logsOf(restaurant.id, 'thanks_after_visit')).map(([status]) => status).sort()).toEqual(['sent', 'skipped']);
    // 00:30 in Paris on 1 December (still 30 November in UTC): a new month, a new quota.
    clock.freeze(new Date('2026-11-30T23:30:00Z'));
    await rateFive(restaurant.id);
    await ctx.waitForIdleQueue(30_000);
    expect((await logsOf(restaurant.id, 'thanks_after_visit')).filter(([status]) => status === 'sent')).toHaveLength(2);
    const rows = await ctx.db.select().from(organisationEmailUsage).where(eq(organisationEmailUsage.organisationId, restaurant.organisationId));
    expect(Object.fromEntries(rows.map((row) => [row.month, row.dinerEmails]))).toEqual({ '2026-11': 1, '2026-12': 1 });
    // The skipped one is not counted as sent (issue 48).
  });

  it('an expired trial sends no diner email and counts none, while the rating earns its points and the owner alert goes', { timeout: 60_000 }, async () => {
    const contactEmail = uniqueEmail('alerte');
    const { restaurant } = await createVenue({ plan: null, trialEndsAt: new Date(Date.now() - 24 * 3600_000) });
    await ctx.db.update(restaurants).set({ contactEmail }).where(eq(restaurants.id, restaurant.id));
    const { email, body } = await rateFive(restaurant.id);
    expect(body.pointsAdded).toBeGreaterThan(0);
    const unhappy = await createConfirmedVisitor(ctx, restaurant.id, uniqueEmail('mecontent'));
    expect((await unhappy.submit({ restaurantId: restaurant.id, rating: 2, comment: 'Trop d’attente.' })).status).toBe(200);
    await smtp.waitFor((mail) => mail.envelope.to.includes(contactEmail), 20_000);
    await ctx.waitForIdleQueue(30_000);
    expect(await logsOf(restaurant.id, 'thanks_after_visit')).toEqual([['skipped', SKIP_REASONS.plan]]);
    expect(mailsTo(email)).toHaveLength(0);
    expect(await countDinerEmailsThisMonth(ctx.db, restaurant.organisationId)).toBe(0);
  });

  it('a trial running sends and counts as Pro', { timeout: 60_000 }, async () => {
    const { restaurant } = await createVenue({ plan: null, trialEndsAt: new Date(Date.now() + 5 * 24 * 3600_000) });
    const { email } = await rateFive(restaurant.id);
    await ctx.waitForIdleQueue(30_000);
    expect(mailsTo(email)).toHaveLength(1);
    expect(await countDinerEmailsThisMonth(ctx.db, restaurant.organisationId)).toBe(1);
  });

  it('GET /api/email-usage tells the members the month’s usage against the plan', async () => {
    const { restaurant, owner } = await createVenue({ overrides: { dinerEmailsPerMonth: 5 } });
    await rateFive(restaurant.id);
    const agent = await signIn(ctx, owner.email);
    const response = await agent.get('/api/email-usage');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ month: parisMonthOf(new Date()), used: 1, limit: 5, plan: 'essential', state: 'active' });
    expect((await ctx.agent().get('/api/email-usage')).status).toBe(401);
  });
});
