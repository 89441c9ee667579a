/**
 * Issue 52, the owner's side (decision 091): each diner email may hold the owner's text per language, saved
 * with the French save's checks; /automations says which offered languages lack one; the owner chooses the
 * diner pages' languages (the public read exposes them) and the table cards' one or two (printed in both).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automations } from '../../src/server/db/schema';
import type { TAutomation, TAutomationPreview, TAutomationsResponse } from '../../src/shared/schemas/automations';
import type { TPublicRestaurant } from '../../src/shared/schemas/diner';
import type { TSettings } from '../../src/shared/schemas/settings';
import { createSignedInOwner } from '../support/factories';
import { createTestContext, type TestContext } from '../support/test-app';

let ctx: TestContext;
const folder = mkdtempSync(path.join(tmpdir(), 'refeed-card-languages-'));
beforeAll(async () => {
  ctx = await createTestContext({ startWorkers: false });
});
afterAll(async () => {
  await ctx.close();
  rmSync(folder, { recursive: true, force: true });
});

type Agent = Awaited<ReturnType<typeof createSignedInOwner>>['agent'];
const list = async (agent: Agent) => ((await (await agent.get('/api/automations')).json()) as TAutomationsResponse).automations;
const byKey = (all: TAutomation[], key: string) => all.find((automation) => automation.key === key)!;
const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

describe('automations per language', () => {
  it('lists the missing languages of each diner email (none for the restaurant’s own), saves a translation checked as the French text is, and removes it', async () => {
    const { agent } = await createSignedInOwner(ctx, { restaurantName: 'Le Comptoir' });
    const all = await list(agent);
    const thanks = byKey(all, 'thanks_after_visit');
    expect(thanks).toMatchObject({ translatable: true, translations: {}, missingLanguages: ['en', 'de', 'es', 'it'] });
    expect(byKey(all, 'manager_alert_low_rating')).toMatchObject({ translatable: false, missingLanguages: [] });
    expect(byKey(all, 'weekly_digest')).toMatchObject({ translatable: false, missingLanguages: [] });

    const english = { subject: 'Thanks for your visit, {{first_name}}!', html: '<p>You earned {{points_added}} points. Balance: {{balance}} points.</p><script>alert(1)</script>' };
    const saved = await agent.put(`/api/automations/${thanks.id}/translations/en`, english);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const after = ((await saved.json()) as { automation: TAutomation }).automation;
    // Sanitised at save like the French text: the script is gone.
    expect(after.translations.en).toEqual({ subject: english.subject, html: '<p>You earned {{points_added}} points. Balance: {{balance}} points.</p>' });
    expect(after.missingLanguages).toEqual(['de', 'es', 'it']);
    // The French text is untouched, and the list says the same.
    expect(after.subject).toBe(thanks.subject);
    expect(byKey(await list(agent), 'thanks_after_visit').missingLanguages).toEqual(['de', 'es', 'it']);

    // The same checks, and the same French messages, as the French save.
    const french = await agent.put(`/api/automations/${thanks.id}`, { subject: 'Merci {{prenom}}', html: '<p>x</p>' });
    const translated = await agent.put(`/api/automations/${thanks.id}/translations/de`, { subject: 'Danke {{prenom}}', html: '<p>x</p>' });
    expect([french.status, translated.status]).toEqual([400, 400]);
    expect(await errorOf(translated)).toMatch(/^Dans l’objet : Variable inconnue : \{\{prenom\}\}/);
    expect((await agent.put(`/api/automations/${thanks.id}/translations/de`, { subject: 'x', html: '{{{comment}}}' })).status).toBe(400);
    expect((await agent.put(`/api/automations/${thanks.id}/translations/de`, { subject: ' ', html: '<p>x</p>' })).status).toBe(400);
    const empty = await agent.put(`/api/automations/${thanks.id}/translations/de`, { subject: 'Danke', html: '<script>alert(1)</script>' });
    expect(empty.status).toBe(400);
    // Unknown languages name nothing; French is the main text (its own route); the restaurant's own emails stay French.
    expect((await agent.put(`/api/automations/${thanks.id}/translations/pt`, english)).status).toBe(404);
    expect((await agent.put(`/api/automations/${thanks.id}/translations/fr`, english)).status).toBe(404);
    const alert = await agent.put(`/api/automations/${byKey(all, 'manager_alert_low_rating').id}/translations/en`, english);
    expect(alert.status).toBe(400);
    expect(await errorOf(alert)).toBe('Cet email est adressé au restaurant : il reste en français.');
    const [stored] = await ctx.db.select().from(automations).where(eq(automations.id, thanks.id));
    expect(Object.keys(stored.config.translations ?? {})).toEqual(['en']);

    // Previewed in English: the owner's English text in an English layout; in German (no text): the French one in a German layout.
    const en = (await (await agent.get(`/api/automations/${thanks.id}/preview?lang=en`)).json()) as TAutomationPreview;
    expect(en.subject).toBe('Thanks for your visit, Camille!');
    expect(en.html).toContain('<html lang="en"');
    expect(en.text).toContain('You earned 20 points. Balance: 120 points.');
    expect(en.text).toContain('Sent with ReFeed');
    const de = (await (await agent.get(`/api/automations/${thanks.id}/preview?lang=de`)).json()) as TAutomationPreview;
    expect(de.html).toContain('<html lang="de"');
    expect(de.text).toContain('Vous avez gagné 20 points de fidélité');
    expect(de.text).toContain('Gesendet mit ReFeed');

    const removed = await agent.delete(`/api/automations/${thanks.id}/translations/en`);
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { automation: TAutomation }).automation).toMatchObject({ translations: {}, missingLanguages: ['en', 'de', 'es', 'it'] });
  });
});

describe('the languages the diner pages offer and the table cards carry', () => {
  it('defaults to all five (cards in French and English), is validated, narrows the missing languages and the public read, and prints the cards in the two chosen languages', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx, { restaurantName: 'La Bonne Table' });
    const settings = (await (await agent.get('/api/settings')).json()) as TSettings;
    expect(settings).toMatchObject({ dinerLanguages: ['fr', 'en', 'de', 'es', 'it'], cardLanguages: ['fr', 'en'] });
    const publicRead = async () => ((await (await ctx.app.request(`http://localhost:3000/api/public/restaurants/${restaurant.id}`)).json()) as TPublicRestaurant).languages;
    expect(await publicRead()).toEqual(['fr', 'en', 'de', 'es', 'it']);

    const refused = [
      [{ dinerLanguages: ['en', 'de'], cardLanguages: ['en'] }, 'Le français reste proposé : c’est la langue d’origine de vos textes.'],
      [{ dinerLanguages: ['fr', 'en'], cardLanguages: ['fr', 'de'] }, 'Les langues des cartes de table doivent être proposées sur vos pages client'],
      [{ dinerLanguages: ['fr', 'en', 'de'], cardLanguages: ['fr', 'en', 'de'] }, 'Choisissez une ou deux langues pour les cartes de table'],
      [{ dinerLanguages: ['fr'], cardLanguages: [] }, 'Choisissez une ou deux langues pour les cartes de table'],
      [{ dinerLanguages: ['fr', 'pt'], cardLanguages: ['fr'] }, 'Langue inconnue'],
    ] as const;
    for (const [body, message] of refused) {
      const response = await agent.put('/api/settings/languages', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }

    // Stored in LOCALES order whatever the order sent; the cards in the order chosen.
    const saved = await agent.put('/api/settings/languages', { dinerLanguages: ['it', 'fr', 'de'], cardLanguages: ['de', 'it'] });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await saved.json()).toMatchObject({ dinerLanguages: ['fr', 'de', 'it'], cardLanguages: ['de', 'it'] });
    expect(await publicRead()).toEqual(['fr', 'de', 'it']);
    expect(byKey(await list(agent), 'thanks_after_visit').missingLanguages).toEqual(['de', 'it']);
    expect(byKey(await list(agent), 'review_nudge_3d').missingLanguages).toEqual(['de', 'it']);

    // The cards: the call to rate and the scan hint in German and Italian, nothing in French.
    expect((await agent.post('/api/qr', { tableLabel: 'Table 7' })).status).toBe(201);
    let printedCount = 0;
    const printed = async () => {
      const response = await agent.get('/api/qr/cards.pdf?layout=a6');
      expect(response.status).toBe(200);
      const file = path.join(folder, `cards-${++printedCount}.pdf`);
      writeFileSync(file, new Uint8Array(await response.arrayBuffer()));
      // KEEP_CARDS_PDF=/tmp/cards keeps each sheet to look at (/tmp/cards-1.pdf…).
      if (process.env.KEEP_CARDS_PDF) copyFileSync(file, `${process.env.KEEP_CARDS_PDF}-${printedCount}.pdf`);
      return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    };
    const germanItalian = await printed();
    expect(germanItalian).toContain('Bewerten Sie uns in 10 Sekunden');
    expect(germanItalian).toContain('Valutaci in 10 secondi');
    expect(germanItalian).toContain('Mit der Kamera Ihres Handys scannen');
    expect(germanItalian).not.toContain('Notez-nous');

    // French and English (the default pair): one language under the other (one line would not fit an A6 card at a readable size).
    expect((await agent.put('/api/settings/languages', { dinerLanguages: ['fr', 'en'], cardLanguages: ['fr', 'en'] })).status).toBe(200);
    expect(await printed()).toContain('Notez-nous en 10 secondes Rate us in 10 seconds Scannez avec l’appareil photo de votre téléphone Scan with your phone’s camera');
    // One language: French alone.
    expect((await agent.put('/api/settings/languages', { dinerLanguages: ['fr', 'en'], cardLanguages: ['fr'] })).status).toBe(200);
    const french = await printed();
    expect(french).toContain('Notez-nous en 10 secondes');
    expect(french).not.toContain('Rate us');
  });
});
