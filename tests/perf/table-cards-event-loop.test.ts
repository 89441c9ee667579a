// A 500-card table-card PDF renders off the event loop (the timing half of tests/api/qr-limits.test.ts;
// issue 51: wall-clock budgets live in tests/perf only): health's p95 meanwhile stays within four times its
// p95 under a comparable load without a render, never below 100 ms. Nothing here depends on the database
// under the app: it runs once, in the PostgreSQL pass, as the api-any-db files do (vitest.config.ts).
import { Worker } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodes } from '../../src/server/db/schema';
import { MAX_QR_CODES_PER_RESTAURANT } from '../../src/shared/schemas/qr';
import { TEST_DATABASE_URL } from '../support/database';
import { createSignedInOwner } from '../support/factories';
import { listen } from '../support/listen';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';
import { pause } from '../support/wait';

let ctx: TestContext;
beforeAll(async () => {
  if (TEST_DATABASE_URL) ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** Fills a restaurant up to `total` QR codes with direct inserts. */
async function fillQrCodes(restaurantId: string, total: number) {
  const rows = Array.from({ length: total }, (_, n) => ({
    restaurantId,
    code: `${restaurantId.slice(0, 8)}-${n}-${crypto.randomUUID().slice(0, 6)}`,
    tableLabel: `Table ${n + 1}`,
    slug: `table-${n + 1}`,
  }));
  for (let start = 0; start < rows.length; start += 100) await ctx.db.insert(qrCodes).values(rows.slice(start, start + 100));
}

describe.skipIf(!TEST_DATABASE_URL)('printable cards PDF', () => {
  it('attack: a 500-card PDF renders off the event loop: health p95 stays under 100 ms meanwhile', async () => {
    const { restaurant, agent } = await createSignedInOwner(ctx);
    await fillQrCodes(restaurant.id, MAX_QR_CODES_PER_RESTAURANT - 1);
    const { url, server } = await listen(ctx);
    try {
      const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const pollHealth = async (latencies: number[]) => {
        const started = performance.now();
        const health = await fetch(`${url}/api/health`);
        expect(health.status, await health.text()).toBe(200);
        latencies.push(performance.now() - started);
        await pause(20);
      };
      const p95 = (latencies: number[]) => [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length * 0.95)];
      // The same probe for a second before, while a thread of this process is as busy as the render's
      // worker will be (on 2 cores it takes one from everything else: CI measured health at 136 ms during
      // a render with a baseline taken without it). The bar is that baseline's p95 times four, never below
      // 100 ms. A render on the event loop would stall health for the whole render (seconds), far above either.
      const busy = new Worker('const end = Date.now() + 1500; while (Date.now() < end);', { eval: true });
      const before: number[] = [];
      for (const end = performance.now() + 1000; performance.now() < end; ) await pollHealth(before);
      await busy.terminate();
      let done = false;
      const pdfRequest = fetch(`${url}/api/qr/cards.pdf?layout=a4`, { headers: { cookie, origin: TEST_PUBLIC_URL } }).then(async (response) => {
        done = true;
        return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
      });
      const during: number[] = [];
      while (!done) await pollHealth(during);
      const pdf = await pdfRequest;
      expect(pdf.status).toBe(200);
      const document = await PDFDocument.load(pdf.bytes);
      expect(document.getPageCount()).toBe(Math.ceil(MAX_QR_CODES_PER_RESTAURANT / 4));
      expect(during.length).toBeGreaterThan(5);
      expect(p95(during)).toBeLessThan(Math.max(100, 4 * p95(before)));
    } finally {
      server.close();
    }
  }, 120_000);

});
