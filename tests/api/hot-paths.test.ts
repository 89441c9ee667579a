import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { prepareFixedRead, prepareWriteStatements, PREPARED_PER_CONNECTION, queryPreparedRows, queryRows } from '../../src/server/db/client';
import { qrCodes, restaurants } from '../../src/server/db/schema';
import { createDinerPageCheck } from '../../src/server/features/diner/public-reads.service';
import { purgeRateLimitsJob } from '../../src/server/jobs/housekeeping.jobs';
import { PENDING_KEY_INDEX } from '../../src/server/jobs/queue';
import { scheduleComebackEmail, SEND_COMEBACK_EMAIL_JOB } from '../../src/server/email/email-queue';
import { hitRateLimit, purgeRateLimits } from '../../src/server/lib/rate-limit';
import { createRestaurant, createSignedInAdmin, createSignedInOwner } from '../support/factories';
import { recordStatementDetails, recordStatements } from '../support/statements';
import { createTestContext, type TestContext } from '../support/test-app';
import { createDinerRestaurant, createConfirmedVisitor } from './diner-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('compression only where it pays', () => {
  it('sends a small JSON answer plain with its length, and gzips a large one', async () => {
    const small = await ctx.app.request('/api/health', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
    const text = await small.text();
    expect(small.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));

    const { agent } = await createSignedInOwner(ctx);
    // The five default automations with their HTML: several kilobytes of JSON.
    const large = await agent.get('/api/automations', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(large.status).toBe(200);
    expect(large.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await large.arrayBuffer())).toString()).automations).toHaveLength(5);
  });
});

describe('rate-limit housekeeping', () => {
  it('deletes windows older than a day in batches, whatever their owner, and keeps current ones', async () => {
    const dayAgo = Date.now() - 25 * 60 * 60 * 1000;
    // 12,000 stale rows: more than two batches.
    await ctx.db.execute(sql`insert into rate_limits (id, key, count, last_request)
      select 'stale-' || n, 'rl:stale:' || n, 1, ${dayAgo} from generate_series(1, 11990) n`);
    await ctx.db.execute(sql`insert into rate_limits (id, key, count, last_request)
      select 'ba-' || n, '127.0.0.1/sign-in/email-' || n, 1, ${dayAgo} from generate_series(1, 10) n`);
    const rule = { name: 'housekeeping-test', limit: 5, windowSeconds: 60 };
    await hitRateLimit(ctx.db, rule, 'fresh-subject');

    expect(await purgeRateLimits(ctx.db)).toBe(12_000);
    const [left] = await queryRows<{ stale: number; fresh: number }>(
      ctx.db,
      sql`select count(*) filter (where id like 'stale-%' or id like 'ba-%')::int as stale, count(*) filter (where key like 'rl:housekeeping-test:%')::int as fresh from rate_limits`,
    );
    expect(left).toEqual({ stale: 0, fresh: 1 });
    // The fresh window still counts: the next hit is the second.
    expect((await hitRateLimit(ctx.db, rule, 'fresh-subject')).count).toBe(2);
  });

  it('reads expired rows through an index on last_request', async () => {
    const indexes = await queryRows<{ indexdef: string }>(ctx.db, sql`select indexdef from pg_indexes where tablename = 'rate_limits'`);
    expect(indexes.some((row) => /\(last_request\)/.test(row.indexdef))).toBe(true);
  });

  it('keeps its counters in an unlogged table: counting writes no WAL and waits for no flush', async () => {
    const [table] = await queryRows<{ relpersistence: string }>(ctx.db, sql`select relpersistence from pg_class where relname = 'rate_limits'`);
    expect(table.relpersistence).toBe('u');
  });

  it('runs as a scheduled job, not inside requests', async () => {
    const schedules = await ctx.deps.boss.getSchedules();
    expect(schedules.find((schedule) => schedule.name === purgeRateLimitsJob.name)?.cron).toBe('*/10 * * * *');
    const source = await import('node:fs').then((fs) => fs.readFileSync('src/server/lib/rate-limit.ts', 'utf8'));
    expect(source.match(/purgeRateLimits\(/g)).toHaveLength(1); // its definition only: no call on the request path
  });
});

describe('diner page addresses', () => {
  it('remembers whether a diner page exists for a few seconds, then asks again', async () => {
    const restaurant = await createRestaurant(ctx, { status: 'approved' });
    let now = 1_000_000;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const exists = createDinerPageCheck(ctx.db, { ttlMs: 5_000 });
      expect(await exists(`/f/${restaurant.id}`)).toBe(true);
      expect(await exists(`/f/${crypto.randomUUID()}`)).toBe(false);
      await ctx.db.update(restaurants).set({ status: 'suspended' }).where(eq(restaurants.id, restaurant.id));
      // Within the window the answer is the remembered one (no query)…
      now += 4_000;
      expect(await exists(`/f/${restaurant.id}`)).toBe(true);
      // …after it, the database decides again.
      now += 2_000;
      expect(await exists(`/f/${restaurant.id}`)).toBe(false);
    } finally {
      Date.now = realNow;
    }
  });

  it('keeps a bounded number of addresses, dropping the oldest first', async () => {
    const restaurant = await createRestaurant(ctx, { status: 'approved' });
    const exists = createDinerPageCheck(ctx.db, { ttlMs: 60_000, maxEntries: 2 });
    expect(await exists(`/f/${restaurant.id}`)).toBe(true);
    await ctx.db.update(restaurants).set({ status: 'suspended' }).where(eq(restaurants.id, restaurant.id));
    expect(await exists(`/f/${restaurant.id}`)).toBe(true);
    // Two other addresses push the first one out: it is asked again.
    await exists(`/f/${crypto.randomUUID()}`);
    await exists(`/f/${crypto.randomUUID()}`);
    expect(await exists(`/f/${restaurant.id}`)).toBe(false);
  });
});

describe('cheap reads in one round trip', () => {
  it('answers /api/me from the session query alone: user, admin flag and restaurants', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx, { restaurantName: 'Le Comptoir' });
    await agent.get('/api/me'); // first call: better-auth's context is built once
    let body: Record<string, unknown> = {};
    const statements = await recordStatements(ctx.database, async () => {
      const response = await agent.get('/api/me');
      expect(response.status).toBe(200);
      body = (await response.json()) as Record<string, unknown>;
    });
    expect(statements).toHaveLength(1);
    expect(body).toMatchObject({ isAdmin: false, gate: 'approved', restaurants: [{ id: restaurant.id, name: 'Le Comptoir', status: 'approved', role: 'owner', rejectionReason: null }] });

    const { agent: admin } = await createSignedInAdmin(ctx);
    const adminMe = (await (await admin.get('/api/me')).json()) as { isAdmin: boolean; restaurants: unknown[] };
    expect(adminMe).toMatchObject({ isAdmin: true, restaurants: [] });
    // The admin flag read with the session is what opens the admin routes.
    expect((await admin.get('/api/admin/restaurants')).status).toBe(200);
    expect((await agent.get('/api/admin/restaurants')).status).toBe(403);
  });

  it('counts the caller and reads the restaurant or the printed code in one statement', async () => {
    const restaurant = await createRestaurant(ctx, { status: 'approved', name: 'Chez Lou' });
    const [qr] = await ctx.db.insert(qrCodes).values({ restaurantId: restaurant.id, code: `${restaurant.id.slice(0, 8)}-t1`, tableLabel: 'Table 1' }).returning();
    const phone = { 'x-forwarded-for': '203.0.113.77' };
    for (const [url, expected] of [
      [`/api/public/restaurants/${restaurant.id}`, { name: 'Chez Lou' }],
      [`/api/public/qr/${qr.code}`, { restaurantId: restaurant.id, restaurant: { name: 'Chez Lou' } }],
    ] as const) {
      let answer: unknown;
      const statements = await recordStatements(ctx.database, async () => {
        const response = await ctx.app.request(url, { headers: phone });
        expect(response.status).toBe(200);
        answer = await response.json();
      });
      expect(answer).toMatchObject(expected);
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/insert into rate_limits/);
    }
  });
});

describe('hot reads planned once per connection', () => {
  it.runIf(process.env.TEST_DATABASE_URL)('sends the session read and the public reads as named prepared statements on PostgreSQL', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    await agent.get('/api/me');
    const read = async (url: string, headers?: Record<string, string>) =>
      recordStatementDetails(ctx.database, async () => {
        const response = url === '/api/me' ? await agent.get(url) : await ctx.app.request(url, { headers });
        expect(response.status).toBe(200);
      });
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

describe('a fixed read built once', () => {
  it('binds its placeholders by name at each call, answers as queryRows does, and runs as one named statement on PostgreSQL', async () => {
    const query = (n: unknown, word: unknown) => sql`select ${n}::int as n, ${word}::text as word, 'fixed' as kind`;
    const read = prepareFixedRead<{ n: number; word: string; kind: string }>(query(sql.placeholder('n'), sql.placeholder('word')));
    const statements = await recordStatementDetails(ctx.database, async () => {
      expect(await read(ctx.db, { n: 3, word: 'trois' })).toEqual(await queryRows(ctx.db, query(3, 'trois')));
      expect(await read(ctx.db, { word: 'cinq', n: 5 })).toEqual([{ n: 5, word: 'cinq', kind: 'fixed' }]);
    });
    if (ctx.database.kind === 'postgres') {
      expect(statements[0].name).toMatch(/^refeed_[0-9a-f]{16}$/);
      expect(statements[2].name).toBe(statements[0].name);
    }
    await expect(read(ctx.db, { n: 1 })).rejects.toThrow('no value for word');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('write paths prepared once per connection (PostgreSQL)', () => {
  /** The texts this connection holds prepared, as PostgreSQL lists them. */
  const preparedOn = async (client: pg.ClientBase) =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time')).rows.map((row) => row.statement);

  it('names statements inside a transaction and single writes, not standalone reads, and stops at the cap', async () => {
    if (ctx.database.kind !== 'postgres') throw new Error('unreachable');
    const client = new pg.Client({ connectionString: ctx.database.pool.options.connectionString });
    await client.connect();
    try {
      prepareWriteStatements(client);
      await client.query('create temporary table written (n int)');
      for (let round = 0; round < 2; round++) {
        expect((await client.query('select $1::int as n', [1])).rows).toEqual([{ n: 1 }]);
        await client.query({ text: 'insert into written (n) values ($1)', values: [round] });
        // A data-modifying WITH is a write; a read-only one is a read.
        await client.query('with marked as (update written set n = n where n = $1 returning n) insert into written (n) select n + 100 from marked', [-1]);
        expect((await client.query('with given as (select $1::int as n) select n from given', [round])).rows).toEqual([{ n: round }]);
        await client.query('begin');
        expect((await client.query('select count(*)::int as n from written where n >= $1', [0])).rows).toEqual([{ n: round + 1 }]);
        // A submittable (here a bare Query) is passed on as it is, unnamed.
        const submitted = client.query(new pg.Query('select $1::int + 1 as n', [round]));
        await new Promise((resolve, reject) => submitted.on('end', resolve).on('error', reject));
        await client.query('commit');
      }
      // Each text once, however often it ran; the standalone read and the statements without values never.
      expect((await preparedOn(client)).sort()).toEqual([
        'insert into written (n) values ($1)',
        'select count(*)::int as n from written where n >= $1',
        'with marked as (update written set n = n where n = $1 returning n) insert into written (n) select n + 100 from marked',
      ]);

      await client.query('begin');
      for (let extra = 0; extra < PREPARED_PER_CONNECTION + 5; extra++) {
        expect((await client.query(`select $1::int + ${extra} as n`, [1])).rows).toEqual([{ n: 1 + extra }]);
      }
      await client.query('commit');
      expect(await preparedOn(client)).toHaveLength(PREPARED_PER_CONNECTION);
    } finally {
      await client.end();
    }
  });

  it('leaves a feedback submission’s statements prepared on the connection that ran it', async () => {
    if (ctx.database.kind !== 'postgres') throw new Error('unreachable');
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = `prep-${Date.now()}@example.fr`;
    expect((await (await createConfirmedVisitor(ctx, restaurant.id, email)).submit({ restaurantId: restaurant.id, rating: 5, firstName: 'Jeanne', email })).status).toBe(200);
    await ctx.waitForIdleQueue(20_000);
    // Every idle connection of the app's pool, held at once, and what each has prepared.
    const { pool } = ctx.database;
    const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
    try {
      const statements = (await Promise.all(clients.map(preparedOn))).flat();
      expect(statements.some((text) => /^insert into "feedbacks"/.test(text))).toBe(true);
      expect(statements.some((text) => /^select .* from "feedbacks" where "feedbacks"\."submission_id" = \$1/.test(text))).toBe(true);
    } finally {
      for (const client of clients) client.release();
    }
  });
});

describe('embedded database: type parsers set once, not per query', () => {
  it.runIf(!process.env.TEST_DATABASE_URL)('sends drizzle queries without per-query parsers, timestamps still as text; the job queue still reads Dates', async () => {
    if (ctx.database.kind !== 'pglite') throw new Error('PGlite only');
    const pglite = ctx.database.pglite as unknown as { query: (...args: unknown[]) => unknown };
    const original = pglite.query;
    const options: unknown[] = [];
    pglite.query = function (this: unknown, ...args: unknown[]) {
      options.push(args[2]);
      return original.apply(this, args);
    };
    try {
      const [row] = await queryRows<{ at: unknown; day: unknown }>(ctx.db, sql`select timestamptz '2026-03-01 12:00:00+00' as at, date '2026-03-01' as day`);
      // drizzle reads these types as PostgreSQL's text (its own mapping makes the Date): unchanged.
      expect(typeof row.at).toBe('string');
      expect(row.day).toBe('2026-03-01');
      await ctx.db.transaction(async (tx) => {
        const [inside] = await queryRows<{ at: unknown }>(tx as never, sql`select now() as at`);
        expect(typeof inside.at).toBe('string');
      });
    } finally {
      pglite.query = original;
    }
    // Per-query parsers make PGlite copy its whole parser table for each query: drizzle sends none.
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((option) => (option as { parsers?: unknown } | undefined)?.parsers === undefined)).toBe(true);
    const { rows } = await ctx.database.jobQueueClient.query<{ at: unknown }>(`select timestamptz '2026-03-01 12:00:00+00' as at`);
    expect(rows[0].at).toBeInstanceOf(Date);
  });
});

describe("moving a customer's pending comeback email", () => {
  it('finds the pending job by its key through an index, not by reading every pending job of the queue', async () => {
    const restaurantId = crypto.randomUUID();
    const due = new Date(Date.now() + 30 * 86_400_000);
    // 3,000 customers with a pending "we miss you" email each.
    await ctx.deps.boss.insert(
      SEND_COMEBACK_EMAIL_JOB.name,
      Array.from({ length: 3000 }, (_, n) => ({
        data: { restaurantId, customerId: crypto.randomUUID(), template: 'we_miss_you_30d', eventId: `scale-${n}`, to: null, data: {} },
        singletonKey: `${restaurantId}:${n}`,
        startAfter: due,
      })),
    );
    await ctx.db.execute(sql`analyze pgboss.job_common`);
    const [index] = await queryRows<{ valid: boolean }>(
      ctx.db,
      sql`select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = ${`${PENDING_KEY_INDEX}_job_common`}`,
    );
    expect(index?.valid).toBe(true);
    // pg-boss's own query for upsert by singletonKey (plans.updateJob's target), as it sends it.
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      ctx.db,
      sql.raw(`explain WITH o AS (SELECT '{"singletonKey":"${restaurantId}:42"}'::text::jsonb AS data)
        SELECT job.id FROM pgboss.job_common job, o WHERE job.name = '${SEND_COMEBACK_EMAIL_JOB.name}' AND job.state < 'active'
        AND job.singleton_key = o.data->>'singletonKey' ORDER BY job.created_on DESC LIMIT 1`),
    );
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain(PENDING_KEY_INDEX);

    // And the move itself still lands on the one pending job.
    const customerId = crypto.randomUUID();
    const request = { restaurantId, customerId, template: 'we_miss_you_30d' as const, eventId: 'move', to: null, data: {} };
    await scheduleComebackEmail(ctx.deps.boss, request, due);
    const later = new Date(due.getTime() + 86_400_000);
    await scheduleComebackEmail(ctx.deps.boss, request, later);
    const pending = await queryRows<{ start_after: string | Date }>(
      ctx.db,
      sql`select start_after from pgboss.job where name = ${SEND_COMEBACK_EMAIL_JOB.name} and singleton_key = ${`${restaurantId}:${customerId}`} and state < 'active'`,
    );
    expect(pending).toHaveLength(1);
    expect(new Date(pending[0].start_after).getTime()).toBe(later.getTime());
  });
});
