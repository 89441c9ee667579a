import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { customers } from '../../src/server/db/schema';
import { handleSendEmail, ZSendEmail } from '../../src/server/email/send-email';
import { followUpJob } from '../../src/server/features/diner/diner.jobs';
import { recordStatements } from '../support/statements';
import type { TestContext } from '../support/test-app';
import { createDinerRestaurant, createDinerTestContext, createVisitor } from './diner-support';

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

describe('a submission’s follow-up work in few statements', () => {
  it('reads the feedback, customer and delays in one statement, then queues the feedback’s emails in one and moves the comeback in the same transaction', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = `suivi-${Date.now()}@example.fr`;
    const answer = await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 5, firstName: 'Camille', email, comment: 'Parfait' });
    expect(answer.status).toBe(200);
    await ctx.waitForMail((mail) => mail.toEmail === email);
    const [job] = await queryRows<{ data: unknown }>(ctx.db, sql`select data from pgboss.job where name = 'diner.feedback-follow-up' and data->>'restaurantId' = ${restaurant.id}`);
    // Run again as a retried job would be: the same jobs, so nothing new is queued, but the same statements.
    const boss = ctx.deps.boss;
    const writes: Array<{ method: string; queue: string; db: unknown }> = [];
    const { insert, upsert } = boss;
    boss.insert = ((name: string, jobs: unknown[], options?: { db?: unknown }) => {
      writes.push({ method: 'insert', queue: name, db: options?.db });
      return insert.call(boss, name, jobs as never, options as never);
    }) as typeof boss.insert;
    boss.upsert = ((name: string, data: object, options?: { db?: unknown }) => {
      writes.push({ method: 'upsert', queue: name, db: options?.db });
      return upsert.call(boss, name, data, options as never);
    }) as typeof boss.upsert;
    let statements: Awaited<ReturnType<typeof recordWork>>;
    try {
      statements = await recordWork(() => followUpJob.handle(followUpJob.payload.parse(job.data), ctx.deps));
    } finally {
      Object.assign(boss, { insert, upsert });
    }
    // One read through the app's driver…
    expect(statements.app).toHaveLength(1);
    expect(statements.app[0]).toMatch(/^select /);
    // …then one transaction (one commit): both emails in one insert, and the customer's comeback email moved.
    expect(writes.map(({ method, queue }) => `${method} ${queue}`)).toEqual(['insert email.send', 'upsert email.send-comeback']);
    expect(writes[0].db).toBeDefined();
    expect(writes[1].db).toBe(writes[0].db);
    expect(statements.jobQueue.filter((text) => /insert into pgboss\.job/i.test(text))).toEqual([]);
    // …and that one statement queued both emails of a 5-star feedback: the thanks now, the nudge in 3 days.
    const queued = await queryRows<{ template: string; later: boolean }>(
      ctx.db,
      sql`select data->>'template' as template, start_after > now() + interval '2 days' as later from pgboss.job
          where name = 'email.send' and data->>'restaurantId' = ${restaurant.id} order by start_after`,
    );
    expect(queued).toEqual([
      { template: 'thanks_after_visit', later: false },
      { template: 'review_nudge_3d', later: true },
    ]);
  });

  it('reads what an email is rendered and checked from (restaurant, automation, customer) in one statement', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = `merci-${Date.now()}@example.fr`;
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 4, firstName: 'Léa', email })).status).toBe(200);
    await ctx.waitForMail((mail) => mail.toEmail === email);
    const [customer] = await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
    const payload = ZSendEmail.parse({ template: 'thanks_after_visit', restaurantId: restaurant.id, customerId: customer.id, to: null, eventId: `again-${Date.now()}`, data: {} });
    const statements = (await recordWork(() => handleSendEmail(payload, ctx.deps))).app;
    expect(statements.filter((text) => /^select /.test(text))).toHaveLength(1);
    expect(statements[0]).toMatch(/^select /);
    const sent = await ctx.waitForMails(email, 2);
    expect(sent[0].html).toContain('Léa');
  });
});
