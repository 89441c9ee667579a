import { Worker } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodes } from '../../src/server/db/schema';
import { PDF_ALREADY_RUNNING_MESSAGE } from '../../src/server/features/qr/table-cards-runner';
import { MAX_QR_CODES_PER_RESTAURANT, QR_LIMIT_REACHED_MESSAGE } from '../../src/shared/schemas/qr';
import { createSignedInOwner } from '../support/factories';
import { listen } from '../support/listen';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';
import { pause } from '../support/wait';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** Fills a restaurant up to `total` QR codes with direct inserts (the API path is what is under test). */
async function fillQrCodes(restaurantId: string, total: number) {
  const existing = await ctx.db.$count(qrCodes, undefined);
  const rows = Array.from({ length: total }, (_, n) => ({
    restaurantId,
    code: `${restaurantId.slice(0, 8)}-${existing}-${n}-${crypto.randomUUID().slice(0, 6)}`,
    tableLabel: `Table ${n + 1}`,
    slug: `table-${n + 1}`,
  }));
  for (let start = 0; start < rows.length; start += 100) await ctx.db.insert(qrCodes).values(rows.slice(start, start + 100));
}

describe('QR codes per restaurant', () => {
  it(`attack: parallel creates never pass the cap of ${MAX_QR_CODES_PER_RESTAURANT}`, async () => {
    const { restaurant, agent } = await createSignedInOwner(ctx);
    await fillQrCodes(restaurant.id, MAX_QR_CODES_PER_RESTAURANT - 2);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => agent.post('/api/qr', { tableLabel: `Nouvelle ${n}` })));
    const created = answers.filter((response) => response.status === 201).length;
    const refused = answers.filter((response) => response.status === 409);
    expect(await ctx.db.$count(qrCodes, eq(qrCodes.restaurantId, restaurant.id))).toBe(MAX_QR_CODES_PER_RESTAURANT);
    expect(created).toBe(2);
    expect(refused).toHaveLength(4);
    for (const response of refused) expect((await response.json()).error.message).toBe(QR_LIMIT_REACHED_MESSAGE);
  });
});

describe('printable cards PDF', () => {
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

  it('attack: one owner’s six parallel big PDFs never get another owner’s single card refused', async () => {
    const big = await createSignedInOwner(ctx);
    const small = await createSignedInOwner(ctx);
    // 200 cards: seconds of rendering, well inside the render timeout even on a loaded machine.
    await fillQrCodes(big.restaurant.id, 200);
    await fillQrCodes(small.restaurant.id, 1);
    let bigFirstDone = false;
    const batches = Array.from({ length: 6 }, () =>
      big.agent.get('/api/qr/cards.pdf?layout=a4').then(async (response) => {
        if (response.status === 200) bigFirstDone = true;
        return { status: response.status, message: response.status === 200 ? null : ((await response.json()) as { error: { message: string } }).error.message };
      }),
    );
    // The batches refused at once (the restaurant already has one running) answer while the first renders.
    await Promise.race(batches.map((batch) => batch.then((answer) => (answer.status === 503 ? answer : new Promise(() => undefined)))));
    const sentWhileBigRuns = !bigFirstDone;
    const card = await small.agent.get('/api/qr/cards.pdf?layout=a6');
    expect(card.status).toBe(200);
    expect((await PDFDocument.load(new Uint8Array(await card.arrayBuffer()))).getPageCount()).toBe(1);
    expect(sentWhileBigRuns).toBe(true);
    const answers = await Promise.all(batches);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 503).map((answer) => answer.message)).toEqual(Array(5).fill(PDF_ALREADY_RUNNING_MESSAGE));
  }, 120_000);
});
