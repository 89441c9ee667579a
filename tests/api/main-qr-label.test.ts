import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { qrCodes } from '../../src/server/db/schema';
import { insertDefaultAutomations } from '../../src/server/email/default-automations';
import type { TInboxItem, TInboxOptions } from '../../src/shared/schemas/inbox';
import type { TQrCode } from '../../src/shared/schemas/qr';
import { createSignedInOwner } from '../support/factories';
import { createVisitor, useDinerSmtpContext } from './diner-support';

// The main QR's stored label stays the spec's « Main entrance »; the owner reads « Entrée principale »
// (issue 48, shared/rules/qr-label.ts): the /avis table filter and rows, the alert. (/qr maps it in the
// client with the same rule; the printed card: tests/api/table-card-fonts.test.ts.)
const { ctx, smtp } = useDinerSmtpContext();

describe('the main QR’s label', () => {
  it('is stored « Main entrance » and read « Entrée principale » in /avis and in the alert', async () => {
    const { agent, restaurant, owner } = await createSignedInOwner(ctx, { restaurantName: 'Chez Main' });
    await insertDefaultAutomations(ctx.db, restaurant.id);
    const created = await agent.post('/api/qr', { isPrimary: true });
    expect(created.status).toBe(201);
    const { qrCode } = (await created.json()) as { qrCode: TQrCode };
    const [stored] = await ctx.db.select().from(qrCodes).where(eq(qrCodes.id, qrCode.id));
    expect(stored.tableLabel).toBe('Main entrance');

    const options = (await (await agent.get('/api/inbox/options')).json()) as TInboxOptions;
    expect(options.qrCodes).toEqual([{ id: qrCode.id, label: 'Entrée principale' }]);

    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, qrId: qrCode.id, rating: 2, comment: 'Trop froid' })).status).toBe(200);
    const items = ((await (await agent.get('/api/inbox')).json()) as { items: TInboxItem[] }).items;
    expect(items.map((item) => item.tableLabel)).toEqual(['Entrée principale']);

    const alert = await smtp.waitFor((mail) => mail.envelope.to.includes(owner.email) && (mail.parsed.subject ?? '').startsWith('Avis à surveiller'));
    expect(String(alert.parsed.html)).toContain('Entrée principale');
    expect(alert.raw).not.toContain('Main entrance');
  });
});
