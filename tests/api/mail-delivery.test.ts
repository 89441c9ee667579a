import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailDeliveries, emailLogs, outboxEmails } from '../../src/server/db/schema';
import { buildSendKey, deliverEmailOnce } from '../../src/server/email/deliver';
import type { Mailer } from '../../src/server/email/transport';
import { ZSendEmail } from '../../src/server/email/email-request';
import { sendEmailJob } from '../../src/server/email/email.jobs';
import { SKIP_REASONS } from '../../src/server/email/catalogue';
import { enqueueJob, JOB_EXPIRE_SECONDS } from '../../src/server/jobs/queue';
import { ALL_JOBS } from '../../src/server/jobs/registry';
import { createRestaurant, uniqueEmail } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** A send-email payload with a fixed recipient (the welcome email of a restaurant). */
function welcomeMail(restaurantId: string, to: string, eventId: string) {
  return ZSendEmail.parse({ restaurantId, customerId: null, template: 'welcome_onboarding', to, eventId, data: { first_name: 'Zoé' } });
}

describe('an email whose restaurant or customer is gone', () => {
  it('is logged without them instead of failing its job: a deleted restaurant, an erased customer', async () => {
    const goneRestaurant = crypto.randomUUID();
    const to = uniqueEmail('gone');
    // A welcome email (sent whatever the restaurant) and a thank-you (skipped without its restaurant).
    await sendEmailJob.handle(welcomeMail(goneRestaurant, to, crypto.randomUUID()), ctx.deps);
    expect(await ctx.mails(to)).toHaveLength(1);
    const thanks = (restaurantId: string, customerId: string) =>
      ZSendEmail.parse({ restaurantId, customerId, template: 'thanks_after_visit', to: null, eventId: crypto.randomUUID(), data: {} });
    await sendEmailJob.handle(thanks(goneRestaurant, crypto.randomUUID()), ctx.deps);
    const restaurant = await createRestaurant(ctx);
    const goneCustomer = crypto.randomUUID();
    await sendEmailJob.handle(thanks(restaurant.id, goneCustomer), ctx.deps);

    const logs = await ctx.db.select().from(emailLogs).where(eq(emailLogs.restaurantId, restaurant.id));
    expect(logs).toEqual([expect.objectContaining({ customerId: null, status: 'skipped', error: SKIP_REASONS.customerMissing })]);
    const [welcome] = await ctx.db.select().from(emailLogs).where(eq(emailLogs.toEmail, to));
    expect(welcome).toMatchObject({ restaurantId: null, status: 'sent' });
    const orphan = await ctx.db.select().from(emailLogs).where(eq(emailLogs.error, SKIP_REASONS.restaurantMissing));
    expect(orphan.some((row) => row.restaurantId === null && row.templateName === 'thanks_after_visit')).toBe(true);
  });
});

describe('each email is sent at most once', () => {
  it('crash during a send does not send twice: the retried job finds the claimed key', async () => {
    const restaurant = await createRestaurant(ctx);
    const to = uniqueEmail('crash');
    const payload = welcomeMail(restaurant.id, to, crypto.randomUUID());
    // The first attempt claimed its key, then the process died before the SMTP server answered; the
    // job is retried once expired, minutes later.
    const sendKey = buildSendKey({ restaurantId: restaurant.id, to, template: 'welcome_onboarding', eventId: payload.eventId });
    await ctx.db.insert(emailDeliveries).values({ sendKey, status: 'sending', claimedAt: new Date(Date.now() - 5 * 60_000) });
    await sendEmailJob.handle(payload, ctx.deps);
    expect(await ctx.mails(to)).toHaveLength(0);
    const [log] = await ctx.db.select().from(emailLogs).where(eq(emailLogs.toEmail, to));
    expect(log).toMatchObject({ status: 'skipped', error: SKIP_REASONS.unknownAfterCrash });
  });

  it('a copy of the job running while another sends the same email skips it as in progress', async () => {
    const restaurant = await createRestaurant(ctx);
    const to = uniqueEmail('inflight');
    const payload = welcomeMail(restaurant.id, to, crypto.randomUUID());
    const sendKey = buildSendKey({ restaurantId: restaurant.id, to, template: 'welcome_onboarding', eventId: payload.eventId });
    await ctx.db.insert(emailDeliveries).values({ sendKey, status: 'sending', claimedAt: new Date() });
    await sendEmailJob.handle(payload, ctx.deps);
    expect(await ctx.mails(to)).toHaveLength(0);
    const [log] = await ctx.db.select().from(emailLogs).where(eq(emailLogs.toEmail, to));
    expect(log).toMatchObject({ status: 'skipped', error: SKIP_REASONS.inProgress });
  });

  it('the same job delivered twice sends one email', async () => {
    const restaurant = await createRestaurant(ctx);
    const to = uniqueEmail('twice');
    const payload = welcomeMail(restaurant.id, to, crypto.randomUUID());
    await sendEmailJob.handle(payload, ctx.deps);
    await sendEmailJob.handle(payload, ctx.deps);
    expect(await ctx.mails(to)).toHaveLength(1);
    const statuses = (await ctx.db.select().from(emailLogs).where(eq(emailLogs.toEmail, to))).map((row) => row.status).sort();
    expect(statuses).toEqual(['sent', 'skipped']);
  });

  it('a refused send is retried and delivered exactly once', async () => {
    let calls = 0;
    const flaky: Mailer = {
      mode: 'outbox',
      async send(mail) {
        calls++;
        if (calls === 1) throw new Error('421 try again later');
        return ctx.deps.mailer.send(mail);
      },
      close() {},
    };
    const to = uniqueEmail('flaky');
    const key = buildSendKey({ restaurantId: null, to, template: 'test', eventId: '1' });
    const mail = { to, subject: 'Essai', html: '<p>Essai</p>' };
    await expect(deliverEmailOnce({ ...ctx.deps, mailer: flaky }, key, mail)).rejects.toThrow('421');
    expect(await deliverEmailOnce({ ...ctx.deps, mailer: flaky }, key, mail)).toBe('sent');
    expect(await deliverEmailOnce({ ...ctx.deps, mailer: flaky }, key, mail)).toBe('already-sent');
    expect(calls).toBe(2);
    expect(await ctx.mails(to)).toHaveLength(1);
  });
});

describe('the queue', () => {
  it('retries a job whose process died within a minute', async () => {
    for (const job of ALL_JOBS) {
      const queue = await ctx.deps.boss.getQueue(job.name);
      expect(queue?.expireInSeconds, job.name).toBe(JOB_EXPIRE_SECONDS);
    }
    expect(JOB_EXPIRE_SECONDS).toBeLessThanOrEqual(45);
  });

  it('drains a backlog of 200 emails in batches', async () => {
    const restaurant = await createRestaurant(ctx);
    const domain = `drain-${crypto.randomUUID().slice(0, 8)}.fr`;
    for (let n = 0; n < 200; n++) await enqueueJob(ctx.deps.boss, sendEmailJob, welcomeMail(restaurant.id, `diner${n}@${domain}`, `event-${n}`));
    // One job per 2-second poll would take 400 s and fail this wait; batches take a few seconds.
    await expect
      .poll(async () => (await ctx.db.$count(outboxEmails, like(outboxEmails.toEmail, `%@${domain}`))), { timeout: 60_000, interval: 250 })
      .toBe(200);
  }, 90_000);
});
