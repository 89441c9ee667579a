import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { purgeRateLimitsJob } from '../../src/server/jobs/housekeeping.jobs';
import { PENDING_KEY_INDEX } from '../../src/server/jobs/queue';
import { scheduleComebackEmail } from '../../src/server/email/email-queue';
import { sendComebackEmailJob } from '../../src/server/email/email.jobs';
import { hitRateLimit, purgeRateLimits } from '../../src/server/lib/limits/rate-limit';
import { createSignedInOwner } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

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
    expect(JSON.parse(gunzipSync(Buffer.from(await large.arrayBuffer())).toString()).automations).toHaveLength(6);
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
    const source = await import('node:fs').then((fs) => fs.readFileSync('src/server/lib/limits/rate-limit.ts', 'utf8'));
    expect(source.match(/purgeRateLimits\(/g)).toHaveLength(1); // its definition only: no call on the request path
  });
});

describe("moving a customer's pending comeback email", () => {
  it('finds the pending job by its key through an index, not by reading every pending job of the queue', async () => {
    const restaurantId = crypto.randomUUID();
    const due = new Date(Date.now() + 30 * 86_400_000);
    // 3,000 customers with a pending "we miss you" email each.
    await ctx.deps.boss.insert(
      sendComebackEmailJob.name,
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
        SELECT job.id FROM pgboss.job_common job, o WHERE job.name = '${sendComebackEmailJob.name}' AND job.state < 'active'
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
      sql`select start_after from pgboss.job where name = ${sendComebackEmailJob.name} and singleton_key = ${`${restaurantId}:${customerId}`} and state < 'active'`,
    );
    expect(pending).toHaveLength(1);
    expect(new Date(pending[0].start_after).getTime()).toBe(later.getTime());
  });
});
