import { PDFDocument } from 'pdf-lib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodes } from '../../src/server/db/schema';
import { PDF_ALREADY_RUNNING_MESSAGE } from '../../src/server/features/qr/table-cards-runner';
import { MAX_QR_CODES_PER_RESTAURANT, QR_LIMIT_REACHED_MESSAGE } from '../../src/shared/schemas/qr';
import { createSignedInOwner } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

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
  // That a 500-card PDF renders off the event loop (health stays fast meanwhile) is a budget of
  // tests/perf/table-cards-event-loop.test.ts: wall-clock budgets live in tests/perf only.

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
