import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isOrganisationApproved } from '../../src/server/core/venue-state';
import { adminAuditLog } from '../../src/server/db/schema';
import { DINER_MESSAGES } from '../../src/shared/schemas/diner-messages';
import { addMember, createRestaurant, createSignedInAdmin, createUser, signIn, uniqueEmail } from '../support/factories';
import { type ReceivedMail } from '../support/smtp';
import { type TestAgent } from '../support/test-app';
import { createDinerRestaurant, useDinerSmtpContext } from './diner-support';

/**
 * Decision 055: the platform's approval, rejection and suspension apply to the organisation and gate all its
 * venues (owner routes, /api/me, the diner pages); a venue alone can be suspended, which gates that venue only.
 * Decisions are mailed to the organisation's propriétaires, received here by a real SMTP server.
 */
let admin: TestAgent;

const { ctx, smtp } = useDinerSmtpContext({ env: { MAIL_MODE: 'smtp' } });
beforeAll(async () => {
  ({ agent: admin } = await createSignedInAdmin(ctx));
});

const LONG_REASON = 'Le SIREN fourni ne correspond à aucune entreprise.';

/**
 * An organisation in `status` with two venues (each with its QR codes), two propriétaires, and a gérant on
 * each venue only (so each venue's owner routes are seen through someone who works there alone).
 */
async function organisationWithTwoVenues(status: 'pending' | 'approved') {
  const owner = await createUser(ctx, { name: 'Camille Patronne', email: uniqueEmail('owner') });
  const first = await createDinerRestaurant(ctx, { status, ownerId: owner.id, name: 'Le Premier', contactEmail: uniqueEmail('contact') });
  const organisationId = first.restaurant.organisationId;
  const second = await createDinerRestaurant(ctx, { organisationId, name: 'Le Second', contactEmail: uniqueEmail('contact') });
  const coOwner = await createUser(ctx, { name: 'Dominique Associée', email: uniqueEmail('coowner') });
  await addMember(ctx, { organisationId, userId: coOwner.id, role: 'owner' });
  const managerOfFirst = await createUser(ctx, { email: uniqueEmail('manager-first') });
  await addMember(ctx, { organisationId, userId: managerOfFirst.id, role: 'manager', venues: [first.restaurant.id] });
  const managerOfSecond = await createUser(ctx, { email: uniqueEmail('manager-second') });
  await addMember(ctx, { organisationId, userId: managerOfSecond.id, role: 'manager', venues: [second.restaurant.id] });
  return {
    organisationId,
    first,
    second,
    owner,
    coOwner,
    managers: { first: managerOfFirst, second: managerOfSecond },
    agents: { owner: await signIn(ctx, owner.email), first: await signIn(ctx, managerOfFirst.email), second: await signIn(ctx, managerOfSecond.email) },
  };
}

type Group = Awaited<ReturnType<typeof organisationWithTwoVenues>>;

/** What the owner pages of a venue answer (through a member of that venue alone): 200, or the gate's 403 message. */
async function ownerRoute(agent: TestAgent): Promise<number | string> {
  const response = await agent.get('/api/owner/restaurant');
  if (response.status === 200) return 200;
  expect(response.status).toBe(403);
  return (await response.json()).error.message;
}

/** Whether a venue's diner pages are open: the public restaurant and its printed QR code. */
async function dinerPages(venue: Group['first']): Promise<boolean> {
  const visitor = ctx.agent();
  const page = await visitor.get(`/api/public/restaurants/${venue.restaurant.id}`);
  const qr = await visitor.get(`/api/public/qr/${venue.mainQr.code}`);
  expect(qr.status).toBe(page.status);
  if (page.status === 200) return true;
  expect(page.status).toBe(404);
  expect((await page.json()).error.message).toBe(DINER_MESSAGES.restaurantNotFound);
  expect((await qr.json()).error.message).toBe(DINER_MESSAGES.restaurantNotFound);
  return false;
}

async function me(agent: TestAgent) {
  return (await agent.get('/api/me')).json() as Promise<{ gate: string; restaurants: Array<{ id: string; status: string; rejectionReason: string | null; suspensionReason: string | null }> }>;
}

/** The mails received over SMTP for `to` since `from` (an index into smtp.received). */
function receivedFor(to: string, from: number): ReceivedMail[] {
  return smtp.received.slice(from).filter((mail) => mail.envelope.to.includes(to));
}

async function audit(organisationId: string) {
  return ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.organisationId, organisationId)).orderBy(adminAuditLog.createdAt);
}

describe('a decision on the organisation gates all its venues', () => {
  it('pending: every venue closed; approval opens them all, audited and mailed to each propriétaire only', async () => {
    const group = await organisationWithTwoVenues('pending');
    expect(await me(group.agents.owner)).toMatchObject({
      gate: 'pending',
      restaurants: [
        { id: group.first.restaurant.id, status: 'pending' },
        { id: group.second.restaurant.id, status: 'pending' },
      ],
    });
    expect(await ownerRoute(group.agents.first)).toBe('Votre compte est en cours de validation.');
    expect(await ownerRoute(group.agents.second)).toBe('Votre compte est en cours de validation.');
    expect(await dinerPages(group.first)).toBe(false);
    expect(await dinerPages(group.second)).toBe(false);
    expect(await isOrganisationApproved(ctx.db, group.organisationId)).toBe(false);

    const before = smtp.received.length;
    const response = await admin.post(`/api/admin/organisations/${group.organisationId}/approve`, {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ organisation: { id: group.organisationId, status: 'approved' }, emailSent: true });

    expect(await me(group.agents.owner)).toMatchObject({ gate: 'approved', restaurants: [{ status: 'approved' }, { status: 'approved' }] });
    expect(await ownerRoute(group.agents.first)).toBe(200);
    expect(await ownerRoute(group.agents.second)).toBe(200);
    expect(await dinerPages(group.first)).toBe(true);
    expect(await dinerPages(group.second)).toBe(true);
    expect(await isOrganisationApproved(ctx.db, group.organisationId)).toBe(true);
    expect(await audit(group.organisationId)).toMatchObject([{ action: 'approve', organisationId: group.organisationId, restaurantId: null, reason: null }]);

    // One email to each propriétaire (greeted by first name, naming the organisation); none to the gérants.
    for (const [owner, firstName] of [
      [group.owner, 'Camille'],
      [group.coOwner, 'Dominique'],
    ] as const) {
      const [mail] = receivedFor(owner.email, before);
      expect(mail.parsed.subject).toBe('Votre compte ReFeed est validé – Le Premier');
      expect(mail.parsed.html).toContain(`Bonjour ${firstName},`);
      expect(receivedFor(owner.email, before)).toHaveLength(1);
    }
    expect(receivedFor(group.managers.first.email, before)).toEqual([]);
    expect(receivedFor(group.managers.second.email, before)).toEqual([]);

    // A venue added to an approved organisation is open at once.
    const third = await createDinerRestaurant(ctx, { organisationId: group.organisationId, name: 'Le Troisième' });
    expect(await dinerPages(third)).toBe(true);
  });

  it('rejected: every venue closed with the reason, mailed to the propriétaires', async () => {
    const group = await organisationWithTwoVenues('pending');
    const before = smtp.received.length;
    const response = await admin.post(`/api/admin/organisations/${group.organisationId}/reject`, { reason: LONG_REASON });
    expect(response.status).toBe(200);
    expect((await response.json()).emailSent).toBe(true);
    expect(await me(group.agents.owner)).toMatchObject({
      gate: 'rejected',
      restaurants: [
        { status: 'rejected', rejectionReason: LONG_REASON, suspensionReason: null },
        { status: 'rejected', rejectionReason: LONG_REASON, suspensionReason: null },
      ],
    });
    expect(await ownerRoute(group.agents.first)).toBe('Demande refusée');
    expect(await ownerRoute(group.agents.second)).toBe('Demande refusée');
    expect(await dinerPages(group.first)).toBe(false);
    expect(await dinerPages(group.second)).toBe(false);
    expect(await audit(group.organisationId)).toMatchObject([{ action: 'reject', restaurantId: null, reason: LONG_REASON }]);
    for (const owner of [group.owner, group.coOwner]) {
      const [mail] = receivedFor(owner.email, before);
      expect(mail.parsed.subject).toContain('refusée');
      expect(mail.parsed.html).toContain(LONG_REASON);
    }
  });

  it('suspended: every venue closed with the reason; reactivation opens them again', async () => {
    const group = await organisationWithTwoVenues('approved');
    const reason = 'Avis frauduleux signalés à plusieurs reprises';
    const before = smtp.received.length;
    expect((await admin.post(`/api/admin/organisations/${group.organisationId}/suspend`, { reason })).status).toBe(200);
    const suspended = await me(group.agents.owner);
    expect(suspended.gate).toBe('suspended');
    expect(suspended.restaurants.map((r) => [r.status, r.suspensionReason])).toEqual([
      ['suspended', reason],
      ['suspended', reason],
    ]);
    expect(await ownerRoute(group.agents.first)).toBe('Compte suspendu');
    expect(await ownerRoute(group.agents.second)).toBe('Compte suspendu');
    expect(await dinerPages(group.first)).toBe(false);
    expect(await dinerPages(group.second)).toBe(false);
    for (const owner of [group.owner, group.coOwner]) expect(receivedFor(owner.email, before).map((mail) => mail.parsed.subject)).toEqual(['Votre compte ReFeed est suspendu – Le Premier']);

    expect((await admin.post(`/api/admin/organisations/${group.organisationId}/reactivate`, {})).status).toBe(200);
    expect((await me(group.agents.owner)).restaurants.map((r) => [r.status, r.suspensionReason])).toEqual([
      ['approved', null],
      ['approved', null],
    ]);
    expect(await ownerRoute(group.agents.first)).toBe(200);
    expect(await ownerRoute(group.agents.second)).toBe(200);
    expect(await dinerPages(group.first)).toBe(true);
    expect(await dinerPages(group.second)).toBe(true);
    expect((await audit(group.organisationId)).map((row) => [row.action, row.restaurantId, row.reason])).toEqual([
      ['suspend', null, reason],
      ['reactivate', null, null],
    ]);
  });
});

describe('an organisation without a propriétaire', () => {
  it('has its decision mailed to its venue’s contact email, as before decision 055', async () => {
    const venue = await createRestaurant(ctx, { status: 'pending', name: 'Sans Propriétaire', contactEmail: uniqueEmail('contact') });
    const before = smtp.received.length;
    const response = await admin.post(`/api/admin/organisations/${venue.organisationId}/approve`, {});
    expect(await response.json()).toEqual({ organisation: { id: venue.organisationId, status: 'approved' }, emailSent: true });
    expect(receivedFor(venue.contactEmail, before).map((mail) => mail.parsed.subject)).toEqual(['Votre compte ReFeed est validé – Sans Propriétaire']);
  });
});

describe('a venue suspended alone', () => {
  it('gates that venue only (its owner routes, its diner pages), is audited and mailed, and is reactivated alone', async () => {
    const group = await organisationWithTwoVenues('approved');
    const reason = 'Plaintes sanitaires répétées sur cet établissement';
    const before = smtp.received.length;
    const response = await admin.post(`/api/admin/restaurants/${group.second.restaurant.id}/suspend`, { reason });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ restaurant: { id: group.second.restaurant.id, organisationId: group.organisationId, status: 'suspended' }, emailSent: true });

    // The owner's first venue is still open; the second shows its own suspension with its reason.
    expect(await me(group.agents.owner)).toMatchObject({
      gate: 'approved',
      restaurants: [
        { id: group.first.restaurant.id, status: 'approved', suspensionReason: null },
        { id: group.second.restaurant.id, status: 'suspended', suspensionReason: reason },
      ],
    });
    expect(await me(group.agents.second)).toMatchObject({ gate: 'suspended', restaurants: [{ status: 'suspended', suspensionReason: reason }] });
    expect(await ownerRoute(group.agents.first)).toBe(200);
    expect(await ownerRoute(group.agents.second)).toBe('Compte suspendu');
    expect(await dinerPages(group.first)).toBe(true);
    expect(await dinerPages(group.second)).toBe(false);
    expect(await isOrganisationApproved(ctx.db, group.organisationId)).toBe(true);
    expect(await audit(group.organisationId)).toMatchObject([{ action: 'suspend', restaurantId: group.second.restaurant.id, reason }]);
    for (const owner of [group.owner, group.coOwner]) {
      const [mail] = receivedFor(owner.email, before);
      expect(mail.parsed.subject).toBe('Votre compte ReFeed est suspendu – Le Second');
      expect(mail.parsed.html).toContain(reason);
    }
    expect(receivedFor(group.managers.second.email, before)).toEqual([]);

    // Twice: 409, nothing written.
    const again = await admin.post(`/api/admin/restaurants/${group.second.restaurant.id}/suspend`, { reason });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe('Seul un établissement actif peut être suspendu (statut actuel : Suspendu).');

    // The admin detail shows each venue's own state and who suspended it.
    const detail = await (await admin.get(`/api/admin/organisations/${group.organisationId}`)).json();
    expect(detail.organisation.status).toBe('approved');
    expect(detail.venues.map((v: { name: string; status: string; suspensionReason: string | null }) => [v.name, v.status, v.suspensionReason])).toEqual([
      ['Le Premier', 'approved', null],
      ['Le Second', 'suspended', reason],
    ]);
    expect(detail.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'owner', 'manager', 'manager']);
    expect(detail.history).toMatchObject([{ action: 'suspend', restaurantId: group.second.restaurant.id, restaurantName: 'Le Second', reason }]);

    // The organisation's own suspension and reactivation leave the venue's own suspension as it was.
    await admin.post(`/api/admin/organisations/${group.organisationId}/suspend`, { reason: LONG_REASON });
    expect((await me(group.agents.second)).restaurants[0]).toMatchObject({ status: 'suspended', suspensionReason: LONG_REASON });
    await admin.post(`/api/admin/organisations/${group.organisationId}/reactivate`, {});
    expect((await me(group.agents.second)).restaurants[0]).toMatchObject({ status: 'suspended', suspensionReason: reason });
    expect(await dinerPages(group.second)).toBe(false);
    expect(await dinerPages(group.first)).toBe(true);

    const reactivated = await admin.post(`/api/admin/restaurants/${group.second.restaurant.id}/reactivate`, {});
    expect(reactivated.status).toBe(200);
    expect(await ownerRoute(group.agents.second)).toBe(200);
    expect(await dinerPages(group.second)).toBe(true);
    expect(
      await ctx.db
        .select({ action: adminAuditLog.action })
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.restaurantId, group.second.restaurant.id))),
    ).toEqual(expect.arrayContaining([{ action: 'suspend' }, { action: 'reactivate' }]));
  });

  it('cannot be suspended without a reason, nor a venue of nobody', async () => {
    const venue = await createRestaurant(ctx);
    const blank = await admin.post(`/api/admin/restaurants/${venue.id}/suspend`, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).error.message).toBe('Le motif de suspension est obligatoire');
    const unknown = await admin.post('/api/admin/restaurants/7d3f2c1e-0000-4000-8000-000000000000/reactivate', {});
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe('Restaurant non trouvé');
  });
});
