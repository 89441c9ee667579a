import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { customers, feedbacks, visits } from '../../src/server/db/schema';
import { runRetention } from '../../src/server/features/retention/retention.service';
import { clock } from '../../src/server/lib/runtime/clock';
import { parseEnv } from '../../src/server/env';
import { mentions } from '../support/table-scan';
import { createDinerRestaurant, createVisitor, letters, useDinerSmtpContext } from './diner-support';

// The reminder leaves through SMTP (the dev outbox would keep the address): after anonymisation no
// table of the database holds the diner's address, name or comment.
const { ctx, smtp } = useDinerSmtpContext();
afterEach(() => clock.reset());

const DAY = 24 * 3600 * 1000;
const T0 = new Date('2022-01-10T10:00:00Z');
const YEARS_3 = new Date('2025-01-10T10:00:00Z');
const REMINDER_DAY = new Date('2024-12-10T10:00:00Z');
const remindersTo = (email: string) => smtp.received.filter((mail) => mail.envelope.to.includes(email) && (mail.parsed.subject ?? '').startsWith('Souhaitez-vous rester membre ?'));

describe('retention: diners inactive for the retention period are anonymised (decision 045)', () => {
  it('3 years − 1 day kept, 3 years + 1 day anonymised; one reminder a month before to those with consent; “Je reste membre” keeps a diner', async () => {
    const { restaurant, mainQr } = await createDinerRestaurant(ctx, { name: 'Le Vieux Comptoir' });
    const tag = letters(8);
    const make = async (name: string, values: Partial<typeof customers.$inferInsert>) => {
      const [row] = await ctx.db
        .insert(customers)
        .values({ restaurantId: restaurant.id, firstName: `${name}${tag}`, lastVisitAt: T0, createdAt: T0, points: 40, ...values })
        .returning();
      return row;
    };
    const consenting = await make('Lea', { email: `lea-${tag}@example.fr`, phone: '+33 6 12 34 56 78', marketingConsent: true, anonId: crypto.randomUUID() });
    const silent = await make('Marc', { email: `marc-${tag}@example.fr`, marketingConsent: false });
    const anonymous = await make('', { firstName: null, anonId: crypto.randomUUID() });
    const staying = await make('Nina', { email: `nina-${tag}@example.fr`, marketingConsent: true });
    const recent = await make('Omar', { email: `omar-${tag}@example.fr`, marketingConsent: true, lastVisitAt: new Date('2023-06-01T10:00:00Z') });
    const comment = `Souvenir ${letters(10)}`;
    const [visit] = await ctx.db.insert(visits).values({ restaurantId: restaurant.id, customerId: consenting.id, qrCodeId: mainQr.id, createdAt: T0, userAgent: 'Mozilla/5.0 test' }).returning();
    await ctx.db.insert(feedbacks).values({ restaurantId: restaurant.id, customerId: consenting.id, visitId: visit.id, rating: 5, comment, createdAt: T0 });

    // Just before the reminder is due: nothing.
    clock.freeze(new Date(REMINDER_DAY.getTime() - DAY));
    expect(await runRetention(ctx.deps)).toEqual({ reminded: 0, anonymized: 0 });

    // A month before: the consenting diners get 'Souhaitez-vous rester membre ?', once.
    clock.freeze(new Date(REMINDER_DAY.getTime() + DAY));
    expect(await runRetention(ctx.deps)).toEqual({ reminded: 2, anonymized: 0 });
    expect(await runRetention(ctx.deps)).toEqual({ reminded: 0, anonymized: 0 });
    await smtp.waitFor((mail) => mail.envelope.to.includes(consenting.email!));
    const ninaMail = await smtp.waitFor((mail) => mail.envelope.to.includes(staying.email!));
    await ctx.waitForIdleQueue();
    expect(ninaMail.parsed.subject).toBe('Souhaitez-vous rester membre ? – Le Vieux Comptoir');
    expect(ninaMail.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:3000\/u\//m);

    // Nina clicks 'Je reste membre': the page asks (GET), the button counts as activity (POST).
    const stayUrl = new URL(/href="([^"]*\/rester\/[^"]+)"/.exec(String(ninaMail.parsed.html))![1]);
    const browser = createVisitor(ctx);
    const shown = await browser.get(stayUrl.pathname);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('Je reste membre');
    const [untouched] = await ctx.db.select().from(customers).where(eq(customers.id, staying.id));
    expect(untouched.lastActiveAt).toBeNull();
    const stayed = await browser.agent.request(stayUrl.pathname, { method: 'POST' });
    expect(stayed.status).toBe(200);
    expect(await stayed.text()).toContain('vous restez membre');
    expect((await browser.get(`/rester/${staying.id}.forgedforgedforgedforgedforged12`)).status).toBe(404);

    // 3 years − 1 day: everybody is kept.
    clock.freeze(new Date(YEARS_3.getTime() - DAY));
    expect(await runRetention(ctx.deps)).toEqual({ reminded: 0, anonymized: 0 });

    // 3 years + 1 day: Léa (reminded a month ago), Marc (no consent, no reminder) and the anonymous device are anonymised.
    clock.freeze(new Date(YEARS_3.getTime() + DAY));
    expect(await runRetention(ctx.deps)).toEqual({ reminded: 0, anonymized: 3 });
    await ctx.waitForIdleQueue();
    const rows = new Map((await ctx.db.select().from(customers).where(eq(customers.restaurantId, restaurant.id))).map((row) => [row.id, row]));
    for (const gone of [consenting, silent, anonymous]) {
      expect(rows.get(gone.id)).toMatchObject({ firstName: null, lastName: null, email: null, phone: null, anonId: null, marketingConsent: false, anonymizedAt: expect.any(Date) });
    }
    // The counts stay for the statistics: the nameless record, its points, its visit and rating (without the comment).
    expect(rows.get(consenting.id)!.points).toBe(40);
    const [kept] = await ctx.db.select().from(feedbacks).where(eq(feedbacks.customerId, consenting.id));
    expect(kept).toMatchObject({ rating: 5, comment: null });
    expect(await ctx.db.select().from(visits).where(eq(visits.customerId, consenting.id))).toHaveLength(1);
    // Kept: Nina (stayed) and Omar (visited in 2023).
    expect(rows.get(staying.id)).toMatchObject({ email: staying.email, anonymizedAt: null });
    expect(rows.get(recent.id)).toMatchObject({ email: recent.email, anonymizedAt: null });
    // Nothing of Léa is left anywhere: address, name, phone, comment (email logs, send keys, jobs included).
    expect({
      email: await mentions(ctx.db, consenting.email!),
      name: await mentions(ctx.db, consenting.firstName!),
      phone: await mentions(ctx.db, '+33 6 12 34 56 78'),
      comment: await mentions(ctx.db, comment),
    }).toEqual({ email: {}, name: {}, phone: {}, comment: {} });
    // One reminder each, whatever the number of runs.
    expect(remindersTo(consenting.email!)).toHaveLength(1);
    expect(remindersTo(staying.email!)).toHaveLength(1);
    expect(remindersTo(silent.email!)).toHaveLength(0);
    // A later run has nothing left to do.
    expect(await runRetention(ctx.deps)).toEqual({ reminded: 0, anonymized: 0 });
  }, 60_000);

  it('the reminder, its /rester page and the /u page speak the diner’s language (issue 52); French stays word for word', async () => {
    const { restaurant } = await createDinerRestaurant(ctx, { name: 'Chez Paul' });
    const tag = letters(8);
    const make = async (name: string, lang: string | null) => {
      const [row] = await ctx.db
        .insert(customers)
        .values({ restaurantId: restaurant.id, firstName: `${name}${tag}`, email: `${name.toLowerCase()}-${tag}@example.com`, lastVisitAt: T0, createdAt: T0, points: 12, marketingConsent: true, lang })
        .returning();
      return row;
    };
    const german = await make('Jonas', 'de');
    const english = await make('Amy', 'en');
    const french = await make('Zoe', null);
    clock.freeze(new Date(REMINDER_DAY.getTime() + DAY));
    expect(await runRetention(ctx.deps)).toEqual({ reminded: 3, anonymized: 0 });
    const mailOf = (row: typeof german) => smtp.waitFor((mail) => mail.envelope.to.includes(row.email!));
    const [de, en, fr] = [await mailOf(german), await mailOf(english), await mailOf(french)];
    await ctx.waitForIdleQueue();
    // The text part as read, its lines joined (html-to-text wraps at 80 columns).
    const flat = (mail: typeof de) => String(mail.parsed.text).replace(/\s+/g, ' ');

    expect(de.parsed.subject).toBe('Möchten Sie Mitglied bleiben? – Chez Paul');
    expect(flat(de)).toContain(`Hallo ${german.firstName},`);
    expect(flat(de)).toContain('wie nach 3 Jahren ohne Besuch vorgesehen');
    expect(de.parsed.html).toContain('lang="de"');
    expect(flat(de)).toContain('Abmelden');
    expect(flat(de)).not.toMatch(/Bonjour|Souhaitez|anonymisées|Se désinscrire/);
    expect(en.parsed.subject).toBe('Would you like to stay a member? – Chez Paul');
    expect(flat(en)).toContain('as planned after 3 years without a visit');
    expect(String(en.parsed.html)).toContain('Keep my membership');
    expect(fr.parsed.subject).toBe('Souhaitez-vous rester membre ? – Chez Paul');
    expect(flat(fr)).toContain(
      'Nous ne vous avons pas vu Chez Paul depuis longtemps. Sans nouvelle de votre part, vos données de fidélité (nom, email, téléphone, points) seront anonymisées dans un mois, comme prévu après 3 ans sans visite.',
    );
    expect(flat(fr)).toContain('Si vous ne faites rien, vos données seront anonymisées : vous ne recevrez plus nos emails.');

    // The German diner's /rester page is German whatever the mail client's browser says; the button keeps them.
    const stayPath = (mail: typeof de) => new URL(/href="([^"]*\/rester\/[^"]+)"/.exec(String(mail.parsed.html))![1]).pathname;
    const browser = createVisitor(ctx);
    const asked = await browser.agent.get(stayPath(de), { headers: { 'accept-language': 'fr-FR' } });
    const askedHtml = await asked.text();
    expect(askedHtml).toContain('<html lang="de">');
    expect(askedHtml).toContain('Möchten Sie Mitglied bleiben?');
    expect(askedHtml).toContain('>Ich bleibe Mitglied</button>');
    const kept = await browser.agent.request(stayPath(de), { method: 'POST' });
    expect(kept.status).toBe(200);
    expect(await kept.text()).toContain('Danke, Sie bleiben Mitglied');
    const frenchKept = await browser.agent.request(stayPath(fr), { method: 'POST' });
    expect(await frenchKept.text()).toContain('C’est noté : vos points et vos informations sont conservés chez <strong>« Chez Paul »</strong>.');
    // A broken link: the browser's language (Spanish), French without one.
    const forged = `/rester/${german.id}.forgedforgedforgedforgedforged12`;
    const spanish = await browser.agent.get(forged, { headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(spanish.status).toBe(404);
    expect(await spanish.text()).toContain('Este enlace no es válido. Use el botón «Sigo siendo miembro» del último correo recibido.');
    expect(await (await browser.agent.get(forged)).text()).toContain('Ce lien n’est pas valide. Utilisez le bouton « Je reste membre » du dernier email reçu.');

    // The unsubscribe link of the English reminder: the page and its confirmation in English.
    const unsubscribePath = new URL(/^List-Unsubscribe:\s+<(http[^>]+)>/m.exec(en.raw)![1]).pathname;
    const page = await (await browser.agent.get(unsubscribePath)).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('You will no longer receive emails from <strong>Chez Paul</strong>: no thank-yous, reminders or offers. Your loyalty points are kept.');
    expect(page).toContain('>Unsubscribe me</button>');
    const done = await browser.agent.request(unsubscribePath, { method: 'POST' });
    expect(await done.text()).toContain('Done: you will no longer receive emails from <strong>Chez Paul</strong>.');
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, english.id));
    expect(row.unsubscribedAt).toEqual(expect.any(Date));
    // The French diner's unsubscribe page keeps today's words.
    const frenchUnsubscribe = new URL(/^List-Unsubscribe:\s+<(http[^>]+)>/m.exec(fr.raw)![1]).pathname;
    expect(await (await browser.agent.get(frenchUnsubscribe)).text()).toContain(
      'Vous ne recevrez plus d’emails du restaurant <strong>« Chez Paul »</strong> : ni remerciement, ni relance, ni offre. Vos points de fidélité sont conservés.',
    );
  }, 60_000);

  it('is a nightly pg-boss schedule, and the period is a setting (DINER_RETENTION_MONTHS, 36 by default)', async () => {
    const [schedule] = await queryRows<{ cron: string; timezone: string | null }>(ctx.db, sql`select cron, timezone from pgboss.schedule where name = 'retention.anonymize-inactive'`);
    expect(schedule).toMatchObject({ cron: '0 4 * * *', timezone: 'Europe/Paris' });
    expect(parseEnv({ NODE_ENV: 'test' }).DINER_RETENTION_MONTHS).toBe(36);
    expect(parseEnv({ NODE_ENV: 'test', DINER_RETENTION_MONTHS: '24' }).DINER_RETENTION_MONTHS).toBe(24);
    expect(() => parseEnv({ NODE_ENV: 'test', DINER_RETENTION_MONTHS: '0' })).toThrow(/DINER_RETENTION_MONTHS/);
  });
});
