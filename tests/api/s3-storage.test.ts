import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { createDeps } from '../../src/server/deps';
import { startJobWorkers } from '../../src/server/jobs/queue';
import { ALL_JOBS } from '../../src/server/jobs/registry';
import { createS3Storage, type FileStorage } from '../../src/server/storage/storage';
import type { TQrCode } from '../../src/shared/schemas/qr';
import { createDinerRestaurant, createConfirmedVisitor } from './diner-support';
import { createSignedInOwner, uniqueEmail } from '../support/factories';
import { createTestContext, TestAgent, type TestContext } from '../support/test-app';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const BUCKET = 'refeed-test';

// A real S3-protocol server (s3rver) in this process: the adapter speaks the same protocol to it as to AWS or R2.
let s3: S3rver;
let s3Dir: string;
let storage: FileStorage;
let ctx: TestContext;
beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'refeed-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  storage = createS3Storage({ bucket: BUCKET, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
  ctx = await createTestContext({ storage });
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const isPng = (bytes: Uint8Array) => PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);

async function createQr(agent: TestAgent, tableLabel: string): Promise<TQrCode> {
  const response = await agent.post('/api/qr', { tableLabel });
  expect(response.status).toBe(201);
  return (await response.json()).qrCode;
}

async function fetchImage(agent: TestAgent, qr: TQrCode) {
  const response = await agent.get(qr.imageUrl);
  return { status: response.status, type: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('S3 storage over the real protocol', () => {
  it('stores, reads, replaces and deletes an object', async () => {
    const key = `qr/${crypto.randomUUID()}/image.png`;
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, new Uint8Array([1, 2, 3]), 'image/png');
    expect(await storage.get(key)).toEqual(new Uint8Array([1, 2, 3]));
    await storage.put(key, new Uint8Array([4, 5]), 'image/png');
    expect(await storage.get(key)).toEqual(new Uint8Array([4, 5]));
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.put('qr/../escape.png', new Uint8Array([1]), 'image/png')).rejects.toThrow(/Invalid storage key/);
  });

  it('keeps QR images in the bucket: served by the app, replaced on regeneration, gone when the QR is deleted', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const qr = await createQr(agent, 'Terrasse');
    const key = `qr/${restaurant.id}/${qr.id}.png`;
    const served = await fetchImage(agent, qr);
    expect(served).toMatchObject({ status: 200, type: 'image/png' });
    expect(isPng(served.bytes)).toBe(true);
    expect(await storage.get(key)).toEqual(served.bytes);

    // A damaged object is replaced by regenerating the image.
    await storage.put(key, new Uint8Array([0]), 'image/png');
    expect((await agent.post(`/api/qr/${qr.id}/regenerate`)).status).toBe(200);
    const replaced = await storage.get(key);
    expect(replaced && isPng(replaced)).toBe(true);
    expect((await fetchImage(agent, { ...qr, imageUrl: `/storage/${key}` })).bytes).toEqual(replaced);

    expect((await agent.delete(`/api/qr/${qr.id}`)).status).toBe(200);
    expect(await storage.get(key)).toBeNull();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app instances on one PostgreSQL and one bucket', () => {
  it('reads every QR image from both, and sends each diner email once', { timeout: 60_000 }, async () => {
    if (ctx.database.kind !== 'postgres') throw new Error('unreachable');
    // The second instance: its own pool, queue, workers and app, the same database and bucket.
    const database = await openDatabase({ databaseUrl: ctx.database.pool.options.connectionString });
    const second = createDeps(ctx.deps.env, database, ctx.deps.logger, { storage });
    second.boss.on('error', () => undefined);
    await second.boss.start();
    await startJobWorkers(second.boss, ALL_JOBS, second, ctx.deps.logger, { pollingIntervalSeconds: 0.5 });
    const secondApp = createApp(second, { clientDist: ctx.dataDir });
    try {
      const { agent: ownerOnFirst } = await createSignedInOwner(ctx);
      const ownerOnSecond = new TestAgent(secondApp);
      for (const [name, value] of ownerOnFirst.cookies) ownerOnSecond.cookies.set(name, value);
      const fromFirst = await createQr(ownerOnFirst, 'Table A');
      const fromSecond = await createQr(ownerOnSecond, 'Table B');
      for (const agent of [ownerOnFirst, ownerOnSecond]) {
        for (const qr of [fromFirst, fromSecond]) {
          const image = await fetchImage(agent, qr);
          expect(image.status).toBe(200);
          expect(isPng(image.bytes)).toBe(true);
        }
      }

      // Diners rate through either instance; each gets one thank-you, whichever instance sends it.
      const { restaurant } = await createDinerRestaurant(ctx);
      const diners = Array.from({ length: 10 }, (_, n) => uniqueEmail(`two-apps${n}`));
      await Promise.all(
        diners.map(async (email, n) => {
          // Phones that confirmed their email earlier: their thank-you is sent.
          const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
          const body = { submissionId: crypto.randomUUID(), restaurantId: restaurant.id, rating: 5, firstName: 'Camille', email };
          const headers = { 'content-type': 'application/json', origin: 'http://localhost:3000', 'x-forwarded-for': visitor.ip, cookie: `rf_tid=${visitor.anonId}` };
          const response = n % 2 === 0 ? await visitor.submit(body) : await secondApp.request('/api/public/feedbacks', { method: 'POST', headers, body: JSON.stringify(body) });
          expect(response.status).toBe(200);
        }),
      );
      await expect.poll(async () => (await Promise.all(diners.map((email) => ctx.mails(email)))).filter((mails) => mails.length > 0).length, { timeout: 30_000 }).toBe(diners.length);
      await ctx.waitForIdleQueue(30_000);
      for (const email of diners) expect(await ctx.mails(email)).toHaveLength(1);
    } finally {
      await second.boss.stop({ graceful: false, close: true, timeout: 2000 }).catch(() => undefined);
      second.mailer.close();
      await database.close();
    }
  });
});
