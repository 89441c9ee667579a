import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { mentions as scanMentions } from '../support/table-scan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/server/db/schema';
import { createUser, signIn } from '../support/factories';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import type { TestContext } from '../support/test-app';
import { createConfirmedVisitor, createDinerRestaurant, createDinerTestContext, createVisitor } from './diner-support';

// Mails leave through SMTP (what a diner receives is in their inbox, not in our database): the dev
// outbox table is then empty, and every table of the database is scanned.
let smtp: TestSmtpServer;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createDinerTestContext({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const letters = (length: number) => Array.from(randomBytes(length), (byte) => String.fromCharCode(97 + (byte % 26))).join('');

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
});
