import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { customers, feedbacks, qrCodes, restaurants } from '../../src/server/db/schema';
import { createRestaurant, createSignedInAdmin, createSignedInOwner } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/health', () => {
  it('answers 200 when the database and the job queue are reachable', async () => {
    const response = await ctx.agent().get('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, database: true, queue: true });
  });

  it('reads the job queue once per 5-second window, and answers 503 naming it when it fails', async () => {
    const probe = await createTestContext({ startWorkers: false });
    try {
      const getQueues = vi.spyOn(probe.deps.boss, 'getQueues');
      for (let n = 0; n < 10; n++) expect((await probe.agent().get('/api/health')).status).toBe(200);
      expect(getQueues).toHaveBeenCalledTimes(1);
      getQueues.mockRejectedValue(new Error('queue down'));
      const later = Date.now() + 6000;
      vi.spyOn(Date, 'now').mockReturnValue(later);
      const response = await probe.agent().get('/api/health');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ok: false, database: true, queue: false });
    } finally {
      vi.restoreAllMocks();
      await probe.close();
    }
  });
});

describe('the HTTP shell', () => {
  it('sends the security headers', async () => {
    const response = await ctx.agent().get('/api/health');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers an unknown API path with the JSON error shape', async () => {
    const response = await ctx.agent().get('/api/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Ressource introuvable' } });
  });

  it('answers a malformed JSON body with a French 400', async () => {
    const response = await ctx.agent().request('/api/signup', { method: 'POST', body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'Requête invalide' } });
  });

  it('refuses a state-changing call from another origin', async () => {
    const response = await ctx.agent().post('/api/health', {}, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('FORBIDDEN');
  });

  it('lists the outbox at /dev/mailbox outside production', async () => {
    await ctx.deps.mailer.send({ to: 'diner@example.fr', subject: 'Bonjour', html: '<p>Salut</p>' });
    const page = await ctx.agent().get('/dev/mailbox');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Bonjour');
    const json = await (await ctx.agent().get('/dev/mailbox.json?to=diner@example.fr')).json();
    expect(json.mails).toHaveLength(1);
    expect(json.mails[0].sizeBytes).toBeGreaterThan(100);
  });
});

describe('production mode', () => {
  it('never serves the developer mailbox', async () => {
    const production = await createTestContext({ env: { NODE_ENV: 'production', MAIL_MODE: 'outbox' } });
    try {
      const response = await production.agent().get('/dev/mailbox.json');
      expect(response.headers.get('content-type') ?? '').not.toContain('application/json');
      expect(await response.text()).not.toContain('mails');
      expect((await production.agent().get('/api/health')).headers.get('strict-transport-security')).toContain('max-age=');
    } finally {
      await production.close();
    }
  });
});

describe('the data model', () => {
  it('enforces rating 1 to 5, statuses, unique labels and non-negative points', async () => {
    const restaurant = await createRestaurant(ctx);
    await expect(ctx.db.insert(feedbacks).values({ restaurantId: restaurant.id, rating: 6 })).rejects.toThrow();
    await expect(ctx.db.insert(feedbacks).values({ restaurantId: restaurant.id, rating: 0 })).rejects.toThrow();
    await expect(ctx.db.execute(sql`update restaurants set status = 'deleted' where id = ${restaurant.id}`)).rejects.toThrow();
    await ctx.db.insert(qrCodes).values({ restaurantId: restaurant.id, code: 'abc-1', tableLabel: 'Table 1' });
    await expect(ctx.db.insert(qrCodes).values({ restaurantId: restaurant.id, code: 'abc-2', tableLabel: 'Table 1' })).rejects.toThrow();
    await expect(ctx.db.insert(qrCodes).values({ restaurantId: restaurant.id, code: 'abc-1' })).rejects.toThrow();
    await expect(ctx.db.insert(customers).values({ restaurantId: restaurant.id, points: -1 })).rejects.toThrow();
  });

  it('keeps one customer per email per restaurant, case-insensitively', async () => {
    const restaurant = await createRestaurant(ctx);
    await ctx.db.insert(customers).values({ restaurantId: restaurant.id, email: 'Jean@Example.fr' });
    await expect(ctx.db.insert(customers).values({ restaurantId: restaurant.id, email: 'jean@example.fr' })).rejects.toThrow();
    const other = await createRestaurant(ctx);
    await ctx.db.insert(customers).values({ restaurantId: other.id, email: 'jean@example.fr' });
  });

  it('deletes a restaurant with everything that belongs to it', async () => {
    const restaurant = await createRestaurant(ctx);
    await ctx.db.insert(customers).values({ restaurantId: restaurant.id, email: 'x@example.fr' });
    await ctx.db.execute(sql`delete from ${restaurants} where id = ${restaurant.id}`);
    const [left] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from customers where restaurant_id = ${restaurant.id}`);
    expect(left.n).toBe(0);
  });
});

describe('the test factories', () => {
  it('sign an owner and an admin in through better-auth', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const session = await (await agent.get('/api/auth/get-session')).json();
    expect(session.user.email).toMatch(/^owner-/);
    const admin = await createSignedInAdmin(ctx);
    expect((await (await admin.agent.get('/api/auth/get-session')).json()).user.email).toMatch(/^admin-/);
  });
});
