// Issue #30 (decision 058): white label (Pro, Premium, the trial) puts the restaurant's colour on the diner
// pages, its emails and its table cards and drops 'Propulsé par ReFeed'; without it, ReFeed's look.
import { eq } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { organisations, qrCodes, restaurants } from '../../src/server/db/schema';
import { insertDefaultAutomations } from '../../src/server/email/default-automations';
import { POWERED_BY } from '../../src/server/features/qr/table-cards-pdf';
import { SETTINGS_MESSAGES } from '../../src/shared/schemas/settings';
import type { PlanId } from '../../src/shared/rules/plans';
import { createSignedInOwner, uniqueEmail } from '../support/factories';
import { createConfirmedVisitor, createVisitor, useDinerSmtpContext } from './diner-support';

const { ctx, smtp } = useDinerSmtpContext({ env: { MAIL_FROM: 'ReFeed <bonjour@refeed.test>' } });

const COLOUR = '#1d4ed8';

/** A signed-in owner whose organisation is on `plan` (null: an expired trial), the brand colour set through /parametres. */
async function ownerOn(plan: PlanId | null) {
  const signedIn = await createSignedInOwner(ctx, { restaurantName: 'La Marque' });
  const setPlan = () =>
    ctx.db
      .update(organisations)
      .set({ plan, trialEndsAt: plan ? null : new Date(Date.now() - 3600_000) })
      .where(eq(organisations.id, signedIn.restaurant.organisationId));
  // An expired trial is read only for the owner (decision 057): its colour was set while the trial ran.
  if (plan) await setPlan();
  const saved = await signedIn.agent.put('/api/settings', { name: 'La Marque', address: '', contactEmail: signedIn.owner.email, phone: '', brandColor: COLOUR.toUpperCase() });
  expect(saved.status).toBe(200);
  const settings = (await saved.json()) as { brandColor: string | null; whiteLabel: boolean };
  expect(settings.brandColor).toBe(COLOUR);
  if (plan) expect(settings.whiteLabel).toBe(plan === 'pro' || plan === 'premium');
  else await setPlan();
  return signedIn;
}

/**
 * Whether a PDF's text holds `text`, as `pdftotext` (poppler-utils) extracts it: the table cards draw with an
 * embedded subset font (decision 076), whose glyph ids only the font's own mapping turns back into text.
 */
async function pdfContains(bytes: Uint8Array, text: string): Promise<boolean> {
  const folder = mkdtempSync(path.join(tmpdir(), 'refeed-white-label-'));
  try {
    const file = path.join(folder, 'cards.pdf');
    writeFileSync(file, bytes);
    const extracted = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return extracted.replace(/\s+/g, ' ').includes(text);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('/parametres: the brand colour', () => {
  it('refuses a colour not written #RRVVBB, in French', async () => {
    const { agent, owner } = await createSignedInOwner(ctx);
    const refused = await agent.put('/api/settings', { name: 'La Marque', address: '', contactEmail: owner.email, phone: '', brandColor: 'bleu' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain(SETTINGS_MESSAGES.brandColorInvalid);
  });
});

describe('white label on and off', () => {
  for (const [plan, on] of [['premium', true], ['pro', true], ['essential', false], [null, false]] as const) {
    it(`${plan ?? 'an expired trial'}: ${on ? 'the restaurant’s colour, no ReFeed mention' : 'ReFeed’s look and its mention'} on the public read, the card, an email and the table cards`, { timeout: 60_000 }, async () => {
      const { restaurant, agent } = await ownerOn(plan);
      await insertDefaultAutomations(ctx.db, restaurant.id);
      await ctx.db.insert(qrCodes).values({ restaurantId: restaurant.id, code: `${restaurant.id.slice(0, 8)}-wl`, tableLabel: 'Table 1' });

      const visitor = createVisitor(ctx);
      const read = (await (await visitor.get(`/api/public/restaurants/${restaurant.id}`)).json()) as { whiteLabel: boolean; brandColor: string | null };
      expect(read).toMatchObject({ whiteLabel: on, brandColor: on ? COLOUR : null });
      const card = (await (await visitor.get(`/api/public/card/${restaurant.id}`)).json()) as { restaurant: { whiteLabel: boolean; brandColor: string | null } };
      expect(card.restaurant).toMatchObject({ whiteLabel: on, brandColor: on ? COLOUR : null });

      const pdf = await agent.get('/api/qr/cards.pdf?layout=a6');
      expect(pdf.status).toBe(200);
      expect(await pdfContains(new Uint8Array(await pdf.arrayBuffer()), POWERED_BY)).toBe(!on);

      if (plan === null) return; // an expired trial sends no diner email (email-quota.test.ts)
      await ctx.db.update(restaurants).set({ name: 'La Marque' }).where(eq(restaurants.id, restaurant.id));
      const email = uniqueEmail('client');
      const diner = await createConfirmedVisitor(ctx, restaurant.id, email);
      expect((await diner.submit({ restaurantId: restaurant.id, rating: 5, email })).status).toBe(200);
      const mail = await smtp.waitFor((received) => received.envelope.to.includes(email), 20_000);
      const html = String(mail.parsed.html);
      expect(html.includes(`color:${COLOUR}`)).toBe(on);
      expect(html.includes('Envoyé avec ReFeed')).toBe(!on);
    });
  }
});
