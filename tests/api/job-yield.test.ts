import { setImmediate as nextTurn } from 'node:timers/promises';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail } from '../../src/server/email/email-queue';
import { startJobWorkers } from '../../src/server/jobs/queue';
import { ALL_JOBS } from '../../src/server/jobs/registry';
import { createTestContext, type TestContext } from '../support/test-app';
import { uniqueEmail } from '../support/factories';

// The job workers give way to live requests that saturate the process (decision 023), on the real
// queue, with the real request meter measuring a real event loop.
let ctx: TestContext;
/** How many times a worker holding a fetched batch asked the meter and was told to give way. */
let gaveWay = 0;
/**
 * How long the workers here give way (the most JOB_YIELD_SECONDS allows): twenty turns of the meter must fit in it
 * even when the machine runs other suites beside this one (at 8 s, a loaded CI ran out of window before the
 * twentieth turn and the email left, as it should, before the test had seen it held).
 */
const YIELD_SECONDS = 20;
beforeAll(async () => {
  ctx = await createTestContext({ startWorkers: false });
  const load = ctx.deps.requestLoad;
  // The real meter, its answers to the workers counted: the test waits for the worker's own turns.
  const countedLoad = {
    startSampling: () => load.startSampling(),
    isSaturated: () => {
      const saturated = load.isSaturated();
      if (saturated) gaveWay += 1;
      return saturated;
    },
  };
  await startJobWorkers(ctx.deps.boss, ALL_JOBS, ctx.deps, ctx.deps.logger, { pollingIntervalSeconds: 0.5, yieldTo: countedLoad, yieldSeconds: YIELD_SECONDS });
});
afterAll(async () => {
  ctx.deps.requestLoad.stopSampling();
  await ctx.close();
});

const burn = (ms: number) => {
  for (const end = performance.now() + ms; performance.now() < end; );
};

/** Requests that keep the process busy: each burns the CPU, gives a turn to the loop, burns again. */
function startRush(lanes: number): { stop: () => Promise<void> } {
  const app = new Hono();
  app.use(ctx.deps.requestLoad.track);
  app.get('/', async (c) => {
    burn(3);
    await nextTurn();
    burn(3);
    return c.text('ok');
  });
  let rushing = true;
  const running = Array.from({ length: lanes }, async () => {
    while (rushing) {
      await app.request('/');
      await nextTurn();
    }
  });
  return {
    stop: async () => {
      rushing = false;
      await Promise.all(running);
    },
  };
}

describe('background jobs during a rush', () => {
  it('hold a due email while requests saturate the process, and send it once they ease', { timeout: 60_000 }, async () => {
    const to = uniqueEmail('rush');
    const rush = startRush(4);
    let rushStopped = false;
    try {
      // A whole window of saturation first (half a second, longer on a busy machine), then the email is due.
      await expect.poll(() => ctx.deps.requestLoad.isSaturated(), { timeout: 10_000, interval: 50 }).toBe(true);
      const turnsBefore = gaveWay;
      await enqueueEmail(ctx.deps.boss, { template: 'password_reset', restaurantId: null, customerId: null, to, eventId: `rush:${to}`, data: { url: 'https://example.fr/reset' } });
      // No fixed sleep: the worker fetched the due email and gave way to the rush turn after turn
      // (one turn per meter sample, 100 ms): twenty turns, about two seconds held, and not sent.
      await expect.poll(() => gaveWay - turnsBefore, { timeout: (YIELD_SECONDS - 2) * 1000, interval: 50 }).toBeGreaterThanOrEqual(20);
      expect(await ctx.mails(to)).toHaveLength(0);
      await rush.stop();
      rushStopped = true;
    } finally {
      if (!rushStopped) await rush.stop();
    }
    const eased = Date.now();
    await ctx.waitForMails(to, 1, 5_000);
    expect(Date.now() - eased).toBeLessThan(5_000);
  });

  it('keep pace under a longer rush: a job due more than JOB_YIELD_SECONDS ago runs during it', { timeout: 40_000 }, async () => {
    const to = uniqueEmail('overdue');
    const rush = startRush(4);
    try {
      await expect.poll(() => ctx.deps.requestLoad.isSaturated(), { timeout: 10_000, interval: 50 }).toBe(true);
      // Due longer ago than the workers here give way: it has waited its share.
      await enqueueEmail(
        ctx.deps.boss,
        { template: 'password_reset', restaurantId: null, customerId: null, to, eventId: `overdue:${to}`, data: { url: 'https://example.fr/reset' } },
        { startAfter: new Date(Date.now() - (YIELD_SECONDS + 1) * 1000) },
      );
      // Sent while the rush goes on, within seconds: a wait counted from the fetch would hold it 20 s.
      await ctx.waitForMails(to, 1, 5_000);
    } finally {
      await rush.stop();
    }
  });

  it('send at once when the process is not saturated', { timeout: 20_000 }, async () => {
    const to = uniqueEmail('calm');
    await expect.poll(() => ctx.deps.requestLoad.isSaturated(), { timeout: 5_000 }).toBe(false);
    const queued = Date.now();
    await enqueueEmail(ctx.deps.boss, { template: 'password_reset', restaurantId: null, customerId: null, to, eventId: `calm:${to}`, data: { url: 'https://example.fr/reset' } });
    await ctx.waitForMails(to, 1, 5_000);
    expect(Date.now() - queued).toBeLessThan(3_000);
  });
});
