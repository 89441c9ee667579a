// The team of an organisation (/api/team, issue #29, decision 053): the list, the owner's changes of a
// member's role and venues, removal, the last-owner rule and nobody changing their own membership.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberVenues, organisationMembers } from '../../src/server/db/schema';
import { ROLE_NOT_ALLOWED_MESSAGE } from '../../src/server/auth/guards';
import { TEAM_MESSAGES } from '../../src/shared/schemas/team';
import { addMember, createRestaurant, createSignedInOwner, createUser, signIn, uniqueEmail } from '../support/factories';
import type { TestAgent, TestContext } from '../support/test-app';
import { createDinerTestContext } from './diner-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createDinerTestContext();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const messageOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

async function roleOf(organisationId: string, userId: string) {
  const [member] = await ctx.db
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
  return member?.role ?? null;
}

/** An organisation with an owner, a second venue and one member of each other role (the gérant on venue A only). */
async function organisationWithTeam() {
  const { owner, restaurant, agent } = await createSignedInOwner(ctx, { restaurantName: 'Venue A' });
  const venueB = await createRestaurant(ctx, { organisationId: restaurant.organisationId, name: 'Venue B' });
  const organisationId = restaurant.organisationId;
  const members = {} as Record<'manager' | 'staff' | 'viewer', { id: string; email: string; agent: TestAgent }>;
  for (const role of ['manager', 'staff', 'viewer'] as const) {
    const created = await createUser(ctx, { email: uniqueEmail(role), name: `Membre ${role}` });
    await addMember(ctx, { organisationId, userId: created.id, role, venues: role === 'manager' ? [restaurant.id] : undefined });
    members[role] = { ...created, agent: await signIn(ctx, created.email) };
  }
  return { owner: { ...owner, agent }, venueA: restaurant, venueB, organisationId, members };
}

describe('the team list', () => {
  it('lists the members with role, venues and date, and the pending invitations, for those who may invite', async () => {
    const { owner, venueA, venueB, organisationId, members } = await organisationWithTeam();
    expect((await owner.agent.post('/api/team/invitations', { email: uniqueEmail('nouveau'), role: 'staff', allVenues: false, venueIds: [venueA.id] })).status).toBe(201);
    const team = await (await owner.agent.get('/api/team')).json();
    expect(team.viewer).toMatchObject({ userId: owner.id, role: 'owner', invitableRoles: ['owner', 'manager', 'staff', 'viewer'], mayManageMembers: true, mayInviteOnAllVenues: true });
    expect(team.venues.map((venue: { name: string }) => venue.name)).toEqual(['Venue A', 'Venue B']);
    expect(team.members).toHaveLength(4);
    expect(team.members[0]).toMatchObject({ userId: owner.id, email: owner.email, role: 'owner', allVenues: true, isSelf: true });
    expect(team.members.find((member: { role: string }) => member.role === 'manager')).toMatchObject({
      name: 'Membre manager',
      email: members.manager.email,
      allVenues: false,
      venues: [{ id: venueA.id, name: 'Venue A' }],
      isSelf: false,
    });
    expect(team.members[0].since).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(team.invitations).toEqual([expect.objectContaining({ role: 'staff', allVenues: false, venues: [{ id: venueA.id, name: 'Venue A' }], invitedBy: 'Camille Test', expired: false, mayManage: true })]);

    // The gérant of venue A: the roles and venues they may grant; the owner's invitation of a gérant is not theirs to manage.
    expect((await owner.agent.post('/api/team/invitations', { email: uniqueEmail('gerant'), role: 'manager', allVenues: true })).status).toBe(201);
    // Venue B's own member and invitation are not shown to the gérant of venue A, nor venue B itself.
    const onlyB = await createUser(ctx, { email: uniqueEmail('only-b') });
    await addMember(ctx, { organisationId, userId: onlyB.id, role: 'staff', venues: [venueB.id] });
    expect((await owner.agent.post('/api/team/invitations', { email: uniqueEmail('invite-b'), role: 'viewer', allVenues: false, venueIds: [venueB.id] })).status).toBe(201);
    const seen = await (await members.manager.agent.get('/api/team')).json();
    expect(seen.viewer).toMatchObject({ role: 'manager', invitableRoles: ['staff', 'viewer'], mayManageMembers: false, mayInviteOnAllVenues: false });
    expect(seen.invitableVenues).toEqual([{ id: venueA.id, name: 'Venue A' }]);
    expect(JSON.stringify(seen)).not.toContain(venueB.id);
    expect(JSON.stringify(seen)).not.toContain(onlyB.email);
    expect(seen.members).toHaveLength(4);
    expect(seen.invitations.map((invitation: { role: string; mayManage: boolean }) => [invitation.role, invitation.mayManage])).toEqual([
      ['manager', false],
      ['staff', true],
    ]);
    // Équipe and lecture do not open the team.
    for (const role of ['staff', 'viewer'] as const) {
      const refused = await members[role].agent.get('/api/team');
      expect(refused.status).toBe(403);
      expect(await messageOf(refused)).toBe(ROLE_NOT_ALLOWED_MESSAGE);
    }
  });

  it('a gérant resends and revokes only the invitations of roles and venues they may grant', async () => {
    const { owner, venueA, venueB, members } = await organisationWithTeam();
    await owner.agent.post('/api/team/invitations', { email: uniqueEmail('gerant'), role: 'manager', allVenues: true });
    await owner.agent.post('/api/team/invitations', { email: uniqueEmail('b'), role: 'staff', allVenues: false, venueIds: [venueB.id] });
    await members.manager.agent.post('/api/team/invitations', { email: uniqueEmail('a'), role: 'staff', allVenues: false, venueIds: [venueA.id] });
    const { invitations } = await (await owner.agent.get('/api/team')).json();
    const byEmail = (prefix: string) => invitations.find((invitation: { email: string }) => invitation.email.startsWith(prefix)).id as string;
    for (const id of [byEmail('gerant'), byEmail('b-')]) {
      expect((await members.manager.agent.post(`/api/team/invitations/${id}/resend`)).status).toBe(403);
      const refused = await members.manager.agent.delete(`/api/team/invitations/${id}`);
      expect(refused.status).toBe(403);
      expect(await messageOf(refused)).toBe(TEAM_MESSAGES.roleNotGrantable);
    }
    expect((await members.manager.agent.post(`/api/team/invitations/${byEmail('a-')}/resend`)).status).toBe(200);
    const { invitations: after } = await (await owner.agent.get('/api/team')).json();
    const resent = after.find((invitation: { email: string }) => invitation.email.startsWith('a-')).id as string;
    expect(resent).not.toBe(byEmail('a-'));
    expect((await members.manager.agent.delete(`/api/team/invitations/${resent}`)).status).toBe(200);
    // Gone from the list; a second revoke finds nothing.
    expect((await members.manager.agent.delete(`/api/team/invitations/${resent}`)).status).toBe(404);
    // Another organisation's owner cannot touch them.
    const stranger = (await createSignedInOwner(ctx)).agent;
    expect((await stranger.delete(`/api/team/invitations/${byEmail('gerant')}`)).status).toBe(404);
  });
});

describe('the owner’s changes to a member', () => {
  it('changes a member’s role and venues, and removes a member, who then opens nothing of the organisation', async () => {
    const { owner, venueA, venueB, organisationId, members } = await organisationWithTeam();
    expect((await owner.agent.patch(`/api/team/members/${members.staff.id}/role`, { role: 'manager' })).status).toBe(200);
    expect(await roleOf(organisationId, members.staff.id)).toBe('manager');
    expect((await members.staff.agent.get('/api/me').then((r) => r.json())).restaurants[0].role).toBe('manager');

    expect((await owner.agent.put(`/api/team/members/${members.staff.id}/venues`, { allVenues: false, venueIds: [venueB.id] })).status).toBe(200);
    const venues = await ctx.db.select().from(memberVenues).where(eq(memberVenues.userId, members.staff.id));
    expect(venues.map((venue) => venue.restaurantId)).toEqual([venueB.id]);
    expect((await members.staff.agent.get('/api/owner/restaurant').then((r) => r.json())).id).toBe(venueB.id);
    // A venue of no organisation of theirs, none at all: refused in French.
    expect(await messageOf(await owner.agent.put(`/api/team/members/${members.staff.id}/venues`, { allVenues: false, venueIds: [] }))).toBe(TEAM_MESSAGES.venuesRequired);
    // A propriétaire keeps every venue.
    expect((await owner.agent.patch(`/api/team/members/${members.viewer.id}/role`, { role: 'owner' })).status).toBe(200);
    expect(await messageOf(await owner.agent.put(`/api/team/members/${members.viewer.id}/venues`, { allVenues: false, venueIds: [venueA.id] }))).toBe(TEAM_MESSAGES.ownerAllVenues);

    expect((await owner.agent.delete(`/api/team/members/${members.manager.id}`)).status).toBe(200);
    expect(await roleOf(organisationId, members.manager.id)).toBeNull();
    expect((await members.manager.agent.get('/api/owner/restaurant')).status).toBe(403);
    expect((await owner.agent.delete(`/api/team/members/${members.manager.id}`)).status).toBe(404);
  });

  it('only the owner manages members; nobody changes their own membership, not even to raise their role', async () => {
    const { owner, members, organisationId } = await organisationWithTeam();
    for (const role of ['manager', 'staff', 'viewer'] as const) {
      const raise = await members[role].agent.patch(`/api/team/members/${members[role].id}/role`, { role: 'owner' });
      expect(raise.status, role).toBe(403);
      expect((await members[role].agent.delete(`/api/team/members/${members.staff.id}`)).status).toBe(403);
      expect(await roleOf(organisationId, members[role].id)).toBe(role);
    }
    // A second owner, so the owner is not the last one: changing themselves is still refused.
    expect((await owner.agent.patch(`/api/team/members/${members.viewer.id}/role`, { role: 'owner' })).status).toBe(200);
    for (const response of [
      await owner.agent.patch(`/api/team/members/${owner.id}/role`, { role: 'manager' }),
      await owner.agent.put(`/api/team/members/${owner.id}/venues`, { allVenues: true }),
      await owner.agent.delete(`/api/team/members/${owner.id}`),
    ]) {
      expect(response.status).toBe(403);
      expect(await messageOf(response)).toBe(TEAM_MESSAGES.notYourself);
    }
    expect(await roleOf(organisationId, owner.id)).toBe('owner');
  });

  it('never removes nor demotes the last propriétaire (409), even when two owners demote each other at once', async () => {
    const { owner, members, organisationId } = await organisationWithTeam();
    for (const response of [await owner.agent.patch(`/api/team/members/${owner.id}/role`, { role: 'viewer' }), await owner.agent.delete(`/api/team/members/${owner.id}`)]) {
      expect(response.status).toBe(409);
      expect(await messageOf(response)).toBe(TEAM_MESSAGES.lastOwner);
    }
    expect(await roleOf(organisationId, owner.id)).toBe('owner');

    // Two owners, each demoting the other at the same moment: one of them stays propriétaire.
    expect((await owner.agent.patch(`/api/team/members/${members.viewer.id}/role`, { role: 'owner' })).status).toBe(200);
    const answers = await Promise.all([
      owner.agent.patch(`/api/team/members/${members.viewer.id}/role`, { role: 'staff' }),
      members.viewer.agent.patch(`/api/team/members/${owner.id}/role`, { role: 'staff' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    const owners = (await ctx.db.select().from(organisationMembers).where(eq(organisationMembers.organisationId, organisationId))).filter((member) => member.role === 'owner');
    expect(owners).toHaveLength(1);
    // Removing each other at once: the same.
    const [survivor] = owners;
    const other = survivor.userId === owner.id ? members.viewer : owner;
    const survivorAgent = survivor.userId === owner.id ? owner.agent : members.viewer.agent;
    expect((await survivorAgent.patch(`/api/team/members/${other.id}/role`, { role: 'owner' })).status).toBe(200);
    const removals = await Promise.all([survivorAgent.delete(`/api/team/members/${other.id}`), other.agent.delete(`/api/team/members/${survivor.userId}`)]);
    expect(removals.map((answer) => answer.status).sort()).toEqual([200, 403]);
    const left = (await ctx.db.select().from(organisationMembers).where(eq(organisationMembers.organisationId, organisationId))).filter((member) => member.role === 'owner');
    expect(left).toHaveLength(1);
  });
});
