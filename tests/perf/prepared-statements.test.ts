// Named (prepared) statements on PostgreSQL (decisions 014 and 031, src/server/platform/prepared.ts): the hot
// reads and the write paths' statements are planned once per connection; on PGlite the same helpers run
// the same statements unnamed.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { customers, feedbacks } from '../../src/server/db/schema';
import { preparedTransaction, queryPreparedRows, runPrepared } from '../../src/server/platform';
import { handleSendEmail } from '../../src/server/email/send-email';
import { ZSendEmail } from '../../src/server/email/email-request';
import { createSignedInOwner } from '../support/factories';
import { recordStatementDetails } from '../support/statements';
import { createTestContext, type TestContext } from '../support/test-app';
import { createConfirmedVisitor, createDinerRestaurant } from '../api/diner-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** The texts a connection holds prepared, as PostgreSQL lists them. */
const preparedOn = async (client: pg.ClientBase) =>
  (await client.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time')).rows.map((row) => row.statement.replace(/\s+/g, ' '));

/** What every connection of the app's pool holds prepared (all its idle connections, held at once). */
async function preparedOnThePool(): Promise<string[]> {
  if (ctx.database.kind !== 'postgres') throw new Error('PostgreSQL only');
  const { pool } = ctx.database;
  const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
  try {
    return (await Promise.all(clients.map(preparedOn))).flat();
  } finally {
    for (const client of clients) client.release();
  }
}

describe('hot reads planned once per connection', () => {
  it.runIf(process.env.TEST_DATABASE_URL)('sends the session read and the public reads as named prepared statements on PostgreSQL', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    await agent.get('/api/me');
    const read = async (url: string, headers?: Record<string, string>) => {
      // The public reads are remembered 2 s in the instance (decision 052): forgotten first, so each read here goes to the database.
      ctx.deps.publicReads.clear();
      return recordStatementDetails(ctx.database, async () => {
        const response = url === '/api/me' ? await agent.get(url) : await ctx.app.request(url, { headers });
        expect(response.status).toBe(200);
      });
    };
    for (const url of ['/api/me', `/api/public/restaurants/${restaurant.id}`]) {
      const [first] = await read(url, { 'x-forwarded-for': '203.0.113.78' });
      const [second] = await read(url, { 'x-forwarded-for': '203.0.113.79' });
      // Named, and the same name for the same statement: PostgreSQL parses and plans it once per connection.
      expect(first.name).toMatch(/^refeed_[0-9a-f]{16}$/);
      expect(second.name).toBe(first.name);
    }
  });

  it('names each statement text apart and answers as queryRows does', async () => {
    const one = sql`select ${1}::int as n, 'one' as word`;
    const two = sql`select ${2}::int as n, 'two' as word`;
    expect(await queryPreparedRows(ctx.db, one)).toEqual(await queryRows(ctx.db, one));
    const names = await recordStatementDetails(ctx.database, async () => {
      expect(await queryPreparedRows(ctx.db, one)).toEqual([{ n: 1, word: 'one' }]);
      expect(await queryPreparedRows(ctx.db, two)).toEqual([{ n: 2, word: 'two' }]);
      expect(await queryPreparedRows(ctx.db, sql`select ${7}::int as n, 'one' as word`)).toEqual([{ n: 7, word: 'one' }]);
    });
    if (ctx.database.kind === 'postgres') {
      expect(names[0].name).not.toBe(names[1].name);
      expect(names[2].name).toBe(names[0].name); // same text, other values: the prepared statement is reused
    } else {
      expect(names.every((statement) => statement.name === undefined)).toBe(true); // PGlite: one connection, sent as is
    }
  });
});

describe('a statement with placeholders, compiled once', () => {
  it('binds its placeholders by name at each call, answers as queryRows does, and runs as one named statement on PostgreSQL', async () => {
    const query = (n: unknown, word: unknown) => sql`select ${n}::int as n, ${word}::text as word, 'fixed' as kind`;
    const fixed = query(sql.placeholder('n'), sql.placeholder('word'));
    const read = (db: typeof ctx.db, values: Record<string, unknown>) => queryPreparedRows<{ n: number; word: string; kind: string }>(db, fixed, values);
    const statements = await recordStatementDetails(ctx.database, async () => {
      expect(await read(ctx.db, { n: 3, word: 'trois' })).toEqual(await queryRows(ctx.db, query(3, 'trois')));
      expect(await read(ctx.db, { word: 'cinq', n: 5 })).toEqual([{ n: 5, word: 'cinq', kind: 'fixed' }]);
    });
    if (ctx.database.kind === 'postgres') {
      expect(statements[0].name).toMatch(/^refeed_[0-9a-f]{16}$/);
      expect(statements[2].name).toBe(statements[0].name);
    }
    await expect(read(ctx.db, { n: 1 })).rejects.toThrow(/word/);
  });
});

describe('a transaction whose statements are named (preparedTransaction)', () => {
  it('runs query builders and raw SQL as drizzle does, commits, rolls back on error and gives its connection back', async () => {
    const email = `tx-${Date.now()}@example.fr`;
    const { restaurant } = await createDinerRestaurant(ctx);
    const result = await preparedTransaction(ctx.db, async (tx) => {
      const [created] = await runPrepared(tx.insert(customers).values({ restaurantId: restaurant.id, email, createdAt: new Date('2026-03-01T12:00:00Z') }).returning());
      // drizzle's own mapping (a Date for a timestamp column), as `await query` gives it.
      expect(created.createdAt).toBeInstanceOf(Date);
      const [raw] = await queryPreparedRows<{ n: number }>(tx, sql`select count(*)::int as n from customers where email = ${email}`);
      return { id: created.id, seen: raw.n };
    });
    expect(result.seen).toBe(1);
    await expect(
      preparedTransaction(ctx.db, async (tx) => {
        await runPrepared(tx.update(customers).set({ points: 99 }).where(sql`${customers.id} = ${result.id}`));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const [after] = await queryRows<{ points: number }>(ctx.db, sql`select points from customers where id = ${result.id}`);
    expect(after.points).toBe(0);
    if (ctx.database.kind === 'postgres') {
      const { pool } = ctx.database;
      expect(pool.totalCount - pool.idleCount).toBe(0); // no connection left checked out
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('names its statements on its own connection (query builders, raw SQL), where a plain transaction sends them unnamed', async () => {
    if (ctx.database.kind !== 'postgres') throw new Error('unreachable');
    const marker = `named_${Date.now()}`;
    const raw = sql`select ${1}::int as n, ${marker}::text as marker`;
    await preparedTransaction(ctx.db, async (tx) => {
      await queryPreparedRows(tx, raw);
      await runPrepared(tx.select({ id: feedbacks.id }).from(feedbacks).where(sql`${feedbacks.comment} = ${marker}`));
    });
    await ctx.db.transaction(async (tx) => {
      await queryPreparedRows(tx, sql`select ${2}::int as unnamed_in_plain_transaction`);
    });
    const prepared = await preparedOnThePool();
    expect(prepared).toContain('select $1::int as n, $2::text as marker');
    expect(prepared.some((text) => /^select "id" from "feedbacks" where "feedbacks"\."comment" = \$1/.test(text))).toBe(true);
    expect(prepared.some((text) => text.includes('unnamed_in_plain_transaction'))).toBe(false);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('write paths prepared once per connection (PostgreSQL)', () => {
  it('leaves a feedback submission’s statements prepared on the connection that ran it: the app’s and the job queue’s', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = `prep-${Date.now()}@example.fr`;
    expect((await (await createConfirmedVisitor(ctx, restaurant.id, email)).submit({ restaurantId: restaurant.id, rating: 5, firstName: 'Jeanne', email })).status).toBe(200);
    await ctx.waitForIdleQueue(20_000);
    const statements = await preparedOnThePool();
    const has = (pattern: RegExp) => expect(statements.some((text) => pattern.test(text)), String(pattern)).toBe(true);
    // Raw SQL through pg's { name, text, values }: the opening statement (rate limits, retry check, settings,
    // the customer's lock with its earning state: decision 062) and the writes in one statement (issue 34).
    has(/^with hit .* stored as \( select restaurant_id, submission_result from feedbacks where submission_id = \$\d+::uuid/);
    has(/^with attached as \( update visits .* insert into feedbacks .* update customers set .* insert into restaurant_daily_stats/);
    has(/pgboss\.job/i); // the job queue's insert, made in the submission's transaction
  });

  it('names the email pipeline’s statements: the context read, the claim, the outbox and the mark with its log row', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = `pipeline-${Date.now()}@example.fr`;
    expect((await (await createConfirmedVisitor(ctx, restaurant.id, email)).submit({ restaurantId: restaurant.id, rating: 4, firstName: 'Léa', email })).status).toBe(200);
    await ctx.waitForMail((mail) => mail.toEmail === email);
    const [customer] = await queryRows<{ id: string }>(ctx.db, sql`select id from customers where email = ${email}`);
    const payload = ZSendEmail.parse({ template: 'thanks_after_visit', restaurantId: restaurant.id, customerId: customer.id, to: null, eventId: `named-${Date.now()}`, data: {} });
    const sent = await recordStatementDetails(ctx.database, () => handleSendEmail(payload, ctx.deps));
    expect(sent.length).toBeGreaterThan(0);
    for (const statement of sent) expect(statement.name, statement.text).toMatch(/^refeed_[0-9a-f]{16}$/);
  });
});
