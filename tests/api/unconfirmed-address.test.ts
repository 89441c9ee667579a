import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, loyaltyRules, rewards } from '../../src/server/db/schema';
import type { TCustomerDetail, TCustomersPage } from '../../src/shared/schemas/customers';
import type { TInboxItem } from '../../src/shared/schemas/inbox';
import { createSignedInOwner } from '../support/factories';
import { findLinkInMail } from '../support/test-app';
import { createVisitor, letters, useDinerSmtpContext } from './diner-support';

// The owner reaches every diner who left an address (issue 48, decision 075): a typed address not
// confirmed yet is shown « non confirmé » and answerable, with the owner's text alone.
const { ctx, smtp } = useDinerSmtpContext();

async function ownerWithUnhappyDiner() {
  const owner = await createSignedInOwner(ctx, { restaurantName: 'Le Bistrot Léa' });
  await ctx.db.update(loyaltyRules).set({ earningIntervalHours: 0 }).where(eq(loyaltyRules.restaurantId, owner.restaurant.id));
  const [gift] = await ctx.db.insert(rewards).values({ restaurantId: owner.restaurant.id, label: 'Dessert offert', cost: 100 }).returning();
  const email = `inconnu-${letters(8)}@example.fr`;
  const diner = createVisitor(ctx);
  const comment = `Plat froid et service lent ${letters(6)}`;
  const sent = await diner.submit({ restaurantId: owner.restaurant.id, rating: 1, email, firstName: 'Zoé', lastName: 'Secret', phone: '0612345678', comment });
  expect(sent.status).toBe(200);
  // The confirmation link leaves; the diner never opens it.
  const confirmation = await smtp.waitFor((mail) => mail.envelope.to.includes(email));
  return { ...owner, gift, email, comment, diner, confirmation };
}

async function inboxItem(agent: Awaited<ReturnType<typeof createSignedInOwner>>['agent'], query = '') {
  const response = await agent.get(`/api/inbox${query}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { items: TInboxItem[] };
  expect(body.items.length).toBe(1);
  return body.items[0];
}

describe('a typed address not confirmed yet', () => {
  it('is shown « non confirmé » in /avis (list and detail) and on the customer pages', async () => {
    const { agent, email } = await ownerWithUnhappyDiner();
    const item = await inboxItem(agent);
    expect(item.customer).toMatchObject({ hasEmail: false, unconfirmedEmail: email });
    expect(await inboxItem(agent, `?feedback=${item.id}`)).toMatchObject({ customer: { unconfirmedEmail: email } });

    const list = (await (await agent.get('/api/customers')).json()) as TCustomersPage;
    expect(list.items.map((customer) => [customer.email, customer.unconfirmedEmail])).toEqual([[null, email]]);
    const detail = (await (await agent.get(`/api/customers/${item.customer!.id}`)).json()) as TCustomerDetail;
    expect(detail.customer).toMatchObject({ email: null, unconfirmedEmail: email });
  });

  it('is answerable from /avis: the reply arrives over SMTP with the owner’s text only, and no gift can ride on it', async () => {
    const { agent, email, comment, gift } = await ownerWithUnhappyDiner();
    const item = await inboxItem(agent);

    const withGift = await agent.post(`/api/inbox/${item.id}/reply`, { subject: 'Nos excuses', message: 'Bonjour,', rewardId: gift.id });
    expect(withGift.status).toBe(400);
    expect((await withGift.json()).error.message).toBe('Adresse non confirmée : un geste commercial ne peut pas être offert par email. Il le sera quand le client aura confirmé son adresse.');

    const message = 'Bonjour,\n\nNous sommes désolés de votre soirée. Appelez-nous au 01 02 03 04 05.';
    const reply = await agent.post(`/api/inbox/${item.id}/reply`, { subject: 'Nos excuses', message });
    expect(reply.status).toBe(200);
    const mail = await smtp.waitFor((received) => received.envelope.to.includes(email) && received.parsed.subject === 'Nos excuses');
    expect(mail.parsed.text).toContain('Nous sommes désolés de votre soirée.');
    // Nothing of the submitter: not the comment, not the names or phone typed, no points or balance.
    for (const secret of [comment, 'Zoé', 'Secret', '0612345678', '06 12', 'point', 'solde', 'Dessert']) {
      expect(mail.raw, secret).not.toContain(secret);
      expect(mail.parsed.text ?? '', secret).not.toContain(secret);
    }
    expect(mail.parsed.from?.text).toContain('Le Bistrot Léa');
    expect((await inboxItem(agent)).replies).toMatchObject([{ subject: 'Nos excuses', rewardLabel: null }]);
  });

  it('gives way to the confirmed address once the diner confirms', async () => {
    const { agent, email, diner, confirmation } = await ownerWithUnhappyDiner();
    const item = await inboxItem(agent);
    const token = new URL(findLinkInMail(String(confirmation.parsed.html), '/f/')).searchParams.get('link')!;
    expect((await diner.post('/api/public/link-email/confirm', { token })).status).toBe(200);
    expect((await inboxItem(agent)).customer).toMatchObject({ id: item.customer!.id, hasEmail: true, unconfirmedEmail: null });
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, item.customer!.id));
    expect(row).toMatchObject({ email, unconfirmedEmail: null });
  });
});
