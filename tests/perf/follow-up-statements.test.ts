import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { customers } from '../../src/server/db/schema';
import { ZSendEmail } from '../../src/server/email/email-request';
import { handleSendEmail } from '../../src/server/email/send-email';
import { followUpJob } from '../../src/server/features/diner/diner.jobs';
import { recordStatements } from '../support/statements';
import type { TestContext } from '../support/test-app';
import { createConfirmedVisitor, createDinerRestaurant, createDinerTestContext } from '../api/diner-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/**
 * The statements `work` sends: the app's (through its driver) and the job queue's (pg-boss has its own
 * connections on PostgreSQL), each flattened to one line. The queue's own polling may mix in: the
 * assertions below only count statements that polling never sends.
 */
async function recordWork(work: () => Promise<unknown>): Promise<{ app: string[]; jobQueue: string[] }> {
  const queueDb = ctx.deps.boss.getDb();
  const executeSql = queueDb.executeSql;
  const jobQueue: string[] = [];
  queueDb.executeSql = (text, values) => {
    jobQueue.push(text);
    return executeSql.call(queueDb, text, values);
  };
  try {
    const app = await recordStatements(ctx.database, work);
    const flatten = (texts: string[]) => texts.map((text) => text.replace(/\s+/g, ' ').trim());
    return { app: flatten(app), jobQueue: flatten(jobQueue) };
  } finally {
    queueDb.executeSql = executeSql;
  }
}

/** The job queue writes made while `work` runs: which method, which queue, through which connection. */
async function recordJobWrites(work: () => Promise<unknown>): Promise<Array<{ method: string; queue: string; db: unknown }>> {
  const boss = ctx.deps.boss;
  const writes: Array<{ method: string; queue: string; db: unknown }> = [];
  const { insert, upsert, send } = boss;
  boss.insert = ((name: string, jobs: unknown[], options?: { db?: unknown }) => {
    writes.push({ method: 'insert', queue: name, db: options?.db });
    return insert.call(boss, name, jobs as never, options as never);
  }) as typeof boss.insert;
  boss.upsert = ((name: string, data: object, options?: { db?: unknown }) => {
    writes.push({ method: 'upsert', queue: name, db: options?.db });
    return upsert.call(boss, name, data, options as never);
  }) as typeof boss.upsert;
  boss.send = ((name: string, data: object, options?: { db?: unknown }) => {
    writes.push({ method: 'send', queue: name, db: options?.db });
    return send.call(boss, name, data, options as never);
  }) as typeof boss.send;
  try {
    await work();
  } finally {
    Object.assign(boss, { insert, upsert, send });
  }
  return writes;
}

/** The emails queued for a restaurant: template, whether it waits days, and its queue. */
const queuedEmailsOf = (restaurantId: string) =>
  queryRows<{ template: string; later: boolean; queue: string }>(
    ctx.db,
    sql`select data->>'template' as template, start_after > now() + interval '2 days' as later, name as queue from pgboss.job
        where name in ('email.send', 'email.send-later', 'email.send-nudge') and data->>'restaurantId' = ${restaurantId} order by start_after`,
  );

describe('a submission’s follow-up work in few statements', () => {
  it('queues the feedback’s emails in its own transaction: the due one on its queue, the nudge and the comeback moved, and no job that reads it all again', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = `suivi-${Date.now()}@example.fr`;
    let status = 0;
    const { jobQueue } = await recordWork(async () => {
      const writes = await recordJobWrites(async () => {
        status = (await (await createConfirmedVisitor(ctx, restaurant.id, email)).submit({ restaurantId: restaurant.id, rating: 5, firstName: 'Camille', email, comment: 'Parfait' })).status;
      });
      // Every write through the submission's transaction (the same view of it), none on the queue's own connection.
      expect(writes.map(({ method, queue }) => `${method} ${queue}`)).toEqual(['insert email.send', 'upsert email.send-nudge', 'upsert email.send-comeback']);
      expect(writes[0].db).toBeDefined();
      expect(writes.every((write) => write.db === writes[0].db)).toBe(true);
    });
    expect(status).toBe(200);
    expect(jobQueue.filter((text) => /insert into pgboss\.job/i.test(text))).toEqual([]);
    const [{ n: followUps }] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from pgboss.job where name = 'diner.feedback-follow-up' and data->>'restaurantId' = ${restaurant.id}`);
    expect(followUps).toBe(0);
    // A 5-star feedback: the thanks now, the nudge in 3 days; then the thanks is sent.
    expect(await queuedEmailsOf(restaurant.id)).toEqual([
      { template: 'thanks_after_visit', later: false, queue: 'email.send' },
      { template: 'review_nudge_3d', later: true, queue: 'email.send-nudge' },
    ]);
    await ctx.waitForMail((mail) => mail.toEmail === email);
  });

  it('still follows up a feedback whose job an older version queued: one read, then the same emails in one transaction', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = `ancien-${Date.now()}@example.fr`;
    expect((await (await createConfirmedVisitor(ctx, restaurant.id, email)).submit({ restaurantId: restaurant.id, rating: 5, firstName: 'Camille', email, comment: 'Parfait' })).status).toBe(200);
    // Its thanks sent first, so that only the follow-up's own statements are recorded below.
    await ctx.waitForMail((mail) => mail.toEmail === email);
    const [feedback] = await queryRows<{ id: string; customer_id: string }>(ctx.db, sql`select id, customer_id from feedbacks where restaurant_id = ${restaurant.id}`);
    const payload = { restaurantId: restaurant.id, customerId: feedback.customer_id, feedbackId: feedback.id, pointsAdded: 10, balance: 10, customerRewardIds: [] };
    // The same emails (same job ids): nothing new is queued, but the statements are those of a first run.
    let writes: Awaited<ReturnType<typeof recordJobWrites>> = [];
    const statements = await recordWork(async () => {
      writes = await recordJobWrites(() => followUpJob.handle(followUpJob.payload.parse(payload), ctx.deps));
    });
    // Budget: one read outside the transaction that queues the emails.
    expect(statements.app.length).toBeLessThanOrEqual(1);
    expect(writes.map(({ method, queue }) => `${method} ${queue}`)).toEqual(['insert email.send', 'upsert email.send-nudge', 'upsert email.send-comeback']);
    expect(writes[0].db).toBeDefined();
    expect(writes.every((write) => write.db === writes[0].db)).toBe(true);
    expect(statements.jobQueue.filter((text) => /insert into pgboss\.job/i.test(text))).toEqual([]);
    expect(await queuedEmailsOf(restaurant.id)).toEqual([
      { template: 'thanks_after_visit', later: false, queue: 'email.send' },
      { template: 'review_nudge_3d', later: true, queue: 'email.send-nudge' },
    ]);
  });

  it('reads what an email is rendered and checked from in one statement, and marks it sent with its log row in one more', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = `merci-${Date.now()}@example.fr`;
    expect((await (await createConfirmedVisitor(ctx, restaurant.id, email)).submit({ restaurantId: restaurant.id, rating: 4, firstName: 'Léa', email })).status).toBe(200);
    await ctx.waitForMail((mail) => mail.toEmail === email);
    const [customer] = await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
    const payload = ZSendEmail.parse({ template: 'thanks_after_visit', restaurantId: restaurant.id, customerId: customer.id, to: null, eventId: `again-${Date.now()}`, data: {} });
    const statements = (await recordWork(() => handleSendEmail(payload, ctx.deps))).app;
    // Budget: the restaurant, automation and customer in one read; the send key's claim; the mail
    // (outbox); the key marked sent with the email_logs row, in one statement.
    expect(statements.length).toBeLessThanOrEqual(4);
    const sent = await ctx.waitForMails(email, 2);
    expect(sent[0].html).toContain('Léa');
    const logs = await queryRows<{ status: string }>(ctx.db, sql`select status from email_logs where to_email = ${email} and template_name = 'thanks_after_visit'`);
    expect(logs.map((log) => log.status)).toEqual(['sent', 'sent']);
    const [delivery] = await queryRows<{ status: string; sent: boolean }>(
      ctx.db,
      sql`select status, sent_at is not null as sent from email_deliveries where send_key = ${`${restaurant.id}|${email}|thanks_after_visit|${payload.eventId}`}`,
    );
    expect(delivery).toEqual({ status: 'sent', sent: true });
  });
});
