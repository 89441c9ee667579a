import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { customers, emailLogs } from '../../src/server/db/schema';
import { enqueueEmail, enqueueEmails, wakeEmailWorker, type QueuedEmail } from '../../src/server/email/email-queue';
import { runRetention } from '../../src/server/features/retention/retention.service';
import { startJobWorkers } from '../../src/server/jobs/queue';
import { ALL_JOBS } from '../../src/server/jobs/registry';
import { clock } from '../../src/server/lib/runtime/clock';
import { uniqueEmail } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';
import { fail, waitUntil } from '../support/wait';
import { createDinerRestaurant } from './diner-support';

// Jobs queued outside a transaction (or after its commit) start at once on this process's worker
// instead of at its next poll (decision 071). The workers here poll every ten minutes: anything sent
// within the tests' few seconds was started by a wake, not by a poll.
const POLL_SECONDS = 600;
let ctx: TestContext;
let restaurantId: string;
beforeAll(async () => {
  ctx = await createTestContext({ startWorkers: false });
  restaurantId = (await createDinerRestaurant(ctx, { name: 'Le Réveil' })).restaurant.id;
  await startJobWorkers(ctx.deps.boss, ALL_JOBS, ctx.deps, ctx.deps.logger, { pollingIntervalSeconds: POLL_SECONDS });
  // Each worker fetches once as it starts; after that it sleeps for the poll interval.
  await waitUntil(() => ctx.deps.boss.getWipData().every((worker) => worker.lastFetchedOn), { timeoutMs: 15_000, onTimeout: fail(() => 'the workers did not make their first fetch') });
});
afterEach(() => clock.reset());
afterAll(async () => {
  await ctx.close();
});

const sentTo = async (addresses: string[]) =>
  (await ctx.db.select({ to: emailLogs.toEmail }).from(emailLogs).where(and(inArray(emailLogs.toEmail, addresses), eq(emailLogs.status, 'sent')))).length;

const welcome = (to: string): QueuedEmail => ({
  id: crypto.randomUUID(),
  request: { template: 'welcome_onboarding', restaurantId, customerId: null, to, eventId: `wake:${to}`, data: { first_name: 'Camille' } },
});

/** Well under the poll interval: what arrives within it was not waiting for a poll. */
const SOON = { timeout: 15_000, interval: 100 };

describe('jobs queued outside a transaction wake this process’s worker (decision 071)', () => {
  it('a backlog of emails queued at once starts leaving at once', async () => {
    const addresses = Array.from({ length: 45 }, () => uniqueEmail('backlog'));
    await enqueueEmails(ctx.deps.boss, addresses.map(welcome));
    await expect.poll(() => sentTo(addresses), SOON).toBe(addresses.length);
  });

  it('one email queued alone (an account email, a test send) leaves at once', async () => {
    const to = uniqueEmail('alone');
    await enqueueEmail(ctx.deps.boss, welcome(to).request);
    await expect.poll(() => sentTo([to]), SOON).toBe(1);
  });

  it('emails queued in a transaction (a submission’s) wait for the poll, unless the caller wakes the worker after the commit', async () => {
    const to = uniqueEmail('in-tx');
    // Nothing wakes a worker for it: no notifyWorker call (observed, not replaced), so it waits for the
    // next poll, ten minutes away.
    const wakes = vi.spyOn(ctx.deps.boss, 'notifyWorker');
    try {
      await ctx.db.transaction(async (tx) => {
        await enqueueEmails(ctx.deps.boss, [welcome(to)], { tx });
      });
      expect(wakes).not.toHaveBeenCalled();
    } finally {
      wakes.mockRestore();
    }
    expect(await sentTo([to])).toBe(0);
    const [job] = await queryRows<{ state: string }>(ctx.db, sql`select state from pgboss.job where data->>'to' = ${to}`);
    expect(job.state).toBe('created');
    wakeEmailWorker(ctx.deps.boss);
    await expect.poll(() => sentTo([to]), SOON).toBe(1);
  });

  it('the retention reminders leave as each batch commits', async () => {
    const to = uniqueEmail('retention');
    const longAgo = new Date(clock.now().getTime() - 36 * 30 * 24 * 3600_000);
    await ctx.db.insert(customers).values({ restaurantId, firstName: 'Lou', email: to, marketingConsent: true, lastVisitAt: longAgo, createdAt: longAgo, points: 10 });
    expect((await runRetention(ctx.deps)).reminded).toBeGreaterThanOrEqual(1);
    await expect.poll(() => sentTo([to]), SOON).toBe(1);
  });
});
