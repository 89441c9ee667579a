import { execFileSync, spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { restaurants } from '../../src/server/db/schema';
import { createSignedInOwner } from '../support/factories';
import { createConfirmedVisitor, useDinerSmtpContext } from './diner-support';

// A venue's logo must not lift its short diner emails in SpamAssassin (issue 48): one <img> in a short
// HTML part fires HTML_IMAGE_ONLY_* (+1.1 to +2.8); the layout draws the logo as a cell's background.
// The binary is required (CI installs it beside Chromium in .ci/run): `spamassassin -L -t` runs the
// offline rules only.
const SPAMASSASSIN = spawnSync('spamassassin', ['--version'], { encoding: 'utf8' }).status === 0;

const { ctx, smtp } = useDinerSmtpContext();

/** SpamAssassin's score and rules for one received message, offline. */
function spamReport(raw: string): { score: number; rules: string[] } {
  const run = spawnSync('spamassassin', ['-L', '-t'], { input: raw, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  const status = /X-Spam-Status: (?:Yes|No), score=(-?[\d.]+)[^\n]*(?:\n\s+[^\n]*)*/.exec(run.stdout);
  if (!status) throw new Error(`spamassassin gave no score: ${run.stderr}`);
  const rules = /tests=([\s\S]*?)\s+autolearn=/.exec(status[0])?.[1].replace(/\s+/g, '').split(',').filter(Boolean) ?? [];
  return { score: Number(status[1]), rules };
}

/** A short diner email as it arrives: the owner's private reply to a 2★ from /avis. */
async function receivedReply(logoUrl: string | null) {
  const { agent, restaurant } = await createSignedInOwner(ctx, { restaurantName: 'Le Petit Zinc' });
  await ctx.db.update(restaurants).set({ logoUrl }).where(eq(restaurants.id, restaurant.id));
  const email = `diner-${crypto.randomUUID().slice(0, 8)}@example.fr`;
  const diner = await createConfirmedVisitor(ctx, restaurant.id, email);
  expect((await diner.submit({ restaurantId: restaurant.id, rating: 2, email })).status).toBe(200);
  const [item] = (await (await agent.get('/api/inbox')).json()).items as Array<{ id: string }>;
  expect((await agent.post(`/api/inbox/${item.id}/reply`, { subject: 'Merci pour votre retour', message: 'Bonjour,\n\nMerci, nous en parlons avec l’équipe dès ce soir.' })).status).toBe(200);
  return smtp.waitFor((mail) => mail.envelope.to.includes(email) && mail.parsed.subject === 'Merci pour votre retour');
}

describe('diner emails with the venue’s logo', () => {
  it('score in SpamAssassin as they do without it', async () => {
    expect(SPAMASSASSIN, 'spamassassin is not installed (apt-get install spamassassin; .ci/run installs it)').toBe(true);
    const plain = await receivedReply(null);
    const branded = await receivedReply('https://cdn.refeed-test.fr/logos/zinc.png');
    // The logo is there: a background, and VML for Outlook.
    expect(String(branded.parsed.html)).toContain('https://cdn.refeed-test.fr/logos/zinc.png');
    expect(String(branded.parsed.html)).toContain('aria-label="Logo Le Petit Zinc"');

    const without = spamReport(plain.raw);
    const withLogo = spamReport(branded.raw);
    expect(withLogo.rules.filter((rule) => rule.startsWith('HTML_IMAGE'))).toEqual([]);
    expect(withLogo.score).toBe(without.score);
    expect(withLogo.rules).toEqual(without.rules);
    // Each spamassassin run loads its rules (a few seconds on a busy machine).
  }, 120_000);

  it('would score higher with the logo as an <img> (the check catches what it is for)', () => {
    expect(SPAMASSASSIN).toBe(true);
    const html = `<html><body><img src="https://cdn.refeed-test.fr/logos/zinc.png" alt="Logo" height="56"><p>Bonjour, merci pour votre retour.</p></body></html>`;
    const raw = `From: "Le Petit Zinc" <no-reply@refeed-test.fr>\nTo: diner@example.fr\nSubject: Merci\nMIME-Version: 1.0\nContent-Type: text/html; charset=utf-8\n\n${html}\n`;
    expect(spamReport(raw).rules.some((rule) => rule.startsWith('HTML_IMAGE_ONLY'))).toBe(true);
    expect(execFileSync('spamassassin', ['--version'], { encoding: 'utf8' })).toMatch(/SpamAssassin/);
  }, 60_000);
});
