import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerRewards, customers, emailLogs, feedbacks, loyaltyRules, pointEvents, qrCodes, restaurants, visits } from '../../src/server/db/schema';
import { queryRows } from '../../src/server/db/client';
import { clock } from '../../src/server/lib/runtime/clock';
import { uniqueEmail } from '../support/factories';
import { TEST_PUBLIC_URL } from '../support/test-app';
import { createConfirmedVisitor, createDinerRestaurant, createVisitor, linkEmailAndConfirm, useDinerContext } from './diner-support';

const ctx = useDinerContext();

async function countRows(table: typeof feedbacks | typeof pointEvents | typeof visits | typeof customers, where: ReturnType<typeof eq>) {
  const [row] = await ctx.db.select({ n: count() }).from(table).where(where);
  return row.n;
}

async function findCustomerByEmail(restaurantId: string, email: string) {
  const [found] = await ctx.db
    .select()
    .from(customers)
    .where(and(eq(customers.restaurantId, restaurantId), sql`lower(${customers.email}) = lower(${email})`));
  return found;
}

describe('GET /api/public/restaurants/:id', () => {
  it('returns only the name, logo and review link of an approved restaurant', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    await ctx.db
      .update(restaurants)
      .set({ logoUrl: 'https://cdn.example.fr/logo.png', googleReviewUrl: 'https://g.page/r/bistrot/review', legalName: 'Bistrot SARL', phone: '0102030405' })
      .where(eq(restaurants.id, restaurant.id));
    const response = await createVisitor(ctx).get(`/api/public/restaurants/${restaurant.id}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ name: 'Le Bistrot Test', logoUrl: 'https://cdn.example.fr/logo.png', reviewUrl: 'https://g.page/r/bistrot/review', reviewPromptAllRatings: false, whiteLabel: true, brandColor: null, languages: ['fr', 'en', 'de', 'es', 'it'] });
    for (const secret of [restaurant.contactEmail, '123456789', 'Bistrot SARL', '0102030405', '@']) expect(text).not.toContain(secret);
  });

  it('answers 404 for an unknown, malformed, pending, rejected or suspended restaurant', async () => {
    const visitor = createVisitor(ctx);
    const ids = [crypto.randomUUID(), 'not-a-uuid'];
    for (const status of ['pending', 'rejected', 'suspended'] as const) ids.push((await createDinerRestaurant(ctx, { status })).restaurant.id);
    for (const id of ids) {
      const response = await visitor.get(`/api/public/restaurants/${id}`);
      expect(response.status).toBe(404);
      expect((await response.json()).error.message).toBe('Restaurant introuvable ou non actif');
    }
  });
});

describe('QR codes and visits', () => {
  it('resolves a printed code and counts one scan per /r page load', async () => {
    const { restaurant, mainQr } = await createDinerRestaurant(ctx);
    const visitor = createVisitor(ctx);
    const lookup = await visitor.get(`/api/public/qr/${mainQr.code}`);
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toEqual({ restaurantId: restaurant.id, qrId: mainQr.id, label: 'main-entrance', restaurant: { name: 'Le Bistrot Test', logoUrl: null, reviewUrl: null, reviewPromptAllRatings: false, whiteLabel: true, brandColor: null, languages: ['fr', 'en', 'de', 'es', 'it'] } });
    for (let n = 0; n < 3; n++) expect((await visitor.post('/api/public/visits', { code: mainQr.code })).status).toBe(201);
    const [after] = await ctx.db.select({ scanCount: qrCodes.scanCount }).from(qrCodes).where(eq(qrCodes.id, mainQr.id));
    expect(after.scanCount).toBe(3);
    expect(await countRows(visits, eq(visits.restaurantId, restaurant.id))).toBe(3);
  });

  it('answers "QR code invalide" for an unknown code, and counts nothing', async () => {
    const visitor = createVisitor(ctx);
    for (const response of [await visitor.get('/api/public/qr/nope-main'), await visitor.post('/api/public/visits', { code: 'nope-main' })]) {
      expect(response.status).toBe(404);
      expect((await response.json()).error.message).toBe('QR code invalide');
    }
  });

  it('refuses the code of an inactive restaurant without counting a scan', async () => {
    const { mainQr } = await createDinerRestaurant(ctx, { status: 'suspended' });
    const visitor = createVisitor(ctx);
    const response = await visitor.get(`/api/public/qr/${mainQr.code}`);
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toBe('Restaurant introuvable ou non actif');
    expect((await visitor.post('/api/public/visits', { code: mainQr.code })).status).toBe(404);
    const [after] = await ctx.db.select({ scanCount: qrCodes.scanCount }).from(qrCodes).where(eq(qrCodes.id, mainQr.id));
    expect(after.scanCount).toBe(0);
  });

  it('tracks a /f visit with ?qr= as a scan of that QR, and ignores a QR of another restaurant', async () => {
    const { restaurant, tableQr } = await createDinerRestaurant(ctx);
    const other = await createDinerRestaurant(ctx);
    const visitor = createVisitor(ctx);
    const tracked = await visitor.post('/api/public/visits', { restaurantId: restaurant.id, qrId: tableQr.id, label: 'table-1' });
    expect(tracked.status).toBe(201);
    const body = await tracked.json();
    expect(body).toMatchObject({ restaurantId: restaurant.id, qrId: tableQr.id });
    const [visit] = await ctx.db.select().from(visits).where(eq(visits.id, body.visitId));
    expect(visit).toMatchObject({ restaurantId: restaurant.id, qrCodeId: tableQr.id, source: 'qr', tableLabel: 'Table 1', customerId: null });

    const foreign = await (await visitor.post('/api/public/visits', { restaurantId: restaurant.id, qrId: other.tableQr.id })).json();
    expect(foreign.qrId).toBeNull();
    const plain = await (await visitor.post('/api/public/visits', { restaurantId: restaurant.id, qrId: 'garbage' })).json();
    expect(plain.qrId).toBeNull();
    const scans = await ctx.db.select({ id: qrCodes.id, scanCount: qrCodes.scanCount }).from(qrCodes).where(eq(qrCodes.scanCount, 1));
    expect(scans.map((s) => s.id)).toContain(tableQr.id);
    expect(scans.map((s) => s.id)).not.toContain(other.tableQr.id);
  });

  it('gives the browser an anonymous id cookie: random UUID, HttpOnly, 365 days, path /, SameSite=Lax', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const visitor = createVisitor(ctx);
    const first = await visitor.post('/api/public/visits', { restaurantId: restaurant.id });
    const cookie = first.headers.getSetCookie().find((line) => line.startsWith('rf_tid='))!;
    expect(cookie).toMatch(/^rf_tid=[0-9a-f-]{36};/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const again = await visitor.post('/api/public/visits', { restaurantId: restaurant.id });
    expect(again.headers.getSetCookie().some((line) => line.startsWith('rf_tid='))).toBe(false);
  });
});

describe('POST /api/public/feedbacks', () => {
  it('records customer, visit, feedback, points and consent in one go, then thanks the diner by email (a device with its confirmed address)', async () => {
    const { restaurant, tableQr } = await createDinerRestaurant(ctx);
    await ctx.db.update(restaurants).set({ googleReviewUrl: 'https://g.page/r/bistrot/review' }).where(eq(restaurants.id, restaurant.id));
    const email = uniqueEmail('diner');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    const { visitId } = await (await visitor.post('/api/public/visits', { restaurantId: restaurant.id, qrId: tableQr.id })).json();
    const response = await visitor.submit({
      restaurantId: restaurant.id,
      qrId: tableQr.id,
      visitId,
      label: 'table-1',
      rating: 5,
      comment: '  Délicieux !  ',
      firstName: 'Léa',
      lastName: 'Martin',
      email: email.toUpperCase(),
      phone: '06 12 34 56 78',
      marketingConsent: true,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ pointsAdded: 20, balance: 20, reached: 20, unlockedRewards: [], earning: 'earned' });

    const customer = await findCustomerByEmail(restaurant.id, email);
    expect(customer).toMatchObject({ id: visitor.customerId, email, firstName: 'Léa', lastName: 'Martin', phone: '06 12 34 56 78', points: 20, marketingConsent: true, anonId: visitor.anonId });
    expect(customer.lastVisitAt).toBeInstanceOf(Date);
    expect(customer.marketingConsentAt).toBeInstanceOf(Date);
    const [feedback] = await ctx.db.select().from(feedbacks).where(eq(feedbacks.customerId, customer.id));
    expect(feedback).toMatchObject({ rating: 5, comment: 'Délicieux !', visitId, restaurantId: restaurant.id });
    const [visit] = await ctx.db.select().from(visits).where(eq(visits.id, visitId));
    expect(visit).toMatchObject({ customerId: customer.id, qrCodeId: tableQr.id, source: 'qr' });
    expect(await countRows(visits, eq(visits.restaurantId, restaurant.id))).toBe(1);
    const events = await ctx.db.select().from(pointEvents).where(eq(pointEvents.customerId, customer.id));
    expect(events.map((e) => [e.points, e.feedbackId])).toEqual([[20, feedback.id]]);

    const mail = await ctx.waitForMail((m) => m.toEmail === email);
    expect(mail.subject).toBe('Merci pour votre visite ! — Le Bistrot Test');
    expect(mail.html).toContain('https://g.page/r/bistrot/review');
    await expect.poll(async () => (await ctx.db.select().from(emailLogs).where(eq(emailLogs.toEmail, email))).map((l) => [l.templateName, l.status])).toEqual([
      ['thanks_after_visit', 'sent'],
    ]);
    expect(await ctx.mails(restaurant.contactEmail)).toHaveLength(0);
  });

  it('writes the submission and the emails it leads to in one transaction: a failed commit leaves nothing behind', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = uniqueEmail('atomic');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    const body = { submissionId: crypto.randomUUID(), restaurantId: restaurant.id, rating: 2, email, firstName: 'Nina' };
    const jobsOf = async (queue: string) =>
      (await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from pgboss.job where name = ${queue} and data->>'restaurantId' = ${restaurant.id}`))[0].n;
    // Fails at COMMIT, after every write of the submission (the job included) has been made.
    await ctx.db.execute(sql.raw(`create function diner_test_fail_commit() returns trigger language plpgsql as $$ begin raise exception 'commit refused'; end $$`));
    await ctx.db.execute(
      sql.raw(`create constraint trigger diner_test_fail_commit after insert on feedbacks deferrable initially deferred
        for each row when (new.restaurant_id = '${restaurant.id}') execute function diner_test_fail_commit()`),
    );
    try {
      const refused = await visitor.post('/api/public/feedbacks', body);
      expect(refused.status).toBe(500);
    } finally {
      await ctx.db.execute(sql.raw('drop trigger diner_test_fail_commit on feedbacks'));
      await ctx.db.execute(sql.raw('drop function diner_test_fail_commit()'));
    }
    expect(await countRows(feedbacks, eq(feedbacks.restaurantId, restaurant.id))).toBe(0);
    expect(await countRows(visits, eq(visits.restaurantId, restaurant.id))).toBe(0);
    expect(await countRows(pointEvents, eq(pointEvents.restaurantId, restaurant.id))).toBe(0);
    expect(await findCustomerByEmail(restaurant.id, email)).toMatchObject({ points: 0, firstName: null, lastVisitAt: null });
    expect(await jobsOf('email.send')).toBe(0);
    expect(await jobsOf('alerts.low-rating')).toBe(0);
    expect(await jobsOf('email.send-comeback')).toBe(0);

    // The same submission sent again goes through whole: its alert (the grouping decision, decision 036) and
    // the customer's comeback email are queued by the submission itself (no follow-up job reads it all again).
    const accepted = await visitor.post('/api/public/feedbacks', body);
    expect(await accepted.json()).toEqual({ pointsAdded: 10, balance: 10, reached: 10, unlockedRewards: [], earning: 'earned' });
    expect(await countRows(feedbacks, eq(feedbacks.restaurantId, restaurant.id))).toBe(1);
    expect(await jobsOf('alerts.low-rating')).toBe(1);
    expect(await jobsOf('email.send-comeback')).toBe(1);
    expect(await jobsOf('diner.feedback-follow-up')).toBe(0);
    await ctx.waitForMail((m) => m.toEmail === restaurant.contactEmail && m.subject.startsWith('Avis à surveiller : 2/5'));
  });

  it('alerts the restaurant’s contact email for 3 stars or less and does not thank', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = uniqueEmail('unhappy');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    const response = await visitor.submit({ restaurantId: restaurant.id, rating: 2, comment: 'Plat froid', firstName: 'Hugo', email });
    expect(await response.json()).toEqual({ pointsAdded: 10, balance: 10, reached: 10, unlockedRewards: [], earning: 'earned' });
    const alert = await ctx.waitForMail((m) => m.toEmail === restaurant.contactEmail);
    expect(alert.subject).toBe('Avis à surveiller : 2/5 — Le Bistrot Test');
    expect(alert.html).toContain('Plat froid');
    // The link opens this review on /avis, in its venue (decisions 036, 056).
    const [feedback] = await ctx.db.select({ id: feedbacks.id }).from(feedbacks).where(eq(feedbacks.restaurantId, restaurant.id));
    expect(alert.html).toContain(`${TEST_PUBLIC_URL}/v/${restaurant.id}/avis?feedback=${feedback.id}`);
    await ctx.waitForIdleQueue();
    expect(await ctx.mails(email)).toHaveLength(0);
  });

  it('does not keep a marketing consent that was not given', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = uniqueEmail('noconsent');
    await (await createConfirmedVisitor(ctx, restaurant.id, email)).submit({ restaurantId: restaurant.id, rating: 4, email });
    expect(await findCustomerByEmail(restaurant.id, email)).toMatchObject({ marketingConsent: false, marketingConsentAt: null });
  });

  it('unlocks every active reward the balance reaches, once, pays it at once and emails each one', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    await ctx.db.update(loyaltyRules).set({ basePoints: 45, bonusGoodRating: 10, maxPointsPerDay: 500 }).where(eq(loyaltyRules.restaurantId, restaurant.id));
    const email = uniqueEmail('rewards');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    // 45: nothing yet. (Reward emails are marketing: they need the diner's consent.)
    expect(await (await visitor.submit({ restaurantId: restaurant.id, rating: 3, email, marketingConsent: true })).json()).toEqual({ pointsAdded: 45, balance: 45, reached: 45, unlockedRewards: [], earning: 'earned' });
    // 45 → 100 passes "Café offert" (50) and "Dessert offert" (100); the inactive one (60) stays locked.
    // The café is paid at once (100 − 50 = 50): the dessert is no longer covered, so it is not promised.
    expect(await (await visitor.submit({ restaurantId: restaurant.id, rating: 5, email })).json()).toEqual({
      pointsAdded: 55,
      balance: 50,
      reached: 100,
      unlockedRewards: [{ name: 'Café offert', cost: 50 }],
      earning: 'earned',
    });
    // 50 → 95: nothing new (the café's threshold was not crossed again).
    expect((await (await visitor.submit({ restaurantId: restaurant.id, rating: 3, email })).json()).unlockedRewards).toEqual([]);
    // 95 → 140 reaches the dessert, paid at once: 40 left.
    expect(await (await visitor.submit({ restaurantId: restaurant.id, rating: 3, email })).json()).toMatchObject({ balance: 40, unlockedRewards: [{ name: 'Dessert offert' }] });
    const customer = await findCustomerByEmail(restaurant.id, email);
    expect(customer.points).toBe(40);
    const earned = await ctx.db.select().from(customerRewards).where(eq(customerRewards.customerId, customer.id));
    expect(earned.map((r) => [r.label, r.cost, r.status]).sort()).toEqual([
      ['Café offert', 50, 'pending'],
      ['Dessert offert', 100, 'pending'],
    ]);
    const events = await ctx.db.select().from(pointEvents).where(eq(pointEvents.customerId, customer.id));
    expect(events.filter((e) => e.points < 0).map((e) => [e.points, e.reason]).sort()).toEqual([
      [-100, 'reward_unlocked'],
      [-50, 'reward_unlocked'],
    ]);
    await ctx.waitForMail((m) => m.toEmail === email && m.html.includes('Dessert offert'));
    await ctx.waitForMail((m) => m.toEmail === email && m.html.includes('Café offert'));
  });

  it('caps the points earned per Paris day and starts again the next day', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    await ctx.db.update(loyaltyRules).set({ maxPointsPerDay: 30 }).where(eq(loyaltyRules.restaurantId, restaurant.id));
    const email = uniqueEmail('cap');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    // 23:10 in Paris (21:10 UTC in summer).
    clock.freeze(new Date('2026-07-14T21:10:00Z'));
    const added = [];
    for (let n = 0; n < 3; n++) added.push(await (await visitor.submit({ restaurantId: restaurant.id, rating: 5, email })).json());
    expect(added.map((answer) => [answer.pointsAdded, answer.earning])).toEqual([
      [20, 'earned'],
      [10, 'earned'],
      [0, 'daily_cap'],
    ]);
    // 00:20 in Paris: a new day, although still the same UTC day.
    clock.freeze(new Date('2026-07-14T22:20:00Z'));
    const next = await (await visitor.submit({ restaurantId: restaurant.id, rating: 5, email })).json();
    // 30 + 20 reaches the café, paid at once.
    expect(next).toEqual({ pointsAdded: 20, balance: 0, reached: 50, unlockedRewards: [{ name: 'Café offert', cost: 50 }], earning: 'earned' });
    const customer = await findCustomerByEmail(restaurant.id, email);
    expect(await countRows(feedbacks, eq(feedbacks.customerId, customer.id))).toBe(4);
  });

  it('returns the first answer for a retried submission and records nothing twice', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = uniqueEmail('retry');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    const body = { submissionId: crypto.randomUUID(), restaurantId: restaurant.id, rating: 5, email };
    const first = await (await visitor.post('/api/public/feedbacks', body)).json();
    const again = await (await visitor.post('/api/public/feedbacks', { ...body, rating: 1 })).json();
    expect(again).toEqual(first);
    // A double click: the same id at the same moment.
    const doubleId = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => visitor.post('/api/public/feedbacks', { ...body, submissionId: doubleId })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const results = await Promise.all(answers.map((r) => r.json()));
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    const customer = await findCustomerByEmail(restaurant.id, email);
    expect(await countRows(feedbacks, eq(feedbacks.customerId, customer.id))).toBe(2);
    expect(await countRows(pointEvents, eq(pointEvents.customerId, customer.id))).toBe(2);
    expect(customer.points).toBe(40);
  });

  it('keeps an anonymous diner’s points on the cookie’s customer', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const visitor = createVisitor(ctx);
    await visitor.submit({ restaurantId: restaurant.id, rating: 5, firstName: 'Zoé' });
    const second = await (await visitor.submit({ restaurantId: restaurant.id, rating: 3 })).json();
    expect(second).toEqual({ pointsAdded: 10, balance: 30, reached: 30, unlockedRewards: [], earning: 'earned' });
    const tid = visitor.agent.cookies.get('rf_tid')!;
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.anonId, tid));
    expect(customer).toMatchObject({ restaurantId: restaurant.id, points: 30, firstName: 'Zoé', email: null });
    expect(await (await visitor.get(`/api/public/restaurants/${restaurant.id}/anonymous-points`)).json()).toEqual({ points: 30 });
    // Another browser is another diner.
    expect((await (await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 3 })).json()).balance).toBe(10);
  });

  it('refuses an unknown or inactive restaurant', async () => {
    const visitor = createVisitor(ctx);
    for (const status of ['pending', 'rejected', 'suspended'] as const) {
      const { restaurant } = await createDinerRestaurant(ctx, { status });
      const response = await visitor.submit({ restaurantId: restaurant.id, rating: 5 });
      expect(response.status).toBe(404);
      expect((await response.json()).error.message).toBe('Restaurant introuvable ou non actif');
      expect(await countRows(feedbacks, eq(feedbacks.restaurantId, restaurant.id))).toBe(0);
    }
    expect((await visitor.submit({ restaurantId: crypto.randomUUID(), rating: 5 })).status).toBe(404);
  });

  it('answers bad input with a 400 and the first message', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const visitor = createVisitor(ctx);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ restaurantId: restaurant.id }, 'Veuillez donner une note'],
      [{ restaurantId: restaurant.id, rating: 0 }, 'Veuillez donner une note'],
      [{ restaurantId: restaurant.id, rating: 6 }, 'Veuillez donner une note'],
      [{ restaurantId: restaurant.id, rating: 'cinq' }, 'Veuillez donner une note'],
      [{ restaurantId: restaurant.id, rating: 4, page: 'r' }, 'Le prénom est requis'],
      [{ restaurantId: restaurant.id, rating: 4, page: 'r', firstName: '   ' }, 'Le prénom est requis'],
      [{ restaurantId: restaurant.id, rating: 4, email: 'pas-un-email' }, 'Email invalide'],
      [{ restaurantId: restaurant.id, rating: 4, phone: 'abc' }, 'Numéro de téléphone invalide'],
      [{ restaurantId: restaurant.id, rating: 4, comment: 'x'.repeat(1001) }, 'Le commentaire ne doit pas dépasser 1000 caractères'],
      [{ restaurantId: restaurant.id, rating: 4, firstName: 'x'.repeat(51) }, 'Le prénom ne doit pas dépasser 50 caractères'],
      // A body far bigger than any form is refused before it is read whole.
      [{ restaurantId: restaurant.id, rating: 4, email: `${'x'.repeat(300)}@example.fr` }, 'Email invalide'],
      // Wrong types from a crafted request: still a French 400.
      [{ restaurantId: restaurant.id, rating: 4, email: 5 }, 'Email invalide'],
      [{ restaurantId: restaurant.id, rating: 4, firstName: 5 }, 'Requête invalide'],
      [{ restaurantId: restaurant.id, rating: 4, comment: ['a'] }, 'Requête invalide'],
      [{ restaurantId: restaurant.id, rating: 4, marketingConsent: 'oui' }, 'Requête invalide'],
      [{ restaurantId: restaurant.id, rating: 4, page: 'x' }, 'Requête invalide'],
      [{ restaurantId: restaurant.id, rating: 4, qrId: 5 }, 'Requête invalide'],
      [{ restaurantId: 5, rating: 4 }, 'Restaurant introuvable ou non actif'],
    ];
    for (const [body, message] of cases) {
      const response = await visitor.submit(body);
      expect(response.status, message).toBe(400);
      expect((await response.json()).error.message).toBe(message);
    }
    for (const raw of ['{', '[]', 'null', '"texte"']) {
      const notAnObject = await visitor.agent.request('/api/public/feedbacks', { method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor.ip } });
      expect(notAnObject.status, raw).toBe(400);
    }
    // A body over the limit is refused before it is read whole.
    const huge = await visitor.submit({ restaurantId: restaurant.id, rating: 4, comment: 'x'.repeat(1_000_000) });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.message).toBe('Requête trop volumineuse.');
    // U+0000, which PostgreSQL refuses in text, is answered with the French 400 by the app's input guard.
    const email = uniqueEmail('nul');
    const nul = await visitor.submit({ restaurantId: restaurant.id, rating: 4, firstName: 'Al\u0000ix', email: `${email}\u0000`, comment: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect((await nul.json()).error.message).toBe('Requête invalide');
    expect(await findCustomerByEmail(restaurant.id, email)).toBeUndefined();
    const badCode = await visitor.get('/api/public/qr/a%00b');
    expect(badCode.status).toBe(400);
    const badVisit = await visitor.post('/api/public/visits', { code: 'a\u0000' });
    expect(badVisit.status).toBe(400);
    expect((await badVisit.json()).error.message).toBe('Requête invalide');
    // /r accepts a first name; empty optional boxes are simply "not given".
    const ok = await visitor.submit({ restaurantId: restaurant.id, rating: 4, page: 'r', firstName: 'Al', email: '', phone: '', comment: '' });
    expect(ok.status).toBe(200);
  });
});

describe('POST /api/public/link-email', () => {
  it('turns the anonymous customer into the customer with that email, once', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const visitor = createVisitor(ctx);
    await visitor.submit({ restaurantId: restaurant.id, rating: 5, firstName: 'Inès' });
    const email = uniqueEmail('linked');
    const { token, response: linked } = await linkEmailAndConfirm(ctx, visitor, { restaurantId: restaurant.id, email: email.toUpperCase(), marketingConsent: true });
    expect(linked.status).toBe(200);
    expect(await linked.json()).toMatchObject({ balance: 20 });
    const customer = await findCustomerByEmail(restaurant.id, email);
    // The device keeps its id on the customer: it is recognised as that customer from now on.
    expect(customer).toMatchObject({ email, anonId: visitor.agent.cookies.get('rf_tid'), points: 20, firstName: 'Inès', marketingConsent: true });
    expect(await countRows(feedbacks, eq(feedbacks.customerId, customer.id))).toBe(1);
    // The link works once; asking again changes nothing.
    expect((await visitor.post('/api/public/link-email/confirm', { token })).status).toBe(400);
    expect((await visitor.post('/api/public/link-email', { restaurantId: restaurant.id, email })).status).toBe(200);
    expect(await countRows(customers, eq(customers.restaurantId, restaurant.id))).toBe(1);
    expect((await findCustomerByEmail(restaurant.id, email)).points).toBe(20);
  });

  it('moves points, visits, feedbacks and earned rewards onto an existing customer exactly once', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = uniqueEmail('known');
    // The known customer: 40 points from their own (confirmed) device.
    const known = await createConfirmedVisitor(ctx, restaurant.id, email, { firstName: 'Jules', marketingConsent: true });
    await known.submit({ restaurantId: restaurant.id, rating: 5, email });
    await known.submit({ restaurantId: restaurant.id, rating: 5, email });
    // The anonymous one: 60 points, already earned (and paid) "Café offert": 10 left.
    const visitor = createVisitor(ctx);
    await ctx.db.update(loyaltyRules).set({ basePoints: 50 }).where(eq(loyaltyRules.restaurantId, restaurant.id));
    expect(await (await visitor.submit({ restaurantId: restaurant.id, rating: 5 })).json()).toMatchObject({ balance: 10, unlockedRewards: [{ name: 'Café offert' }] });
    const tid = visitor.agent.cookies.get('rf_tid')!;
    const [anon] = await ctx.db.select().from(customers).where(eq(customers.anonId, tid));
    expect(anon.points).toBe(10);

    const { token, response } = await linkEmailAndConfirm(ctx, visitor, { restaurantId: restaurant.id, email });
    // 40 + 10 = 50 reaches "Café offert" once more (only the combined balance could), paid at once.
    expect(await response.json()).toMatchObject({ balance: 0 });
    const target = await findCustomerByEmail(restaurant.id, email);
    expect(target).toMatchObject({ points: 0, firstName: 'Jules', anonId: tid });
    expect(await ctx.db.select().from(customers).where(eq(customers.id, anon.id))).toEqual([]);
    expect(await countRows(feedbacks, eq(feedbacks.customerId, target.id))).toBe(3);
    expect(await countRows(visits, eq(visits.customerId, target.id))).toBe(3);
    const events = await ctx.db.select().from(pointEvents).where(eq(pointEvents.customerId, target.id));
    expect(events.map((e) => e.points).sort((a, b) => a - b)).toEqual([-50, -50, 20, 20, 60]);
    const earned = await ctx.db.select({ label: customerRewards.label }).from(customerRewards).where(eq(customerRewards.customerId, target.id));
    expect(earned.map((r) => r.label)).toEqual(['Café offert', 'Café offert']);
    await ctx.waitForMail((m) => m.toEmail === email && m.html.includes('Café offert'));

    // Opening the link again, even twice at once, changes nothing.
    const repeats = await Promise.all([1, 2].map(() => visitor.post('/api/public/link-email/confirm', { token })));
    for (const repeat of repeats) expect(repeat.status).toBe(400);
    expect((await findCustomerByEmail(restaurant.id, email)).points).toBe(0);
    expect(await countRows(customers, eq(customers.restaurantId, restaurant.id))).toBe(1);
    expect((await ctx.db.select().from(customerRewards).where(eq(customerRewards.customerId, target.id))).length).toBe(2);
  });

  it('asks for an email, and sends nothing when this device has no points (with the same answer)', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const visitor = createVisitor(ctx);
    for (const body of [{ restaurantId: restaurant.id }, { restaurantId: restaurant.id, email: '  ' }]) {
      const response = await visitor.post('/api/public/link-email', body);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe('Email requis');
    }
    const invalid = await visitor.post('/api/public/link-email', { restaurantId: restaurant.id, email: 'nope' });
    expect((await invalid.json()).error.message).toBe('Email invalide');
    const email = uniqueEmail();
    const nothing = await visitor.post('/api/public/link-email', { restaurantId: restaurant.id, email });
    expect(nothing.status).toBe(200);
    expect(await nothing.json()).toEqual({ status: 'confirmation_sent', message: 'Un email de confirmation vous a été envoyé' });
    await ctx.waitForIdleQueue();
    expect(await ctx.mails(email)).toHaveLength(0);
  });
});
