import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, organisations } from '../../src/server/db/schema';
import type { Mailer, OutgoingMail } from '../../src/server/email/transport';
import { createRestaurant, createSignedInAdmin, createUser } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

/** A mailer whose SMTP server is down while `failing` is set. */
const mailer: Mailer & { failing: boolean; sent: OutgoingMail[] } = {
  mode: 'smtp',
  failing: false,
  sent: [],
  async send(mail) {
    if (this.failing) throw new Error('connect ECONNREFUSED 127.0.0.1:2525');
    this.sent.push(mail);
  },
  close() {},
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ mailer });
});
afterAll(async () => {
  await ctx.close();
});

describe('when the decision email cannot be sent', () => {
  it('keeps each transition and its audit row, and says the email was not sent', async () => {
    const { agent, admin } = await createSignedInAdmin(ctx);
    const owner = await createUser(ctx);
    const restaurant = await createRestaurant(ctx, { status: 'pending', ownerId: owner.id });
    const path = `/api/admin/organisations/${restaurant.organisationId}`;
    mailer.failing = true;
    try {
      const approved = await agent.post(`${path}/approve`, {});
      expect(approved.status).toBe(200);
      expect(await approved.json()).toEqual({ organisation: { id: restaurant.organisationId, status: 'approved' }, emailSent: false });
      const suspended = await agent.post(`${path}/suspend`, { reason: 'Contrôle qualité en cours' });
      expect((await suspended.json()).emailSent).toBe(false);
    } finally {
      mailer.failing = false;
    }
    const [row] = await ctx.db.select().from(organisations).where(eq(organisations.id, restaurant.organisationId));
    expect(row).toMatchObject({ status: 'suspended', approvedBy: admin.id, suspendedBy: admin.id });
    const audit = await ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.organisationId, restaurant.organisationId));
    expect(audit.map((a) => a.action).sort()).toEqual(['approve', 'suspend']);

    const reactivated = await agent.post(`${path}/reactivate`, {});
    expect((await reactivated.json()).emailSent).toBe(true);
    // Decisions are mailed to the organisation's propriétaires (decision 055).
    expect(mailer.sent.at(-1)).toMatchObject({ to: owner.email });
    expect(mailer.sent.at(-1)?.subject).toContain('réactivé');
  });
});
