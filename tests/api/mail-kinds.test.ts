// Every email kind of the catalogue, as its recipient receives it: sent by the production configuration
// (NODE_ENV=production, https PUBLIC_URL) over real SMTP, parsed, and checked against the same table of
// rules. The kinds come from the catalogue, so a kind added later is checked without touching this file.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultReply } from '../../src/shared/schemas/inbox';
import { customerRewards, customers, feedbacks, restaurants } from '../../src/server/db/schema';
import { canonicalTemplate, DINER_TEMPLATES, EMAIL_TEMPLATE_KEYS, isAutomationTemplate, SUPPORT_REPLY_TEMPLATES, type EmailTemplateKey } from '../../src/server/email/catalogue';
import { sendEmailJob } from '../../src/server/email/email.jobs';
import { ZSendEmail, type SendEmailRequest } from '../../src/server/email/email-request';
import { eq } from 'drizzle-orm';
import { createRestaurant, uniqueEmail } from '../support/factories';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { createTestContext, type TestContext } from '../support/test-app';

const PUBLIC_URL = 'https://app.refeed-test.fr';
const SUPPORT = 'aide@refeed-test.fr';
const MAX_BYTES = 90 * 1024;

let smtp: TestSmtpServer;
let ctx: TestContext;
let restaurant: typeof restaurants.$inferSelect;
let customer: typeof customers.$inferSelect;
/** Two low ratings of the customer: each alert (and its legacy alias) lists one (read at send time, decision 036). */
let lowRatingIds: string[];
const contactEmail = uniqueEmail('contact');
const ownerEmail = uniqueEmail('owner');

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({
    env: { NODE_ENV: 'production', PUBLIC_URL, ALLOW_HTTP_PUBLIC_URL: '0', SMTP_URL: smtp.url, MAIL_MODE: 'smtp', SUPPORT_EMAIL: SUPPORT, MAIL_FROM: 'ReFeed <bonjour@refeed-test.fr>' },
    // Each send is run here, one after the other, so each received mail is the one just sent.
    startWorkers: false,
  });
  const created = await createRestaurant(ctx, { name: 'L’Ardoise de Zoé', contactEmail });
  [restaurant] = await ctx.db
    .update(restaurants)
    .set({ googleReviewUrl: 'https://g.page/r/ardoise-zoe/review', logoUrl: 'https://cdn.refeed-test.fr/logos/ardoise.png', ownerFirstName: 'Zoé' })
    .where(eq(restaurants.id, created.id))
    .returning();
  [customer] = await ctx.db
    .insert(customers)
    .values({
      restaurantId: restaurant.id,
      firstName: 'Camille',
      email: uniqueEmail('diner'),
      points: 60,
      marketingConsent: true,
      marketingConsentAt: new Date(),
      // Long enough ago that the day-30 email is still due.
      lastVisitAt: new Date(Date.now() - 40 * 24 * 3600_000),
    })
    .returning();
  // A reward waiting for the diner: the day-30 email names it.
  await ctx.db.insert(customerRewards).values({ restaurantId: restaurant.id, customerId: customer.id, label: 'Café gourmand offert', cost: 50 });
  const lowRating = { restaurantId: restaurant.id, customerId: customer.id, rating: 2, comment: 'Plat froid.\nAttente de 40 minutes.', tableLabel: 'Table 4', hasContact: true };
  lowRatingIds = (await ctx.db.insert(feedbacks).values([lowRating, lowRating]).returning({ id: feedbacks.id })).map((row) => row.id);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

/** What an event records with each kind (a feedback's rating and comment, a decision's reason…). */
const DATA_BY_KIND: Partial<Record<string, SendEmailRequest['data']>> = {
  thanks_after_visit: { rating: 5, points_added: 10, balance: 60 },
  manager_alert_low_rating: { rating: 2, comment: 'Plat froid.\nAttente de 40 minutes.', created_at: '24 novembre 2026 à 20:15', label: 'Table 4', points_added: 10, balance: 60 },
  negative_feedback_alert: { rating: 1, comment: 'Service très lent.', created_at: '24 novembre 2026 à 21:05', label: 'Terrasse', points_added: 10, balance: 60 },
  review_nudge_3d: { rating: 5 },
  reward_unlocked: { reward_name: 'Dessert offert', balance: 60 },
  account_rejected: { reason: 'Le SIREN ne correspond à aucun établissement.\nMerci d’envoyer un Kbis.' },
  account_suspended: { reason: 'Avis clients signalés comme faux.' },
  weekly_digest: { week_start: '2026-11-16' },
  // The reply form's own starting text (the owner edits it).
  feedback_reply: defaultReply('L’Ardoise de Zoé', 'Camille', 2),
};
/** What any kind may read: a first name, an auth link, a link lifetime. */
const COMMON_DATA = { first_name: 'Zoé', name: 'Zoé Martin', url: `${PUBLIC_URL}/api/auth/verify?token=t0k3n`, expires_in_minutes: 30 };

/** System emails to a diner of the restaurant (checked against their customer at send time). */
const TO_DINER = new Set<string>(['feedback_reply', 'retention_reminder', 'data_erasure_confirmation']);

function requestFor(kind: EmailTemplateKey, test: boolean): SendEmailRequest {
  const automation = isAutomationTemplate(canonicalTemplate(kind));
  return {
    template: kind,
    restaurantId: restaurant.id,
    // A private reply and the retention reminder (system emails) go to one diner: their customer and address.
    customerId: (automation && !test) || TO_DINER.has(kind) ? customer.id : null,
    // Automations go to their recipient as read at send time (the diner, or the restaurant for its alerts);
    // test sends to the owner; the account emails to the owner's address.
    to: automation && !test ? null : TO_DINER.has(kind) ? customer.email : ownerEmail,
    // The alert lists the low ratings it names: here, the customer's own (its event is that feedback).
    eventId: !test && kind === 'manager_alert_low_rating' ? lowRatingIds[0] : !test && kind === 'negative_feedback_alert' ? lowRatingIds[1] : `${kind}:${test ? 'test' : 'real'}:${crypto.randomUUID()}`,
    data: { ...COMMON_DATA, ...DATA_BY_KIND[kind] },
    ...(test ? { test: true } : {}),
  };
}

/** Sends one email through the send-email job and returns it as the SMTP server received it. */
async function sendAndReceive(request: SendEmailRequest): Promise<ReceivedMail> {
  const before = smtp.received.length;
  await sendEmailJob.handle(ZSendEmail.parse(request), ctx.deps);
  await expect.poll(() => smtp.received.length, { timeout: 15_000, interval: 50, message: `${request.template} was not sent (see email_logs)` }).toBeGreaterThan(before);
  return smtp.received[before];
}

const attributeValues = (html: string, tag: string, attribute: string) =>
  [...html.matchAll(new RegExp(`<${tag}\\b[^>]*?\\s${attribute}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'gi'))].map((match) => (match[2] ?? match[3]).replace(/&amp;/g, '&'));
const imgTags = (html: string) => html.match(/<img\b[^>]*>/gi) ?? [];

const GREETING = /^Bonjour\b/m;
const CLOSING = /^(À bientôt|À très (bientôt|vite)|Merci et à bientôt|Bonne journée|L’équipe)/m;
const ENGLISH_PLACEHOLDER = /lorem ipsum|insert (your|title|text|here)|^\s*button\s*$|click here|\{\{|\}\}|\bundefined\b|\bnull\b|\bNaN\b|\[object /im;

type Row = { kind: string; bytes: number };
const rows: Row[] = [];
const dumpDir = process.env.MAIL_KINDS_DUMP_DIR;

function checkMail(label: string, kind: EmailTemplateKey, mail: ReceivedMail, { test }: { test: boolean }): void {
  const { parsed, raw } = mail;
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  const text = parsed.text ?? '';
  const canonical = canonicalTemplate(kind);
  rows.push({ kind: label, bytes: Buffer.byteLength(raw) });
  if (dumpDir) {
    mkdirSync(dumpDir, { recursive: true });
    writeFileSync(path.join(dumpDir, `${label}.eml`), raw);
  }

  expect(html, `${label}: an HTML part`).not.toBe('');
  // Absolute https links only (mailto: for the support address), never the development origin.
  const links = attributeValues(html, 'a', 'href');
  expect(links.length, `${label}: links`).toBeGreaterThan(0);
  for (const href of links) expect(href, `${label}: link`).toMatch(/^(https:\/\/|mailto:)/);
  expect(html, `${label}: no development origin`).not.toMatch(/localhost|127\.0\.0\.1|http:\/\//);
  // Images: absolute https, never inline data, each with its alt text.
  for (const img of imgTags(html)) {
    expect(img, `${label}: alt on every image`).toMatch(/\salt="[^"]+"/);
    expect(attributeValues(img, 'img', 'src')[0], `${label}: image source`).toMatch(/^https:\/\//);
  }
  expect(raw, `${label}: no data: image`).not.toMatch(/src\s*=\s*["']?data:|url\(\s*["']?data:/i);
  expect(Buffer.byteLength(raw), `${label}: under 90 KB (Gmail clips at 102 KB)`).toBeLessThan(MAX_BYTES);
  // The text part is the whole email: greeting, body, closing, links.
  expect(text, `${label}: text greeting`).toMatch(GREETING);
  expect(text, `${label}: text closing`).toMatch(CLOSING);
  for (const href of links.filter((link) => link.startsWith('https://'))) expect(text, `${label}: text carries ${href}`).toContain(href);
  // List-Unsubscribe on diner emails only (test sends of them included), signed https first.
  const unsubscribe = parsed.headers.get('list-unsubscribe');
  if (DINER_TEMPLATES.has(canonical)) {
    const header = (name: string) => parsed.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ');
    expect(header('list-unsubscribe'), `${label}: List-Unsubscribe`).toMatch(new RegExp(`^List-Unsubscribe: <${PUBLIC_URL}/u/[^>]+>, <mailto:`, 'i'));
    expect(header('list-unsubscribe-post'), `${label}: one-click`).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/i);
    expect(text, `${label}: unsubscribe line`).toContain('Se désinscrire');
  } else {
    expect(unsubscribe, `${label}: no List-Unsubscribe`).toBeUndefined();
  }
  // No English or template placeholder reaches anyone.
  for (const part of [parsed.subject ?? '', text]) expect(part, `${label}: placeholder`).not.toMatch(ENGLISH_PLACEHOLDER);
  expect(parsed.subject?.startsWith('[Test] ') ?? false, `${label}: [Test] subject`).toBe(test);
  // Who a reply reaches: the team for account emails, the restaurant for its diners' emails.
  const replyTo = parsed.replyTo?.value[0]?.address;
  if (SUPPORT_REPLY_TEMPLATES.has(canonical)) expect(replyTo, `${label}: Reply-To`).toBe(SUPPORT);
  if (DINER_TEMPLATES.has(canonical)) expect(replyTo, `${label}: Reply-To`).toBe(contactEmail);
}

describe('every email kind, received over SMTP in production', () => {
  it.each([...EMAIL_TEMPLATE_KEYS])('%s', async (kind) => {
    checkMail(kind, kind, await sendAndReceive(requestFor(kind, false)), { test: false });
  });

  it.each(EMAIL_TEMPLATE_KEYS.filter((kind) => isAutomationTemplate(kind)))('%s, as a test send from /automations', async (kind) => {
    checkMail(`${kind} (test)`, kind, await sendAndReceive(requestFor(kind, true)), { test: true });
  });
});

describe('what the diner and the owner read', () => {
  const html = (mail: ReceivedMail) => (typeof mail.parsed.html === 'string' ? mail.parsed.html : '');

  it('the low-rating alert’s test send shows a low rating and links to this app’s PUBLIC_URL', async () => {
    const mail = await sendAndReceive(requestFor('manager_alert_low_rating', true));
    expect(mail.parsed.subject).toBe('[Test] Avis à surveiller : 2/5 — L’Ardoise de Zoé');
    expect(mail.parsed.text).toContain('2/5');
    // /avis of this venue (decision 056).
    expect(attributeValues(html(mail), 'a', 'href')).toContain(`${PUBLIC_URL}/v/${restaurant.id}/avis`);
    expect(html(mail)).not.toContain('app.refeed.fr');
  });

  it('the day-30 email leads back to the restaurant’s page and names the reward waiting for the diner', async () => {
    const mail = await sendAndReceive(requestFor('we_miss_you_30d', false));
    expect(attributeValues(html(mail), 'a', 'href')).toContain(`${PUBLIC_URL}/f/${restaurant.id}`);
    expect(mail.parsed.text).toContain('Une récompense vous attend : Café gourmand offert');
    expect(mail.parsed.text).not.toMatch(/pas vu/);
  });

  it('the reward email shows the reward’s name and the date it was unlocked', async () => {
    const mail = await sendAndReceive(requestFor('reward_unlocked', false));
    expect(mail.parsed.text).toContain('Dessert offert');
    expect(mail.parsed.text).toMatch(/Débloquée le \d{1,2} [a-zéû]+ \d{4}/);
  });

  it('the welcome says what happens next (validation within 24 hours), not that the space is ready', async () => {
    const mail = await sendAndReceive(requestFor('welcome_onboarding', false));
    expect(mail.parsed.text).toContain('sous 24 heures');
    expect(mail.parsed.text).not.toMatch(/déjà vous connecter|sont prêts/);
    expect(mail.parsed.replyTo?.value[0]?.address).toBe(SUPPORT);
  });

  it('a refusal keeps the reason’s lines apart in both parts, and its text part greets and signs', async () => {
    const mail = await sendAndReceive(requestFor('account_rejected', false));
    expect(html(mail)).toContain('Le SIREN ne correspond à aucun établissement.<br>Merci d’envoyer un Kbis.');
    expect(mail.parsed.text).toMatch(/^Bonjour Zoé,$/m);
    expect(mail.parsed.text).toMatch(/Le SIREN ne correspond à aucun établissement\.\n(> )?Merci d’envoyer un Kbis\./);
    expect(mail.parsed.text).toContain('L’équipe ReFeed');
  });
});

afterAll(() => {
  // The measured size of each kind, for the record (the closing note of issue #28 lists them).
  console.info(rows.map((row) => `${row.kind}\t${(row.bytes / 1024).toFixed(1)} KB`).join('\n'));
});
