import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { mentions as scanMentions } from '../support/table-scan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, webhookDeliveries } from '../../src/server/db/schema';
import { fail, waitUntil } from '../support/wait';
import { createUser, signIn } from '../support/factories';
import { createConfirmedVisitor, createDinerRestaurant, createVisitor, letters, useDinerSmtpContext } from './diner-support';

// Mails leave through SMTP (what a diner receives is in their inbox, not in our database): the dev
// outbox table is then empty, and every table of the database is scanned.
const { ctx, smtp } = useDinerSmtpContext({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
/** A webhook receiver on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=1): /ok answers 200, any other path 500 (its deliveries stay queued for a retry). */
let receiver: Server;
let hooks: string;
const hookBodies: string[] = [];
beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hookBodies.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(request.url === '/ok' ? 200 : 500).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hooks = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

/** Rows of each table whose whole text mentions `needle` (and not `unless`, when given), by table (tests/support/table-scan.ts). */
const mentions = (needle: string, unless?: string) => scanMentions(ctx.db, needle, unless);

describe('customer erasure', () => {
  it('attack: after erasure no table holds the diner’s email, name or comment (logs, send keys, link rows, queued and completed jobs)', async () => {
    const owner = await createUser(ctx);
    const { restaurant } = await createDinerRestaurant(ctx, { ownerId: owner.id, name: 'Effacement' });
    const agent = await signIn(ctx, owner.email);
    const email = `zoe-${letters(10)}@example.fr`;
    const firstName = `Zoeline${letters(8)}`;
    const lastName = `Marchetti${letters(8)}`;
    const comment = `Commentaire ${letters(12)} du repas`;
    const lowComment = `Service lent ${letters(12)}`;

    // Device 1, which confirmed the address (decision 024: elsewhere a typed email is only a claim): a
    // feedback with everything (thanks now, nudge in 3 days, 'we miss you' in 30 days waiting).
    const first = await createConfirmedVisitor(ctx, restaurant.id, email);
    expect((await first.submit({ restaurantId: restaurant.id, rating: 5, email, firstName, lastName, comment, marketingConsent: true })).status).toBe(200);
    // A later low rating of the same diner: the restaurant's alert carries the comment.
    expect((await first.submit({ restaurantId: restaurant.id, rating: 2, email, firstName, lastName, comment: lowComment })).status).toBe(200);
    // Device 2: anonymous points, then a link to the same address asked and never opened (a link row with the names).
    const second = createVisitor(ctx);
    expect((await second.submit({ restaurantId: restaurant.id, rating: 4 })).status).toBe(200);
    expect((await second.post('/api/public/link-email', { restaurantId: restaurant.id, email, firstName, lastName, marketingConsent: true })).status).toBe(200);
    await smtp.waitFor((mail) => mail.envelope.to.includes(email) && String(mail.parsed.html).includes('?link='));
    await ctx.waitForIdleQueue();

    // The same address is a customer of another restaurant too: that one is not erased.
    const other = await createDinerRestaurant(ctx, { name: 'Voisin' });
    const elsewhere = await createConfirmedVisitor(ctx, other.restaurant.id, email);
    expect((await elsewhere.submit({ restaurantId: other.restaurant.id, rating: 5, email, firstName: 'Autre' })).status).toBe(200);
    await ctx.waitForIdleQueue();

    const before = { email: await mentions(email, other.restaurant.id), firstName: await mentions(firstName), lastName: await mentions(lastName), comment: await mentions(comment), lowComment: await mentions(lowComment) };
    // Where the issue found the address after an erasure: each is really there before.
    expect(Object.keys(before.email)).toEqual(expect.arrayContaining(['public.customers', 'public.email_logs', 'public.email_deliveries', 'public.verifications', 'pgboss.job']));
    expect(Object.keys(before.firstName)).toEqual(expect.arrayContaining(['public.customers', 'public.verifications']));
    expect(Object.keys(before.comment)).toEqual(expect.arrayContaining(['public.feedbacks', 'pgboss.job']));
    // The low-rating alert's job names the feedback only: its comment is read at send time (decision 036).
    expect(Object.keys(before.lowComment)).toEqual(expect.arrayContaining(['public.feedbacks']));

    const [customer] = await ctx.db.select().from(customers).where(sql`${customers.restaurantId} = ${restaurant.id} and ${customers.email} = ${email}`);
    const erased = await agent.delete(`/api/customers/${customer.id}`);
    expect(erased.status).toBe(200);

    expect({
      email: await mentions(email, other.restaurant.id),
      firstName: await mentions(firstName),
      lastName: await mentions(lastName),
      comment: await mentions(comment),
      lowComment: await mentions(lowComment),
      customerId: await mentions(customer.id, 'customer_erased'),
    }).toEqual({ email: {}, firstName: {}, lastName: {}, comment: {}, lowComment: {}, customerId: {} });
    // The other restaurant's customer with that address is untouched.
    expect(await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.restaurantId, other.restaurant.id))).toHaveLength(1);
    // Nothing erased is sent later: no job about them is left to run.
    await ctx.waitForIdleQueue();
  }, 60_000);

  it('attack: erasing a diner also erases their never-merged device records (same typed name, or a link asked to their address) and the webhook payloads about them, logged or queued', async () => {
    const owner = await createUser(ctx);
    const { restaurant } = await createDinerRestaurant(ctx, { ownerId: owner.id, name: 'Effacement complet' });
    const agent = await signIn(ctx, owner.email);
    const events = ['feedback.created', 'feedback.low_rating', 'customer.created', 'reward.unlocked'];
    for (const path of ['/ok', '/down']) expect((await agent.post('/api/webhooks', { url: `${hooks}${path}`, events })).status).toBe(201);
    const email = `ines-${letters(10)}@example.fr`;
    const firstName = `Inesse${letters(8)}`;
    const lastName = `Castellan${letters(8)}`;
    const phone = `06${Array.from(randomBytes(8), (byte) => String(byte % 10)).join('')}`;
    const comments = [`Premier ${letters(12)}`, `Deuxième ${letters(12)}`, `Troisième ${letters(12)}`];

    // Device 1 confirmed the address: a rating with names, phone and a comment.
    const first = await createConfirmedVisitor(ctx, restaurant.id, email);
    expect((await first.submit({ restaurantId: restaurant.id, rating: 2, email, firstName, lastName, phone, comment: comments[0] })).status).toBe(200);
    // Device 2: a rating with a comment, then a link to the same address asked and never opened.
    const second = createVisitor(ctx);
    expect((await second.submit({ restaurantId: restaurant.id, rating: 3, comment: comments[1] })).status).toBe(200);
    expect((await second.post('/api/public/link-email', { restaurantId: restaurant.id, email, marketingConsent: false })).status).toBe(200);
    // Device 3: never linked, the same name (another case) and phone typed with its rating.
    const third = createVisitor(ctx);
    expect((await third.submit({ restaurantId: restaurant.id, rating: 1, firstName: firstName.toUpperCase(), lastName, phone, comment: comments[2] })).status).toBe(200);
    // Another diner of the restaurant, anonymous with another name: kept.
    const stranger = createVisitor(ctx);
    expect((await stranger.submit({ restaurantId: restaurant.id, rating: 5, firstName: 'Personne', lastName: 'Dautre', comment: 'Très bon' })).status).toBe(200);

    // The deliveries to /ok are sent and logged; those to /down fail and wait for their retry.
    await waitUntil(() => hookBodies.some((body) => body.includes(comments[2])), { timeoutMs: 20_000, onTimeout: fail(() => 'the webhooks did not arrive') });
    await ctx.waitForIdleQueue();
    const deviceIds = (await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.restaurantId, restaurant.id))).map((row) => row.id);
    const [stored] = await ctx.db.select().from(customers).where(and(eq(customers.restaurantId, restaurant.id), eq(customers.email, email)));
    const storedPhone = stored.phone!;
    const before = { comment: await mentions(comments[2]), firstName: await mentions(firstName), phone: await mentions(storedPhone) };
    // Where each is before the erasure: the third device's record, the feedbacks, and the webhook log and queue.
    expect(Object.keys(before.comment)).toEqual(expect.arrayContaining(['public.feedbacks', 'public.webhook_deliveries']));
    expect(Object.keys(before.firstName)).toEqual(expect.arrayContaining(['public.customers']));
    expect(before.firstName['public.customers']).toBe(2);
    expect(Object.keys(before.phone)).toEqual(expect.arrayContaining(['public.customers']));
    const statuses = new Set((await ctx.db.select({ status: webhookDeliveries.status }).from(webhookDeliveries).where(eq(webhookDeliveries.restaurantId, restaurant.id))).map((row) => row.status));
    expect([...statuses].sort()).toEqual(['pending', 'succeeded']);

    expect((await agent.delete(`/api/customers/${stored.id}`)).status).toBe(200);

    const found: Record<string, Record<string, number>> = {};
    for (const [name, needle] of Object.entries({ email, firstName, lastName, phone: storedPhone, comment0: comments[0], comment1: comments[1], comment2: comments[2] })) {
      found[name] = await mentions(needle);
    }
    for (const id of deviceIds) found[id] = await mentions(id, 'customer_erased');
    const strangerId = (await ctx.db.select({ id: customers.id }).from(customers).where(and(eq(customers.restaurantId, restaurant.id), eq(customers.firstName, 'Personne'))))[0]?.id;
    expect(strangerId).toBeDefined();
    delete found[strangerId!];
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((key) => [key, {}])));
    // The other diner keeps their record, their comment and their webhook deliveries.
    expect(await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.restaurantId, restaurant.id))).toEqual([{ id: strangerId }]);
    expect(Object.keys(await mentions('Très bon'))).toEqual(expect.arrayContaining(['public.feedbacks', 'public.webhook_deliveries']));
    // The erased diner's queued delivery jobs find nothing to send.
    const sentBefore = hookBodies.length;
    await ctx.waitForIdleQueue();
    expect(hookBodies.slice(sentBefore).filter((body) => deviceIds.some((id) => id !== strangerId && body.includes(id)))).toEqual([]);
    expect(await ctx.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.restaurantId, [restaurant.id]))).not.toHaveLength(0);
  }, 90_000);
});
