import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, organisations, restaurants, type RestaurantStatus } from '../../src/server/db/schema';
import { createAdminRoutes } from '../../src/server/features/admin/admin.routes';
import { createRestaurant, createSignedInAdmin, createSignedInOwner, createUser, uniqueEmail } from '../support/factories';
import { isUuid } from '../../src/shared/rules/uuid';
import { createTestContext, type TestAgent, type TestContext } from '../support/test-app';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createSignedInAdmin>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const LONG_REASON = 'Le SIREN fourni ne correspond à aucun établissement.';

/** The organisation of a venue (decision 055: the platform's approval is the organisation's); any other id as is. */
async function orgOf(restaurantId: string): Promise<string> {
  if (!isUuid(restaurantId)) return restaurantId;
  const [row] = await ctx.db.select({ organisationId: restaurants.organisationId }).from(restaurants).where(eq(restaurants.id, restaurantId));
  return row?.organisationId ?? restaurantId;
}

async function auditRows(restaurantId: string) {
  return ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.organisationId, await orgOf(restaurantId))).orderBy(asc(adminAuditLog.createdAt));
}

/** The organisation row of a venue (its status, decisions and notes). */
async function statusOf(restaurantId: string) {
  const [row] = await ctx.db.select().from(organisations).where(eq(organisations.id, await orgOf(restaurantId)));
  return row;
}

/** A venue of a new organisation in `status` whose propriétaire's address is the contact email (decisions are mailed to propriétaires). */
async function restaurantWithOwner(status: RestaurantStatus, options: { contactEmail?: string; name?: string } = {}) {
  const owner = await createUser(ctx, { email: options.contactEmail ?? uniqueEmail('resto') });
  return createRestaurant(ctx, { status, ownerId: owner.id, contactEmail: owner.email, name: options.name });
}

async function pendingRestaurant(options: { contactEmail?: string } = {}) {
  return restaurantWithOwner('pending', options);
}

async function act(agent: TestAgent, restaurantId: string, action: 'approve' | 'reject' | 'suspend' | 'reactivate', body: unknown = {}) {
  return agent.post(`/api/admin/organisations/${await orgOf(restaurantId)}/${action}`, body);
}

describe('access to the admin API', () => {
  // Walks the router itself, so an endpoint added later is checked too.
  function adminEndpoints(restaurantId: string, userId: string) {
    // Hono lists a route once per handler (validator + handler): keep one entry per method and path.
    const unique = new Map<string, { method: string; path: string }>();
    for (const route of createAdminRoutes(ctx.deps).routes) {
      if (route.method === 'ALL') continue;
      const path = `/api/admin${route.path.replace(':id', restaurantId).replace(':userId', userId)}`;
      unique.set(`${route.method} ${path}`, { method: route.method, path });
    }
    return [...unique.values()];
  }

  it('lists every endpoint of the router (sanity check of the walk)', () => {
    const paths = adminEndpoints('r', 'u').map((e) => `${e.method} ${e.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/admin/me',
        'GET /api/admin/overview',
        'GET /api/admin/billing',
        'GET /api/admin/organisations',
        'GET /api/admin/organisations/r',
        'PATCH /api/admin/organisations/r/notes',
        'POST /api/admin/organisations/r/approve',
        'POST /api/admin/organisations/r/reject',
        'POST /api/admin/organisations/r/suspend',
        'POST /api/admin/organisations/r/reactivate',
        'POST /api/admin/organisations/r/plan',
        'POST /api/admin/restaurants/r/suspend',
        'POST /api/admin/restaurants/r/reactivate',
        'GET /api/admin/admins',
        'POST /api/admin/admins',
        'DELETE /api/admin/admins/u',
      ]),
    );
    expect(paths).toHaveLength(16);
  });

  it('answers 403 to a signed-in owner who is not an administrator, on every endpoint, and changes nothing', async () => {
    const { agent: ownerAgent, owner } = await createSignedInOwner(ctx);
    const target = await pendingRestaurant();
    const endpoints = adminEndpoints(target.id, admin.admin.id);
    for (const endpoint of endpoints) {
      const response = await ownerAgent.request(endpoint.path, {
        method: endpoint.method,
        json: endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : { reason: LONG_REASON, email: owner.email, notes: 'x' },
      });
      expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(403);
      expect((await response.json()).error.code).toBe('FORBIDDEN');
    }
    expect((await statusOf(target.id)).status).toBe('pending');
    expect(await auditRows(target.id)).toHaveLength(0);
    const admins = await (await admin.agent.get('/api/admin/admins')).json();
    expect(admins.admins.map((a: { email: string }) => a.email)).not.toContain(owner.email);
  });

  it('answers 401 when signed out, on every endpoint', async () => {
    const target = await pendingRestaurant();
    for (const endpoint of adminEndpoints(target.id, admin.admin.id)) {
      const response = await ctx.agent().request(endpoint.path, { method: endpoint.method, json: endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {} });
      expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(401);
    }
  });

  it('tells the client gate who the administrator is', async () => {
    const response = await admin.agent.get('/api/admin/me');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ isAdmin: true, user: { id: admin.admin.id, email: admin.admin.email } });
  });
});

describe('status transitions', () => {
  it('approves a pending organisation: dates, approver, notes, audit row, email to the propriétaire; the owner is then let in', async () => {
    const { owner, restaurant, agent: ownerAgent } = await createSignedInOwner(ctx, { status: 'pending' });
    const response = await act(admin.agent, restaurant.id, 'approve', { notes: 'Appel le 12/03, dossier complet.' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ organisation: { id: restaurant.organisationId, status: 'approved' }, emailSent: true });

    const row = await statusOf(restaurant.id);
    expect(row.status).toBe('approved');
    expect(row.approvedBy).toBe(admin.admin.id);
    expect(row.approvedAt).toBeInstanceOf(Date);
    expect(row.notes).toBe('Appel le 12/03, dossier complet.');

    const audit = await auditRows(restaurant.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminUserId: admin.admin.id, action: 'approve', organisationId: restaurant.organisationId, restaurantId: null, reason: null });

    const [mail] = await ctx.mails(owner.email);
    expect(mail.subject).toContain('validé');
    expect(mail.html).toContain('Le Bistrot Test');

    const me = await (await ownerAgent.get('/api/me')).json();
    expect(me.restaurants[0].status).toBe('approved');
  });

  it('keeps existing notes when approving without notes', async () => {
    const restaurant = await pendingRestaurant();
    await admin.agent.patch(`/api/admin/organisations/${restaurant.organisationId}/notes`, { notes: 'Note gardée' });
    expect((await act(admin.agent, restaurant.id, 'approve', {})).status).toBe(200);
    expect((await statusOf(restaurant.id)).notes).toBe('Note gardée');
  });

  it('rejects a pending organisation with a trimmed reason, audits it and emails the reason', async () => {
    const restaurant = await pendingRestaurant();
    const response = await act(admin.agent, restaurant.id, 'reject', { reason: `  ${LONG_REASON}  ` });
    expect(response.status).toBe(200);
    expect((await response.json()).emailSent).toBe(true);
    const row = await statusOf(restaurant.id);
    expect(row).toMatchObject({ status: 'rejected', rejectedBy: admin.admin.id, rejectionReason: LONG_REASON });
    expect(row.rejectedAt).toBeInstanceOf(Date);
    expect(await auditRows(restaurant.id)).toMatchObject([{ action: 'reject', reason: LONG_REASON, adminUserId: admin.admin.id }]);
    const [mail] = await ctx.mails(restaurant.contactEmail);
    expect(mail.subject).toContain('refusée');
    expect(mail.html).toContain('Le SIREN fourni ne correspond à aucun établissement.');
  });

  it('suspends an approved organisation, then reactivates it and clears the suspension fields', async () => {
    const { restaurant, agent: ownerAgent } = await createSignedInOwner(ctx);
    const reason = 'Avis frauduleux signalés à plusieurs reprises';
    const suspended = await act(admin.agent, restaurant.id, 'suspend', { reason });
    expect(suspended.status).toBe(200);
    let row = await statusOf(restaurant.id);
    expect(row).toMatchObject({ status: 'suspended', suspendedBy: admin.admin.id, suspensionReason: reason });
    expect(row.suspendedAt).toBeInstanceOf(Date);
    const me = await (await ownerAgent.get('/api/me')).json();
    expect(me.restaurants[0]).toMatchObject({ status: 'suspended', suspensionReason: reason });
    const suspendMail = (await ctx.mails(restaurant.contactEmail))[0];
    expect(suspendMail.subject).toContain('suspendu');
    expect(suspendMail.html).toContain(reason);

    const reactivated = await act(admin.agent, restaurant.id, 'reactivate');
    expect(reactivated.status).toBe(200);
    expect(await reactivated.json()).toEqual({ organisation: { id: restaurant.organisationId, status: 'approved' }, emailSent: true });
    row = await statusOf(restaurant.id);
    expect(row).toMatchObject({ status: 'approved', suspendedAt: null, suspendedBy: null, suspensionReason: null });
    expect((await ctx.mails(restaurant.contactEmail))[0].subject).toContain('réactivé');
    expect((await auditRows(restaurant.id)).map((a) => [a.action, a.reason])).toEqual([
      ['suspend', reason],
      ['reactivate', null],
    ]);
  });

  const REFUSED: Array<[RestaurantStatus, 'approve' | 'reject' | 'suspend' | 'reactivate', string]> = [
    ['approved', 'approve', 'Seule une organisation en attente de validation peut être approuvée (statut actuel : Approuvée).'],
    ['rejected', 'approve', 'Seule une organisation en attente de validation peut être approuvée (statut actuel : Refusée).'],
    ['suspended', 'approve', 'Seule une organisation en attente de validation peut être approuvée (statut actuel : Suspendue).'],
    ['approved', 'reject', 'Seule une organisation en attente de validation peut être refusée (statut actuel : Approuvée).'],
    ['rejected', 'reject', 'Seule une organisation en attente de validation peut être refusée (statut actuel : Refusée).'],
    ['suspended', 'reject', 'Seule une organisation en attente de validation peut être refusée (statut actuel : Suspendue).'],
    ['pending', 'suspend', 'Seule une organisation approuvée peut être suspendue (statut actuel : En attente).'],
    ['rejected', 'suspend', 'Seule une organisation approuvée peut être suspendue (statut actuel : Refusée).'],
    ['suspended', 'suspend', 'Seule une organisation approuvée peut être suspendue (statut actuel : Suspendue).'],
    ['pending', 'reactivate', 'Seule une organisation suspendue peut être réactivée (statut actuel : En attente).'],
    ['approved', 'reactivate', 'Seule une organisation suspendue peut être réactivée (statut actuel : Approuvée).'],
    ['rejected', 'reactivate', 'Seule une organisation suspendue peut être réactivée (statut actuel : Refusée).'],
  ];

  it.each(REFUSED)('refuses a %s organisation → %s with 409, no change, no audit row, no email', async (status, action, message) => {
    const restaurant = await restaurantWithOwner(status, { contactEmail: uniqueEmail('refused') });
    const response = await act(admin.agent, restaurant.id, action, { reason: LONG_REASON });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: 'CONFLICT', message } });
    expect((await statusOf(restaurant.id)).status).toBe(status);
    expect(await auditRows(restaurant.id)).toHaveLength(0);
    expect(await ctx.mails(restaurant.contactEmail)).toHaveLength(0);
  });

  it('answers 404 "Organisation non trouvée" (or "Restaurant non trouvé" for a venue) for an unknown or malformed id', async () => {
    for (const id of ['7d3f2c1e-0000-4000-8000-000000000000', 'pas-un-uuid']) {
      for (const response of [await admin.agent.get(`/api/admin/organisations/${id}`), await act(admin.agent, id, 'approve'), await admin.agent.patch(`/api/admin/organisations/${id}/notes`, { notes: 'x' })]) {
        expect(response.status).toBe(404);
        expect((await response.json()).error.message).toBe('Organisation non trouvée');
      }
      for (const response of [await admin.agent.post(`/api/admin/restaurants/${id}/suspend`, { reason: LONG_REASON }), await admin.agent.post(`/api/admin/restaurants/${id}/reactivate`, {})]) {
        expect(response.status).toBe(404);
        expect((await response.json()).error.message).toBe('Restaurant non trouvé');
      }
    }
  });
});

describe('reason validation (even when the UI is bypassed)', () => {
  const CASES: Array<['reject' | 'suspend', RestaurantStatus, unknown, string]> = [
    ['reject', 'pending', {}, 'Motif requis'],
    ['reject', 'pending', { reason: 42 }, 'Motif requis'],
    ['reject', 'pending', { reason: '     ' }, 'Le motif de refus est obligatoire'],
    ['reject', 'pending', { reason: 'Trop bref' }, 'Motif trop court'],
    ['reject', 'pending', { reason: '   123456789   ' }, 'Motif trop court'],
    ['suspend', 'approved', {}, 'Motif requis'],
    ['suspend', 'approved', { reason: '' }, 'Le motif de suspension est obligatoire'],
    ['suspend', 'approved', { reason: '  abc   def  ' }, 'Motif trop court'],
  ];

  it.each(CASES)('%s on a %s organisation with %j → 400 "%s"', async (action, status, body, message) => {
    const restaurant = await restaurantWithOwner(status);
    const response = await act(admin.agent, restaurant.id, action, body);
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(message);
    expect((await statusOf(restaurant.id)).status).toBe(status);
    expect(await auditRows(restaurant.id)).toHaveLength(0);
  });

  it('accepts exactly 10 characters after trimming', async () => {
    const restaurant = await pendingRestaurant();
    const response = await act(admin.agent, restaurant.id, 'reject', { reason: '  1234567890  ' });
    expect(response.status).toBe(200);
    expect((await statusOf(restaurant.id)).rejectionReason).toBe('1234567890');
  });
});

describe('two administrators acting at once', () => {
  it('lets exactly one of approve and reject win on the same restaurant', async () => {
    const other = await createSignedInAdmin(ctx);
    for (let round = 0; round < 3; round++) {
      const restaurant = await pendingRestaurant();
      const [approve, reject] = await Promise.all([act(admin.agent, restaurant.id, 'approve', {}), act(other.agent, restaurant.id, 'reject', { reason: LONG_REASON })]);
      const statuses = [approve.status, reject.status].sort();
      expect(statuses).toEqual([200, 409]);
      const audit = await auditRows(restaurant.id);
      expect(audit).toHaveLength(1);
      const row = await statusOf(restaurant.id);
      expect(row.status).toBe(approve.status === 200 ? 'approved' : 'rejected');
      expect(audit[0].action).toBe(approve.status === 200 ? 'approve' : 'reject');
      expect(await ctx.mails(restaurant.contactEmail)).toHaveLength(1);
    }
  });

  it('lets exactly one of two approvals win', async () => {
    const other = await createSignedInAdmin(ctx);
    const restaurant = await pendingRestaurant();
    const responses = await Promise.all([act(admin.agent, restaurant.id, 'approve', {}), act(other.agent, restaurant.id, 'approve', {})]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await ctx.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.organisationId, restaurant.organisationId), eq(adminAuditLog.action, 'approve')))).toHaveLength(1);
  });
});

describe('restaurant detail and notes', () => {
  it('shows the organisation, its venues, its members, who acted and the audit history, newest first', async () => {
    const { owner, restaurant } = await createSignedInOwner(ctx, { status: 'pending' });
    await act(admin.agent, restaurant.id, 'approve', {});
    await act(admin.agent, restaurant.id, 'suspend', { reason: 'Impayés répétés depuis trois mois' });
    const response = await admin.agent.get(`/api/admin/organisations/${restaurant.organisationId}`);
    expect(response.status).toBe(200);
    const detail = await response.json();
    expect(detail.organisation).toMatchObject({
      id: restaurant.organisationId,
      name: 'Le Bistrot Test',
      siren: '123456789',
      status: 'suspended',
      approvedByEmail: admin.admin.email,
      suspendedByEmail: admin.admin.email,
      suspensionReason: 'Impayés répétés depuis trois mois',
    });
    expect(detail.venues).toEqual([expect.objectContaining({ id: restaurant.id, name: 'Le Bistrot Test', siret: '123456789', contactEmail: owner.email, status: 'approved' })]);
    expect(detail.members).toEqual([expect.objectContaining({ email: owner.email, role: 'owner' })]);
    expect(detail.history.map((h: { action: string; adminEmail: string; reason: string | null }) => [h.action, h.adminEmail, h.reason])).toEqual([
      ['suspend', admin.admin.email, 'Impayés répétés depuis trois mois'],
      ['approve', admin.admin.email, null],
    ]);
  });

  it('saves and clears internal notes', async () => {
    const restaurant = await pendingRestaurant();
    const notesPath = `/api/admin/organisations/${restaurant.organisationId}/notes`;
    let response = await admin.agent.patch(notesPath, { notes: 'Rappeler lundi' });
    expect(await response.json()).toEqual({ notes: 'Rappeler lundi' });
    response = await admin.agent.patch(notesPath, { notes: '   ' });
    expect(await response.json()).toEqual({ notes: null });
    response = await admin.agent.patch(notesPath, { notes: 'x'.repeat(5001) });
    expect(response.status).toBe(400);
  });
});

describe('overview', () => {
  it('counts organisations by status and lists pending requests oldest first', async () => {
    const before = await (await admin.agent.get('/api/admin/overview')).json();
    const older = await createRestaurant(ctx, { status: 'pending', name: 'Ancienne demande' });
    await ctx.db.update(organisations).set({ createdAt: new Date('2020-01-01T10:00:00Z') }).where(eq(organisations.id, older.organisationId));
    const newer = await createRestaurant(ctx, { status: 'pending', name: 'Nouvelle demande' });
    await createRestaurant(ctx, { status: 'rejected' });
    await createRestaurant(ctx, { status: 'suspended' });
    await createRestaurant(ctx, { status: 'approved' });
    const after = await (await admin.agent.get('/api/admin/overview')).json();
    expect(after.counts).toEqual({
      pending: before.counts.pending + 2,
      approved: before.counts.approved + 1,
      rejected: before.counts.rejected + 1,
      suspended: before.counts.suspended + 1,
    });
    const ids = after.pending.map((p: { id: string }) => p.id);
    expect(ids[0]).toBe(older.organisationId);
    expect(ids.indexOf(newer.organisationId)).toBeGreaterThan(0);
    expect(after.pending[0]).toMatchObject({ name: 'Ancienne demande', venueCount: 1, memberCount: 0, contactEmail: older.contactEmail });
    const times = after.pending.map((p: { createdAt: string }) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe('organisation directory', () => {
  it('searches the organisation and its venues (name, contact email, legal name, SIRET) case-insensitively, filters by status, pages', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const a = await createRestaurant(ctx, { status: 'pending', name: `Chez Zoé ${tag}`, contactEmail: `zoe-${tag}@exemple.fr` });
    const b = await createRestaurant(ctx, { status: 'approved', name: `Le Comptoir ${tag}` });
    await ctx.db.update(restaurants).set({ legalName: `SARL GOURMET-${tag.toUpperCase()}`, siret: '98765432100017' }).where(eq(restaurants.id, b.id));

    const search = async (query: string) => (await admin.agent.get(`/api/admin/organisations?${query}`)).json();
    expect((await search(`q=${encodeURIComponent(`CHEZ ZOÉ ${tag.toUpperCase()}`)}`)).items.map((i: { id: string }) => i.id)).toEqual([a.organisationId]);
    expect((await search(`q=ZOE-${tag.toUpperCase()}@EXEMPLE`)).items.map((i: { id: string }) => i.id)).toEqual([a.organisationId]);
    expect((await search(`q=gourmet-${tag}`)).items.map((i: { id: string }) => i.id)).toEqual([b.organisationId]);
    expect((await search('q=98765432100017')).items.map((i: { id: string }) => i.id)).toEqual([b.organisationId]);
    expect((await search(`q=${encodeURIComponent('987 654 321')}`)).items.map((i: { id: string }) => i.id)).toEqual([b.organisationId]);

    const approvedOnly = await search(`q=${tag}&status=approved`);
    expect(approvedOnly.items.map((i: { id: string }) => i.id)).toEqual([b.organisationId]);
    expect(approvedOnly.total).toBe(1);
    const both = await search(`q=${tag}&status=all`);
    expect(both.total).toBe(2);
    expect(both.items[0]).toMatchObject({ id: b.organisationId, name: `Le Comptoir ${tag}`, siren: '123456789', status: 'approved', venueCount: 1, memberCount: 0 });
    expect(both.items[0]).toHaveProperty('createdAt');
    expect(both.items[0]).toHaveProperty('contactEmail');

    const pageOne = await search(`q=${tag}&limit=1&offset=0`);
    const pageTwo = await search(`q=${tag}&limit=1&offset=1`);
    expect(pageOne.items).toHaveLength(1);
    expect(pageTwo.items).toHaveLength(1);
    expect(pageOne.items[0].id).not.toBe(pageTwo.items[0].id);
    expect(pageOne.total).toBe(2);
  });

  it('treats LIKE wildcards in the search as text', async () => {
    const result = await (await admin.agent.get(`/api/admin/organisations?q=${encodeURIComponent('%_%')}`)).json();
    expect(result.items).toEqual([]);
    expect(result.total).toBe(0);
  });

  it('answers 400 to a bad page size', async () => {
    const response = await admin.agent.get('/api/admin/organisations?limit=1000');
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('Pagination invalide');
  });
});
