import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { customerRewards, customers, emailLogs, feedbacks, rewards } from '../../src/server/db/schema';
import { clock } from '../../src/server/lib/runtime/clock';
import type { TInboxPage } from '../../src/shared/schemas/inbox';
import { addMember, createSignedInOwner, createUser, signIn, uniqueEmail } from '../support/factories';
import { findLinkInMail, type TestAgent } from '../support/test-app';
import { RATE_LIMIT_RULES } from '../../src/server/lib/limits/rate-limit-rules';
import { createConfirmedVisitor, createDinerRestaurant, createVisitor, useDinerSmtpContext } from './diner-support';

const { ctx, smtp } = useDinerSmtpContext({ rateLimits: { owner: { inboxRepliesPerHour: { ...RATE_LIMIT_RULES.owner.inboxRepliesPerHour, limit: 3 } } } });

async function createOwnerWithRestaurant(name = 'Chez Avis') {
  const user = await createUser(ctx, { email: uniqueEmail('owner'), name: 'Camille Patron' });
  const contactEmail = uniqueEmail('contact');
  const { restaurant, mainQr, tableQr } = await createDinerRestaurant(ctx, { contactEmail, name });
  await addMember(ctx, { organisationId: restaurant.organisationId, userId: user.id, role: 'owner' });
  return { agent: await signIn(ctx, user.email), restaurant, mainQr, tableQr, contactEmail, user };
}

async function page(agent: TestAgent, query: string): Promise<TInboxPage> {
  const response = await agent.get(`/api/inbox${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as TInboxPage;
}

/** The rollup must always equal a count of the feedbacks themselves (its shards summed: decision 047). */
async function expectRollupConsistent(restaurantId: string) {
  const rows = await queryRows<{ diff: number }>(
    ctx.db,
    sql`select count(*)::int as diff from (
          select (created_at at time zone 'Europe/Paris')::date as day, coalesce(qr_code_id, '00000000-0000-0000-0000-000000000000') as qr_key, rating, has_comment, has_contact, status, count(*)::int as n
          from feedbacks where restaurant_id = ${restaurantId} group by 1, 2, 3, 4, 5, 6
        ) f full join (select day, qr_key, rating::int as rating, has_comment, has_contact, status, sum(count)::int as count from feedback_stats
           where restaurant_id = ${restaurantId} group by 1, 2, 3, 4, 5, 6 having sum(count) <> 0) s
        using (day, qr_key, rating, has_comment, has_contact, status)
        where f.n is distinct from s.count`,
  );
  expect(rows[0].diff).toBe(0);
}

describe('/avis: filters and summary on known data (Paris days, 16:00, a change of time)', () => {
  let owner: Awaited<ReturnType<typeof createOwnerWithRestaurant>>;
  beforeAll(async () => {
    owner = await createOwnerWithRestaurant();
    const at = (iso: string, rating: number, extra: Partial<typeof feedbacks.$inferInsert> = {}) => ({ restaurantId: owner.restaurant.id, rating, createdAt: new Date(iso), ...extra });
    // Sunday 29 March 2026: Paris moves from UTC+1 to UTC+2 at 02:00.
    await ctx.db.insert(feedbacks).values([
      at('2026-03-29T14:00:00Z', 2, { comment: 'Trop attendu', qrCodeId: owner.tableQr.id, tableLabel: 'Table 1', hasContact: true }), // 16:00 Paris: tonight
      at('2026-03-29T13:59:59Z', 1, { comment: 'Froid' }), // 15:59:59 Paris: today, not tonight
      at('2026-03-28T23:30:00Z', 3), // 00:30 Paris on the 29th (UTC+1): today
      at('2026-03-28T22:59:00Z', 5, { qrCodeId: owner.tableQr.id }), // 23:59 Paris on the 28th
      at('2026-03-20T12:00:00Z', 4),
      at('2026-01-10T12:00:00Z', 5),
    ]);
    clock.freeze(new Date('2026-03-29T18:00:00Z')); // 20:00 Paris
  });
  afterAll(() => clock.reset());

  it('ce soir starts at 16:00 Paris; aujourd’hui at midnight Paris across the change of time', async () => {
    const tonight = await page(owner.agent, '?period=tonight');
    expect(tonight.items.map((item) => item.rating)).toEqual([2]);
    expect(tonight.items[0]).toMatchObject({ comment: 'Trop attendu', tableLabel: 'Table 1', customer: null, status: 'new' });
    expect(tonight.summary).toEqual({ count: 1, average: 2, distribution: { '1': 0, '2': 1, '3': 0, '4': 0, '5': 0 } });

    const today = await page(owner.agent, '?period=today');
    expect(today.items.map((item) => item.rating)).toEqual([2, 1, 3]);
    expect(today.summary).toEqual({ count: 3, average: 2, distribution: { '1': 1, '2': 1, '3': 1, '4': 0, '5': 0 } });

    expect((await page(owner.agent, '?period=7d')).summary.count).toBe(4);
    expect((await page(owner.agent, '?period=30d')).summary.count).toBe(5);
    const all = await page(owner.agent, '');
    expect(all.summary).toMatchObject({ count: 6, average: 3.33 });
    const custom = await page(owner.agent, '?period=custom&from=2026-03-28&to=2026-03-28');
    expect(custom.items.map((item) => item.rating)).toEqual([5]);
    expect(custom.summary.count).toBe(1);
  });

  it('after midnight, ce soir is still the evening that began at 16:00 the day before', async () => {
    clock.freeze(new Date('2026-03-29T23:30:00Z')); // 01:30 Paris on Monday 30 March
    try {
      const lateNight = await page(owner.agent, '?period=tonight');
      expect(lateNight.items.map((item) => item.rating)).toEqual([2]);
      expect((await page(owner.agent, '?period=today')).summary.count).toBe(0);
    } finally {
      clock.freeze(new Date('2026-03-29T18:00:00Z'));
    }
  });

  it('combines rating, table, comment, contact and status filters (list and summary agree)', async () => {
    const low = await page(owner.agent, '?period=tonight&rating=le3');
    expect(low.summary.count).toBe(1);
    expect((await page(owner.agent, '?rating=ge4')).summary).toMatchObject({ count: 3, average: 4.67 });
    expect((await page(owner.agent, '?rating=1')).items.map((item) => item.comment)).toEqual(['Froid']);
    const table = await page(owner.agent, `?qr=${owner.tableQr.id}`);
    expect(table.items.map((item) => item.rating)).toEqual([2, 5]);
    expect(table.summary.count).toBe(2);
    expect((await page(owner.agent, '?qr=none')).summary.count).toBe(4);
    expect((await page(owner.agent, '?comment=1')).summary.count).toBe(2);
    expect((await page(owner.agent, '?comment=1&contact=1')).items.map((item) => item.comment)).toEqual(['Trop attendu']);
    expect((await page(owner.agent, '?status=done')).summary.count).toBe(0);
    expect((await page(owner.agent, `?period=today&rating=le3&comment=1&qr=${owner.tableQr.id}&contact=1&status=new`)).summary.count).toBe(1);
  });

  it('paginates by cursor, newest first, without gaps or repeats', async () => {
    const rows = Array.from({ length: 45 }, (_, n) => ({ restaurantId: owner.restaurant.id, rating: 4, createdAt: new Date(Date.UTC(2025, 5, 1, 12, 0, Math.floor(n / 3))) }));
    await ctx.db.insert(feedbacks).values(rows);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const result: TInboxPage = await page(owner.agent, `?rating=4${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...result.items.map((item) => item.createdAt + item.id));
      cursor = result.nextCursor;
    }
    expect(seen.length).toBe(46);
    expect(new Set(seen).size).toBe(46);
    expect([...seen].sort().reverse()).toEqual(seen);
    await expectRollupConsistent(owner.restaurant.id);
  });

  it('refuses bad filters with a French 400', async () => {
    for (const query of ['?rating=9', '?period=demain', '?period=custom&from=2026-02-31', '?period=custom&from=2026-03-02&to=2026-03-01', '?qr=abc', '?cursor=xyz', '?status=lu']) {
      const response = await owner.agent.get(`/api/inbox${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/invalide|précéder/);
    }
  });

  it('?feedback=<id> shows that one feedback; another restaurant’s id is not found', async () => {
    const [one] = (await page(owner.agent, '?period=tonight')).items;
    const alone = await page(owner.agent, `?feedback=${one.id}`);
    expect(alone.items.map((item) => item.id)).toEqual([one.id]);
    const other = await createSignedInOwner(ctx);
    expect((await other.agent.get(`/api/inbox?feedback=${one.id}`)).status).toBe(404);
  });
});

describe('/avis: status Nouveau → Traité', () => {
  it('marks one or a selection handled, by whom and when; another restaurant’s ids are refused with 404', async () => {
    const owner = await createOwnerWithRestaurant();
    const other = await createOwnerWithRestaurant('Autre table');
    const insert = (restaurantId: string) => ctx.db.insert(feedbacks).values({ restaurantId, rating: 2 }).returning({ id: feedbacks.id });
    const [[a1], [a2], [b1]] = await Promise.all([insert(owner.restaurant.id), insert(owner.restaurant.id), insert(other.restaurant.id)]);

    const one = await owner.agent.post(`/api/inbox/${a1.id}/status`, { status: 'done' });
    expect(one.status).toBe(200);
    const [handled] = (await page(owner.agent, '?status=done')).items;
    expect(handled).toMatchObject({ id: a1.id, status: 'done', handledByName: 'Camille Patron' });
    expect(handled.handledAt).not.toBeNull();

    expect((await other.agent.post(`/api/inbox/${a2.id}/status`, { status: 'done' })).status).toBe(404);
    const mixed = await other.agent.post('/api/inbox/status', { status: 'done', ids: [b1.id, a2.id] });
    expect(mixed.status).toBe(404);
    const [b] = await ctx.db.select().from(feedbacks).where(eq(feedbacks.id, b1.id));
    expect(b.status).toBe('new'); // the whole request was refused
    const [a] = await ctx.db.select().from(feedbacks).where(eq(feedbacks.id, a2.id));
    expect(a.status).toBe('new');

    const bulk = await owner.agent.post('/api/inbox/status', { status: 'done', ids: [a1.id, a2.id] });
    expect(await bulk.json()).toMatchObject({ updated: 2 });
    expect((await page(owner.agent, '?status=done')).summary.count).toBe(2);
    await owner.agent.post('/api/inbox/status', { status: 'new', ids: [a1.id] });
    expect((await page(owner.agent, '?status=new')).items.map((item) => [item.id, item.handledAt])).toEqual([[a1.id, null]]);
    await expectRollupConsistent(owner.restaurant.id);
    expect((await owner.agent.post('/api/inbox/status', { status: 'done', ids: [] })).status).toBe(400);
  });
});

describe('/avis: private reply', () => {
  it('a submitted feedback carries its table and contact; the reply leaves from the restaurant with Reply-To, is logged and shown', async () => {
    const owner = await createOwnerWithRestaurant('Le Bistrot Répondeur');
    const email = uniqueEmail('diner');
    const visitor = await createConfirmedVisitor(ctx, owner.restaurant.id, email, { firstName: 'Léa' });
    expect((await visitor.submit({ restaurantId: owner.restaurant.id, qrId: owner.tableQr.id, rating: 2, comment: 'Plat froid', email })).status).toBe(200);
    const anonymous = createVisitor(ctx);
    expect((await anonymous.submit({ restaurantId: owner.restaurant.id, rating: 1 })).status).toBe(200);

    const list = await page(owner.agent, '?rating=le3');
    const [anon, lea] = [list.items.find((item) => !item.customer?.hasEmail)!, list.items.find((item) => item.customer?.hasEmail)!];
    expect(lea).toMatchObject({ tableLabel: 'Table 1', comment: 'Plat froid', customer: { name: 'Léa', hasEmail: true } });
    expect((await page(owner.agent, `?contact=1&qr=${owner.tableQr.id}`)).items.map((item) => item.id)).toEqual([lea.id]);

    const [gift] = await ctx.db.select().from(rewards).where(and(eq(rewards.restaurantId, owner.restaurant.id), eq(rewards.label, 'Café offert')));
    const sent = await owner.agent.post(`/api/inbox/${lea.id}/reply`, { subject: 'Toutes nos excuses', message: 'Bonjour Léa,\n\nNous sommes désolés.', rewardId: gift.id });
    expect(sent.status, await sent.clone().text()).toBe(200);

    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email));
    expect(mail.parsed.subject).toBe('Toutes nos excuses');
    expect(mail.parsed.from?.value[0].name).toBe('Le Bistrot Répondeur');
    expect(mail.parsed.replyTo?.value[0].address).toBe(owner.contactEmail);
    expect(mail.parsed.html).toContain('Nous sommes désolés.');
    expect(mail.parsed.html).toContain('Café offert');
    await ctx.waitForIdleQueue();
    const logs = await ctx.db.select().from(emailLogs).where(and(eq(emailLogs.restaurantId, owner.restaurant.id), eq(emailLogs.templateName, 'feedback_reply')));
    expect(logs.map((log) => [log.toEmail, log.status])).toEqual([[email, 'sent']]);

    // The gesture is one of the diner's rewards to hand over, and costs them no points.
    const pending = await ctx.db.select().from(customerRewards).where(and(eq(customerRewards.customerId, visitor.customerId), eq(customerRewards.status, 'pending')));
    expect(pending.map((reward) => [reward.label, reward.cost])).toContainEqual(['Café offert', 0]);
    const detail = await owner.agent.get(`/api/customers/${visitor.customerId}`);
    expect(JSON.stringify(await detail.json())).toContain('Café offert');

    const shown = (await page(owner.agent, `?feedback=${lea.id}`)).items[0];
    expect(shown.replies).toMatchObject([{ subject: 'Toutes nos excuses', rewardLabel: 'Café offert', sentByName: 'Camille Patron' }]);

    // A second reply needs the owner's confirmation.
    const again = await owner.agent.post(`/api/inbox/${lea.id}/reply`, { subject: 'Encore', message: 'Re' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toContain('déjà répondu');
    expect((await owner.agent.post(`/api/inbox/${lea.id}/reply`, { subject: 'Encore', message: 'Re', confirmAnother: true })).status).toBe(200);

    // No email, no reply; another restaurant's feedback is not found; a foreign reward is not found.
    expect((await owner.agent.post(`/api/inbox/${anon.id}/reply`, { subject: 'S', message: 'M' })).status).toBe(400);
    const other = await createOwnerWithRestaurant('Voisin');
    expect((await other.agent.post(`/api/inbox/${lea.id}/reply`, { subject: 'S', message: 'M', confirmAnother: true })).status).toBe(404);
    const [foreignReward] = await ctx.db.select().from(rewards).where(eq(rewards.restaurantId, other.restaurant.id));
    expect((await owner.agent.post(`/api/inbox/${lea.id}/reply`, { subject: 'S', message: 'M', confirmAnother: true, rewardId: foreignReward.id })).status).toBe(404);
    expect((await owner.agent.post(`/api/inbox/${lea.id}/reply`, { subject: ' ', message: 'M' })).status).toBe(400);
  });

  it('a diner who types an email and confirms it later becomes a contact; erasing them clears it', async () => {
    const owner = await createOwnerWithRestaurant();
    const email = uniqueEmail('plus-tard');
    const visitor = createVisitor(ctx);
    expect((await visitor.submit({ restaurantId: owner.restaurant.id, rating: 2, email, firstName: 'Noé' })).status).toBe(200);
    // The typed address is already a contact, « non confirmé » (decision 075).
    const typed = await page(owner.agent, '?contact=1');
    expect(typed.items.map((item) => [item.customer?.hasEmail, item.customer?.unconfirmedEmail])).toEqual([[false, email]]);
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email) && String(m.parsed.html).includes('?link='));
    const token = new URL(findLinkInMail(String(mail.parsed.html), '/f/')).searchParams.get('link')!;
    expect((await visitor.post('/api/public/link-email/confirm', { token })).status).toBe(200);
    const withContact = await page(owner.agent, '?contact=1');
    expect(withContact.items.map((item) => item.customer?.hasEmail)).toEqual([true]);
    await expectRollupConsistent(owner.restaurant.id);
    expect((await owner.agent.delete(`/api/customers/${withContact.items[0].customer!.id}`)).status).toBe(200);
    expect((await page(owner.agent, '?contact=1')).summary.count).toBe(0);
    await expectRollupConsistent(owner.restaurant.id);
  });

  it('refuses an unsubscribed diner in French', async () => {
    const owner = await createOwnerWithRestaurant();
    const email = uniqueEmail('parti');
    const visitor = await createConfirmedVisitor(ctx, owner.restaurant.id, email);
    await visitor.submit({ restaurantId: owner.restaurant.id, rating: 2, email });
    await ctx.db.update(customers).set({ unsubscribedAt: new Date() }).where(eq(customers.id, visitor.customerId));
    const [item] = (await page(owner.agent, '')).items;
    const refused = await owner.agent.post(`/api/inbox/${item.id}/reply`, { subject: 'S', message: 'M' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('Ce client s’est désinscrit des emails du restaurant : impossible de lui répondre.');
    expect(await ctx.db.select().from(emailLogs).where(and(eq(emailLogs.restaurantId, owner.restaurant.id), eq(emailLogs.templateName, 'feedback_reply')))).toEqual([]);
  });

  it('limits replies per restaurant', async () => {
    const owner = await createOwnerWithRestaurant();
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) {
      const email = uniqueEmail(`limite-${n}`);
      const visitor = await createConfirmedVisitor(ctx, owner.restaurant.id, email);
      await visitor.submit({ restaurantId: owner.restaurant.id, rating: 3, email });
    }
    ids.push(...(await page(owner.agent, '')).items.map((item) => item.id));
    const statuses = [];
    for (const id of ids) statuses.push((await owner.agent.post(`/api/inbox/${id}/reply`, { subject: 'S', message: 'M' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another restaurant has its own count.
    const other = await createOwnerWithRestaurant();
    const email = uniqueEmail('voisin');
    const visitor = await createConfirmedVisitor(ctx, other.restaurant.id, email);
    await visitor.submit({ restaurantId: other.restaurant.id, rating: 3, email });
    const [item] = (await page(other.agent, '')).items;
    expect((await other.agent.post(`/api/inbox/${item.id}/reply`, { subject: 'S', message: 'M' })).status).toBe(200);
  });
});

describe('/api/inbox/today: the counter staff’s view of today’s reviews (issue #29)', () => {
  it('shows an équipe member today’s reviews of the venue with nothing of the diners, and not /avis', async () => {
    const owner = await createOwnerWithRestaurant('Chez Service');
    const waiter = await createUser(ctx, { email: uniqueEmail('equipe') });
    await addMember(ctx, { organisationId: owner.restaurant.organisationId, userId: waiter.id, role: 'staff' });
    const staff = await signIn(ctx, waiter.email);
    const email = uniqueEmail('client');
    const diner = await createConfirmedVisitor(ctx, owner.restaurant.id, email);
    expect((await diner.submit({ restaurantId: owner.restaurant.id, qrId: owner.tableQr.id, rating: 2, comment: 'Trop salé', firstName: 'Inès', lastName: 'Secret', email, phone: '06 12 34 56 78' })).status).toBe(200);
    // Yesterday's review is not today's.
    await ctx.db.insert(feedbacks).values({ restaurantId: owner.restaurant.id, rating: 5, comment: 'Hier soir', createdAt: new Date(clock.now().getTime() - 36 * 3600_000) });

    const response = await staff.get('/api/inbox/today');
    expect(response.status).toBe(200);
    const today = await response.json();
    expect(today.items).toEqual([{ id: expect.any(String), rating: 2, comment: 'Trop salé', createdAt: expect.any(String), tableLabel: owner.tableQr.tableLabel }]);
    expect(today.summary.count).toBe(1);
    const raw = JSON.stringify(today);
    for (const detail of ['Inès', 'Secret', email, '06 12 34 56 78', 'Hier soir']) expect(raw).not.toContain(detail);
    // The reviews themselves (/avis, with the diners) stay the owner's, gérant's and lecture's.
    expect((await staff.get('/api/inbox')).status).toBe(403);
    expect((await owner.agent.get('/api/inbox/today')).status).toBe(200);
    expect((await staff.get('/api/inbox/today?cursor=abc')).status).toBe(400);
  });
});
