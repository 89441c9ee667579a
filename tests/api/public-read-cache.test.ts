import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createDeps } from '../../src/server/deps';
import { PUBLIC_READ_TTL_MS } from '../../src/server/platform';
import { createSignedInAdmin, createSignedInOwner } from '../support/factories';
import type { TestContext } from '../support/test-app';
import { clock } from '../../src/server/lib/runtime/clock';
import { createDinerTestContext, createVisitor } from './diner-support';
import { qrCodes, restaurants } from '../../src/server/db/schema';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => clock.reset());

const settings = (name: string) => ({ name, address: '', contactEmail: 'contact@example.fr', phone: '' });

/** Decision 051: the public reads are remembered in the instance for a moment, and forgotten at each edit made through it. */
describe('the public reads remembered in the instance', () => {
  it('shows an owner’s new name at once on the instance that took the edit, and within the time to live on another one', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx, { restaurantName: 'Chez Avant' });
    const [qr] = await ctx.db.insert(qrCodes).values({ restaurantId: restaurant.id, code: `${restaurant.id.slice(0, 8)}-c1`, tableLabel: 'Table 1' }).returning();
    // A second instance on the same database, as two servers behind one load balancer.
    const other = createApp(createDeps(ctx.deps.env, ctx.database, ctx.deps.logger), { clientDist: ctx.dataDir });
    const readName = async (app: TestContext['app'], path: string) => {
      const response = await app.request(`${path}`, { headers: { 'x-forwarded-for': '10.20.30.40' } });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { name?: string; restaurant?: { name: string } };
      return body.name ?? body.restaurant!.name;
    };
    const publicPath = `/api/public/restaurants/${restaurant.id}`;
    const qrPath = `/api/public/qr/${qr.code}`;
    expect(await readName(ctx.app, publicPath)).toBe('Chez Avant');
    expect(await readName(ctx.app, qrPath)).toBe('Chez Avant');
    // The injected clock, frozen from the other instance's read on: its answer is kept until the time to live has passed.
    clock.freeze(new Date());
    expect(await readName(other, publicPath)).toBe('Chez Avant');

    expect((await agent.put('/api/settings', settings('Chez Après'))).status).toBe(200);
    // The instance that took the edit forgot its answers: the next read is the new name.
    expect(await readName(ctx.app, publicPath)).toBe('Chez Après');
    expect(await readName(ctx.app, qrPath)).toBe('Chez Après');
    // The other instance keeps its answer within the time to live, and reads the new name once it has passed.
    clock.advance(PUBLIC_READ_TTL_MS - 1);
    expect(await readName(other, publicPath)).toBe('Chez Avant');
    clock.advance(1);
    expect(await readName(other, publicPath)).toBe('Chez Après');
  });

  it('keeps its answer through a diner’s own writes, and answers 404 at once after an administrator suspends the restaurant', async () => {
    const { restaurant } = await createSignedInOwner(ctx, { restaurantName: 'Chez Suspendu' });
    const visitor = createVisitor(ctx);
    const path = `/api/public/restaurants/${restaurant.id}`;
    const nameRead = async () => ((await (await visitor.get(path)).json()) as { name: string }).name;
    expect(await nameRead()).toBe('Chez Suspendu');
    // Renamed in the database behind this instance's back (as another instance would): the remembered
    // answer stands, and a diner's visit (a write of /api/public) does not make the instance forget it.
    await ctx.db.update(restaurants).set({ name: 'Renommé ailleurs' }).where(eq(restaurants.id, restaurant.id));
    expect((await visitor.post('/api/public/visits', { restaurantId: restaurant.id })).status).toBe(201);
    expect(await nameRead()).toBe('Chez Suspendu');
    const { agent: admin } = await createSignedInAdmin(ctx);
    expect((await admin.post(`/api/admin/restaurants/${restaurant.id}/suspend`, { reason: 'Contrôle qualité en cours' })).status).toBe(200);
    const refused = await visitor.get(path);
    expect(refused.status).toBe(404);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});
