import { generateKeyPairSync } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { startDependencies } from '../../src/server/bootstrap';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { automations, customers, emailLogs, restaurants } from '../../src/server/db/schema';
import { createDeps } from '../../src/server/deps';
import { SKIP_REASONS } from '../../src/server/email/catalogue';
import { enqueueEmails } from '../../src/server/email/email-queue';
import { sendEmailJob } from '../../src/server/email/email.jobs';
import { createMailer } from '../../src/server/email/transport';
import { startJobWorkers } from '../../src/server/jobs/queue';
import { ALL_JOBS } from '../../src/server/jobs/registry';
import { insertDefaultAutomations } from '../../src/server/email/default-automations';
import { clock } from '../../src/server/lib/runtime/clock';
import type { TAutomationsResponse } from '../../src/shared/schemas/automations';
import { TEST_DATABASE_URL } from '../support/database';
import { createSignedInOwner, uniqueEmail } from '../support/factories';
import { type ReceivedMail } from '../support/smtp';
import { TEST_PUBLIC_URL } from '../support/test-app';
import { confirmDevice, createConfirmedVisitor, createDinerRestaurant, createDinerTestContext, createVisitor, useDinerSmtpContext } from './diner-support';

// Every mail of this file leaves through nodemailer to a real SMTP server, DKIM-signed.
const DKIM_DOMAIN = 'refeed.test';
const DKIM_SELECTOR = 'mail2026';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const DKIM_PUBLIC_RECORD = `v=DKIM1; k=rsa; p=${keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

const { ctx, smtp } = useDinerSmtpContext({
  env: {
    MAIL_FROM: `ReFeed <bonjour@${DKIM_DOMAIN}>`,
    DKIM_DOMAIN,
    DKIM_SELECTOR,
    DKIM_PRIVATE_KEY: keys.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
  },
});
afterEach(() => {
  clock.reset();
  smtp.refuseWith(null);
});

const DAY = 24 * 3600 * 1000;
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.envelope.to.includes(address));

async function logsOf(restaurantId: string, templateName: string) {
  return (await ctx.db.select().from(emailLogs).where(and(eq(emailLogs.restaurantId, restaurantId), eq(emailLogs.templateName, templateName)))).map((log) => [
    log.status,
    log.error,
  ]);
}

/** A header as written on the wire, unfolded. */
function rawHeader(mail: ReceivedMail, name: string): string | null {
  const match = new RegExp(`^${name}:([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'mi').exec(mail.raw.split(/\r?\n\r?\n/)[0]);
  return match ? match[1].replace(/\r?\n[ \t]+/g, ' ').trim() : null;
}

/** The https address of List-Unsubscribe. */
function unsubscribeUrlOf(mail: ReceivedMail): string {
  const url = /<(https?:[^>]+)>/.exec(rawHeader(mail, 'List-Unsubscribe') ?? '')?.[1];
  if (!url) throw new Error('no https List-Unsubscribe');
  return url;
}

async function verifyDkim(mail: ReceivedMail) {
  const result = await dkimVerify(Buffer.from(mail.raw), {
    resolver: async (name: string, type: string) => {
      if (type === 'TXT' && name === `${DKIM_SELECTOR}._domainkey.${DKIM_DOMAIN}`) return [[DKIM_PUBLIC_RECORD]];
      throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
    },
  });
  return result.results[0];
}

const REVIEW_URL = 'https://g.page/r/le-bistrot-test/review';

/**
 * A restaurant with its five automations written (so a test can pause one). By default it has a review
 * link and sends at any hour (0–24), so a test about something else is not moved by the sending hours;
 * `reviewUrl: null` and `hours` give the restaurant as it is before its owner sets them.
 */
async function createRestaurantWithAutomations(name = 'Le Bistrot Test', options: { reviewUrl?: string | null; hours?: { start: number; end: number } } = {}) {
  const setup = await createDinerRestaurant(ctx, { name });
  const hours = options.hours ?? { start: 0, end: 24 };
  await ctx.db
    .update(restaurants)
    .set({ googleReviewUrl: options.reviewUrl === undefined ? REVIEW_URL : options.reviewUrl, sendingHourStart: hours.start, sendingHourEnd: hours.end })
    .where(eq(restaurants.id, setup.restaurant.id));
  await insertDefaultAutomations(ctx.db, setup.restaurant.id);
  return setup;
}

const setAutomationStatus = (restaurantId: string, key: string, status: 'active' | 'inactive') =>
  ctx.db.update(automations).set({ status }).where(and(eq(automations.restaurantId, restaurantId), eq(automations.key, key)));

describe('what arrives at the mail server', () => {
  it('escapes a diner’s comment in the low-rating alert and gives it a text part, from ReFeed to the contact email', async () => {
    const { restaurant } = await createRestaurantWithAutomations('Chez Demo');
    const comment = '<script>alert("x")</script> Froid & long';
    await (await createConfirmedVisitor(ctx, restaurant.id, uniqueEmail('hugo'))).submit({ restaurantId: restaurant.id, rating: 2, comment, firstName: 'Hugo', email: uniqueEmail('hugo') });
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(restaurant.contactEmail));
    expect(mail.envelope.to).toEqual([restaurant.contactEmail]);
    expect(mail.envelope.from).toBe(`bonjour@${DKIM_DOMAIN}`);
    expect(mail.parsed.subject).toBe('Avis à surveiller : 2/5 — Chez Demo');
    // The restaurant's own alert comes from ReFeed, not from the restaurant's name.
    expect(mail.parsed.from?.value).toEqual([{ address: `bonjour@${DKIM_DOMAIN}`, name: 'ReFeed' }]);
    const html = String(mail.parsed.html);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Froid &amp; long');
    expect(mail.parsed.text).toContain('<script>alert("x")</script> Froid & long');
    // A name like 'Chez Demo' reads right: no 'chez Chez Demo'.
    expect(`${mail.parsed.subject} ${mail.parsed.text}`.toLowerCase()).not.toContain('chez chez');
    // The alert is not marketing: no unsubscribe header.
    expect(mail.parsed.headers.has('list-unsubscribe')).toBe(false);
    // The log row is written once the SMTP server has answered.
    await expect.poll(() => logsOf(restaurant.id, 'manager_alert_low_rating')).toEqual([['sent', null]]);
  });

  it('sends a marketing email as the restaurant, with one-click unsubscribe headers covered by the DKIM signature', async () => {
    const { restaurant } = await createRestaurantWithAutomations('Le Petit Zinc');
    const email = uniqueEmail('lea');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    // 20 + 20 + 20 = 60 points: "Café offert" (50) is unlocked by the third visit.
    for (let visit = 0; visit < 3; visit++) await visitor.submit({ restaurantId: restaurant.id, rating: 5, firstName: 'Léa', email, marketingConsent: true });
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email) && String(m.parsed.html).includes('Café offert'));
    expect(mail.parsed.subject).toBe('Bravo Léa, vous avez débloqué une récompense !');
    expect(mail.parsed.from?.value).toEqual([{ address: `bonjour@${DKIM_DOMAIN}`, name: 'Le Petit Zinc' }]);
    expect(mail.parsed.replyTo?.value).toEqual([{ address: restaurant.contactEmail, name: '' }]);
    expect(mail.parsed.text).toContain('Café offert');

    // https and mailto in one header (RFC 2369), the https one first.
    const listUnsubscribe = rawHeader(mail, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(new RegExp(`^<${TEST_PUBLIC_URL}/u/[^>]+>, ?<mailto:bonjour@refeed\\.test\\?subject=[^>]+>$`));
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The same link in the footer of the mail.
    expect(String(mail.parsed.html)).toContain(`href="${unsubscribeUrlOf(mail)}"`);

    const dkim = await verifyDkim(mail);
    expect(dkim.status.result).toBe('pass');
    expect(dkim.signingDomain).toBe(DKIM_DOMAIN);
    const signed = dkim.signingHeaders!.keys.toLowerCase().split(': ').join(':').split(':');
    expect(signed).toEqual(expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']));
  });
});

describe('unsubscribing', () => {
  async function customerWithMarketingMail(name: string) {
    const { restaurant } = await createRestaurantWithAutomations(name);
    const email = uniqueEmail('diner');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    for (let visit = 0; visit < 3; visit++) await visitor.submit({ restaurantId: restaurant.id, rating: 5, firstName: 'Nina', email, marketingConsent: true });
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email) && String(m.parsed.html).includes('Café offert'));
    // The thank-you mails of these visits travel beside the reward mail over the pooled SMTP connections
    // and may arrive after it: let them all land before anything is counted.
    await ctx.waitForIdleQueue();
    const url = unsubscribeUrlOf(mail);
    const [customer] = await ctx.db.select().from(customers).where(and(eq(customers.restaurantId, restaurant.id), eq(customers.email, email)));
    return { restaurant, email, visitor, url, customer };
  }

  it('works by a one-click POST without cookie or Origin and takes effect at once: later marketing mail is skipped and logged', async () => {
    const { restaurant, email, visitor, url, customer } = await customerWithMarketingMail('Unsub One Click');
    // What a mail provider sends (RFC 8058): a bare POST, no cookie, no Origin.
    const response = await ctx.app.request(url.replace(TEST_PUBLIC_URL, ''), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Désinscription confirmée');
    const [after] = await ctx.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(after.unsubscribedAt).toBeInstanceOf(Date);
    expect(after.marketingConsent).toBe(false);
    // A second POST changes nothing and answers the same.
    expect((await ctx.app.request(url.replace(TEST_PUBLIC_URL, ''), { method: 'POST' })).status).toBe(200);

    // 40 more points reach "Café offert" once more (the first one was paid at unlock): its reward mail is
    // skipped, with the reason, and so is the thank-you of each visit (every diner email honours the
    // unsubscribe, decision 025).
    const before = mailsTo(email).length;
    await visitor.submit({ restaurantId: restaurant.id, rating: 5, email });
    await visitor.submit({ restaurantId: restaurant.id, rating: 5, email });
    await ctx.waitForIdleQueue();
    await expect.poll(async () => await logsOf(restaurant.id, 'reward_unlocked')).toContainEqual(['skipped', SKIP_REASONS.unsubscribed]);
    await expect.poll(async () => (await logsOf(restaurant.id, 'thanks_after_visit')).filter(([status]) => status === 'skipped')).toEqual([
      ['skipped', SKIP_REASONS.unsubscribed],
      ['skipped', SKIP_REASONS.unsubscribed],
    ]);
    expect(mailsTo(email).slice(before)).toEqual([]);
  });

  it('shows a confirmation page on GET (link scanners change nothing) and refuses a forged token', async () => {
    const { url, customer } = await customerWithMarketingMail('Unsub Page');
    const page = await ctx.app.request(url.replace(TEST_PUBLIC_URL, ''));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Unsub Page');
    expect(html).toMatch(/<form method="post"[^>]*>\s*<button type="submit"[^>]*>Me désinscrire<\/button>/);
    const [still] = await ctx.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(still.unsubscribedAt).toBeNull();

    // The same customer id with a wrong signature, and another customer's id with this signature.
    const token = url.split('/u/')[1];
    const [id, signature] = token.split('.');
    for (const forged of [`${id}.${signature.slice(0, -2)}xx`, `${crypto.randomUUID()}.${signature}`, 'nimportequoi']) {
      const refused = await ctx.app.request(`/u/${forged}`, { method: 'POST' });
      expect(refused.status).toBe(404);
      expect(await refused.text()).toContain('Lien de désinscription invalide');
    }
    const [unchanged] = await ctx.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(unchanged.unsubscribedAt).toBeNull();
  });

  it('is lifted when the diner gives consent again on a later visit', async () => {
    const { restaurant, email, visitor, url, customer } = await customerWithMarketingMail('Unsub Then Back');
    await ctx.app.request(url.replace(TEST_PUBLIC_URL, ''), { method: 'POST' });
    await visitor.submit({ restaurantId: restaurant.id, rating: 4, email, marketingConsent: true });
    const [after] = await ctx.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(after).toMatchObject({ unsubscribedAt: null, marketingConsent: true });
  });
});

describe('sends over time', () => {
  it('sends the review nudge 3 days after a good rating, not before, and only with consent', async () => {
    const { restaurant } = await createRestaurantWithAutomations('Nudge Time');
    const consenting = uniqueEmail('yes');
    const silent = uniqueEmail('no');
    await (await createConfirmedVisitor(ctx, restaurant.id, consenting)).submit({ restaurantId: restaurant.id, rating: 5, firstName: 'Anna', email: consenting, marketingConsent: true });
    await (await createConfirmedVisitor(ctx, restaurant.id, silent)).submit({ restaurantId: restaurant.id, rating: 4, firstName: 'Marc', email: silent });
    await smtp.waitFor((m) => m.envelope.to.includes(consenting) && m.parsed.subject === 'Merci pour votre visite ! — Nudge Time');
    await smtp.waitFor((m) => m.envelope.to.includes(silent));
    await ctx.waitForIdleQueue();

    clock.advance(3 * DAY - 60_000);
    expect(await ctx.releaseJobsDueBy(clock.now(), { restaurantId: restaurant.id })).toBe(0);
    clock.advance(60_000);
    expect(await ctx.releaseJobsDueBy(clock.now(), { restaurantId: restaurant.id, queue: 'email.send-nudge' })).toBe(2);
    const nudge = await smtp.waitFor((m) => m.envelope.to.includes(consenting) && m.parsed.subject === 'Anna, votre avis compte pour Nudge Time');
    // The button leads to the restaurant's review link.
    expect(String(nudge.parsed.html)).toContain(`href="${REVIEW_URL}"`);
    await ctx.waitForIdleQueue();
    await expect.poll(() => logsOf(restaurant.id, 'review_nudge_3d')).toEqual(expect.arrayContaining([['sent', null], ['skipped', SKIP_REASONS.noConsent]]));
    expect(mailsTo(silent).map((m) => m.parsed.subject)).toEqual(['Merci pour votre visite ! — Nudge Time']);
  });

  it('checks the automation when the job runs: paused after the visit, the nudge is skipped and logged', async () => {
    const { restaurant } = await createRestaurantWithAutomations('Nudge Paused');
    const email = uniqueEmail('paused');
    await (await createConfirmedVisitor(ctx, restaurant.id, email)).submit({ restaurantId: restaurant.id, rating: 5, email, marketingConsent: true });
    await smtp.waitFor((m) => m.envelope.to.includes(email));
    await setAutomationStatus(restaurant.id, 'review_nudge_3d', 'inactive');
    clock.advance(3 * DAY);
    await ctx.releaseJobsDueBy(clock.now(), { restaurantId: restaurant.id });
    await expect.poll(() => logsOf(restaurant.id, 'review_nudge_3d')).toEqual([['skipped', SKIP_REASONS.automationPaused]]);
    expect(mailsTo(email)).toHaveLength(1);

    // A paused thank-you sends nothing right away either.
    await setAutomationStatus(restaurant.id, 'thanks_after_visit', 'inactive');
    const other = uniqueEmail('paused2');
    await (await createConfirmedVisitor(ctx, restaurant.id, other)).submit({ restaurantId: restaurant.id, rating: 5, email: other });
    await expect.poll(() => logsOf(restaurant.id, 'thanks_after_visit')).toContainEqual(['skipped', SKIP_REASONS.automationPaused]);
    expect(mailsTo(other)).toHaveLength(0);
  });

  it('sends "we miss you" 30 days after the last visit, moved when the customer comes back, once', async () => {
    const { restaurant } = await createRestaurantWithAutomations('Comeback');
    const email = uniqueEmail('back');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    const start = clock.now();
    clock.freeze(start);
    await visitor.submit({ restaurantId: restaurant.id, rating: 4, firstName: 'Paul', email, marketingConsent: true });
    await ctx.waitForIdleQueue();
    // One waiting 'we miss you' per customer, whatever the number of visits.
    const pending = async () =>
      (
        await queryRows<{ start_after: string | Date }>(
          ctx.db,
          sql`select start_after from pgboss.job where name = 'email.send-comeback' and state = 'created' and data->>'restaurantId' = ${restaurant.id}`,
        )
      ).map((row) => new Date(row.start_after).getTime());
    expect(await pending()).toEqual([start.getTime() + 30 * DAY]);

    // Back on day 10: the send moves to day 40.
    clock.freeze(new Date(start.getTime() + 10 * DAY));
    await visitor.submit({ restaurantId: restaurant.id, rating: 5, email });
    await ctx.waitForIdleQueue();
    expect(await pending()).toEqual([start.getTime() + 40 * DAY]);

    const comeback = { restaurantId: restaurant.id, queue: 'email.send-comeback' };
    clock.freeze(new Date(start.getTime() + 30 * DAY));
    expect(await ctx.releaseJobsDueBy(clock.now(), comeback)).toBe(0);
    clock.freeze(new Date(start.getTime() + 40 * DAY));
    expect(await ctx.releaseJobsDueBy(clock.now(), comeback)).toBe(1);
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email) && m.parsed.subject === 'Vous nous manquez ! — Comeback');
    expect(mail.parsed.text).toContain('Bonjour Paul,');
    await ctx.waitForIdleQueue();
    expect(mailsTo(email).filter((m) => m.parsed.subject === 'Vous nous manquez ! — Comeback')).toHaveLength(1);
    await expect.poll(() => logsOf(restaurant.id, 'we_miss_you_30d')).toEqual([['sent', null]]);
  });

  it('skips a "we miss you" that comes due although the customer came back since (and says why)', async () => {
    const { restaurant } = await createRestaurantWithAutomations('Came Back');
    const email = uniqueEmail('cameback');
    await (await createConfirmedVisitor(ctx, restaurant.id, email)).submit({ restaurantId: restaurant.id, rating: 4, email, marketingConsent: true });
    await ctx.waitForIdleQueue();
    // A visit recorded some other way (no new job): the send re-reads the last visit when it runs.
    await ctx.db.update(customers).set({ lastVisitAt: new Date(clock.now().getTime() + 20 * DAY) }).where(eq(customers.email, email));
    clock.advance(30 * DAY);
    await ctx.releaseJobsDueBy(clock.now(), { restaurantId: restaurant.id });
    await expect.poll(() => logsOf(restaurant.id, 'we_miss_you_30d')).toEqual([['skipped', SKIP_REASONS.cameBack]]);
  });
});

describe('test sends from /automations', () => {
  it('sends the automation with sample data, marked [Test], to the restaurant’s address', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx, { restaurantName: 'Test Zinc' });
    const { automations: list } = (await (await agent.get('/api/automations')).json()) as TAutomationsResponse;
    const nudge = list.find((automation) => automation.key === 'review_nudge_3d')!;
    const to = restaurant.contactEmail;
    const response = await agent.post(`/api/automations/${nudge.id}/test`, { to: to.toUpperCase() });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Email de test envoyé avec succès' });
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(to));
    expect(mail.parsed.subject).toBe('[Test] Camille, votre avis compte pour Test Zinc');
    await expect.poll(() => logsOf(restaurant.id, 'review_nudge_3d')).toEqual([['sent', null]]);
  });

  it('reports the mail server’s refusal to the owner, with its message', async () => {
    const { agent, restaurant, owner } = await createSignedInOwner(ctx, { restaurantName: 'Test Refus' });
    const { automations: list } = (await (await agent.get('/api/automations')).json()) as TAutomationsResponse;
    smtp.refuseWith({ code: 550, message: 'Mailbox unavailable' });
    const response = await agent.post(`/api/automations/${list[0].id}/test`, { to: owner.email });
    expect(response.status).toBe(502);
    expect((await response.json()).error.message).toContain('Mailbox unavailable');
    await expect.poll(async () => (await ctx.db.select().from(emailLogs).where(eq(emailLogs.restaurantId, restaurant.id))).map((l) => l.status)).toEqual(['failed']);
  });

  it('refuses a bad address with the shared message', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const { automations: list } = (await (await agent.get('/api/automations')).json()) as TAutomationsResponse;
    const response = await agent.post(`/api/automations/${list[0].id}/test`, { to: 'pas-un-email' });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('Email invalide');
  });
});

describe('restarts', () => {
  it('a feedback’s emails queued before the server stopped are sent after it starts again', async () => {
    // The server that took the feedback stops before its workers ran anything.
    const stopped = await createDinerTestContext({ env: { SMTP_URL: smtp.url } });
    for (const job of ALL_JOBS) await stopped.deps.boss.offWork(job.name);
    const restarted = createDeps(stopped.deps.env, stopped.database, stopped.deps.logger);
    try {
      const { restaurant } = await createDinerRestaurant(stopped, { name: 'Redémarrage' });
      const response = await createVisitor(stopped).submit({ restaurantId: restaurant.id, rating: 1, comment: 'Froid', firstName: 'Zoé' });
      expect(response.status).toBe(200);
            await stopped.deps.boss.stop({ graceful: false, close: false, timeout: 2000 });
      expect(smtp.received.filter((m) => m.envelope.to.includes(restaurant.contactEmail))).toHaveLength(0);

      // The next start (same database, new queue and workers) finds the job and sends the alert.
      restarted.boss.on('error', () => undefined);
      await restarted.boss.start();
      await startJobWorkers(restarted.boss, ALL_JOBS, restarted, stopped.deps.logger, { pollingIntervalSeconds: 0.5 });
      const alert = await smtp.waitFor((m) => m.envelope.to.includes(restaurant.contactEmail));
      expect(alert.parsed.subject).toBe('Avis à surveiller : 1/5 — Redémarrage');
    } finally {
      await restarted.boss.stop({ graceful: false, close: true, timeout: 2000 }).catch(() => undefined);
      restarted.mailer.close();
      await stopped.close();
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)('several app instances on one PostgreSQL', () => {
  it('a web-only instance (JOB_WORKERS=off) runs no job: it queues a feedback’s thank-you email and a worker instance sends it', { timeout: 60_000 }, async () => {
    if (ctx.database.kind !== 'postgres') throw new Error('unreachable');
    // The test's own instance is the worker instance: paused while the web-only one takes the feedback.
    for (const job of ALL_JOBS) await ctx.deps.boss.offWork(job.name);
    // Connections listening for queued jobs (their last statement is LISTEN or its heartbeat).
    const listeners = async () =>
      (await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike '%listen%' and pid <> pg_backend_pid()`))[0].n;
    const listenersBefore = await listeners();
    expect(listenersBefore, 'the test’s own instance listens').toBeGreaterThan(0);
    const web = await startDependencies({ ...ctx.deps.env, DATABASE_URL: ctx.database.pool.options.connectionString, JOB_WORKERS: 'off' }, ctx.deps.logger);
    let resumed = false;
    try {
      const { restaurant } = await createDinerRestaurant(ctx, { name: 'Instance Web' });
      const email = uniqueEmail('web-only');
      // A phone that confirmed this email earlier: its thank-you is queued.
      const anonId = crypto.randomUUID();
      await confirmDevice(ctx, restaurant.id, anonId, email);
      const response = await createApp(web.deps, { clientDist: ctx.dataDir }).request(`${TEST_PUBLIC_URL}/api/public/feedbacks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_PUBLIC_URL, 'x-forwarded-for': '10.77.0.1', cookie: `rf_tid=${anonId}` },
        body: JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId: restaurant.id, rating: 5, firstName: 'Inès', email }),
      });
      expect(response.status).toBe(200);
      // With no workers it does not listen either (each queued job would wake that connection for nothing).
      expect(await listeners()).toBe(listenersBefore);
      const thanksState = async () =>
        (await queryRows<{ state: string }>(ctx.db, sql`select state from pgboss.job where name = ${sendEmailJob.name} and data->>'restaurantId' = ${restaurant.id}
              and data->>'template' = 'thanks_after_visit'`)).map((row) => row.state);
      // Queued and due, and nobody to take it (no fixed sleep): the web-only instance runs no worker
      // (pg-boss's own list of its workers is empty) and listens to nothing (above).
      expect(web.deps.boss.getWipData()).toEqual([]);
      expect(await thanksState()).toEqual(['created']);
      expect(mailsTo(email)).toHaveLength(0);

      await startJobWorkers(ctx.deps.boss, ALL_JOBS, ctx.deps, ctx.deps.logger, { pollingIntervalSeconds: 0.5 });
      resumed = true;
      // The same list shows an instance's workers once it runs them.
      expect(ctx.deps.boss.getWipData().length).toBeGreaterThan(0);
      await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBe(1);
      // The mail is out before the worker marks its job completed (after the handler returns).
      await expect.poll(thanksState, { timeout: 10_000 }).toEqual(['completed']);
    } finally {
      await web.stop();
      if (!resumed) await startJobWorkers(ctx.deps.boss, ALL_JOBS, ctx.deps, ctx.deps.logger, { pollingIntervalSeconds: 0.5 });
    }
  });

  it('send each due email once, whichever instance takes the job', { timeout: 60_000 }, async () => {
    if (ctx.database.kind !== 'postgres') throw new Error('unreachable');
    // A second server process: its own pool, queue and workers, on the same database.
    const database = await openDatabase({ databaseUrl: ctx.database.pool.options.connectionString });
    const sentBySecond: string[] = [];
    const realMailer = createMailer(ctx.deps.env, database.db);
    const second = createDeps(ctx.deps.env, database, ctx.deps.logger, {
      mailer: { ...realMailer, send: async (mail) => (sentBySecond.push(mail.to), realMailer.send(mail)) },
    });
    second.boss.on('error', () => undefined);
    await second.boss.start();
    await startJobWorkers(second.boss, ALL_JOBS, second, ctx.deps.logger, { pollingIntervalSeconds: 0.5 });
    try {
      const { restaurant } = await createRestaurantWithAutomations('Deux Instances');
      const recipients = Array.from({ length: 60 }, (_, n) => uniqueEmail(`twice${n}`));
      const requests = recipients.map((to) => ({ template: 'thanks_after_visit' as const, restaurantId: restaurant.id, customerId: null, to, eventId: `two-instances:${to}`, data: {} }));
      // Each email queued twice, once by each instance, all at once: each queueing wakes its own
      // instance's worker (decision 071), so both fetch together. The send key still lets one copy through.
      const copies = () => requests.map((request) => ({ request, id: crypto.randomUUID() }));
      await Promise.all([enqueueEmails(ctx.deps.boss, copies()), enqueueEmails(second.boss, copies())]);
      await expect.poll(() => recipients.filter((to) => mailsTo(to).length > 0).length, { timeout: 30_000 }).toBe(recipients.length);
      await ctx.waitForIdleQueue(30_000);
      for (const to of recipients) expect(mailsTo(to)).toHaveLength(1);
      const logs = await logsOf(restaurant.id, 'thanks_after_visit');
      expect(logs.filter(([status]) => status === 'sent')).toHaveLength(recipients.length);
      // The other copy: skipped as sent, or as being sent at that very moment by the other instance.
      const duplicateReasons: Array<string | null> = [SKIP_REASONS.alreadySent, SKIP_REASONS.inProgress];
      expect(logs.filter(([status, reason]) => status === 'skipped' && duplicateReasons.includes(reason))).toHaveLength(recipients.length);
      // Both instances took part.
      expect(sentBySecond.length).toBeGreaterThan(0);
      expect(sentBySecond.length).toBeLessThan(recipients.length);
    } finally {
      await second.boss.stop({ graceful: false, close: true, timeout: 2000 }).catch(() => undefined);
      second.mailer.close();
      await database.close();
    }
  });
});
