import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { qrCodes, restaurants } from '../../src/server/db/schema';
import { clock } from '../../src/server/lib/runtime/clock';
import { createLocalStorage, type FileStorage } from '../../src/server/storage/storage';
import type { TListQrCodesResponse, TQrCode } from '../../src/shared/schemas/qr';
import { createSignedInOwner } from '../support/factories';
import { decodeQrPng, readPdfQrImages } from '../support/qr-decode';
import { createTestContext, TEST_PUBLIC_URL, type TestAgent, type TestContext } from '../support/test-app';

/** Local storage that records every call, can fail on remove, and checks the row at removal time. */
type StorageCall = { op: 'put' | 'remove'; key: string; rowExists?: boolean };
const calls: StorageCall[] = [];
let failRemove = false;
let ctx: TestContext;
const storageDir = mkdtempSync(path.join(tmpdir(), 'refeed-qr-storage-'));
const local = createLocalStorage(storageDir);
const recordingStorage: FileStorage = {
  kind: 'local',
  async put(key, body, contentType) {
    calls.push({ op: 'put', key });
    await local.put(key, body, contentType);
  },
  get: (key) => local.get(key),
  async remove(key) {
    const qrId = path.basename(key, '.png');
    const [{ rows }] = await ctx.db.select({ rows: count() }).from(qrCodes).where(eq(qrCodes.id, qrId));
    calls.push({ op: 'remove', key, rowExists: rows > 0 });
    if (failRemove) throw new Error('storage unavailable');
    await local.remove(key);
  },
};

beforeAll(async () => {
  ctx = await createTestContext({ storage: recordingStorage });
});
afterAll(async () => {
  await ctx.close();
  rmSync(storageDir, { recursive: true, force: true });
});

async function createQr(agent: TestAgent, body: unknown): Promise<{ status: number; qrCode?: TQrCode; message?: string }> {
  const response = await agent.post('/api/qr', body);
  const json = await response.json();
  return { status: response.status, qrCode: json.qrCode, message: json.error?.message };
}

async function listQr(agent: TestAgent): Promise<TListQrCodesResponse> {
  const response = await agent.get('/api/qr');
  expect(response.status).toBe(200);
  return response.json();
}

/** Fetches a QR's image through /storage, as the page does, and decodes it. */
async function decodeServedImage(agent: TestAgent, qr: TQrCode): Promise<string | null> {
  const response = await agent.get(qr.imageUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  return decodeQrPng(new Uint8Array(await response.arrayBuffer()));
}

describe('creating QR codes', () => {
  it('creates a table QR whose stored PNG decodes to its public URL with the label slug', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const created = await createQr(agent, { tableLabel: '  Terrasse côté jardin ' });
    expect(created.status).toBe(201);
    const qr = created.qrCode!;
    expect(qr).toMatchObject({ tableLabel: 'Terrasse côté jardin', slug: 'terrasse-cote-jardin', isPrimary: false, scanCount: 0 });
    expect(qr.publicUrl).toBe(`${TEST_PUBLIC_URL}/f/${restaurant.id}?qr=${qr.id}&label=terrasse-cote-jardin`);
    expect(qr.code).toMatch(/^[a-z0-9]{10}$/);
    expect(qr.scanUrl).toBe(`${TEST_PUBLIC_URL}/r/${qr.code}`);
    expect(qr.imageUrl).toMatch(new RegExp(`^/storage/qr/${restaurant.id}/${qr.id}\\.png\\?v=\\d+$`));
    expect(await decodeServedImage(agent, qr)).toBe(qr.publicUrl);
  });

  it('stores an empty label as null with no slug (and allows several unlabelled QR codes)', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    for (const body of [{ tableLabel: '' }, { tableLabel: '   ' }, {}, { tableLabel: null }]) {
      const { status, qrCode } = await createQr(agent, body);
      expect(status).toBe(201);
      expect(qrCode).toMatchObject({ tableLabel: null, slug: null });
      expect(qrCode!.publicUrl).toBe(`${TEST_PUBLIC_URL}/f/${restaurant.id}?qr=${qrCode!.id}`);
      expect(await decodeServedImage(agent, qrCode!)).toBe(qrCode!.publicUrl);
    }
    const rows = await ctx.db.select().from(qrCodes).where(eq(qrCodes.restaurantId, restaurant.id));
    expect(rows.map((row) => [row.tableLabel, row.slug])).toEqual(Array(4).fill([null, null]));
  });

  it('refuses a duplicate label through the database constraint, even for two concurrent creates', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const results = await Promise.all([createQr(agent, { tableLabel: 'Table 7' }), createQr(agent, { tableLabel: 'Table 7' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.message).toBe('Un QR avec ce label existe déjà');
    const again = await createQr(agent, { tableLabel: ' Table 7 ' });
    expect(again).toMatchObject({ status: 409, message: 'Un QR avec ce label existe déjà' });
    // 'table 7' would print a second QR with the same link (label=table-7): the case is ignored.
    expect(await createQr(agent, { tableLabel: 'table 7' })).toMatchObject({ status: 409, message: 'Un QR avec ce label existe déjà' });
    expect(await createQr(agent, { tableLabel: 'TABLE 7' })).toMatchObject({ status: 409 });
    const [{ rows }] = await ctx.db
      .select({ rows: count() })
      .from(qrCodes)
      .where(and(eq(qrCodes.restaurantId, restaurant.id), eq(qrCodes.tableLabel, 'Table 7')));
    expect(rows).toBe(1);
    // Another restaurant may use the same label.
    const other = await createSignedInOwner(ctx);
    expect((await createQr(other.agent, { tableLabel: 'Table 7' })).status).toBe(201);
  });

  it('creates the main QR (code = 8 first characters of the restaurant id + -main) and refuses a second one', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const main = await createQr(agent, { isPrimary: true });
    expect(main.status).toBe(201);
    expect(main.qrCode).toMatchObject({ isPrimary: true, code: `${restaurant.id.slice(0, 8)}-main`, tableLabel: 'Main entrance', slug: 'main-entrance' });
    expect(await decodeServedImage(agent, main.qrCode!)).toBe(main.qrCode!.publicUrl);
    const second = await createQr(agent, { isPrimary: true });
    expect(second).toMatchObject({ status: 409, message: 'Ce restaurant a déjà un QR principal. Supprimez-le avant d’en créer un autre.' });
    // Once deleted, the main QR can be created again with the same code.
    expect((await agent.delete(`/api/qr/${main.qrCode!.id}`)).status).toBe(200);
    const again = await createQr(agent, { isPrimary: true });
    expect(again.status).toBe(201);
    expect(again.qrCode!.code).toBe(`${restaurant.id.slice(0, 8)}-main`);
  });

  it('answers 400 with the message for a too long label', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    expect(await createQr(agent, { tableLabel: 'x'.repeat(81) })).toMatchObject({ status: 400, message: 'Le label doit contenir au plus 80 caractères' });
    // Wrong types and a body that is not JSON are bad input too, never a 500.
    expect((await createQr(agent, { tableLabel: 12 })).status).toBe(400);
    expect((await createQr(agent, { isPrimary: 'oui' })).status).toBe(400);
    const notJson = await agent.post('/api/qr', undefined, { body: '{', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(await ctx.db.select().from(qrCodes).where(eq(qrCodes.restaurantId, restaurant.id))).toEqual([]);
  });
});

describe('listing QR codes', () => {
  it('lists newest first with scan counts, the review-link flag, and generates missing PNGs on demand', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx, { restaurantName: 'La Table de Test' });
    // As sign-up and the demo seed do: a main QR row with no image yet.
    const [signUpMain] = await ctx.db
      .insert(qrCodes)
      .values({ restaurantId: restaurant.id, code: `${restaurant.id.slice(0, 8)}-main`, tableLabel: 'Main entrance', slug: 'main-entrance', isPrimary: true, createdAt: new Date(Date.now() - 60_000) })
      .returning();
    const first = (await createQr(agent, { tableLabel: 'Table 1' })).qrCode!;
    const second = (await createQr(agent, { tableLabel: 'Table 2' })).qrCode!;
    await ctx.db.update(qrCodes).set({ scanCount: 12 }).where(eq(qrCodes.id, first.id));
    await ctx.db.update(qrCodes).set({ scanCount: 3 }).where(eq(qrCodes.id, signUpMain.id));

    const list = await listQr(agent);
    expect(list.restaurantName).toBe('La Table de Test');
    expect(list.hasReviewLink).toBe(false);
    expect(list.qrCodes.map((qr) => [qr.id, qr.scanCount])).toEqual([
      [second.id, 0],
      [first.id, 12],
      [signUpMain.id, 3],
    ]);
    const main = list.qrCodes[2];
    expect(main.imageUrl).not.toMatch(/\?v=0$/);
    for (const qr of list.qrCodes) expect(await decodeServedImage(agent, qr)).toBe(qr.publicUrl);

    // A second list does not write the images again.
    const puts = calls.filter((call) => call.op === 'put').length;
    await listQr(agent);
    expect(calls.filter((call) => call.op === 'put').length).toBe(puts);

    await ctx.db.update(restaurants).set({ googleReviewUrl: 'https://g.page/r/test/review' }).where(eq(restaurants.id, restaurant.id));
    expect((await listQr(agent)).hasReviewLink).toBe(true);
  });
});

describe('scan counts', () => {
  it('counts each scan of the main QR’s /r/{code} link and of a table QR’s public URL in the list', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const main = (await createQr(agent, { isPrimary: true })).qrCode!;
    const table = (await createQr(agent, { tableLabel: 'Table 9' })).qrCode!;
    const diner = ctx.agent();

    // The main QR's short link still leads to the restaurant.
    const lookup = await diner.get(`/api/public/qr/${main.code}`);
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toMatchObject({ restaurantId: restaurant.id, qrId: main.id });
    for (let n = 0; n < 2; n++) expect((await diner.post('/api/public/visits', { code: main.code })).status).toBe(201);

    // What the diner page sends for the URL the table QR's PNG encodes.
    const url = new URL(table.publicUrl);
    expect(url.pathname).toBe(`/f/${restaurant.id}`);
    const visit = await diner.post('/api/public/visits', { restaurantId: restaurant.id, qrId: url.searchParams.get('qr'), label: url.searchParams.get('label') });
    expect(visit.status).toBe(201);

    const counts = Object.fromEntries((await listQr(agent)).qrCodes.map((qr) => [qr.id, qr.scanCount]));
    expect(counts).toEqual({ [main.id]: 2, [table.id]: 1 });
  });
});

describe('regenerating a PNG', () => {
  it('removes then rewrites the image, with a new cache-busting version', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const qr = (await createQr(agent, { tableLabel: 'Table 3' })).qrCode!;
    // The version is the PNG's generation time: a second later on the server's clock, no waiting.
    clock.advance(1_000);
    calls.length = 0;
    const response = await agent.post(`/api/qr/${qr.id}/regenerate`).finally(() => clock.reset());
    expect(response.status).toBe(200);
    const { qrCode } = (await response.json()) as { qrCode: TQrCode };
    const key = `qr/${qrCode.imageUrl.split('/storage/qr/')[1].split('?')[0]}`;
    expect(calls.map((call) => [call.op, call.key])).toEqual([
      ['remove', key],
      ['put', key],
    ]);
    expect(qrCode.imageUrl).not.toBe(qr.imageUrl);
    expect(qrCode.publicUrl).toBe(qr.publicUrl);
    expect(await decodeServedImage(agent, qrCode)).toBe(qr.publicUrl);
  });
});

describe('deleting a QR code', () => {
  it('deletes the row first, then the PNG', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const qr = (await createQr(agent, { tableLabel: 'Table 4' })).qrCode!;
    calls.length = 0;
    const response = await agent.delete(`/api/qr/${qr.id}`);
    expect(response.status).toBe(200);
    expect(calls).toEqual([{ op: 'remove', key: expect.stringContaining(`${qr.id}.png`), rowExists: false }]);
    expect((await agent.get(qr.imageUrl)).status).toBe(404);
    expect((await listQr(agent)).qrCodes).toEqual([]);
    expect((await agent.delete(`/api/qr/${qr.id}`)).status).toBe(404);
  });

  it('logs and ignores a failure to remove the image', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const qr = (await createQr(agent, { tableLabel: 'Table 5' })).qrCode!;
    const requestLogger = ctx.deps.logger.child({});
    const warn = vi.spyOn(requestLogger, 'warn');
    const child = vi.spyOn(ctx.deps.logger, 'child').mockImplementation((() => requestLogger) as unknown as typeof ctx.deps.logger.child);
    failRemove = true;
    try {
      const response = await agent.delete(`/api/qr/${qr.id}`);
      expect(response.status).toBe(200);
    } finally {
      failRemove = false;
      child.mockRestore();
    }
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ key: expect.stringContaining(qr.id) }), expect.stringContaining('QR image removal failed'));
    const [{ rows }] = await ctx.db.select({ rows: count() }).from(qrCodes).where(eq(qrCodes.id, qr.id));
    expect(rows).toBe(0);
  });
});

describe('printable table cards', () => {
  it('renders one A6 page per QR, or A4 sheets of four, each with its QR image', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const created: TQrCode[] = [];
    created.push((await createQr(agent, { isPrimary: true })).qrCode!);
    for (const label of ['Table 1', 'Table 2', 'Table 3', 'Terrasse']) created.push((await createQr(agent, { tableLabel: label })).qrCode!);

    const all = await agent.get('/api/qr/cards.pdf?layout=a6');
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('application/pdf');
    const a6 = await readPdfQrImages(new Uint8Array(await all.arrayBuffer()));
    expect(a6.pageCount).toBe(5);
    expect(a6.decoded).toEqual(created.map((qr) => qr.publicUrl));

    const sheet = await readPdfQrImages(new Uint8Array(await (await agent.get('/api/qr/cards.pdf?layout=a4')).arrayBuffer()));
    expect(sheet.pageCount).toBe(2);
    expect(sheet.pageSizes[0]).toEqual([595, 842]);
    expect(sheet.decoded).toEqual(created.map((qr) => qr.publicUrl));

    const one = await readPdfQrImages(new Uint8Array(await (await agent.get(`/api/qr/cards.pdf?ids=${created[2].id}`)).arrayBuffer()));
    expect(one).toMatchObject({ pageCount: 1, decoded: [created[2].publicUrl] });

    const bad = await agent.get('/api/qr/cards.pdf?ids=not-an-id');
    expect(bad.status).toBe(400);
  });

  it('answers 400 when there is nothing to print', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const response = await agent.get('/api/qr/cards.pdf');
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('Aucun QR code à imprimer');
  });
});

describe('tenant isolation and access', () => {
  it('answers 404 for another restaurant’s QR id on every route and never lists it', async () => {
    const mine = await createSignedInOwner(ctx);
    const theirs = await createSignedInOwner(ctx);
    const foreign = (await createQr(theirs.agent, { tableLabel: 'Secret' })).qrCode!;
    const own = (await createQr(mine.agent, { tableLabel: 'Table 1' })).qrCode!;

    expect((await mine.agent.post(`/api/qr/${foreign.id}/regenerate`)).status).toBe(404);
    expect((await mine.agent.delete(`/api/qr/${foreign.id}`)).status).toBe(404);
    expect((await mine.agent.get(`/api/qr/cards.pdf?ids=${foreign.id}`)).status).toBe(404);
    expect((await mine.agent.get(`/api/qr/cards.pdf?ids=${own.id},${foreign.id}`)).status).toBe(404);
    expect((await listQr(mine.agent)).qrCodes.map((qr) => qr.id)).toEqual([own.id]);
    const [{ rows }] = await ctx.db.select({ rows: count() }).from(qrCodes).where(eq(qrCodes.id, foreign.id));
    expect(rows).toBe(1);
  });

  it('refuses a signed-out visitor (401) and an owner whose restaurant is not approved (403)', async () => {
    expect((await ctx.agent().get('/api/qr')).status).toBe(401);
    expect((await ctx.agent().post('/api/qr', { tableLabel: 'x' })).status).toBe(401);
    const pending = await createSignedInOwner(ctx, { status: 'pending' });
    expect((await pending.agent.get('/api/qr')).status).toBe(403);
    expect((await pending.agent.post('/api/qr', { tableLabel: 'x' })).status).toBe(403);
    expect((await pending.agent.get('/api/qr/cards.pdf')).status).toBe(403);
  });
});
