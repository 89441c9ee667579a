import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, feedbacks, qrCodes, restaurants } from '../../src/server/db/schema';
import { startDependencies } from '../../src/server/bootstrap';
import { parseEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/lib/runtime/logger';
import { acquireDataDirLock, DataDirLockedError } from '../../src/server/lib/runtime/data-dir-lock';
import { DEMO_MANAGER, DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD, DEMO_STAFF, demoSeedSummary, seedDemoRestaurant } from '../../src/server/features/demo/seed-demo.service';
import { createFirstAdmin } from '../../src/server/features/admin/admin-bootstrap.service';
import { isAppAdmin } from '../../src/server/features/admin/admins.service';
import { createUser, signIn } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';
import { earningStatesMismatching } from './earning-state-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('seed:demo', () => {
  it('creates a two-venue organisation with QR codes, customers and 60 days of feedback, a gérant and an équipe member, visible through the API', async () => {
    expect(await seedDemoRestaurant(ctx.deps)).toEqual({ created: true });
    const venues = [];
    for (const [name, expected] of [
      ['Chez Demo', [4, 40, 200]],
      ['Chez Demo Bastille', [3, 25, 90]],
    ] as const) {
      const [restaurant] = await ctx.db.select().from(restaurants).where(eq(restaurants.name, name));
      expect(restaurant.status).toBe('approved');
      const [{ qr }] = await ctx.db.select({ qr: count() }).from(qrCodes).where(eq(qrCodes.restaurantId, restaurant.id));
      const [{ people }] = await ctx.db.select({ people: count() }).from(customers).where(eq(customers.restaurantId, restaurant.id));
      const [{ reviews }] = await ctx.db.select({ reviews: count() }).from(feedbacks).where(eq(feedbacks.restaurantId, restaurant.id));
      expect([qr, people, reviews]).toEqual(expected);
      // The earning state kept on each customer (decision 062) is what the seeded point events say.
      expect(await earningStatesMismatching(ctx.db, restaurant.id)).toEqual([]);
      venues.push(restaurant);
    }
    expect(venues[0].organisationId).toBe(venues[1].organisationId);

    // The README's credentials: the owner opens both venues, the gérant Bastille, the waiter Chez Demo's counter.
    const owner = await (await (await signIn(ctx, DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD)).get('/api/me')).json();
    expect(owner.restaurants).toEqual([
      expect.objectContaining({ name: 'Chez Demo', status: 'approved', role: 'owner' }),
      expect.objectContaining({ name: 'Chez Demo Bastille', status: 'approved', role: 'owner' }),
    ]);
    const manager = await (await (await signIn(ctx, DEMO_MANAGER.email, DEMO_MANAGER.password)).get('/api/me')).json();
    expect(manager.restaurants).toEqual([expect.objectContaining({ name: 'Chez Demo Bastille', role: 'manager' })]);
    const staff = await signIn(ctx, DEMO_STAFF.email, DEMO_STAFF.password);
    expect((await (await staff.get('/api/me')).json()).restaurants).toEqual([expect.objectContaining({ name: 'Chez Demo', role: 'staff' })]);
    expect((await staff.get('/api/counter/pending')).status).toBe(200);
    expect((await staff.get('/api/customers')).status).toBe(403);
    expect(await seedDemoRestaurant(ctx.deps)).toEqual({ created: false });
  });

  it('prints both venues and the three logins, each of which signs in', async () => {
    for (const created of [true, false]) {
      const printed = demoSeedSummary(created, 'http://localhost:3000');
      expect(printed).toContain('"Chez Demo":');
      expect(printed).toContain('"Chez Demo Bastille":');
      expect(printed).toContain('http://localhost:3000/login');
      const logins = [...printed.matchAll(/^ {2}(owner|gérant|équipe)\b.*?(\S+@\S+) \/ (\S+)$/gmu)].map((m) => [m[1], m[2], m[3]]);
      expect(logins).toEqual([
        ['owner', DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD],
        ['gérant', DEMO_MANAGER.email, DEMO_MANAGER.password],
        ['équipe', DEMO_STAFF.email, DEMO_STAFF.password],
      ]);
      // The demo exists (the test above seeded it): each printed login opens a session.
      for (const [, email, password] of logins) expect((await (await signIn(ctx, email, password)).get('/api/me')).status).toBe(200);
    }
  });
});

describe('admin:create', () => {
  it('promotes an existing user', async () => {
    const existing = await createUser(ctx);
    const result = await createFirstAdmin(ctx.deps, existing.email);
    expect(result).toEqual({ created: false, renewed: false, setPasswordUrl: null });
    expect(await isAppAdmin(ctx.db, existing.id)).toBe(true);
  });

  it('creates a new administrator with a one-time set-password link', async () => {
    // As in the script: the link is printed, no mail is queued for it.
    const result = await createFirstAdmin(ctx.deps, 'first-admin@refeed.fr');
    await ctx.waitForIdleQueue();
    expect(await ctx.mails('first-admin@refeed.fr')).toHaveLength(0);
    expect(result.created).toBe(true);
    expect(result.setPasswordUrl).toMatch(/^http:\/\/localhost:3000\/api\/auth\/reset-password\/[\w-]+\?callbackURL=.*set-password/);
    const redirect = await ctx.agent().get(new URL(result.setPasswordUrl!).pathname + new URL(result.setPasswordUrl!).search, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toMatch(/\/set-password\?token=/);
  });

  it('run again before the password was chosen, prints a new link and revokes the first; once it is chosen, no link', async () => {
    const email = 'lost-link-admin@refeed.fr';
    const first = await createFirstAdmin(ctx.deps, email);
    const second = await createFirstAdmin(ctx.deps, email);
    expect(second).toMatchObject({ created: false, renewed: true });
    expect(second.setPasswordUrl).toMatch(/^http:\/\/localhost:3000\/api\/auth\/reset-password\/[\w-]+\?callbackURL=/);
    expect(second.setPasswordUrl).not.toBe(first.setPasswordUrl);
    const open = (url: string) => ctx.agent().get(new URL(url).pathname + new URL(url).search, { redirect: 'manual' });
    // better-auth sends a revoked or unknown token to the callback with an error instead of a token.
    expect((await open(first.setPasswordUrl!)).headers.get('location')).toMatch(/[?&]error=INVALID_TOKEN/);
    const location = (await open(second.setPasswordUrl!)).headers.get('location')!;
    const token = new URL(location, 'http://localhost').searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await ctx.agent().post('/api/auth/reset-password', { token, newPassword: 'Admin-choisi-2026!' });
    expect(reset.status).toBe(200);
    expect((await (await signIn(ctx, email, 'Admin-choisi-2026!')).get('/api/me')).status).toBe(200);
    // The password is chosen: a third run only confirms the role, it prints no link.
    expect(await createFirstAdmin(ctx.deps, email)).toEqual({ created: false, renewed: false, setPasswordUrl: null });
  });

  it('prints no link for an account that chose its password at sign-up', async () => {
    const existing = await createUser(ctx);
    expect(await createFirstAdmin(ctx.deps, existing.email)).toEqual({ created: false, renewed: false, setPasswordUrl: null });
    expect(await createFirstAdmin(ctx.deps, existing.email)).toEqual({ created: false, renewed: false, setPasswordUrl: null });
  });
});

describe('the data-folder lock', () => {
  it('refuses a second process on the same data folder with a clear message', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'refeed-lock-'));
    const lock = acquireDataDirLock(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      // The server's boot path (the same call src/server/index.ts makes) refuses before opening the database.
      const env = parseEnv({ NODE_ENV: 'development', DATA_DIR: dir, PORT: '0', AUTH_SECRET: 'lock-test-secret-lock-test-secret-0123' });
      const boot = startDependencies(env, createLogger('silent'), { workers: false });
      await expect(boot).rejects.toThrow(DataDirLockedError);
      await expect(boot).rejects.toThrow('already in use by another ReFeed process');
    } finally {
      lock.release();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes over a lock left by a process that died', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'refeed-lock-'));
    const dead = spawnSync(process.execPath, ['-e', `require('fs').writeFileSync(${JSON.stringify(path.join(dir, 'refeed.lock'))}, String(process.pid))`]);
    expect(dead.status).toBe(0);
    const lock = acquireDataDirLock(dir);
    lock.release();
    rmSync(dir, { recursive: true, force: true });
  });
});
