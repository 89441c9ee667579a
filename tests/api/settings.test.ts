import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertDefaultAutomations } from '../../src/server/email/default-automations';
import { automations, restaurantAuditLog } from '../../src/server/db/schema';
import { clock } from '../../src/server/lib/runtime/clock';
import { createLocalStorage } from '../../src/server/storage/storage';
import type { TDashboard } from '../../src/shared/schemas/dashboard';
import type { TSettings } from '../../src/shared/schemas/settings';
import { addMember, createSignedInOwner, createUser, signIn, uniqueEmail } from '../support/factories';
import type { TestAgent, TestContext } from '../support/test-app';
import { createDinerRestaurant, createDinerTestContext, createVisitor } from './diner-support';

const storageDir = mkdtempSync(path.join(tmpdir(), 'refeed-settings-storage-'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext({ storage: createLocalStorage(storageDir) });
});
afterAll(async () => {
  await ctx.close();
  rmSync(storageDir, { recursive: true, force: true });
});
afterEach(() => clock.reset());

const validSettings = { name: 'Le Nouveau Nom', address: '3 place du Marché\n69002 Lyon', contactEmail: 'Alertes@Example.fr', phone: '04 78 00 00 00' };

async function auditOf(restaurantId: string) {
  return ctx.db.select().from(restaurantAuditLog).where(eq(restaurantAuditLog.restaurantId, restaurantId)).orderBy(desc(restaurantAuditLog.createdAt));
}

const pngOf = async (width: number, height: number) =>
  new Uint8Array(await sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } } }).png().toBuffer());

function uploadLogo(agent: TestAgent, bytes: Uint8Array, fileName: string, type = 'image/png') {
  return agent.request(`/api/settings/logo?name=${encodeURIComponent(fileName)}`, { method: 'PUT', body: bytes as Uint8Array<ArrayBuffer>, headers: { 'content-type': type } });
}

describe('/api/settings', () => {
  it('reads the restaurant settings', async () => {
    const { agent, restaurant, owner } = await createSignedInOwner(ctx, { restaurantName: 'Chez Lecture' });
    const response = await agent.get('/api/settings');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ country: 'FR', name: 'Chez Lecture', address: '', contactEmail: owner.email, phone: restaurant.phone ?? '', logoUrl: null, brandColor: null, whiteLabel: true, sendingHours: { start: 10, end: 19 }, alertWindowMinutes: 15, dinerLanguages: ['fr', 'en', 'de', 'es', 'it'], cardLanguages: ['fr', 'en'] });
  });

  it('refuses bad input with the French message of the first failing field, changing nothing', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx, { restaurantName: 'Chez Valide' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...validSettings, name: ' A ' }, 'Le nom du restaurant doit contenir au moins 2 caractères'],
      [{ ...validSettings, name: 'x'.repeat(101) }, 'Le nom du restaurant doit contenir au plus 100 caractères'],
      [{ ...validSettings, contactEmail: 'pas-un-email' }, 'Email invalide'],
      [{ ...validSettings, contactEmail: '' }, 'L’email de contact est requis'],
      [{ ...validSettings, phone: '12345' }, 'Numéro de téléphone français invalide'],
      [{ ...validSettings, brandColor: '#12345' }, 'La couleur doit être au format #RRVVBB, par exemple #C2410C'],
      [{ ...validSettings, address: 'a'.repeat(301) }, 'L’adresse doit contenir au plus 300 caractères'],
      [{ ...validSettings, name: 42 }, 'Le nom du restaurant doit contenir au moins 2 caractères'],
    ];
    for (const [body, message] of cases) {
      const response = await agent.put('/api/settings', body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect((await response.json()).error.message).toBe(message);
    }
    for (const body of [null, [], 'texte']) expect((await agent.put('/api/settings', body)).status).toBe(400);
    expect((await agent.get('/api/settings').then((r) => r.json() as Promise<TSettings>)).name).toBe('Chez Valide');
    expect(await auditOf(restaurant.id)).toEqual([]);
  });

  it('saves name, address, contact email and phone, and logs each change in the restaurant audit', async () => {
    const { agent, restaurant, owner } = await createSignedInOwner(ctx, { restaurantName: 'Chez Avant' });
    const response = await agent.put('/api/settings', validSettings);
    expect(response.status).toBe(200);
    const saved = (await response.json()) as TSettings;
    expect(saved).toMatchObject({ name: 'Le Nouveau Nom', address: '3 place du Marché\n69002 Lyon', contactEmail: 'alertes@example.fr', phone: '04 78 00 00 00' });
    const [entry] = await auditOf(restaurant.id);
    expect(entry).toMatchObject({ action: 'settings_updated', actorUserId: owner.id });
    expect(entry.details).toEqual({
      changes: {
        name: { from: 'Chez Avant', to: 'Le Nouveau Nom' },
        address: { from: null, to: '3 place du Marché\n69002 Lyon' },
        contactEmail: { from: owner.email, to: 'alertes@example.fr' },
        ...(restaurant.phone === '04 78 00 00 00' ? {} : { phone: { from: restaurant.phone, to: '04 78 00 00 00' } }),
      },
    });
    // The same values again change nothing and log nothing; an emptied phone is cleared and logged.
    expect((await agent.put('/api/settings', validSettings)).status).toBe(200);
    expect(await auditOf(restaurant.id)).toHaveLength(1);
    expect(((await (await agent.put('/api/settings', { ...validSettings, phone: '' })).json()) as TSettings).phone).toBe('');
    const [latest] = await auditOf(restaurant.id);
    expect(latest.details).toEqual({ changes: { phone: { from: '04 78 00 00 00', to: null } } });
    // The diner page shows the new name.
    expect(await (await ctx.agent().get(`/api/public/restaurants/${restaurant.id}`)).json()).toMatchObject({ name: 'Le Nouveau Nom' });
  });

  it('refuses a visitor without a session', async () => {
    expect((await ctx.agent().get('/api/settings')).status).toBe(401);
    expect((await ctx.agent().put('/api/settings', validSettings)).status).toBe(401);
    expect((await uploadLogo(ctx.agent(), await pngOf(10, 10), 'logo.png')).status).toBe(401);
  });
});

describe('/api/settings/logo', () => {
  it('stores a resized logo, serves it with its type and long caching, shows it to diners, and logs it', async () => {
    const { agent, restaurant, owner } = await createSignedInOwner(ctx);
    const response = await uploadLogo(agent, await pngOf(1600, 800), 'Mon logo.png');
    expect(response.status).toBe(200);
    const { logoUrl } = (await response.json()) as TSettings;
    expect(logoUrl).toMatch(new RegExp(`^/storage/images/${restaurant.id}/logo-[0-9a-f]{32}\\.png$`));
    const file = await ctx.agent().get(logoUrl!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(new Uint8Array(await file.arrayBuffer())).metadata()).width).toBe(512);
    expect(await (await ctx.agent().get(`/api/public/restaurants/${restaurant.id}`)).json()).toMatchObject({ logoUrl });
    const [entry] = await auditOf(restaurant.id);
    expect(entry).toMatchObject({ action: 'logo_updated', actorUserId: owner.id, details: { changes: { logoUrl: { from: null, to: logoUrl } }, width: 512, height: 256 } });

    // Removed: the diner page shows the name alone again; logged.
    const removed = await agent.delete('/api/settings/logo');
    expect(((await removed.json()) as TSettings).logoUrl).toBeNull();
    expect((await auditOf(restaurant.id))[0]).toMatchObject({ action: 'logo_removed', details: { changes: { logoUrl: { from: logoUrl, to: null } } } });
  });

  it('refuses SVG, a text file named .png and a JSON body, naming the file', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refusedSvg = await uploadLogo(agent, svg, 'logo.svg', 'image/svg+xml');
    expect(refusedSvg.status).toBe(400);
    expect((await refusedSvg.json()).error.message).toBe("Le fichier « logo.svg » n'est pas une image acceptée : formats PNG, JPEG, WebP ou GIF (SVG refusé).");
    const text = await uploadLogo(agent, new TextEncoder().encode('bonjour'), 'photo.png', 'image/png');
    expect(text.status).toBe(400);
    expect((await text.json()).error.message).toContain('« photo.png »');
    expect((await agent.put('/api/settings/logo', { logo: 'https://example.com/x.png' })).status).toBe(400);
    // A type no upload takes is refused by the input guard.
    expect((await uploadLogo(agent, new TextEncoder().encode('<x/>'), 'a.xml', 'application/xml')).status).toBe(415);
    expect((await agent.get('/api/settings').then((r) => r.json() as Promise<TSettings>)).logoUrl).toBeNull();
    expect(await auditOf(restaurant.id)).toEqual([]);
  });

  it('refuses a file over 5 MB with 413, naming it', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(await pngOf(10, 10));
    const response = await uploadLogo(agent, big, 'énorme.png');
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toBe('Le fichier « énorme.png » est trop volumineux : 5 Mo maximum.');
  });

  it('keeps path tricks in the name out of storage, and /storage refuses climbing paths', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const response = await uploadLogo(agent, await pngOf(40, 40), '../../../etc/passwd.png');
    expect(response.status).toBe(200);
    const { logoUrl } = (await response.json()) as TSettings;
    expect(logoUrl).not.toContain('passwd');
    expect(logoUrl!.startsWith(`/storage/images/${restaurant.id}/`)).toBe(true);
    // (A plain or %2e '..' is resolved by URL parsing before routing, so it never reaches /storage.)
    for (const tricky of ['/storage/images%2F..%2F..%2Fpackage.json', '/storage/..%5c..%5cpackage.json', `/storage/images/${restaurant.id}/..%2F..%2F..%2Fpackage.json`]) {
      expect((await ctx.agent().get(tricky)).status, tricky).toBe(404);
    }
  });

  it('puts the logo on the printed table cards and in the emails', async () => {
    const user = await createUser(ctx, { email: uniqueEmail('owner-logo') });
    const { restaurant } = await createDinerRestaurant(ctx, { contactEmail: user.email });
    await addMember(ctx, { organisationId: restaurant.organisationId, userId: user.id, role: 'owner' });
    await insertDefaultAutomations(ctx.db, restaurant.id);
    const agent = await signIn(ctx, user.email);
    const countImages = (pdf: ArrayBuffer) => (Buffer.from(pdf).toString('latin1').match(/\/Subtype\s*\/Image/g) ?? []).length;
    const before = countImages(await (await agent.get('/api/qr/cards.pdf?layout=a6')).arrayBuffer());
    const { logoUrl } = (await (await uploadLogo(agent, await pngOf(300, 100), 'logo.png')).json()) as TSettings;
    const cards = await agent.get('/api/qr/cards.pdf?layout=a6');
    expect(cards.status).toBe(200);
    // One logo per page (drawn on each card, embedded once).
    expect(countImages(await cards.arrayBuffer())).toBe(before + 1);

    const [automation] = await ctx.db.select().from(automations).where(and(eq(automations.restaurantId, restaurant.id), eq(automations.key, 'thanks_after_visit')));
    // A test send goes to the owner's own address.
    expect((await agent.post(`/api/automations/${automation.id}/test`, { to: user.email })).status).toBe(200);
    const mail = await ctx.waitForMail((m) => m.toEmail === user.email && m.subject.startsWith('[Test]'));
    expect(mail.html).toContain(`src="${ctx.deps.env.PUBLIC_URL.replace(/\/$/, '')}${logoUrl}"`);
  }, 120_000);
});

describe('/api/dashboard: today, the evening, the table, the to-do list', () => {
  async function ownerWithRestaurant() {
    const user = await createUser(ctx, { email: uniqueEmail('owner-dash') });
    const { restaurant, tableQr } = await createDinerRestaurant(ctx, { contactEmail: user.email });
    await addMember(ctx, { organisationId: restaurant.organisationId, userId: user.id, role: 'owner' });
    return { restaurant, tableQr, agent: await signIn(ctx, user.email) };
  }
  const dashboardOf = async (agent: TestAgent) => (await agent.get('/api/dashboard').then((r) => r.json())) as TDashboard;

  it("counts today's feedbacks on Paris days, and after 16:00 those since 16:00", async () => {
    const { restaurant, tableQr, agent } = await ownerWithRestaurant();
    const rate = async (at: string, rating: number, extra: Record<string, unknown> = {}) => {
      clock.freeze(new Date(at));
      expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating, ...extra })).status).toBe(200);
    };
    // Saturday 21 November 2026, Paris = UTC+1.
    await rate('2026-11-20T22:59:00Z', 1); // Friday 23:59 in Paris: not today
    await rate('2026-11-20T23:01:00Z', 5); // Saturday 00:01
    await rate('2026-11-21T14:59:00Z', 4); // 15:59
    await rate('2026-11-21T15:00:00Z', 2, { qrId: tableQr.id }); // 16:00: the evening starts
    await rate('2026-11-21T18:30:00Z', 3); // 19:30

    clock.freeze(new Date('2026-11-21T14:30:00Z')); // 15:30: no evening yet (and only what was there then)
    let dashboard = await dashboardOf(agent);
    expect(dashboard.sinceEvening).toBeNull();

    clock.freeze(new Date('2026-11-21T19:00:00Z')); // 20:00
    dashboard = await dashboardOf(agent);
    expect(dashboard.today).toEqual({ count: 4, averageRating: 3.5 });
    expect(dashboard.sinceEvening).toEqual({ count: 2, averageRating: 2.5 });
    // The spec's four counters stay as they were (the last 10).
    expect(dashboard.counters).toMatchObject({ recentCount: 5, averageRating: 3 });
    // Recent reviews name the table.
    expect(dashboard.recentFeedbacks.find((f) => f.rating === 2)?.tableLabel).toBe('Table 1');

    // Sunday 00:30: a new day, and no evening yet.
    clock.freeze(new Date('2026-11-21T23:30:00Z'));
    dashboard = await dashboardOf(agent);
    expect(dashboard.today).toEqual({ count: 0, averageRating: null });
    expect(dashboard.sinceEvening).toBeNull();
  });

  it('starts a new owner with four open items, each ticked only by the owner’s own action', async () => {
    const { agent } = await ownerWithRestaurant();
    // The restaurant has QR codes, rewards and automations from setup: nothing is ticked for that.
    expect((await dashboardOf(agent)).todo).toEqual({ hasQrCodes: false, hasReviewLink: false, hasRewards: false, hasOpenedAutomations: false });

    expect((await agent.get('/api/automations')).status).toBe(200);
    expect((await dashboardOf(agent)).todo).toEqual({ hasQrCodes: false, hasReviewLink: false, hasRewards: false, hasOpenedAutomations: true });

    expect((await agent.post('/api/loyalty/rewards', { label: 'Digestif offert', cost: 80 })).status).toBe(201);
    expect((await dashboardOf(agent)).todo.hasRewards).toBe(true);

    expect((await agent.get('/api/qr/cards.pdf?layout=a4')).status).toBe(200);
    expect((await dashboardOf(agent)).todo.hasQrCodes).toBe(true);

    expect((await agent.put('/api/review-link', { url: 'https://g.page/r/mon-resto/review' })).status).toBe(200);
    expect((await dashboardOf(agent)).todo).toEqual({ hasQrCodes: true, hasReviewLink: true, hasRewards: true, hasOpenedAutomations: true });
  });

  it('ticks QR codes when the owner downloads a PNG, and rewards when one is edited', async () => {
    const { agent } = await ownerWithRestaurant();
    expect((await agent.post('/api/qr/downloaded')).status).toBe(200);
    const { rewards } = (await agent.get('/api/loyalty').then((r) => r.json())) as { rewards: Array<{ id: string }> };
    expect((await agent.patch(`/api/loyalty/rewards/${rewards[0].id}`, { isActive: false })).status).toBe(200);
    expect((await dashboardOf(agent)).todo).toMatchObject({ hasQrCodes: true, hasRewards: true, hasOpenedAutomations: false });
  });
});
