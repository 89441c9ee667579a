import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerRewards, customers, restaurantAuditLog } from '../../src/server/db/schema';
import { clock } from '../../src/server/lib/runtime/clock';
import { CARD_MESSAGES } from '../../src/shared/schemas/card-messages';
import { COUNTER_MESSAGES, type TCodeLookup, type TCounterSearch, type TPendingRewardsPage } from '../../src/shared/schemas/counter';
import { addMember, createUser, signIn, uniqueEmail } from '../support/factories';
import { createCardRestaurant, dinerWithCoffee, presentReward, readCard } from './card-support';
import { useDinerContext } from './diner-support';

const ctx = useDinerContext();

describe('Comptoir: a presented reward', () => {
  it("reads the code (typed loosely), shows 'Client anonyme' as no name, hands it over once; the card then shows it handed over", async () => {
    const { restaurant, staff } = await createCardRestaurant(ctx);
    const { visitor, rewardId } = await dinerWithCoffee(ctx, restaurant.id);
    const { code } = await presentReward(visitor, restaurant.id, rewardId);
    const typed = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`;
    const read = await staff.get(`/api/counter/codes/${encodeURIComponent(typed)}`);
    expect(read.status).toBe(200);
    const found = (await read.json()) as TCodeLookup;
    expect(found).toMatchObject({ id: rewardId, label: 'Café offert', status: 'pending', customer: { name: null, email: null } });

    const handed = await staff.post(`/api/counter/rewards/${rewardId}/hand-over`);
    expect(handed.status).toBe(200);
    expect(await handed.json()).toEqual({ message: CARD_MESSAGES.handedOver, id: rewardId });
    // Single use: the same code (a screenshot) and a second 'Remis' are refused.
    const again = await staff.get(`/api/counter/codes/${code}`);
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(CARD_MESSAGES.rewardAlreadyHandedOver);
    expect((await staff.post(`/api/counter/rewards/${rewardId}/hand-over`)).status).toBe(409);
    const card = await readCard(visitor, restaurant.id);
    expect(card.pending).toEqual([]);
    expect(card.handedOver).toMatchObject([{ id: rewardId, label: 'Café offert' }]);
    const audit = await ctx.db.select().from(restaurantAuditLog).where(and(eq(restaurantAuditLog.restaurantId, restaurant.id), eq(restaurantAuditLog.action, 'reward_redeemed')));
    expect(audit).toHaveLength(1);
  });

  it('hands a reward over exactly once under 20 parallel clicks from two phones', async () => {
    const { restaurant, staff, owner } = await createCardRestaurant(ctx);
    const secondPhone = await signIn(ctx, owner.email);
    const { visitor, rewardId } = await dinerWithCoffee(ctx, restaurant.id);
    const { code } = await presentReward(visitor, restaurant.id, rewardId);
    const responses = await Promise.all(Array.from({ length: 20 }, (_, n) => (n % 2 ? secondPhone : staff).post(`/api/counter/rewards/${rewardId}/hand-over`)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const [row] = await ctx.db.select().from(customerRewards).where(eq(customerRewards.id, rewardId));
    expect(row.status).toBe('redeemed');
    const audit = await ctx.db.select().from(restaurantAuditLog).where(and(eq(restaurantAuditLog.restaurantId, restaurant.id), eq(restaurantAuditLog.action, 'reward_redeemed')));
    expect(audit).toHaveLength(1);
    expect((await staff.get(`/api/counter/codes/${code}`)).status).toBe(409);
  });

  it("attack: restaurant A's code and reward are unknown at restaurant B (404 in French), and A's reward stays pending", async () => {
    const a = await createCardRestaurant(ctx, 'Restaurant A');
    const b = await createCardRestaurant(ctx, 'Restaurant B');
    const { visitor, rewardId } = await dinerWithCoffee(ctx, a.restaurant.id);
    const { code } = await presentReward(visitor, a.restaurant.id, rewardId);
    const read = await b.staff.get(`/api/counter/codes/${code}`);
    expect(read.status).toBe(404);
    expect((await read.json()).error.message).toBe(CARD_MESSAGES.codeUnknown);
    const hand = await b.staff.post(`/api/counter/rewards/${rewardId}/hand-over`);
    expect(hand.status).toBe(404);
    expect((await hand.json()).error.message).toBe(CARD_MESSAGES.rewardNotFound);
    const search = (await (await b.staff.get(`/api/counter/search?q=${code}`)).json()) as TCounterSearch;
    expect(search.results).toEqual([]);
    expect((await b.staff.get('/api/counter/pending')).status).toBe(200);
    expect(((await (await b.staff.get('/api/counter/pending')).json()) as TPendingRewardsPage).items).toEqual([]);
    const [row] = await ctx.db.select().from(customerRewards).where(eq(customerRewards.id, rewardId));
    expect(row.status).toBe('pending');
    expect((await a.staff.get(`/api/counter/codes/${code}`)).status).toBe(200);
  });

  it('answers a value that cannot be a code as unknown, in French, and needs a signed-in owner', async () => {
    const { staff, restaurant } = await createCardRestaurant(ctx);
    for (const value of ['ABC1O0', 'x'.repeat(300), crypto.randomUUID()]) {
      const bad = await staff.get(`/api/counter/codes/${value}`);
      expect(bad.status).toBe(404);
      expect((await bad.json()).error.message).toBe(CARD_MESSAGES.codeUnknown);
    }
    expect((await ctx.agent().get('/api/counter/codes/ABCDEF')).status).toBe(401);
    expect((await ctx.agent().get('/api/counter/pending')).status).toBe(401);
    const { rewardId } = await dinerWithCoffee(ctx, restaurant.id);
    expect((await ctx.agent().post(`/api/counter/rewards/${rewardId}/hand-over`)).status).toBe(401);
  });
});

describe('Comptoir: finding a diner', () => {
  it('by email, by phone typed any way, or by code, with their pending rewards', async () => {
    const { restaurant, staff } = await createCardRestaurant(ctx);
    const { visitor, rewardId } = await dinerWithCoffee(ctx, restaurant.id);
    const email = uniqueEmail('camille');
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.restaurantId, restaurant.id));
    await ctx.db.update(customers).set({ email, firstName: 'Camille', lastName: 'Roux', phone: '+33 6 12 34 56 78' }).where(eq(customers.id, customer.id));
    const search = async (q: string) => ((await (await staff.get(`/api/counter/search?q=${encodeURIComponent(q)}`)).json()) as TCounterSearch).results;
    for (const q of [email.toUpperCase(), email.slice(0, 8), '06 12 34', '0612345678', '+33612345678']) {
      expect(await search(q), q).toMatchObject([{ customer: { id: customer.id, name: 'Camille Roux' }, pending: [{ id: rewardId, label: 'Café offert' }] }]);
    }
    const { code } = await presentReward(visitor, restaurant.id, rewardId);
    expect(await search(code)).toMatchObject([{ customer: { id: customer.id }, pending: [{ id: rewardId }] }]);
    expect(await search('07 99 99')).toEqual([]);
    const short = await staff.get('/api/counter/search?q=ab');
    expect(short.status).toBe(400);
    expect((await short.json()).error.message).toBe(CARD_MESSAGES.searchTooShort);
  });
});

describe('Comptoir: what each role reads of the diner (issue 50)', () => {
  it('gives équipe the first name and the email and phone masked on every counter answer; the roles holding customers.view read them whole', async () => {
    const { restaurant, staff: owner } = await createCardRestaurant(ctx);
    const { visitor, rewardId } = await dinerWithCoffee(ctx, restaurant.id);
    const email = uniqueEmail('marie');
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.restaurantId, restaurant.id));
    await ctx.db.update(customers).set({ email, firstName: 'Marie', lastName: 'Dupont', phone: '06 12 34 56 78' }).where(eq(customers.id, customer.id));
    const { code } = await presentReward(visitor, restaurant.id, rewardId);
    const agents = {} as Record<'manager' | 'staff', Awaited<ReturnType<typeof signIn>>>;
    for (const role of ['manager', 'staff'] as const) {
      const user = await createUser(ctx, { email: uniqueEmail(role) });
      await addMember(ctx, { organisationId: restaurant.organisationId, userId: user.id, role });
      agents[role] = await signIn(ctx, user.email);
    }
    const masked = { id: customer.id, name: 'Marie', email: `${email[0]}•••@${email.split('@')[1]}`, phone: '06 •• •• •• 78', masked: true };
    const full = { id: customer.id, name: 'Marie Dupont', email, phone: '06 12 34 56 78', masked: false };
    for (const [who, agent, expected] of [
      ['équipe', agents.staff, masked],
      ['gérant', agents.manager, full],
      ['propriétaire', owner, full],
    ] as const) {
      const answers = [
        await agent.get(`/api/counter/codes/${code}`),
        await agent.get(`/api/counter/search?q=${encodeURIComponent(email)}`),
        await agent.get('/api/counter/search?q=0612345678'),
        await agent.get(`/api/counter/search?q=${code}`),
        await agent.get('/api/counter/pending'),
      ];
      const bodies = await Promise.all(answers.map(async (answer) => ({ status: answer.status, text: await answer.text() })));
      expect(bodies.map((body) => body.status), who).toEqual([200, 200, 200, 200, 200]);
      const [lookup, byEmail, byPhone, byCode, pending] = bodies.map((body) => JSON.parse(body.text));
      expect((lookup as TCodeLookup).customer, who).toEqual(expected);
      for (const search of [byEmail, byPhone, byCode] as TCounterSearch[]) expect(search.results.map((result) => result.customer), who).toEqual([expected]);
      expect((pending as TPendingRewardsPage).items.map((item) => item.customer), who).toEqual([expected]);
      if (expected.masked) {
        for (const body of bodies) {
          expect(body.text).not.toContain(email);
          expect(body.text).not.toContain('Dupont');
          expect(body.text.replace(/\D/g, '')).not.toContain('12345678');
        }
      }
    }
  });
});

describe('/recompenses', () => {
  it('lists every pending reward oldest first with the diner and the date, 20 a page by cursor', async () => {
    const { restaurant, staff } = await createCardRestaurant(ctx);
    const [customer] = await ctx.db.insert(customers).values({ restaurantId: restaurant.id, firstName: 'Léa' }).returning();
    const start = new Date('2026-10-01T10:00:00Z').getTime();
    // Inserted newest first, so the order comes from the dates, not from insertion.
    const rows = Array.from({ length: 25 }, (_, n) => ({ restaurantId: restaurant.id, customerId: customer.id, label: `Récompense ${24 - n}`, cost: 10, createdAt: new Date(start + (24 - n) * 3_600_000) }));
    await ctx.db.insert(customerRewards).values(rows);
    await ctx.db.insert(customerRewards).values({ restaurantId: restaurant.id, customerId: customer.id, label: 'Déjà remise', cost: 10, status: 'redeemed', createdAt: new Date(start - 1), redeemedAt: new Date(start) });
    const first = (await (await staff.get('/api/counter/pending')).json()) as TPendingRewardsPage;
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({ label: 'Récompense 0', unlockedAt: new Date(start).toISOString(), customer: { id: customer.id, name: 'Léa' } });
    expect(first.items.map((item) => item.label)).toEqual(Array.from({ length: 20 }, (_, n) => `Récompense ${n}`));
    expect(first.nextCursor).not.toBeNull();
    const second = (await (await staff.get(`/api/counter/pending?cursor=${first.nextCursor}`)).json()) as TPendingRewardsPage;
    expect(second.items.map((item) => item.label)).toEqual(['Récompense 20', 'Récompense 21', 'Récompense 22', 'Récompense 23', 'Récompense 24']);
    expect(second.nextCursor).toBeNull();
    const bad = await staff.get('/api/counter/pending?cursor=nope');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe(CARD_MESSAGES.invalidCursor);
  });
});

describe('Comptoir: code lookups limited per member and per venue (issue 50)', () => {
  /** A random value in the code alphabet: a guess, almost surely no live code. */
  const guess = () => Array.from({ length: 6 }, () => 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'[Math.floor(Math.random() * 31)]).join('');

  it('attack: 2,000 code lookups from one member are refused past its limit with Retry-After and a French message; the venue’s other members and the honest retry later are answered', async () => {
    const { restaurant, staff } = await createCardRestaurant(ctx);
    const { visitor, rewardId } = await dinerWithCoffee(ctx, restaurant.id);
    const { code } = await presentReward(visitor, restaurant.id, rewardId);
    const member = await createUser(ctx, { email: uniqueEmail('equipe') });
    await addMember(ctx, { organisationId: restaurant.organisationId, userId: member.id, role: 'staff' });
    const attacker = await signIn(ctx, member.email);
    const perMember = ctx.deps.rateLimits.owner.counterLookupsPerMember;
    const statuses: number[] = [];
    let lastRefusal: Response | null = null;
    for (let batch = 0; batch < 40; batch++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => attacker.get(`/api/counter/codes/${guess()}`)));
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status === 429) lastRefusal = answer;
        else await answer.body?.cancel();
      }
    }
    expect(statuses).toHaveLength(2000);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(perMember.limit);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(lastRefusal).not.toBeNull();
    const retryAfter = Number(lastRefusal!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(perMember.windowSeconds);
    expect((await lastRefusal!.json()).error).toEqual({ code: 'RATE_LIMITED', message: COUNTER_MESSAGES.lookupsLimited });
    // The search (which reads codes too) is refused to the same member; the live code stays unread by it.
    expect((await attacker.get(`/api/counter/search?q=${code}`)).status).toBe(429);
    // Another member of the venue (the owner) still reads the live code.
    expect((await staff.get(`/api/counter/codes/${code}`)).status).toBe(200);
    // A minute later the member is answered again.
    clock.advance((retryAfter + 1) * 1000);
    expect((await attacker.get(`/api/counter/codes/${code}`)).status).toBe(200);
  }, 120_000);

  it('the venue’s ceiling holds whoever asks: members sharing out the guesses stop at the venue’s limit', async () => {
    const { restaurant } = await createCardRestaurant(ctx);
    const perVenue = ctx.deps.rateLimits.owner.counterLookupsPerVenue;
    const perMember = ctx.deps.rateLimits.owner.counterLookupsPerMember;
    const members = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const user = await createUser(ctx, { email: uniqueEmail('equipe') });
        await addMember(ctx, { organisationId: restaurant.organisationId, userId: user.id, role: 'staff' });
        return signIn(ctx, user.email);
      }),
    );
    const statuses: number[] = [];
    for (const member of members) {
      const answers = await Promise.all(Array.from({ length: perMember.limit }, () => member.get(`/api/counter/codes/${guess()}`)));
      for (const answer of answers) {
        statuses.push(answer.status);
        await answer.body?.cancel();
      }
    }
    expect(statuses.filter((status) => status !== 429)).toHaveLength(perVenue.limit);
    // Another venue's counter is not touched.
    const other = await createCardRestaurant(ctx);
    expect((await other.staff.get(`/api/counter/codes/${guess()}`)).status).toBe(404);
  }, 120_000);

  it('an honest rush is all answered: five members, 40 lookups and searches each in a minute', async () => {
    const { restaurant } = await createCardRestaurant(ctx);
    const { visitor, rewardId } = await dinerWithCoffee(ctx, restaurant.id);
    const { code } = await presentReward(visitor, restaurant.id, rewardId);
    const members = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const user = await createUser(ctx, { email: uniqueEmail('equipe') });
        await addMember(ctx, { organisationId: restaurant.organisationId, userId: user.id, role: 'staff' });
        return signIn(ctx, user.email);
      }),
    );
    clock.freeze(new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 1_000));
    const answers: number[] = [];
    for (let n = 0; n < 40; n++) {
      // Each member scans every ~1.5 s: mostly codes (the live one and misreads), a few searches.
      const round = await Promise.all(members.map((member, m) => (n % 8 === m ? member.get(`/api/counter/search?q=${code}`) : member.get(`/api/counter/codes/${n % 2 ? code : guess()}`))));
      for (const answer of round) {
        answers.push(answer.status);
        await answer.body?.cancel();
      }
      clock.advance(1_400);
    }
    expect(answers).toHaveLength(200);
    expect(answers.filter((status) => status === 429 || status >= 500)).toEqual([]);
    expect(answers.filter((status) => status === 200).length).toBeGreaterThanOrEqual(100);
  }, 120_000);
});
