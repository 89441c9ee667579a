// Invitations of issue #29 (decision 053), their whole life through the real mailbox: the link is read from
// the email as the SMTP server received it, then used as the invited person would.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { memberVenues, organisationInvitations, organisationMembers, organisations, restaurants, user } from '../../src/server/db/schema';
import { PLAN_MESSAGES } from '../../src/shared/rules/plans';
import { queryRows } from '../../src/server/db/client';
import { clock } from '../../src/server/lib/runtime/clock';
import { TEAM_MESSAGES, wrongAccountMessage } from '../../src/shared/schemas/team';
import { addMember, createRestaurant, createSignedInOwner, createUser, signIn, TEST_PASSWORD, uniqueEmail } from '../support/factories';
import { findLinkInMail, type TestAgent } from '../support/test-app';
import { useDinerSmtpContext } from './diner-support';

const { ctx, smtp } = useDinerSmtpContext();
afterEach(() => clock.reset());

/** Invites `email` and returns the token of the link in the email it received (the newest one to that address). */
async function invite(agent: TestAgent, body: { email: string; role: string; allVenues?: boolean; venueIds?: string[] }) {
  const before = smtp.received.length;
  const response = await agent.post('/api/team/invitations', { allVenues: true, ...body });
  if (response.status !== 201) throw new Error(`invite failed: ${response.status} ${await response.text()}`);
  return readInvitationMail(body.email, before);
}

async function readInvitationMail(email: string, after: number) {
  const lower = email.toLowerCase();
  const mail = await smtp.waitFor((received) => smtp.received.indexOf(received) >= after && received.envelope.to.includes(lower) && /vous invite/.test(received.parsed.subject ?? ''));
  const html = typeof mail.parsed.html === 'string' ? mail.parsed.html : '';
  const token = new URL(findLinkInMail(html, '/invitation')).searchParams.get('token')!;
  return { mail, token };
}

const preview = (token: string, agent = ctx.agent()) => agent.post('/api/invitations/preview', { token });
const accept = (agent: TestAgent, token: string) => agent.post('/api/invitations/accept', { token });
const signUp = (token: string, agent = ctx.agent()) => agent.post('/api/invitations/signup', { token, name: 'Sam Invité', password: TEST_PASSWORD });
const messageOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

async function membership(organisationId: string, userId: string) {
  const [member] = await ctx.db
    .select()
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
  const venues = await ctx.db
    .select({ id: memberVenues.restaurantId })
    .from(memberVenues)
    .where(and(eq(memberVenues.organisationId, organisationId), eq(memberVenues.userId, userId)));
  return member ? { role: member.role, allVenues: member.allVenues, venues: venues.map((venue) => venue.id).sort() } : null;
}

describe('an invitation, received and accepted', () => {
  it('a new address signs up on the page with the invited email: confirmed at once, member with the chosen role and venue, lands on the counter', async () => {
    const { owner, restaurant, agent } = await createSignedInOwner(ctx, { restaurantName: 'Chez Lou' });
    const email = uniqueEmail('serveur');
    const { mail, token } = await invite(agent, { email, role: 'staff', allVenues: false, venueIds: [restaurant.id] });

    // The email names the organisation, the inviter, the role and the venue, in French.
    expect(mail.parsed.subject).toBe('Camille Test vous invite à rejoindre Chez Lou sur ReFeed');
    expect(mail.parsed.text).toContain('Votre rôle : équipe');
    expect(mail.parsed.text).toContain('Établissements : Chez Lou');
    expect(mail.parsed.text).toMatch(/valable jusqu’au \d{1,2} [a-zéû]+ \d{4}/);

    // Only the token's hash is stored: the raw token is nowhere in the table.
    const [row] = await ctx.db.select().from(organisationInvitations).where(eq(organisationInvitations.email, email));
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const dump = await queryRows<Record<string, unknown>>(ctx.db, sql`select * from organisation_invitations`);
    expect(JSON.stringify(dump)).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(7 * 24 * 3600_000);

    const shown = await (await preview(token)).json();
    expect(shown).toMatchObject({ email, organisationName: 'Chez Lou', inviterName: 'Camille Test', role: 'staff', allVenues: false, venues: ['Chez Lou'], hasAccount: false });

    const browser = ctx.agent();
    const signedUp = await signUp(token, browser);
    expect(signedUp.status).toBe(201);
    // The counter of the venue granted (decision 056).
    expect(await signedUp.json()).toMatchObject({ role: 'staff', landing: `/v/${restaurant.id}/comptoir`, organisationId: restaurant.organisationId });
    // Signed in by the answer, with the invited address confirmed.
    const me = await (await browser.get('/api/me')).json();
    expect(me.user).toMatchObject({ email, emailVerified: true, name: 'Sam Invité' });
    expect(me.restaurants).toEqual([expect.objectContaining({ id: restaurant.id, role: 'staff' })]);
    const [created] = await ctx.db.select().from(user).where(eq(user.email, email));
    expect(await membership(restaurant.organisationId, created.id)).toEqual({ role: 'staff', allVenues: false, venues: [restaurant.id] });
    expect((await ctx.db.select().from(organisationInvitations).where(eq(organisationInvitations.id, row.id)))[0]).toMatchObject({ acceptedBy: created.id });

    // Single use: the link is dead once used, for a sign-up or a signed-in acceptance alike.
    const again = await signUp(token);
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(TEAM_MESSAGES.used);
    const reused = await accept(browser, token);
    expect(reused.status).toBe(409);
    expect(await messageOf(reused)).toBe(TEAM_MESSAGES.used);
    expect(owner.id).not.toBe(created.id);
  });

  it('an existing account accepts once signed in with the invited address, whatever its case; another account is told which address the invitation is for', async () => {
    const { restaurant, agent } = await createSignedInOwner(ctx, { restaurantName: 'La Cantine' });
    const lower = `invite-${Date.now()}@example.com`;
    const invited = await createUser(ctx, { email: lower, name: 'Alex Lecture' });
    // Typed with capitals by the inviter: stored and sent lower-cased.
    const mixed = lower.replace('invite', 'Invite').replace('example.com', 'Example.com');
    const { token } = await invite(agent, { email: mixed, role: 'viewer' });
    const [row] = await ctx.db.select().from(organisationInvitations).where(eq(organisationInvitations.organisationId, restaurant.organisationId));
    expect(row.email).toBe(lower);
    expect((await (await preview(token)).json()).hasAccount).toBe(true);

    const stranger = await createUser(ctx);
    const refused = await accept(await signIn(ctx, stranger.email), token);
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(wrongAccountMessage(lower));
    expect(await membership(restaurant.organisationId, stranger.id)).toBeNull();
    // Signed out: sign in first.
    expect((await accept(ctx.agent(), token)).status).toBe(401);
    // Signing up with the address of an existing account is refused (sign in instead).
    const signUpTaken = await signUp(token);
    expect(signUpTaken.status).toBe(409);
    expect(await messageOf(signUpTaken)).toBe(TEAM_MESSAGES.accountExists);

    const invitee = await signIn(ctx, lower);
    const accepted = await accept(invitee, token);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ role: 'viewer', landing: `/v/${restaurant.id}/dashboard` });
    expect(await membership(restaurant.organisationId, invited.id)).toEqual({ role: 'viewer', allVenues: true, venues: [] });
    // A member already: a new invitation of that address is a 409 in French.
    const twice = await agent.post('/api/team/invitations', { email: mixed, role: 'viewer', allVenues: true });
    expect(twice.status).toBe(409);
    expect(await messageOf(twice)).toBe(TEAM_MESSAGES.alreadyMember);
  });

  it('two acceptances of one link at once make exactly one membership', async () => {
    const { restaurant, agent } = await createSignedInOwner(ctx);
    const invited = await createUser(ctx, { email: uniqueEmail('double') });
    const { token } = await invite(agent, { email: invited.email, role: 'viewer' });
    const [first, second] = [await signIn(ctx, invited.email), await signIn(ctx, invited.email)];
    const answers = await Promise.all([accept(first, token), accept(second, token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const rows = await ctx.db.select().from(organisationMembers).where(eq(organisationMembers.organisationId, restaurant.organisationId));
    expect(rows.filter((row) => row.userId === invited.id)).toHaveLength(1);
  });

  it('two sign-ups with one link at once make one account and one membership', async () => {
    const { restaurant, agent } = await createSignedInOwner(ctx);
    const email = uniqueEmail('double-signup');
    const { token } = await invite(agent, { email, role: 'staff' });
    const answers = await Promise.all([signUp(token), signUp(token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await ctx.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
    const rows = await ctx.db.select().from(organisationMembers).where(eq(organisationMembers.organisationId, restaurant.organisationId));
    expect(rows).toHaveLength(2);
  });
});

describe('the plan’s seats at acceptance (issue 50)', () => {
  /** An organisation on Pro with room for `seats` counted members, its owner signed in. */
  async function organisationWithSeats(seats: number) {
    const owner = await createUser(ctx, { email: uniqueEmail('owner') });
    const restaurant = await createRestaurant(ctx, { ownerId: owner.id, plan: 'pro', contactEmail: owner.email });
    await ctx.db.update(organisations).set({ limitOverrides: { members: seats } }).where(eq(organisations.id, restaurant.organisationId));
    return { organisationId: restaurant.organisationId, agent: await signIn(ctx, owner.email) };
  }
  const lowerSeats = (organisationId: string, seats: number) => ctx.db.update(organisations).set({ limitOverrides: { members: seats } }).where(eq(organisations.id, organisationId));
  const countedMembers = async (organisationId: string) =>
    (await ctx.db.select({ role: organisationMembers.role }).from(organisationMembers).where(eq(organisationMembers.organisationId, organisationId))).filter((row) => row.role !== 'staff').length;

  /** `n` invited accounts, each signed in, and their links (sent while the plan had room). */
  async function invitees(agent: TestAgent, n: number, role: string) {
    const people: Array<{ agent: TestAgent; token: string; id: string }> = [];
    for (let i = 0; i < n; i++) {
      const invited = await createUser(ctx, { email: uniqueEmail(`siege${i}`) });
      const { token } = await invite(agent, { email: invited.email, role });
      people.push({ agent: await signIn(ctx, invited.email), token, id: invited.id });
    }
    return people;
  }

  it('two acceptances at once with one seat left (the limit lowered since the invitations): exactly the limit, the other invitee told the plan and the limit', async () => {
    const { organisationId, agent } = await organisationWithSeats(7);
    for (let i = 0; i < 3; i++) {
      const member = await createUser(ctx, { email: uniqueEmail('membre') });
      await addMember(ctx, { organisationId, userId: member.id, role: 'viewer' });
    }
    const people = await invitees(agent, 2, 'manager');
    // The owner and three members: 4 of 5 seats once the limit is lowered.
    await lowerSeats(organisationId, 5);
    const answers = await Promise.all(people.map((person) => accept(person.agent, person.token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    expect(await messageOf(answers.find((answer) => answer.status === 403)!)).toBe(PLAN_MESSAGES.memberLimitAtAcceptance('pro', 5));
    expect(PLAN_MESSAGES.memberLimitAtAcceptance('pro', 5)).toContain('Pro');
    expect(PLAN_MESSAGES.memberLimitAtAcceptance('pro', 5)).toContain('5 membres');
    expect(await countedMembers(organisationId)).toBe(5);
   }, 120_000);

  it('five acceptances at once with two seats left give exactly the limit; équipe still joins; the refused link works once a seat is free', async () => {
    const { organisationId, agent } = await organisationWithSeats(10);
    const people = await invitees(agent, 5, 'viewer');
    const [waiter] = await invitees(agent, 1, 'staff');
    await lowerSeats(organisationId, 3);
    const answers = await Promise.all([...people, waiter].map((person) => accept(person.agent, person.token)));
    const statuses = answers.map((answer) => answer.status);
    // The équipe invitee is not counted (decision 057): accepted whatever the seats.
    expect(statuses[5]).toBe(200);
    expect(statuses.slice(0, 5).sort()).toEqual([200, 200, 403, 403, 403]);
    for (const refused of answers.filter((answer) => answer.status === 403)) expect(await messageOf(refused)).toBe(PLAN_MESSAGES.memberLimitAtAcceptance('pro', 3));
    expect(await countedMembers(organisationId)).toBe(3);
    // A refused invitation is not consumed: with a seat more, its invitee joins by the same link.
    const refusedIndex = statuses.findIndex((status) => status === 403);
    await lowerSeats(organisationId, 4);
    expect((await accept(people[refusedIndex].agent, people[refusedIndex].token)).status).toBe(200);
    expect(await countedMembers(organisationId)).toBe(4);
   }, 120_000);

  it('a new address signing up on a full plan gets the message and no account', async () => {
    const { organisationId, agent } = await organisationWithSeats(2);
    const email = uniqueEmail('nouveau');
    const { token } = await invite(agent, { email, role: 'viewer' });
    const member = await createUser(ctx, { email: uniqueEmail('membre') });
    await addMember(ctx, { organisationId, userId: member.id, role: 'manager' });
    const refused = await signUp(token);
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(PLAN_MESSAGES.memberLimitAtAcceptance('pro', 2));
    expect(await ctx.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
   }, 120_000);
});

describe('a link that no longer works', () => {
  it('expires after seven days', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const invited = await createUser(ctx);
    const { token } = await invite(agent, { email: invited.email, role: 'viewer' });
    clock.advance(7 * 24 * 3600_000 - 60_000);
    expect((await preview(token)).status).toBe(200);
    clock.advance(2 * 60_000);
    const expired = await accept(await signIn(ctx, invited.email), token);
    expect(expired.status).toBe(409);
    expect(await messageOf(expired)).toBe(TEAM_MESSAGES.expired);
    expect(await messageOf(await preview(token))).toBe(TEAM_MESSAGES.expired);
    // The list shows it expired; inviting the address again replaces it.
    const team = await (await agent.get('/api/team')).json();
    expect(team.invitations).toEqual([expect.objectContaining({ email: invited.email, expired: true })]);
    const before = smtp.received.length;
    expect((await agent.post('/api/team/invitations', { email: invited.email, role: 'viewer', allVenues: true })).status).toBe(201);
    const { token: fresh } = await readInvitationMail(invited.email, before);
    expect((await accept(await signIn(ctx, invited.email), fresh)).status).toBe(200);
  });

  it('is dead once revoked', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const invited = await createUser(ctx);
    const { token } = await invite(agent, { email: invited.email, role: 'viewer' });
    const [{ invitations }] = [await (await agent.get('/api/team')).json()];
    expect((await agent.delete(`/api/team/invitations/${invitations[0].id}`)).status).toBe(200);
    const refused = await accept(await signIn(ctx, invited.email), token);
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(TEAM_MESSAGES.revoked);
    expect((await (await agent.get('/api/team')).json()).invitations).toEqual([]);
    // An unknown token says the link is not valid.
    expect(await messageOf(await preview('x'.repeat(43)))).toBe(TEAM_MESSAGES.linkInvalid);
  });

  it('a resend sends a new link with seven new days; the old link is dead', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const invited = await createUser(ctx);
    const { token: old } = await invite(agent, { email: invited.email, role: 'viewer' });
    clock.advance(3 * 24 * 3600_000);
    const { invitations } = await (await agent.get('/api/team')).json();
    const before = smtp.received.length;
    expect((await agent.post(`/api/team/invitations/${invitations[0].id}/resend`)).status).toBe(200);
    const { token: fresh } = await readInvitationMail(invited.email, before);
    expect(fresh).not.toBe(old);
    const [listed] = (await (await agent.get('/api/team')).json()).invitations;
    expect(Math.abs(new Date(listed.expiresAt).getTime() - (clock.now().getTime() + 7 * 24 * 3600_000))).toBeLessThan(10_000);
    const invitee = await signIn(ctx, invited.email);
    expect((await accept(invitee, old)).status).toBe(409);
    expect((await accept(invitee, fresh)).status).toBe(200);
  });

  it('is refused when its only venue was deleted, and keeps the remaining venues when one of several was', async () => {
    const { restaurant, agent } = await createSignedInOwner(ctx, { restaurantName: 'Venue A' });
    const venueB = await createRestaurant(ctx, { organisationId: restaurant.organisationId, name: 'Venue B' });
    const venueC = await createRestaurant(ctx, { organisationId: restaurant.organisationId, name: 'Venue C' });
    const onlyB = await createUser(ctx);
    const both = await createUser(ctx);
    const { token: tokenB } = await invite(agent, { email: onlyB.email, role: 'staff', allVenues: false, venueIds: [venueB.id] });
    const { token: tokenAC } = await invite(agent, { email: both.email, role: 'staff', allVenues: false, venueIds: [restaurant.id, venueC.id] });
    await ctx.db.delete(restaurants).where(eq(restaurants.id, venueB.id));
    await ctx.db.delete(restaurants).where(eq(restaurants.id, venueC.id));

    const refused = await accept(await signIn(ctx, onlyB.email), tokenB);
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(TEAM_MESSAGES.venuesGone);
    expect(await membership(restaurant.organisationId, onlyB.id)).toBeNull();

    expect((await accept(await signIn(ctx, both.email), tokenAC)).status).toBe(200);
    expect(await membership(restaurant.organisationId, both.id)).toEqual({ role: 'staff', allVenues: false, venues: [restaurant.id] });
  });

  it('is refused when its inviter may no longer grant the role (a gérant demoted since)', async () => {
    const { restaurant, agent: ownerAgent } = await createSignedInOwner(ctx);
    const gerant = await createUser(ctx, { email: uniqueEmail('gerant') });
    await addMember(ctx, { organisationId: restaurant.organisationId, userId: gerant.id, role: 'manager' });
    const invited = await createUser(ctx);
    const { token } = await invite(await signIn(ctx, gerant.email), { email: invited.email, role: 'staff' });
    expect((await ownerAgent.patch(`/api/team/members/${gerant.id}/role`, { role: 'viewer' })).status).toBe(200);
    const refused = await accept(await signIn(ctx, invited.email), token);
    expect(refused.status).toBe(409);
    expect(await messageOf(refused)).toBe(TEAM_MESSAGES.inviterMayNotGrant);
    expect(await membership(restaurant.organisationId, invited.id)).toBeNull();
  });
});

describe('who may invite whom', () => {
  it('a gérant invites équipe and lecture on their own venues only: never a propriétaire or gérant, never another venue nor all venues', async () => {
    const { restaurant, agent: ownerAgent } = await createSignedInOwner(ctx);
    const venueB = await createRestaurant(ctx, { organisationId: restaurant.organisationId, name: 'Venue B' });
    const gerant = await createUser(ctx, { email: uniqueEmail('gerant') });
    await addMember(ctx, { organisationId: restaurant.organisationId, userId: gerant.id, role: 'manager', venues: [restaurant.id] });
    const agent = await signIn(ctx, gerant.email);

    for (const [role, allVenues] of [['owner', true], ['manager', false]] as const) {
      const refused = await agent.post('/api/team/invitations', { email: uniqueEmail(), role, allVenues, venueIds: allVenues ? [] : [restaurant.id] });
      expect(refused.status, role).toBe(403);
      expect(await messageOf(refused)).toBe(TEAM_MESSAGES.roleNotGrantable);
    }
    const otherVenue = await agent.post('/api/team/invitations', { email: uniqueEmail(), role: 'staff', allVenues: false, venueIds: [venueB.id] });
    expect(otherVenue.status).toBe(403);
    expect(await messageOf(otherVenue)).toBe(TEAM_MESSAGES.venueNotYours);
    const allVenues = await agent.post('/api/team/invitations', { email: uniqueEmail(), role: 'staff', allVenues: true });
    expect(allVenues.status).toBe(403);
    // A venue of another organisation is not one of this organisation's.
    const foreign = (await createSignedInOwner(ctx)).restaurant;
    expect((await agent.post('/api/team/invitations', { email: uniqueEmail(), role: 'staff', allVenues: false, venueIds: [foreign.id] })).status).toBe(400);
    expect(await ctx.db.select().from(organisationInvitations).where(eq(organisationInvitations.organisationId, restaurant.organisationId))).toEqual([]);

    // Its own venue, équipe: sent, and accepted by a new address on that venue.
    const email = uniqueEmail('equipe');
    const { token } = await invite(agent, { email, role: 'staff', allVenues: false, venueIds: [restaurant.id] });
    expect((await signUp(token)).status).toBe(201);
    // The owner may invite a propriétaire.
    expect((await ownerAgent.post('/api/team/invitations', { email: uniqueEmail('coproprio'), role: 'owner', allVenues: true })).status).toBe(201);
    // Équipe and lecture may not invite at all.
    const [staffUser] = await ctx.db.select().from(user).where(eq(user.email, email));
    expect(staffUser).toBeDefined();
    expect((await (await signIn(ctx, email)).post('/api/team/invitations', { email: uniqueEmail(), role: 'viewer', allVenues: true })).status).toBe(403);
  });

  it('refuses the 21st invitation of the day of an organisation, even sent all at once, in French', async () => {
    const { restaurant, agent } = await createSignedInOwner(ctx);
    const answers = await Promise.all(Array.from({ length: 23 }, (_, n) => agent.post('/api/team/invitations', { email: uniqueEmail(`lot${n}`), role: 'viewer', allVenues: true })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    expect(await messageOf(answers[statuses.indexOf(429)])).toBe(TEAM_MESSAGES.dailyLimit);
    const rows = await ctx.db.select().from(organisationInvitations).where(eq(organisationInvitations.organisationId, restaurant.organisationId));
    expect(rows).toHaveLength(20);
    // A resend counts as a send too; the next day the organisation may invite again.
    expect((await agent.post(`/api/team/invitations/${rows[0].id}/resend`)).status).toBe(429);
    clock.advance(24 * 3600_000 + 1000);
    expect((await agent.post('/api/team/invitations', { email: uniqueEmail('lendemain'), role: 'viewer', allVenues: true })).status).toBe(201);
  });

  it('refuses an address that is not valid for an account', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const refused = await agent.post('/api/team/invitations', { email: 'pas-une-adresse', role: 'viewer', allVenues: true });
    expect(refused.status).toBe(400);
    expect(await messageOf(refused)).toBe('Email invalide');
  });
});
