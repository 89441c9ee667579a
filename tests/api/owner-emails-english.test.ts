// The account and owner emails in the owner's language (issue #53): an English owner (users.lang 'en') receives
// the confirmation, the sign-in link, the reset link, the approval, the invitation they send, a low-rating alert
// and the weekly digest in English — subject, body, layout and links — while a French owner receives the same
// mails with today's French subjects and words. Every mail is read as the real SMTP server received it.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { recordDailyStats } from '../../src/server/core/daily-stats';
import { feedbacks, organisations, restaurants, user, visits } from '../../src/server/db/schema';
import { insertDefaultAutomations } from '../../src/server/email/default-automations';
import { queueWeeklyDigests } from '../../src/server/email/weekly-digest.jobs';
import { clock } from '../../src/server/lib/runtime/clock';
import { createSignedInAdmin, createUser, signIn, uniqueEmail } from '../support/factories';
import { type ReceivedMail } from '../support/smtp';
import { findLinkInMail, TEST_PUBLIC_URL } from '../support/test-app';
import { createDinerRestaurant, createVisitor, useDinerSmtpContext } from './diner-support';

const { ctx, smtp } = useDinerSmtpContext();
afterEach(() => clock.reset());

type Lang = 'fr' | 'en';
const PASSWORD = 'A-solid-password-42';

const htmlOf = (mail: ReceivedMail) => (typeof mail.parsed.html === 'string' ? mail.parsed.html : '');
/** The words a reader reads: the plain-text part without its links (a link's path may hold « avis »). */
const wordsOf = (mail: ReceivedMail) => (mail.parsed.text ?? '').replace(/\[?https?:\/\/\S+\]?/g, ' ').replace(/\s+/g, ' ');
/** The first link of the mail to this app under `prefix`, as a URL. */
const linkOf = (mail: ReceivedMail, prefix: string) => new URL(findLinkInMail(htmlOf(mail), prefix));

/** The newest mail to `to` received after `after` mails, whose subject matches. */
function mailTo(to: string, after: number, subject?: RegExp, timeoutMs?: number) {
  const lower = to.toLowerCase();
  return smtp.waitFor((mail) => smtp.received.indexOf(mail) >= after && mail.envelope.to.includes(lower) && (!subject || subject.test(mail.parsed.subject ?? '')), timeoutMs);
}

const FRENCH_WORDS = /\b(Bonjour|Votre|votre|vous|avis|Merci|équipe|À bientôt)\b/;

/** An English mail: the English layout (lang, signature), no French word in its subject or body. */
function expectEnglish(mail: ReceivedMail) {
  expect(htmlOf(mail)).toContain('<html lang="en"');
  expect(mail.parsed.subject ?? '').not.toMatch(FRENCH_WORDS);
  expect(wordsOf(mail)).not.toMatch(FRENCH_WORDS);
  expect(wordsOf(mail)).toMatch(/\bHello\b/);
}

function expectFrench(mail: ReceivedMail) {
  expect(htmlOf(mail)).toContain('<html lang="fr"');
  expect(wordsOf(mail)).toContain('Bonjour');
  expect(wordsOf(mail)).not.toMatch(/\bHello\b/);
}

/** An owner in `lang` of a pending venue (its contact address is theirs), with the default automations. */
async function ownerIn(lang: Lang, name: string) {
  const owner = await createUser(ctx, { email: uniqueEmail(`owner-${lang}`), name: lang === 'en' ? 'Oliver Smith' : 'Camille Test', password: PASSWORD });
  await ctx.db.update(user).set({ lang }).where(eq(user.id, owner.id));
  const setup = await createDinerRestaurant(ctx, { ownerId: owner.id, status: 'pending', contactEmail: owner.email, name });
  await insertDefaultAutomations(ctx.db, setup.restaurant.id);
  return { owner, ...setup };
}

describe('the account and owner emails in the owner’s language', () => {
  it.each<Lang>(['en', 'fr'])('the confirmation email of a sign-up in %s', async (lang) => {
    const email = uniqueEmail(`signup-${lang}`);
    const after = smtp.received.length;
    const body = { restaurantName: 'The Corner', siren: String(100000000 + Math.floor(Math.random() * 899999999)), firstName: 'Alice', lastName: 'Martin', email, phone: '06 12 34 56 78', password: PASSWORD, passwordConfirmation: PASSWORD, acceptTerms: true, lang };
    expect((await ctx.agent().post('/api/signup', body)).status).toBe(201);
    const mail = await mailTo(email, after, /./);
    const opened = await ctx.agent().get(linkOf(mail, '/api/auth/verify-email').toString());
    const page = new URL(opened.headers.get('location')!, TEST_PUBLIC_URL);
    expect(page.pathname).toBe('/confirm-email');
    if (lang === 'en') {
      expect(mail.parsed.subject).toBe('Confirm your email address');
      expect(wordsOf(mail)).toContain('Confirm your email address to activate your ReFeed account.');
      expect(wordsOf(mail)).toContain('The ReFeed team');
      expectEnglish(mail);
      expect(page.searchParams.get('lang')).toBe('en');
    } else {
      expect(mail.parsed.subject).toBe('Confirmez votre adresse email');
      expect(wordsOf(mail)).toContain('Confirmez votre adresse email pour activer votre espace ReFeed.');
      expectFrench(mail);
      expect(page.searchParams.has('lang')).toBe(false);
    }
  });

  it.each<Lang>(['en', 'fr'])('the sign-in link, the reset link, the approval, an invitation, a low-rating alert and the weekly digest of a %s owner', async (lang) => {
    const english = lang === 'en';
    const name = english ? 'The Corner House' : 'Le Coin Tranquille';
    const { owner, restaurant, tableQr } = await ownerIn(lang, name);

    // The passwordless sign-in link, asked from the French page: its page opens in the owner's language.
    let after = smtp.received.length;
    expect((await ctx.agent().post('/api/auth/sign-in/magic-link', { email: owner.email, callbackURL: '/dashboard' })).status).toBe(200);
    const magic = await mailTo(owner.email, after, english ? /sign-in link/ : /lien de connexion/);
    const magicCallback = linkOf(magic, '/api/auth/magic-link/verify').searchParams.get('callbackURL')!;
    if (english) {
      expect(magic.parsed.subject).toBe('Your ReFeed sign-in link');
      expect(wordsOf(magic)).toContain('Click below to sign in. This link is valid for 15 minutes and works only once.');
      expectEnglish(magic);
      expect(magicCallback).toBe('/dashboard?lang=en');
    } else {
      expect(magic.parsed.subject).toBe('Votre lien de connexion ReFeed');
      expectFrench(magic);
      expect(magicCallback).toBe('/dashboard');
    }

    // The reset link, asked from the French page too: it opens the reset page in the owner's language.
    after = smtp.received.length;
    expect((await ctx.agent().post('/api/auth/request-password-reset', { email: owner.email, redirectTo: '/reset-password' })).status).toBe(200);
    const reset = await mailTo(owner.email, after, english ? /password/ : /mot de passe/);
    const resetLink = linkOf(reset, '/api/auth/reset-password/');
    if (english) {
      expect(reset.parsed.subject).toBe('Reset your ReFeed password');
      expect(wordsOf(reset)).toContain('Reset my password');
      expectEnglish(reset);
      expect(resetLink.searchParams.get('callbackURL')).toBe('/reset-password?lang=en');
    } else {
      expect(reset.parsed.subject).toBe('Réinitialisez votre mot de passe ReFeed');
      expectFrench(reset);
      expect(resetLink.searchParams.get('callbackURL')).toBe('/reset-password');
    }

    // The platform's approval, linking to the sign-in page in the owner's language.
    const { agent: admin } = await createSignedInAdmin(ctx);
    after = smtp.received.length;
    expect((await admin.post(`/api/admin/organisations/${restaurant.organisationId}/approve`, {})).status).toBe(200);
    const approval = await mailTo(owner.email, after, english ? /approved/ : /validé/);
    if (english) {
      expect(approval.parsed.subject).toBe(`Your ReFeed account is approved – ${name}`);
      expect(wordsOf(approval)).toContain(`Good news: the ReFeed team has approved the account of your restaurant ${name}.`);
      expectEnglish(approval);
      expect(linkOf(approval, '/login').search).toBe('?lang=en');
    } else {
      expect(approval.parsed.subject).toBe(`Votre compte ReFeed est validé – ${name}`);
      expectFrench(approval);
      expect(linkOf(approval, '/login').search).toBe('');
    }

    // An invitation the owner sends: in the owner's language, with the role and the date in it.
    const agent = await signIn(ctx, owner.email, PASSWORD);
    const invited = uniqueEmail(`invited-${lang}`);
    after = smtp.received.length;
    expect((await agent.post('/api/team/invitations', { email: invited, role: 'manager', allVenues: true })).status).toBe(201);
    const invitation = await mailTo(invited, after);
    const invitationLink = linkOf(invitation, '/invitation');
    if (english) {
      expect(invitation.parsed.subject).toBe(`Oliver Smith invites you to join ${name} on ReFeed`);
      expect(wordsOf(invitation)).toContain('Your role: manager.');
      expect(wordsOf(invitation)).toContain('Venues: all venues.');
      expect(wordsOf(invitation)).toMatch(/This link is valid until \d{1,2} [A-Z][a-z]+ \d{4} and works only once\./);
      expectEnglish(invitation);
      expect(invitationLink.searchParams.get('lang')).toBe('en');
    } else {
      expect(invitation.parsed.subject).toBe(`Camille Test vous invite à rejoindre ${name} sur ReFeed`);
      expect(wordsOf(invitation)).toContain('Votre rôle : gérant.');
      expect(wordsOf(invitation)).toContain('Établissements : tous les établissements.');
      expectFrench(invitation);
      expect(invitationLink.searchParams.has('lang')).toBe(false);
    }

    // A low rating: the alert to the venue's address, the diner's own words untranslated.
    after = smtp.received.length;
    const comment = english ? 'Cold food' : 'Plat froid';
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, qrId: tableQr.id, rating: 2, comment })).status).toBe(200);
    const alert = await mailTo(restaurant.contactEmail, after, /2\/5/);
    const reviewLink = linkOf(alert, `/v/${restaurant.id}/avis`);
    if (english) {
      expect(alert.parsed.subject).toBe(`Review to watch: 2/5 — ${name}`);
      expect(wordsOf(alert)).toContain('A rating of 3 stars or less has just been left:');
      expect(wordsOf(alert)).toContain('Left by an anonymous customer at table Table 1');
      expect(wordsOf(alert)).toContain(`“${comment}”`);
      expect(wordsOf(alert)).toMatch(/\d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}/);
      expect(wordsOf(alert)).toContain('Sent with ReFeed');
      expectEnglish(alert);
      expect(reviewLink.searchParams.get('lang')).toBe('en');
    } else {
      expect(alert.parsed.subject).toBe(`Avis à surveiller : 2/5 — ${name}`);
      expect(wordsOf(alert)).toContain('Laissé par un client anonyme à la table Table 1');
      expect(wordsOf(alert)).toContain(`« ${comment} »`);
      expectFrench(alert);
      expect(reviewLink.searchParams.has('lang')).toBe(false);
    }
    await ctx.waitForIdleQueue();

    // Inside the window a 3★ waits; an urgent 1★ then goes at once with it: the grouped alert.
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, qrId: tableQr.id, rating: 3 })).status).toBe(200);
    await ctx.waitForIdleQueue();
    after = smtp.received.length;
    expect((await createVisitor(ctx).submit({ restaurantId: restaurant.id, qrId: tableQr.id, rating: 1 })).status).toBe(200);
    const grouped = await mailTo(restaurant.contactEmail, after, english ? /2 reviews to watch/ : /2 avis à surveiller/, 60_000);
    if (english) {
      expect(grouped.parsed.subject).toBe(`2 reviews to watch — ${name}`);
      expect(wordsOf(grouped)).toContain('2 ratings of 3 stars or less have been left since the last alert:');
      expectEnglish(grouped);
    } else {
      expect(grouped.parsed.subject).toBe(`2 avis à surveiller — ${name}`);
      expectFrench(grouped);
    }
    await ctx.waitForIdleQueue();

    // The weekly digest of 16–22 November 2026 (Monday 23 November, 9:00 in Paris).
    await ctx.db.update(restaurants).set({ createdAt: new Date('2026-11-01T10:00:00Z') }).where(eq(restaurants.id, restaurant.id));
    const createdAt = new Date('2026-11-20T20:00:00Z');
    const [visit] = await ctx.db.insert(visits).values({ restaurantId: restaurant.id, tableLabel: 'Table 3', createdAt }).returning();
    await ctx.db.insert(feedbacks).values({ restaurantId: restaurant.id, rating: 2, comment: english ? 'Too salty' : 'Trop salé', visitId: visit.id, createdAt });
    await recordDailyStats(ctx.db, restaurant.id, createdAt, { feedbacks: 1, ratingSum: 2 });
    after = smtp.received.length;
    clock.freeze(new Date('2026-11-23T08:00:00Z'));
    await queueWeeklyDigests(ctx.deps);
    const digest = await mailTo(restaurant.contactEmail, after, english ? /Your week/ : /Votre semaine/, 30_000);
    if (english) {
      expect(digest.parsed.subject).toBe(`Your week: 1 rating, 2.0/5 average — ${name}`);
      expect(wordsOf(digest)).toContain('Here is your week in review, from Monday 16 November to Sunday 22 November 2026.');
      expect(wordsOf(digest)).toContain('1 rating, average 2.0/5 (previous week: 0 ratings)');
      expect(wordsOf(digest)).toContain('Ratings of 3 stars or less: 1');
      expect(wordsOf(digest)).toContain('Left by an anonymous customer at table Table 3');
      expectEnglish(digest);
      expect(linkOf(digest, `/v/${restaurant.id}/dashboard`).searchParams.get('lang')).toBe('en');
    } else {
      expect(digest.parsed.subject).toBe(`Votre semaine : 1 avis, 2,0/5 de moyenne — ${name}`);
      expect(wordsOf(digest)).toContain('Voici le bilan de votre semaine, du lundi 16 novembre au dimanche 22 novembre 2026.');
      expectFrench(digest);
      expect(linkOf(digest, `/v/${restaurant.id}/dashboard`).search).toBe('');
    }
  });

  it('an invitation from a UK organisation whose inviter never chose a language is English', async () => {
    const { owner, restaurant } = await ownerIn('fr', 'Kensington Kitchen');
    await ctx.db.update(organisations).set({ country: 'GB', status: 'approved' }).where(eq(organisations.id, restaurant.organisationId));
    const { inviteMember } = await import('../../src/server/features/team/team.service');
    const invited = uniqueEmail('invited-uk');
    const after = smtp.received.length;
    await inviteMember(ctx.deps, { organisationId: restaurant.organisationId, userId: owner.id, userName: 'Oliver Smith' }, { email: invited, role: 'manager', allVenues: true, venueIds: [] });
    const invitation = await mailTo(invited, after);
    expect(invitation.parsed.subject).toBe('Oliver Smith invites you to join Kensington Kitchen on ReFeed');
    expectEnglish(invitation);
  });
});
