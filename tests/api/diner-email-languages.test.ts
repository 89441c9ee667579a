/**
 * Issue 52, decision 091: a diner's emails go in the language they rated in, stored with the customer and
 * updated by their latest visit. The fixed words (layout, buttons, confirmation block, unsubscribe line,
 * system subjects) come from the email catalogue in that language; the owner's text is theirs: their
 * translation when they wrote one, else their French text inside a layout in the diner's language. In
 * production mode, over a real SMTP server, as received.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automations, customers, feedbacks, restaurants, rewards } from '../../src/server/db/schema';
import { insertDefaultAutomations } from '../../src/server/email/default-automations';
import { enqueueEmail } from '../../src/server/email/email-queue';
import { createUser, signIn, uniqueEmail } from '../support/factories';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import type { TestContext } from '../support/test-app';
import { createConfirmedVisitor, createDinerRestaurant, createDinerTestContext, createVisitor } from './diner-support';

const REVIEW_URL = 'https://g.page/r/the-corner/review';
let smtp: TestSmtpServer;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createDinerTestContext({ env: { NODE_ENV: 'production', MAIL_MODE: 'smtp', SMTP_URL: smtp.url, MAIL_FROM: 'ReFeed <bonjour@refeed.test>' } });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const htmlOf = (mail: ReceivedMail) => String(mail.parsed.html);
const textOf = (mail: ReceivedMail) => `${mail.parsed.subject ?? ''} ${mail.parsed.text ?? ''}`.replace(/\s+/g, ' ');
const mailTo = (address: string) => smtp.waitFor((mail) => mail.envelope.to.includes(address), 60_000);
/** PRINT_MAILS=1 prints each email as received (subject and text part), to read them. */
const show = (label: string, mail: ReceivedMail) => {
  if (process.env.PRINT_MAILS) console.log(`\n===== ${label} =====\nSubject: ${mail.parsed.subject}\n${mail.parsed.text}`);
};

async function venue(name: string) {
  const owner = await createUser(ctx, { email: uniqueEmail('owner') });
  const { restaurant } = await createDinerRestaurant(ctx, { name, ownerId: owner.id, contactEmail: owner.email });
  await ctx.db.update(restaurants).set({ googleReviewUrl: REVIEW_URL }).where(eq(restaurants.id, restaurant.id));
  await insertDefaultAutomations(ctx.db, restaurant.id);
  const automationId = async (key: string) =>
    (await ctx.db.select({ id: automations.id }).from(automations).where(and(eq(automations.restaurantId, restaurant.id), eq(automations.key, key))))[0].id;
  return { restaurant, agent: await signIn(ctx, owner.email), automationId };
}

const langOf = async (customerId: string) => (await ctx.db.select({ lang: customers.lang }).from(customers).where(eq(customers.id, customerId)))[0].lang;

describe('diner emails in the diner’s language', { timeout: 180_000 }, () => {
  it('an English diner’s first email: the French text in an English layout without a translation, the owner’s English text with one; the thank-you of a known English diner too', async () => {
    const { restaurant, agent, automationId } = await venue('The Corner');

    // No English text yet: the owner's French thank-you, in an English layout with the English confirmation block.
    const first = uniqueEmail('tourist');
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 5, email: first, lang: 'en' })).status).toBe(200);
    const french = await mailTo(first);
    show('first email, English diner, no English text', french);
    expect(french.parsed.subject).toBe('Merci pour votre visite ! — The Corner');
    expect(htmlOf(french)).toContain('<html lang="en"');
    const frenchText = textOf(french);
    expect(frenchText).toContain('Vous avez gagné 20 points de fidélité. Votre solde : 20 points.');
    expect(frenchText).toContain('Confirm your email to keep your 20 points');
    expect(frenchText).toContain('One click is all it takes');
    expect(htmlOf(french)).toContain('>Confirm my email</a>');
    expect(frenchText).toContain('This link works once, for 30 minutes.');
    expect(frenchText).toContain('You are receiving this email following your visit to “The Corner”.');
    expect(htmlOf(french)).toContain('>Unsubscribe</a>');
    // The trial has white label (decision 058): no ReFeed line under the restaurant's own emails.
    expect(frenchText).not.toMatch(/Confirmez|Se désinscrire|Envoyé avec/);

    // The owner writes the English thank-you on /automations.
    const saved = await agent.put(`/api/automations/${await automationId('thanks_after_visit')}/translations/en`, {
      subject: 'Thank you for your visit! — {{restaurant_name}}',
      html: '<p>Hello {{first_name}},</p><p>Thanks for your {{rating}}/5! You earned {{points_added}} points. Your balance: {{balance}} points.</p>{{#google_url}}<p><a href="{{google_url}}">Leave a review</a></p>{{/google_url}}',
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const second = uniqueEmail('tourist2');
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, rating: 4, email: second, lang: 'en' })).status).toBe(200);
    const english = await mailTo(second);
    show('first email, English diner, owner’s English text', english);
    expect(english.parsed.subject).toBe('Thank you for your visit! — The Corner');
    const englishText = textOf(english);
    expect(englishText).toContain('Hello,');
    expect(englishText).toContain('Thanks for your 4/5! You earned 20 points. Your balance: 20 points.');
    expect(englishText).toContain('Confirm your email to keep your 20 points');
    expect(htmlOf(english)).toContain(REVIEW_URL);
    expect(englishText).not.toMatch(/Vous avez|Bonjour|Confirmez/);

    // A known diner (confirmed address) rating in English: the thank-you alone, English, their name.
    const known = uniqueEmail('regular');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, known, { firstName: 'Amelia' });
    expect((await visitor.submit({ restaurantId: restaurant.id, rating: 5, email: known, lang: 'en' })).status).toBe(200);
    expect(await langOf(visitor.customerId)).toBe('en');
    const thanks = await mailTo(known);
    show('thank-you, known English diner', thanks);
    expect(thanks.parsed.subject).toBe('Thank you for your visit! — The Corner');
    expect(textOf(thanks)).toContain('Hello Amelia,');
    expect(textOf(thanks)).toContain('You earned 20 points. Your balance: 20 points.');
    expect(textOf(thanks)).not.toContain('Confirm your email');
    expect(htmlOf(thanks)).toContain('<html lang="en"');
  });

  it('a German diner’s nudge: the owner’s French text in a German layout, the German unsubscribe line; their latest visit in French makes the next one French', async () => {
    const { restaurant } = await venue('Le Zinc');
    const email = uniqueEmail('berlin');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email, { firstName: 'Jonas', marketingConsent: true });
    expect((await visitor.submit({ restaurantId: restaurant.id, rating: 5, email, lang: 'de' })).status).toBe(200);
    expect(await langOf(visitor.customerId)).toBe('de');
    await mailTo(email); // the thank-you
    const [feedback] = await ctx.db.select({ id: feedbacks.id }).from(feedbacks).where(eq(feedbacks.customerId, visitor.customerId));
    // The nudge waits three days; it is sent as its job sends it, read at send time.
    const nudge = async () => {
      const before = smtp.received.length;
      await enqueueEmail(ctx.deps.boss, { template: 'review_nudge_3d', restaurantId: restaurant.id, customerId: visitor.customerId, to: null, eventId: `${feedback.id}:${before}`, data: { rating: 5 } });
      return smtp.waitFor((mail) => mail.envelope.to.includes(email) && smtp.received.indexOf(mail) >= before, 60_000);
    };
    const german = await nudge();
    show('nudge, German diner, French text', german);
    expect(german.parsed.subject).toBe('Jonas, votre avis compte pour Le Zinc');
    expect(htmlOf(german)).toContain('<html lang="de"');
    expect(textOf(german)).toContain('Cela ne prend qu’une minute');
    expect(textOf(german)).toContain('Sie erhalten diese E-Mail, weil Sie den Angeboten des Restaurants „Le Zinc“ zugestimmt haben.');
    expect(htmlOf(german)).toContain('>Abmelden</a>');

    // Their latest visit is in French: the customer's language follows it.
    expect((await visitor.submit({ restaurantId: restaurant.id, rating: 4, email, lang: 'fr' })).status).toBe(200);
    expect(await langOf(visitor.customerId)).toBe('fr');
    // A rating that names no language keeps the one known.
    expect((await visitor.submit({ restaurantId: restaurant.id, rating: 4, email })).status).toBe(200);
    expect(await langOf(visitor.customerId)).toBe('fr');
    await ctx.waitForIdleQueue(60_000);
    const french = await nudge();
    expect(htmlOf(french)).toContain('<html lang="fr"');
    expect(textOf(french)).toContain('Vous recevez cet email car vous avez accepté les offres du restaurant « Le Zinc ».');
  });

  it('the private reply in Spanish: the owner’s words, the gift line and the unsubscribe line in Spanish', async () => {
    const { restaurant, agent } = await venue('Casa Lola');
    const email = uniqueEmail('madrid');
    const visitor = await createConfirmedVisitor(ctx, restaurant.id, email, { firstName: 'Lucía' });
    expect((await visitor.submit({ restaurantId: restaurant.id, rating: 2, email, comment: 'Frío', lang: 'es' })).status).toBe(200);
    const [feedback] = await ctx.db.select({ id: feedbacks.id }).from(feedbacks).where(eq(feedbacks.customerId, visitor.customerId));
    const [gift] = await ctx.db.select().from(rewards).where(and(eq(rewards.restaurantId, restaurant.id), eq(rewards.label, 'Café offert')));
    const sent = await agent.post(`/api/inbox/${feedback.id}/reply`, { subject: 'Lo sentimos mucho', message: 'Hola Lucía,\n\nLo sentimos mucho.', rewardId: gift.id });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const reply = await smtp.waitFor((mail) => mail.envelope.to.includes(email) && mail.parsed.subject === 'Lo sentimos mucho', 60_000);
    show('private reply, Spanish diner', reply);
    expect(htmlOf(reply)).toContain('<html lang="es"');
    const text = textOf(reply);
    expect(text).toContain('Lo sentimos mucho.');
    expect(text).toContain('🎁 En su próxima visita, el restaurante le ofrece: Café offert.');
    expect(htmlOf(reply)).toContain('<strong>Café offert</strong>');
    expect(text).toContain('Recibe este correo tras su visita al restaurante «Casa Lola».');
    expect(htmlOf(reply)).toContain('>Darse de baja</a>');
    expect(text).toContain('Enviado con ReFeed');
    expect(text).not.toMatch(/Pour votre prochaine visite|Se désinscrire|avis clients/);
  });

  it('card recovery and the link box in the page’s language (Italian, German), with the language’s plural', async () => {
    const { restaurant } = await venue('Trattoria Nonna');
    const email = uniqueEmail('roma');
    await createConfirmedVisitor(ctx, restaurant.id, email, { points: 1 });
    expect((await createVisitor(ctx).post('/api/public/card/recover', { restaurantId: restaurant.id, email, lang: 'it' })).status).toBe(200);
    const recovery = await mailTo(email);
    show('card recovery, Italian page', recovery);
    expect(recovery.parsed.subject).toBe('Conferma la tua email per mantenere i tuoi punti – Trattoria Nonna');
    expect(htmlOf(recovery)).toContain('<html lang="it"');
    expect(textOf(recovery)).toContain('Hai chiesto di ritrovare i tuoi punti fedeltà di Trattoria Nonna con questo indirizzo email.');
    expect(htmlOf(recovery)).toContain('>Conferma e recupera i miei punti</a>');
    expect(textOf(recovery)).toContain('Questo link funziona una sola volta, per 30 minuti.');
    expect(textOf(recovery)).toContain('Inviato con ReFeed');

    // The link box after a 2★ rating on a German page: the confirmation with the apology, « 1 Punkt » (singular).
    const berlin = uniqueEmail('muenchen');
    const device = createVisitor(ctx);
    expect((await device.submit({ restaurantId: restaurant.id, rating: 2, lang: 'de' })).status).toBe(200);
    await ctx.db.update(customers).set({ points: 1 }).where(eq(customers.anonId, device.agent.cookies.get('rf_tid')!));
    expect((await device.post('/api/public/link-email', { restaurantId: restaurant.id, email: berlin, lang: 'de' })).status).toBe(200);
    const link = await mailTo(berlin);
    show('link box after 2 stars, German page', link);
    expect(link.parsed.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse, um Ihren 1 Punkt zu behalten – Trattoria Nonna');
    expect(textOf(link)).toContain('Es tut uns leid, dass Ihr Besuch nicht Ihren Erwartungen entsprach');
    expect(htmlOf(link)).toContain('<html lang="de"');
  });
});
