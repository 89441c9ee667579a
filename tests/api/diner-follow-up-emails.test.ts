import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { automations, emailLogs, feedbacks, restaurants } from '../../src/server/db/schema';
import { SKIP_REASONS } from '../../src/server/email/catalogue';
import { emailButton } from '../../src/server/email/layout';
import { insertDefaultAutomations } from '../../src/server/email/default-automations';
import { clock } from '../../src/server/lib/runtime/clock';
import { SENDING_HOURS_MESSAGES, type TSendingHoursResponse } from '../../src/shared/schemas/automations';
import { createSignedInOwner, uniqueEmail } from '../support/factories';
import { type ReceivedMail } from '../support/smtp';
import { TEST_PUBLIC_URL } from '../support/test-app';
import { createConfirmedVisitor, createDinerRestaurant, createVisitor, useDinerSmtpContext } from './diner-support';

// Issue 25, points 5–8 (decision 025): every mail of this file goes through nodemailer to a real SMTP server.
// Diner emails go to a confirmed address only (decision 024): the diners here rate from a phone that
// confirmed its address (createConfirmedVisitor); a typed email on any other phone is only a claim.
const { ctx, smtp } = useDinerSmtpContext({ env: { MAIL_FROM: 'ReFeed <bonjour@refeed.test>' } });
afterEach(() => {
  clock.reset();
});

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const REVIEW_URL = 'https://g.page/r/bistrot-des-tests/review';
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.envelope.to.includes(address));

/** A restaurant with its five automations written; by default a review link and the default sending hours (10–19). */
async function createRestaurant(name: string, options: { reviewUrl?: string | null; hours?: { start: number; end: number }; restaurantId?: string } = {}) {
  const restaurant = options.restaurantId ? { id: options.restaurantId } : (await createDinerRestaurant(ctx, { name })).restaurant;
  const hours = options.hours ?? { start: 10, end: 19 };
  await ctx.db
    .update(restaurants)
    .set({ name, googleReviewUrl: options.reviewUrl === undefined ? REVIEW_URL : options.reviewUrl, sendingHourStart: hours.start, sendingHourEnd: hours.end })
    .where(eq(restaurants.id, restaurant.id));
  await insertDefaultAutomations(ctx.db, restaurant.id);
  return restaurant.id;
}

/** The pending jobs of a restaurant on a queue: when each is due and for which event. */
const pendingOn = (restaurantId: string, queue: string) =>
  queryRows<{ start_after: string | Date; event_id: string; template: string }>(
    ctx.db,
    sql`select start_after, data->>'eventId' as event_id, data->>'template' as template from pgboss.job
        where name = ${queue} and state = 'created' and data->>'restaurantId' = ${restaurantId} order by created_on`,
  );

/** Every waiting review nudge of a restaurant, whatever its queue. */
const pendingNudges = (restaurantId: string) =>
  queryRows<{ start_after: string | Date; event_id: string; queue: string }>(
    ctx.db,
    sql`select start_after, data->>'eventId' as event_id, name as queue from pgboss.job
        where state in ('created', 'retry') and data->>'template' = 'review_nudge_3d' and data->>'restaurantId' = ${restaurantId}`,
  );

async function logsOf(restaurantId: string, templateName: string) {
  return (await ctx.db.select().from(emailLogs).where(and(eq(emailLogs.restaurantId, restaurantId), eq(emailLogs.templateName, templateName)))).map((log) => [log.status, log.error]);
}

/** A header as written on the wire, unfolded. */
function rawHeader(mail: ReceivedMail, name: string): string | null {
  const match = new RegExp(`^${name}:([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'mi').exec(mail.raw.split(/\r?\n\r?\n/)[0]);
  return match ? match[1].replace(/\r?\n[ \t]+/g, ' ').trim() : null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

describe('one pending day-3 nudge per diner and automation (point 5)', () => {
  it('two good visits queue one nudge, moved to three days after the later one, and one nudge is sent', async () => {
    const restaurantId = await createRestaurant('Une Relance', { hours: { start: 0, end: 24 } });
    const email = uniqueEmail('deuxvisites');
    const visitor = await createConfirmedVisitor(ctx, restaurantId, email);
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    clock.freeze(start);
    expect((await visitor.submit({ restaurantId, rating: 5, firstName: 'Inès', email, marketingConsent: true })).status).toBe(200);
    clock.freeze(new Date(start.getTime() + 2 * HOUR));
    expect((await visitor.submit({ restaurantId, rating: 4, email })).status).toBe(200);

    const [, second] = await ctx.db.select({ id: feedbacks.id }).from(feedbacks).where(eq(feedbacks.restaurantId, restaurantId)).orderBy(feedbacks.createdAt);
    const nudges = await pendingNudges(restaurantId);
    expect(nudges.map((job) => ({ ...job, start_after: iso(job.start_after) }))).toEqual([
      { start_after: new Date(start.getTime() + 2 * HOUR + 3 * DAY).toISOString(), event_id: second.id, queue: 'email.send-nudge' },
    ]);
    // Both thank-yous leave at once: only the nudge is kept once.
    await smtp.waitFor(() => mailsTo(email).length === 2);

    clock.freeze(new Date(start.getTime() + 2 * HOUR + 3 * DAY));
    expect(await ctx.releaseJobsDueBy(clock.now(), { restaurantId, queue: 'email.send-nudge' })).toBe(1);
    await smtp.waitFor((m) => m.envelope.to.includes(email) && m.parsed.subject === 'Inès, votre avis compte pour Une Relance');
    await ctx.waitForIdleQueue();
    expect(mailsTo(email).filter((m) => m.parsed.subject?.includes('votre avis compte'))).toHaveLength(1);
    expect(await logsOf(restaurantId, 'review_nudge_3d')).toEqual([['sent', null]]);
  });

  it('good ratings of one diner sent in parallel still leave one pending nudge', async () => {
    const restaurantId = await createRestaurant('En Parallèle', { hours: { start: 0, end: 24 } });
    const email = uniqueEmail('parallele');
    // Only the phone that confirmed the address rates for it (decision 024): three ratings at once, three times.
    const phone = await createConfirmedVisitor(ctx, restaurantId, email);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([0, 1, 2].map(() => phone.submit({ restaurantId, rating: 5, email, marketingConsent: true })));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    }
    expect(await pendingNudges(restaurantId)).toHaveLength(1);
    // The comeback was already kept once; it still is.
    expect(await pendingOn(restaurantId, 'email.send-comeback')).toHaveLength(1);
  });

  it('keeps one nudge per diner, not one per restaurant: two diners have one each', async () => {
    const restaurantId = await createRestaurant('Deux Clients', { hours: { start: 0, end: 24 } });
    for (const email of [uniqueEmail('un'), uniqueEmail('deux')]) {
      await (await createConfirmedVisitor(ctx, restaurantId, email)).submit({ restaurantId, rating: 5, email, marketingConsent: true });
    }
    expect(await pendingNudges(restaurantId)).toHaveLength(2);
  });
});

describe('later emails leave inside the restaurant’s sending hours (point 6)', () => {
  it('a visit at 23:15 Paris: the nudge and the comeback wait for 10:00, the thank-you leaves at once', async () => {
    const restaurantId = await createRestaurant('Tard Le Soir');
    const email = uniqueEmail('soir');
    const visitor = await createConfirmedVisitor(ctx, restaurantId, email);
    // Tuesday 22 December 2026, 23:15 in Paris (UTC+1).
    clock.freeze(new Date('2026-12-22T22:15:00Z'));
    expect((await visitor.submit({ restaurantId, rating: 5, firstName: 'Noé', email, marketingConsent: true })).status).toBe(200);
    // The thank-you is not delayed.
    await smtp.waitFor((m) => m.envelope.to.includes(email) && m.parsed.subject === 'Merci pour votre visite ! — Tard Le Soir');
    // Day 3 at 23:15 → Saturday 26 December 10:00 Paris; day 30 (21 January, 23:15) → 22 January 10:00 Paris.
    expect((await pendingOn(restaurantId, 'email.send-nudge')).map((job) => iso(job.start_after))).toEqual(['2026-12-26T09:00:00.000Z']);
    expect((await pendingOn(restaurantId, 'email.send-comeback')).map((job) => iso(job.start_after))).toEqual(['2027-01-22T09:00:00.000Z']);
  });

  it('a visit in the afternoon keeps its exact delay when it ends inside the window, in summer time too', async () => {
    const restaurantId = await createRestaurant('En Journée');
    const email = uniqueEmail('journee');
    const visitor = await createConfirmedVisitor(ctx, restaurantId, email);
    // Monday 5 July 2027 (ahead of the database's clock, so the job waits), 15:20 in Paris (UTC+2):
    // three days later 15:20 is inside 10–19.
    clock.freeze(new Date('2027-07-05T13:20:00Z'));
    await visitor.submit({ restaurantId, rating: 4, email, marketingConsent: true });
    expect((await pendingOn(restaurantId, 'email.send-nudge')).map((job) => iso(job.start_after))).toEqual(['2027-07-08T13:20:00.000Z']);
  });

  it('the owner sets the hours on /automations (French errors, start before end) and the next plans follow them', async () => {
    const { agent, restaurant } = await createSignedInOwner(ctx, { restaurantName: 'Horaires Maison' });
    await createRestaurant('Horaires Maison', { restaurantId: restaurant.id });
    const read = async () => (await (await agent.get('/api/automations/sending-hours')).json()) as TSendingHoursResponse;
    expect((await read()).sendingHours).toEqual({ start: 10, end: 19 });

    for (const [body, message] of [
      [{ start: 19, end: 10 }, SENDING_HOURS_MESSAGES.endAfterStart],
      [{ start: 12, end: 12 }, SENDING_HOURS_MESSAGES.endAfterStart],
      [{ start: 9.5, end: 18 }, SENDING_HOURS_MESSAGES.invalidHour],
      [{ start: 8, end: 25 }, SENDING_HOURS_MESSAGES.invalidHour],
      [{ start: -1, end: 5 }, SENDING_HOURS_MESSAGES.invalidHour],
      [{ start: '8', end: 12 }, SENDING_HOURS_MESSAGES.invalidHour],
    ] as const) {
      const refused = await agent.put('/api/automations/sending-hours', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain(message);
    }
    expect((await read()).sendingHours).toEqual({ start: 10, end: 19 });

    const saved = await agent.put('/api/automations/sending-hours', { start: 8, end: 12 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ sendingHours: { start: 8, end: 12 }, message: 'Horaires d’envoi enregistrés' });
    expect((await read()).sendingHours).toEqual({ start: 8, end: 12 });

    // 15:20 Paris in winter: day 3 at 15:20 is after 12:00 → the next day at 08:00 Paris.
    const email = uniqueEmail('maison');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email);
    clock.freeze(new Date('2026-11-30T14:20:00Z'));
    await visitor.submit({ restaurantId: restaurant.id, rating: 5, email, marketingConsent: true });
    expect((await pendingOn(restaurant.id, 'email.send-nudge')).map((job) => iso(job.start_after))).toEqual(['2026-12-04T07:00:00.000Z']);
  });

  it('another restaurant’s owner cannot read or change these hours', async () => {
    const { agent } = await createSignedInOwner(ctx, { restaurantName: 'Voisin' });
    const { restaurant } = await createSignedInOwner(ctx, { restaurantName: 'Cible' });
    await agent.put('/api/automations/sending-hours', { start: 0, end: 1 });
    const [target] = await ctx.db.select({ start: restaurants.sendingHourStart, end: restaurants.sendingHourEnd }).from(restaurants).where(eq(restaurants.id, restaurant.id));
    expect(target).toEqual({ start: 10, end: 19 });
    expect((await ctx.agent().get('/api/automations/sending-hours')).status).toBe(401);
  });
});

describe('no review link, no review button (point 7)', () => {
  it('without a link: the thank-you email shows no review button and nothing leads back to ReFeed’s form; the nudge is skipped with its reason', async () => {
    const restaurantId = await createRestaurant('Sans Lien', { reviewUrl: null, hours: { start: 0, end: 24 } });
    const email = uniqueEmail('sanslien');
    await (await createConfirmedVisitor(ctx, restaurantId, email)).submit({ restaurantId, rating: 5, firstName: 'Lou', email, marketingConsent: true });
    const thanks = await smtp.waitFor((m) => m.envelope.to.includes(email) && m.parsed.subject === 'Merci pour votre visite ! — Sans Lien');
    const html = String(thanks.parsed.html);
    expect(html).not.toContain('Laisser un avis');
    expect(html).not.toContain(`/f/${restaurantId}`);
    expect(html).not.toMatch(/href=["']{2}/);
    expect(thanks.parsed.text).not.toContain('partagez votre expérience');
    expect(thanks.parsed.text).toContain('Bonjour Lou,');

    clock.advance(3 * DAY);
    expect(await ctx.releaseJobsDueBy(clock.now(), { restaurantId, queue: 'email.send-nudge' })).toBe(1);
    await expect.poll(() => logsOf(restaurantId, 'review_nudge_3d')).toEqual([['skipped', SKIP_REASONS.noReviewLink]]);
    await ctx.waitForIdleQueue();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('an owner’s template saved before (a button on {{google_url}} with no section) loses the button while there is no link', async () => {
    const restaurantId = await createRestaurant('Ancien Modèle', { reviewUrl: null });
    const html = `<p>Bonjour {{first_name}},</p>\n<p>Merci !</p>\n${emailButton('{{google_url}}', 'Laisser un avis')}\n<p>Ou <a href="{{google_url}}">cliquez ici</a>.</p>`;
    await ctx.db
      .update(automations)
      .set({ config: { delay_minutes: 0, subject: '{{first_name}}, merci de votre visite', html } })
      .where(and(eq(automations.restaurantId, restaurantId), eq(automations.key, 'thanks_after_visit')));
    const email = uniqueEmail('ancien');
    await (await createConfirmedVisitor(ctx, restaurantId, email)).submit({ restaurantId, rating: 5, email });
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email));
    // No first name: neither ', merci…' nor 'Bonjour ,'.
    expect(mail.parsed.subject).toBe('Merci de votre visite');
    const body = String(mail.parsed.html);
    expect(body).not.toContain('Laisser un avis');
    expect(body).not.toContain('cliquez ici');
    expect(body).not.toMatch(/href=["']{2}/);
    expect(mail.parsed.text).toContain('Bonjour,');
  });

  it('a stored link that is not a valid review link counts as none, on the diner page and in the email', async () => {
    const restaurantId = await createRestaurant('Lien Douteux', { reviewUrl: 'https://example.com/avis' });
    const page = await createVisitor(ctx).get(`/api/public/restaurants/${restaurantId}`);
    expect(((await page.json()) as { reviewUrl: string | null }).reviewUrl).toBeNull();
    const email = uniqueEmail('douteux');
    await (await createConfirmedVisitor(ctx, restaurantId, email)).submit({ restaurantId, rating: 5, email });
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email));
    expect(String(mail.parsed.html)).not.toContain('example.com');
    expect(String(mail.parsed.html)).not.toContain('Laisser un avis');
  });

  it('with a valid link, the diner page and the thank-you email lead to it', async () => {
    const restaurantId = await createRestaurant('Avec Lien');
    const page = await createVisitor(ctx).get(`/api/public/restaurants/${restaurantId}`);
    expect(((await page.json()) as { reviewUrl: string | null }).reviewUrl).toBe(REVIEW_URL);
    const email = uniqueEmail('aveclien');
    await (await createConfirmedVisitor(ctx, restaurantId, email)).submit({ restaurantId, rating: 5, email });
    const mail = await smtp.waitFor((m) => m.envelope.to.includes(email));
    expect(String(mail.parsed.html)).toMatch(new RegExp(`<a href="${REVIEW_URL}"[^>]*>Laisser un avis</a>`));
  });
});

describe('every diner email honours unsubscribe and carries List-Unsubscribe; no first name reads right (point 8)', () => {
  it('the thank-you carries List-Unsubscribe (https + mailto), List-Unsubscribe-Post and its footer link; once unsubscribed, the next thank-you is skipped', async () => {
    const restaurantId = await createRestaurant('Merci Désinscriptible');
    const email = uniqueEmail('merci');
    const visitor = await createConfirmedVisitor(ctx, restaurantId, email);
    await visitor.submit({ restaurantId, rating: 5, firstName: 'Sacha', email });
    const thanks = await smtp.waitFor((m) => m.envelope.to.includes(email));
    const header = rawHeader(thanks, 'List-Unsubscribe') ?? '';
    expect(header).toMatch(new RegExp(`^<${TEST_PUBLIC_URL}/u/[^>]+>, ?<mailto:bonjour@refeed\\.test\\?subject=[^>]+>$`));
    expect(rawHeader(thanks, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const url = /<(https?:[^>]+)>/.exec(header)![1];
    const html = String(thanks.parsed.html);
    expect(html).toContain(`href="${url}"`);
    // No consent was given: the footer says why the mail came, not 'offres acceptées'.
    expect(thanks.parsed.text?.replace(/\s+/g, ' ')).toContain('Vous recevez cet email à la suite de votre visite au restaurant « Merci Désinscriptible ». Se désinscrire');
    expect(thanks.parsed.text).not.toContain('accepté les offres');

    const unsubscribed = await ctx.app.request(url.replace(TEST_PUBLIC_URL, ''), { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(unsubscribed.status).toBe(200);
    expect(await unsubscribed.text()).toContain('vous ne recevrez plus d’emails');
    await visitor.submit({ restaurantId, rating: 5, email });
    await expect.poll(() => logsOf(restaurantId, 'thanks_after_visit')).toEqual([
      ['sent', null],
      ['skipped', SKIP_REASONS.unsubscribed],
    ]);
    await ctx.waitForIdleQueue();
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('the low-rating alert to the restaurant stays without List-Unsubscribe and reads right without a name or comment', async () => {
    const restaurantId = await createRestaurant('Alerte Sobre');
    await createVisitor(ctx).submit({ restaurantId, rating: 2 });
    const [restaurant] = await ctx.db.select({ contactEmail: restaurants.contactEmail }).from(restaurants).where(eq(restaurants.id, restaurantId));
    const alert = await smtp.waitFor((m) => m.envelope.to.includes(restaurant.contactEmail));
    expect(alert.parsed.headers.has('list-unsubscribe')).toBe(false);
    expect(alert.parsed.text).toContain('Un avis de 3 étoiles ou moins vient d’être laissé');
    expect(alert.parsed.text).toContain('2/5');
    // An anonymous diner with no contact: named as such, and nobody is asked to call them.
    expect(alert.parsed.text).toContain('un client anonyme');
    expect(alert.parsed.text).not.toContain('prenez contact');
    expect(alert.parsed.text).not.toContain('()');
    expect(alert.parsed.text).not.toContain('Commentaire :');
  });

  it('without a first name: subjects and greetings of the thank-you, reward and nudge read right, each with List-Unsubscribe', async () => {
    const restaurantId = await createRestaurant('Sans Prénom', { hours: { start: 0, end: 24 } });
    const email = uniqueEmail('anonyme');
    const visitor = await createConfirmedVisitor(ctx, restaurantId, email);
    // 3 × 20 points: 'Café offert' (50) is unlocked by the third visit.
    for (let visit = 0; visit < 3; visit++) await visitor.submit({ restaurantId, rating: 5, email, marketingConsent: true });
    await smtp.waitFor((m) => m.envelope.to.includes(email) && String(m.parsed.html).includes('Café offert'));
    clock.advance(3 * DAY);
    expect(await ctx.releaseJobsDueBy(clock.now(), { restaurantId, queue: 'email.send-nudge' })).toBe(1);
    await smtp.waitFor((m) => m.envelope.to.includes(email) && m.parsed.subject === 'Votre avis compte pour Sans Prénom');
    await ctx.waitForIdleQueue();

    const mails = mailsTo(email);
    expect(mails.map((m) => m.parsed.subject).sort()).toEqual([
      'Bravo, vous avez débloqué une récompense !',
      'Merci pour votre visite ! — Sans Prénom',
      'Merci pour votre visite ! — Sans Prénom',
      'Merci pour votre visite ! — Sans Prénom',
      'Votre avis compte pour Sans Prénom',
    ]);
    for (const mail of mails) {
      expect(mail.parsed.subject).not.toMatch(/^[\s,]/);
      expect(mail.parsed.text).toContain('Bonjour,');
      expect(mail.parsed.text).not.toMatch(/Bonjour\s+,|\(\s*\)/);
      expect(rawHeader(mail, 'List-Unsubscribe')).toMatch(/^<https?:\/\/[^>]+\/u\/[^>]+>/);
      expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    }
  });
});
