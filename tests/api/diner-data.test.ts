import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, restaurantAuditLog } from '../../src/server/db/schema';
import { createUser } from '../support/factories';
import { countChanges, mentions, rowCounts } from '../support/table-scan';
import { createConfirmedVisitor, createDinerRestaurant, createVisitor, letters, useDinerSmtpContext } from './diner-support';

// Mails leave through SMTP (the outbox table stays empty), so every table of the database can be
// scanned and counted as the owner's erasure test does (customer-erasure.test.ts).
const { ctx, smtp } = useDinerSmtpContext();

const myData = (restaurantId: string) => `/api/public/restaurants/${restaurantId}/my-data`;

describe('Mes données: what the restaurant holds about this device', () => {
  it('lists identity, visits, ratings, points and emails sent, and the JSON download holds the same; another device reads nothing', async () => {
    const { restaurant } = await createDinerRestaurant(ctx, { name: 'Le Petit Zinc' });
    const email = `lea-${letters(8)}@example.fr`;
    const diner = await createConfirmedVisitor(ctx, restaurant.id, email, { firstName: 'Léa', lastName: 'Martin' });
    expect((await diner.post('/api/public/visits', { restaurantId: restaurant.id })).status).toBe(201);
    expect((await diner.submit({ restaurantId: restaurant.id, rating: 5, email, firstName: 'Léa', comment: 'Très bon accueil', marketingConsent: true })).status).toBe(200);
    await smtp.waitFor((mail) => mail.envelope.to.includes(email));
    await ctx.waitForIdleQueue();

    const answer = await diner.get(myData(restaurant.id));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const data = await answer.json();
    expect(data).toMatchObject({
      restaurantName: 'Le Petit Zinc',
      found: true,
      identity: { firstName: 'Léa', lastName: 'Martin', email, marketingConsent: true, unsubscribed: false },
      ratings: [{ rating: 5, comment: 'Très bon accueil' }],
    });
    expect(data.visits.length).toBeGreaterThanOrEqual(1);
    expect(data.points.balance).toBeGreaterThan(0);
    expect(data.points.events.length).toBeGreaterThan(0);
    expect(data.emails.length).toBeGreaterThanOrEqual(1);
    expect(data.emails[0]).toMatchObject({ status: 'sent' });

    const download = await diner.get(`${myData(restaurant.id)}/export`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="mes-donnees.json"');
    const exported = await download.json();
    expect(exported.exportedAt).toEqual(expect.any(String));
    expect(exported.identity).toEqual(data.identity);
    expect(exported.ratings).toEqual(data.ratings);
    expect(exported.emails).toEqual(data.emails);

    // Another device, a browser without cookie, a guessed id in the path: nothing of Léa.
    const stranger = createVisitor(ctx);
    await stranger.get(`/api/public/restaurants/${restaurant.id}/anonymous-points`);
    for (const reader of [stranger, createVisitor(ctx)]) {
      const other = await reader.get(myData(restaurant.id));
      expect(other.status).toBe(200);
      const body = await other.json();
      expect(body).toMatchObject({ found: false, identity: null, ratings: [], emails: [] });
      expect(JSON.stringify(body)).not.toContain(email);
    }
    expect((await stranger.get(`/api/public/restaurants/${diner.customerId}/my-data`)).status).toBe(404);
    // Nor can the other device change or erase anything of hers.
    expect((await stranger.post(`${myData(restaurant.id)}/unsubscribe`)).status).toBe(404);
    expect((await stranger.post(`${myData(restaurant.id)}/erase`, { confirm: true })).status).toBe(404);
    const [still] = await ctx.db.select().from(customers).where(eq(customers.id, diner.customerId));
    expect(still).toMatchObject({ unsubscribedAt: null, email });
  });

  it('changes consent and unsubscribes; consent needs an email on record; bad input is a French 400', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const email = `paul-${letters(8)}@example.fr`;
    const diner = await createConfirmedVisitor(ctx, restaurant.id, email, { marketingConsent: false });

    const given = await diner.post(`${myData(restaurant.id)}/consent`, { marketingConsent: true });
    expect(given.status).toBe(200);
    expect((await given.json()).data.identity).toMatchObject({ marketingConsent: true, unsubscribed: false });
    const unsubscribed = await diner.post(`${myData(restaurant.id)}/unsubscribe`);
    expect(unsubscribed.status).toBe(200);
    expect(await unsubscribed.json()).toMatchObject({ message: 'C’est fait : vous ne recevrez plus d’emails de ce restaurant.', data: { identity: { marketingConsent: false, unsubscribed: true } } });
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, diner.customerId));
    expect(row.unsubscribedAt).not.toBeNull();
    expect(row.marketingConsent).toBe(false);
    // Consenting again lifts the unsubscribe.
    await diner.post(`${myData(restaurant.id)}/consent`, { marketingConsent: true });
    const [again] = await ctx.db.select().from(customers).where(eq(customers.id, diner.customerId));
    expect(again).toMatchObject({ marketingConsent: true, unsubscribedAt: null });

    const bad = await diner.post(`${myData(restaurant.id)}/consent`, { marketingConsent: 'oui' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Consentement invalide');

    // An anonymous device has points but no address: it cannot consent to emails.
    const anonymous = createVisitor(ctx);
    expect((await anonymous.submit({ restaurantId: restaurant.id, rating: 4 })).status).toBe(200);
    const refused = await anonymous.post(`${myData(restaurant.id)}/consent`, { marketingConsent: true });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe('Ajoutez d’abord une adresse email pour recevoir les offres du restaurant.');
  });
});

describe('Mes données: erasure', () => {
  it('an anonymous device is erased at once after its confirm step, the same rows as the owner’s erasure', async () => {
    const { restaurant } = await createDinerRestaurant(ctx);
    const diner = createVisitor(ctx);
    const comment = `Anonyme ${letters(12)}`;
    expect((await diner.submit({ restaurantId: restaurant.id, rating: 5, comment })).status).toBe(200);
    await ctx.waitForIdleQueue();
    // Without the confirm step nothing happens.
    const unconfirmed = await diner.post(`${myData(restaurant.id)}/erase`, {});
    expect(unconfirmed.status).toBe(400);
    expect((await unconfirmed.json()).error.message).toBe('Confirmez l’effacement de vos données.');

    const before = await rowCounts(ctx.db);
    const erased = await diner.post(`${myData(restaurant.id)}/erase`, { confirm: true });
    expect(erased.status).toBe(200);
    expect(await erased.json()).toEqual({ status: 'erased', message: 'Vos données ont été effacées.' });
    // Exactly: the customer row, its point events; one audit row; the feedback and visit stay, unlinked, without the comment.
    const changes = countChanges(before, await rowCounts(ctx.db));
    expect(changes).toMatchObject({ 'public.customers': -1, 'public.restaurant_audit_log': 1 });
    expect(changes['public.point_events']).toBeLessThan(0);
    expect(changes['public.feedbacks']).toBeUndefined();
    expect(changes['public.visits']).toBeUndefined();
    expect(await mentions(ctx.db, comment)).toEqual({});
    expect((await (await diner.get(myData(restaurant.id))).json()).found).toBe(false);
  });

  it('with an email on record: a confirmation link by email, then every row about the diner is gone (logs, send keys, jobs), and the link works once', async () => {
    const owner = await createUser(ctx);
    const { restaurant } = await createDinerRestaurant(ctx, { ownerId: owner.id, name: 'Effacement diner' });
    const email = `zoe-${letters(10)}@example.fr`;
    const firstName = `Zoeline${letters(8)}`;
    const comment = `Commentaire ${letters(12)}`;
    const diner = await createConfirmedVisitor(ctx, restaurant.id, email, { firstName });
    expect((await diner.submit({ restaurantId: restaurant.id, rating: 5, email, firstName, comment, marketingConsent: true })).status).toBe(200);
    await smtp.waitFor((mail) => mail.envelope.to.includes(email));
    await ctx.waitForIdleQueue();
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, diner.customerId));

    const asked = await diner.post(`${myData(restaurant.id)}/erase`, { confirm: true });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ status: 'confirmation_sent' });
    // Nothing is erased before the link is opened.
    expect(await ctx.db.select().from(customers).where(eq(customers.id, customer.id))).toHaveLength(1);
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email) && (m.parsed.subject ?? '').startsWith('Confirmez l’effacement de vos données'));
    const link = /href="([^"]*\/donnees\?erase=[^"]+)"/.exec(String(mail.parsed.html))![1].replace(/&amp;/g, '&');
    const token = new URL(link).searchParams.get('erase')!;
    expect(new URL(link).pathname).toBe(`/f/${restaurant.id}/donnees`);
    await ctx.waitForIdleQueue();

    const before = { email: await mentions(ctx.db, email), firstName: await mentions(ctx.db, firstName), comment: await mentions(ctx.db, comment) };
    expect(Object.keys(before.email)).toEqual(expect.arrayContaining(['public.customers', 'public.email_logs', 'public.email_deliveries', 'public.verifications', 'pgboss.job']));
    expect(Object.keys(before.comment)).toEqual(expect.arrayContaining(['public.feedbacks']));

    // Opened on any browser (the link proves the address): the diner is erased.
    const confirmed = await createVisitor(ctx).post('/api/public/my-data/erase/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ status: 'erased', message: 'Vos données ont été effacées.' });
    expect({
      email: await mentions(ctx.db, email),
      firstName: await mentions(ctx.db, firstName),
      comment: await mentions(ctx.db, comment),
      customerId: await mentions(ctx.db, customer.id, 'customer_erased'),
    }).toEqual({ email: {}, firstName: {}, comment: {}, customerId: {} });
    const [audit] = await ctx.db.select().from(restaurantAuditLog).where(sql`${restaurantAuditLog.subjectId} = ${customer.id}`);
    expect(audit).toMatchObject({ action: 'customer_erased', actorUserId: null, details: { by: 'diner' } });

    const again = await createVisitor(ctx).post('/api/public/my-data/erase/confirm', { token });
    expect(again.status).toBe(400);
    expect((await again.json()).error.message).toBe('Ce lien d’effacement est invalide ou a expiré.');
  }, 60_000);
});
