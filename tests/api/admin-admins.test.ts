import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAdmins, user } from '../../src/server/db/schema';
import { removeAppAdmin } from '../../src/server/features/admin/admins.service';
import { createSignedInAdmin, createUser, signIn, uniqueEmail } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

type AdminItem = { userId: string; email: string; createdAt: string };

async function adminIds(): Promise<string[]> {
  return (await ctx.db.select({ userId: platformAdmins.userId }).from(platformAdmins)).map((r) => r.userId);
}

describe('administrators', () => {
  it('refuses to remove the last administrator, whoever asks', async () => {
    const only = await createSignedInAdmin(ctx);
    expect(await adminIds()).toEqual([only.admin.id]);
    await expect(removeAppAdmin(ctx.db, { actorUserId: 'a-script', targetUserId: only.admin.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Impossible de retirer le dernier administrateur',
    });
    expect(await adminIds()).toEqual([only.admin.id]);

    const self = await only.agent.delete(`/api/admin/admins/${only.admin.id}`);
    expect(self.status).toBe(409);
    expect((await self.json()).error.message).toBe('Vous ne pouvez pas vous retirer vous-même');
    expect(await adminIds()).toEqual([only.admin.id]);
  });

  it('adds a registered user by email, lists admins with count and date, removes one', async () => {
    const [first] = await ctx.db.select().from(platformAdmins);
    const me = await signInExistingAdmin(first.userId);
    const colleague = await createUser(ctx, { email: uniqueEmail('collegue') });

    const added = await me.post('/api/admin/admins', { email: `  ${colleague.email.toUpperCase()}  ` });
    expect(added.status).toBe(201);
    expect((await added.json()).admin).toMatchObject({ userId: colleague.id, email: colleague.email });

    const list = await (await me.get('/api/admin/admins')).json();
    expect(list.count).toBe(2);
    expect(list.admins.map((a: AdminItem) => a.userId)).toEqual([first.userId, colleague.id]);
    expect(Number.isNaN(Date.parse(list.admins[1].createdAt))).toBe(false);
    const [row] = await ctx.db.select().from(platformAdmins).where(eq(platformAdmins.userId, colleague.id));
    expect(row.createdBy).toBe(first.userId);

    const again = await me.post('/api/admin/admins', { email: colleague.email });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe('Cette personne est déjà administrateur.');

    // The new admin gets access at once.
    const colleagueAgent = await signIn(ctx, colleague.email);
    expect((await colleagueAgent.get('/api/admin/overview')).status).toBe(200);

    const removed = await me.delete(`/api/admin/admins/${colleague.id}`);
    expect(removed.status).toBe(200);
    expect(await adminIds()).toEqual([first.userId]);
    expect((await colleagueAgent.get('/api/admin/overview')).status).toBe(403);

    const gone = await me.delete(`/api/admin/admins/${colleague.id}`);
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toBe('Administrateur introuvable');
  });

  it.each([
    [{ email: '' }, 'Veuillez entrer un email'],
    [{ email: '   ' }, 'Veuillez entrer un email'],
    [{}, 'Veuillez entrer un email'],
    [{ email: 'pas-un-email' }, 'Email invalide'],
    [{ email: 'a@b' }, 'Email invalide'],
  ])('refuses to add %j with 400 "%s"', async (body, message) => {
    const { agent } = await createSignedInAdmin(ctx);
    const response = await agent.post('/api/admin/admins', body);
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(message);
  });

  it('refuses an email with no account, with a clear message', async () => {
    const { agent } = await createSignedInAdmin(ctx);
    const before = await adminIds();
    const response = await agent.post('/api/admin/admins', { email: uniqueEmail('inconnu') });
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toBe('Aucun compte n’existe avec cet email. La personne doit d’abord créer son compte ReFeed.');
    expect((await adminIds()).sort()).toEqual(before.sort());
  });

  it('never leaves zero administrators when the last two remove each other at once', async () => {
    // Leave exactly two administrators.
    const a = await createSignedInAdmin(ctx);
    const b = await createSignedInAdmin(ctx);
    for (const id of await adminIds()) if (id !== a.admin.id && id !== b.admin.id) await ctx.db.delete(platformAdmins).where(eq(platformAdmins.userId, id));
    expect((await adminIds()).sort()).toEqual([a.admin.id, b.admin.id].sort());

    const [ab, ba] = await Promise.all([a.agent.delete(`/api/admin/admins/${b.admin.id}`), b.agent.delete(`/api/admin/admins/${a.admin.id}`)]);
    const statuses = [ab.status, ba.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    expect(await adminIds()).toHaveLength(1);
  });
});

/** Signs in the first admin created by the first test (a fresh agent, same account). */
async function signInExistingAdmin(userId: string) {
  const [row] = await ctx.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return signIn(ctx, row.email);
}
