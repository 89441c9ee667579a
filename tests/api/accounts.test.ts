import { eq, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { automations, emailLogs, loyaltyRules, organisationMembers, organisations, qrCodes, restaurants, rewards, user } from '../../src/server/db/schema';
import type { Mailer } from '../../src/server/email/transport';
import { createRestaurant, createSignedInAdmin, createUser, signIn, uniqueEmail } from '../support/factories';
import { createTestContext, findLinkInMail, TEST_PUBLIC_URL, type TestContext } from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const PASSWORD = 'Motdepasse-solide-42';

function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    restaurantName: 'Le Petit Zinc',
    siren: '552100554',
    firstName: 'Camille',
    lastName: 'Durand',
    email: uniqueEmail('signup'),
    phone: '06 12 34 56 78',
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    acceptTerms: true,
    ...overrides,
  };
}

/**
 * Opens the emailed confirmation link as a browser would (it leads to /confirm-email) and confirms there
 * with `password`, as the page does. Returns the confirmation's answer and the agent (signed in when it worked).
 */
async function confirmFromMail(html: string, password: string) {
  const agent = ctx.agent();
  const opened = await agent.get(findLinkInMail(html, '/api/auth/verify-email'));
  expect(opened.status).toBe(302);
  const page = new URL(opened.headers.get('location')!, TEST_PUBLIC_URL);
  expect(page.pathname).toBe('/confirm-email');
  const response = await agent.post('/api/confirm-email', { token: page.searchParams.get('token'), password });
  return { response, agent };
}

async function countRows(table: string, where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`);
  return row.n;
}

describe('POST /api/signup', () => {
  it('creates the user, the pending restaurant and everything it starts with', async () => {
    const body = signupBody();
    const response = await ctx.agent().post('/api/signup', body);
    expect(response.status).toBe(201);
    const { restaurantId, status } = await response.json();
    expect(status).toBe('pending');

    const [account] = await ctx.db.select().from(user).where(eq(user.email, body.email));
    expect(account).toMatchObject({ name: 'Camille Durand', emailVerified: false });
    const [restaurant] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
    expect(restaurant).toMatchObject({ name: 'Le Petit Zinc', siret: '552100554', ownerFirstName: 'Camille', contactEmail: body.email, status: 'approved', emailVerified: false });
    // The platform's approval is the organisation's (decision 055): created pending, its venue not suspended itself.
    // One organisation (the legal entity, its SIREN) holding the venue, the user its owner on all venues.
    expect(await ctx.db.select().from(organisations).where(eq(organisations.id, restaurant.organisationId))).toEqual([
      expect.objectContaining({ name: 'Le Petit Zinc', siren: '552100554', status: 'pending' }),
    ]);
    expect(await ctx.db.select().from(organisationMembers).where(eq(organisationMembers.organisationId, restaurant.organisationId))).toEqual([
      expect.objectContaining({ userId: account.id, role: 'owner', allVenues: true }),
    ]);
    const [rules] = await ctx.db.select().from(loyaltyRules).where(eq(loyaltyRules.restaurantId, restaurantId));
    expect(rules).toMatchObject({ basePoints: 10, bonusGoodRating: 10, ratingThreshold: 4, maxPointsPerDay: 100 });
    const qrs = await ctx.db.select().from(qrCodes).where(eq(qrCodes.restaurantId, restaurantId));
    expect(qrs).toEqual([
      expect.objectContaining({ code: `${restaurantId.slice(0, 8)}-main`, tableLabel: 'Main entrance', slug: 'main-entrance', isPrimary: true, target: 'visit_feedback' }),
    ]);
    expect(await ctx.db.select({ label: rewards.label, cost: rewards.cost, isActive: rewards.isActive }).from(rewards).where(eq(rewards.restaurantId, restaurantId))).toEqual([
      { label: 'Dessert offert', cost: 50, isActive: true },
    ]);
    const autos = await ctx.db.select().from(automations).where(eq(automations.restaurantId, restaurantId));
    expect(Object.fromEntries(autos.map((a) => [a.key, a.config.delay_minutes]))).toEqual({
      thanks_after_visit: 0,
      manager_alert_low_rating: 0,
      review_nudge_3d: 4320,
      we_miss_you_30d: 43200,
      reward_unlocked: 0,
      weekly_digest: 0,
    });
    for (const automation of autos) {
      expect(automation.status).toBe('active');
      expect(automation.config.subject.length).toBeGreaterThan(5);
      expect(automation.config.html).toContain('<p>');
    }
  });

  it('sends the confirmation email, then the welcome email greeting the first name once the address is confirmed', async () => {
    const body = signupBody();
    expect((await ctx.agent().post('/api/signup', body)).status).toBe(201);
    const verification = await ctx.waitForMail((m) => m.toEmail === body.email && m.subject === 'Confirmez votre adresse email');
    const link = findLinkInMail(verification.html, '/api/auth/verify-email');
    expect(link).toContain('token=');
    // No welcome before the address is proven: its button leads to a sign-in that would refuse.
    await ctx.waitForIdleQueue();
    expect((await ctx.mails(body.email)).map((m) => m.subject)).toEqual(['Confirmez votre adresse email']);

    // Opening the link alone confirms nothing: the page asks for the sign-up password.
    expect((await ctx.agent().get(link)).status).toBe(302);
    await ctx.waitForIdleQueue();
    expect((await ctx.mails(body.email)).map((m) => m.subject)).toEqual(['Confirmez votre adresse email']);
    expect((await confirmFromMail(verification.html, PASSWORD)).response.status).toBe(200);
    const welcome = await ctx.waitForMail((m) => m.toEmail === body.email && m.subject === 'Bienvenue sur ReFeed !');
    expect(welcome.html).toContain('Bonjour Camille,');
    expect(welcome.html).toContain('Le Petit Zinc');
    expect(welcome.text).toContain('Bonjour Camille,');
    await expect
      .poll(async () => (await ctx.db.select().from(emailLogs).where(eq(emailLogs.toEmail, body.email))).map((l) => [l.templateName, l.status]).sort())
      .toEqual([
        ['email_verification', 'sent'],
        ['welcome_onboarding', 'sent'],
      ]);
  });

  it('validates the shared schema again on the server (first message only)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ restaurantName: 'A' }, 'Le nom du restaurant doit contenir au moins 2 caractères'],
      [{ siren: '12345' }, 'Le SIREN doit contenir exactement 9 chiffres'],
      [{ firstName: 'C' }, 'Le prénom doit contenir au moins 2 caractères'],
      [{ lastName: 'D' }, 'Le nom doit contenir au moins 2 caractères'],
      [{ email: 'pas-un-email' }, 'Email invalide'],
      [{ phone: '12345' }, 'Numéro de téléphone français invalide'],
      [{ password: 'motdepasse-faible-1', passwordConfirmation: 'motdepasse-faible-1' }, 'Le mot de passe doit contenir au moins une majuscule'],
      [{ passwordConfirmation: 'Autre-mot-de-passe-1' }, 'Les mots de passe ne correspondent pas'],
      [{ acceptTerms: false }, 'Vous devez accepter les CGU'],
    ];
    for (const [overrides, message] of cases) {
      const body = signupBody(overrides);
      const response = await ctx.agent().post('/api/signup', body);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe(message);
    }
  });

  it('attack: sign-up as an account oracle — an address that has an account gets the answer of a fresh sign-up, and its owner an email', async () => {
    const body = signupBody();
    const fresh = await ctx.agent().post('/api/signup', body);
    expect(fresh.status).toBe(201);
    const freshBody = await fresh.json();
    await ctx.waitForMail((m) => m.toEmail === body.email && m.subject === 'Confirmez votre adresse email');

    const again = await ctx.agent().post('/api/signup', { ...body, email: body.email.toUpperCase(), restaurantName: 'Autre Resto' });
    const unknown = await ctx.agent().post('/api/signup', { ...body, email: uniqueEmail('fresh'), restaurantName: 'Autre Resto' });
    // Same status, same headers that matter, same body shape and values (an id that looks like any other).
    expect(again.status).toBe(unknown.status);
    expect(again.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
    const [againBody, unknownBody] = [await again.json(), await unknown.json()];
    expect(Object.keys(againBody).sort()).toEqual(Object.keys(unknownBody).sort());
    expect(againBody.status).toBe(unknownBody.status);
    expect(againBody.restaurantId).toMatch(/^[0-9a-f-]{36}$/);
    expect(againBody.restaurantId).not.toBe(freshBody.restaurantId);
    expect(Object.keys(freshBody).sort()).toEqual(Object.keys(againBody).sort());

    // Nothing was created for the second attempt; the owner of the address is told instead.
    expect(await countRows('users', sql`email = ${body.email}`)).toBe(1);
    expect(await countRows('restaurants', sql`contact_email = ${body.email}`)).toBe(1);
    expect(await countRows('restaurants', sql`id = ${againBody.restaurantId}`)).toBe(0);
    const notice = await ctx.waitForMail((m) => m.toEmail === body.email && m.subject === 'Tentative d’inscription avec votre adresse email');
    expect(notice.html).toContain(`${TEST_PUBLIC_URL}/login`);
    expect(notice.html).toContain(`${TEST_PUBLIC_URL}/forgot-password`);
    expect(notice.text).toContain('Un compte existe déjà avec cette adresse');
    // The sign-up password of the attempt changed nothing: the account still confirms with its own.
    await ctx.waitForIdleQueue();
    expect((await ctx.mails(body.email)).filter((m) => m.subject === 'Confirmez votre adresse email')).toHaveLength(1);
  });

  it('answers 400, not 500, to a body that is not an object', async () => {
    for (const payload of [null, [], 'texte']) {
      const response = await ctx.app.request('/api/signup', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe('Requête invalide');
    }
  });

  it('creates nothing at all when a step fails', async () => {
    const body = signupBody({ restaurantName: 'Resto En Panne' });
    await ctx.db.execute(sql.raw(`create or replace function refeed_test_fail() returns trigger language plpgsql as $$ begin raise exception 'step failed'; end $$`));
    await ctx.db.execute(sql.raw(`create trigger refeed_test_fail before insert on automations for each row execute function refeed_test_fail()`));
    try {
      const response = await ctx.agent().post('/api/signup', body);
      expect(response.status).toBe(500);
    } finally {
      await ctx.db.execute(sql.raw(`drop trigger refeed_test_fail on automations`));
    }
    expect(await countRows('users', sql`email = ${body.email}`)).toBe(0);
    expect(await countRows('accounts', sql`account_id not in (select id from users)`)).toBe(0);
    expect(await countRows('restaurants', sql`name = 'Resto En Panne'`)).toBe(0);
    expect(await countRows('organisations', sql`name = 'Resto En Panne'`)).toBe(0);
    expect(await countRows('organisation_members', sql`organisation_id not in (select id from organisations)`)).toBe(0);
    expect(await countRows('pgboss.job', sql`data->>'email' = ${body.email} or data->>'to' = ${body.email}`)).toBe(0);
    await ctx.waitForIdleQueue();
    expect(await ctx.mails(body.email)).toHaveLength(0);
    // The same email can then sign up normally.
    expect((await ctx.agent().post('/api/signup', body)).status).toBe(201);
  });

  it('keeps the account when the emails cannot be sent (the failure is only logged)', async () => {
    const failing: Mailer = { mode: 'outbox', async send() { throw new Error('SMTP down'); }, close() {} };
    const broken = await createTestContext({ mailer: failing });
    try {
      const body = signupBody();
      const response = await broken.agent().post('/api/signup', body);
      expect(response.status).toBe(201);
      const { restaurantId } = await response.json();
      await expect
        .poll(async () => (await broken.db.select().from(emailLogs).where(eq(emailLogs.toEmail, body.email))).map((l) => [l.templateName, l.status]), { timeout: 10_000 })
        .toEqual([['email_verification', 'failed']]);
      expect(await broken.db.select().from(user).where(eq(user.email, body.email))).toHaveLength(1);
      expect(await broken.db.select().from(restaurants).where(eq(restaurants.id, restaurantId))).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });
});

describe('email confirmation', () => {
  it('confirms the email with the sign-up password, which stays the account’s password', async () => {
    const body = signupBody();
    expect((await ctx.agent().post('/api/signup', body)).status).toBe(201);
    const mail = await ctx.waitForMail((m) => m.toEmail === body.email && m.subject === 'Confirmez votre adresse email');
    const { response, agent } = await confirmFromMail(mail.html, PASSWORD);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ confirmed: true, alreadyConfirmed: false });
    const [restaurant] = await ctx.db.select().from(restaurants).where(eq(restaurants.contactEmail, body.email));
    expect(restaurant.emailVerified).toBe(true);
    // The confirmation signed this browser in, and the owner lands on the waiting page.
    expect((await (await agent.get('/api/me')).json()).gate).toBe('pending');
    // Another browser later: the password typed at sign-up works.
    await signIn(ctx, body.email, PASSWORD);
    // The link again: already confirmed, nothing changes.
    const again = await confirmFromMail(mail.html, 'peu-importe');
    expect(await again.response.json()).toEqual({ confirmed: true, alreadyConfirmed: true });
  });

  it('refuses a confirmation with a wrong password or a broken link, and confirms nothing', async () => {
    const body = signupBody();
    expect((await ctx.agent().post('/api/signup', body)).status).toBe(201);
    const mail = await ctx.waitForMail((m) => m.toEmail === body.email && m.subject === 'Confirmez votre adresse email');
    const wrong = (await confirmFromMail(mail.html, 'Pas-le-bon-secret-1')).response;
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.message).toBe('Ce n’est pas le mot de passe choisi à l’inscription.');
    const token = new URL(findLinkInMail(mail.html, '/api/auth/verify-email')).searchParams.get('token')!;
    const forged = await ctx.agent().post('/api/confirm-email', { token: `${token.slice(0, -4)}AAAA`, password: PASSWORD });
    expect(forged.status).toBe(400);
    expect((await forged.json()).error.message).toBe('Lien invalide ou expiré');
    const [stored] = await ctx.db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.email, body.email));
    expect(stored.emailVerified).toBe(false);
  });

  it('attack: pre-registered account — the mailbox owner cannot confirm it with the intruder’s password unknown, and the reset that lets them in replaces it', async () => {
    // The intruder signs up with the victim's address and a password they know.
    const body = signupBody();
    expect((await ctx.agent().post('/api/signup', body)).status).toBe(201);
    const mail = await ctx.waitForMail((m) => m.toEmail === body.email && m.subject === 'Confirmez votre adresse email');
    // The real owner of the mailbox clicks 'Confirmer mon email': opening the link confirms nothing,
    // and without the intruder's password the page cannot confirm either.
    expect((await confirmFromMail(mail.html, 'Mon-propre-secret-7')).response.status).toBe(400);
    const intruderBefore = await ctx.agent().post('/api/auth/sign-in/email', { email: body.email, password: body.password });
    expect(intruderBefore.status).toBe(403);
    // The mailbox owner's way in: a password reset, which confirms the address and replaces the password.
    expect((await ctx.agent().post('/api/auth/request-password-reset', { email: body.email, redirectTo: '/reset-password' })).status).toBe(200);
    const reset = await ctx.waitForMail((m) => m.toEmail === body.email && m.subject === 'Réinitialisez votre mot de passe ReFeed');
    const resetLink = findLinkInMail(reset.html, '/api/auth/reset-password/');
    const resetToken = resetLink.split('/reset-password/')[1].split('?')[0];
    expect((await ctx.agent().post('/api/auth/reset-password', { token: resetToken, newPassword: 'Mon-propre-secret-7' })).status).toBe(200);
    await signIn(ctx, body.email, 'Mon-propre-secret-7');
    // The intruder's password no longer opens the account, and their link cannot confirm with it either.
    const intruder = await ctx.agent().post('/api/auth/sign-in/email', { email: body.email, password: body.password });
    expect(intruder.status).toBe(401);
    const [restaurant] = await ctx.db.select().from(restaurants).where(eq(restaurants.contactEmail, body.email));
    expect(restaurant.emailVerified).toBe(true);
  });

  it('syncs the restaurant flag at the first sign-in of a browser session', async () => {
    const owner = await createUser(ctx);
    const restaurant = await createRestaurant(ctx, { ownerId: owner.id, emailVerified: false });
    const agent = await signIn(ctx, owner.email);
    const response = await agent.post('/api/me/sync-email-verified');
    expect(await response.json()).toEqual({ emailVerified: true });
    const [after] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, restaurant.id));
    expect(after.emailVerified).toBe(true);
  });

  it('resends the confirmation link to a signed-in user whose email is not confirmed', async () => {
    const owner = await createUser(ctx);
    await createRestaurant(ctx, { ownerId: owner.id, emailVerified: false });
    const agent = await signIn(ctx, owner.email);
    const verified = await agent.post('/api/me/resend-verification');
    expect(verified.status).toBe(400);
    expect((await verified.json()).error.message).toBe('Votre adresse email est déjà confirmée.');

    await ctx.db.update(user).set({ emailVerified: false }).where(eq(user.id, owner.id));
    const response = await agent.post('/api/me/resend-verification');
    expect(response.status).toBe(200);
    await ctx.waitForMail((m) => m.toEmail === owner.email && m.subject === 'Confirmez votre adresse email');
  });
});

describe('the owner gate', () => {
  async function ownerWith(options: { status: 'pending' | 'approved' | 'rejected' | 'suspended'; reason?: string; emailVerified?: boolean }) {
    const owner = await createUser(ctx);
    const restaurant = await createRestaurant(ctx, { ownerId: owner.id, status: options.status, emailVerified: options.emailVerified ?? true });
    if (options.status === 'rejected') await ctx.db.update(organisations).set({ rejectionReason: options.reason }).where(eq(organisations.id, restaurant.organisationId));
    if (options.status === 'suspended') await ctx.db.update(organisations).set({ suspensionReason: options.reason }).where(eq(organisations.id, restaurant.organisationId));
    const agent = await signIn(ctx, owner.email);
    return { owner, restaurant, agent };
  }

  it('opens the owner endpoints to an approved restaurant', async () => {
    const { agent, restaurant } = await ownerWith({ status: 'approved' });
    const me = await (await agent.get('/api/me')).json();
    expect(me).toMatchObject({ gate: 'approved', isAdmin: false, supportEmail: 'support@refeed.fr', restaurants: [{ id: restaurant.id, role: 'owner', status: 'approved' }] });
    const response = await agent.get('/api/owner/restaurant');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: restaurant.id, name: 'Le Bistrot Test', role: 'owner' });
  });

  it.each([
    ['pending', undefined, 'Votre compte est en cours de validation.'],
    ['rejected', 'Le SIREN ne correspond pas à un restaurant.', 'Demande refusée'],
    ['suspended', 'Impayés répétés depuis deux mois.', 'Compte suspendu'],
  ] as const)('answers 403 to a %s restaurant and reports the state with its reason', async (status, reason, message) => {
    const { agent } = await ownerWith({ status, reason });
    const me = await (await agent.get('/api/me')).json();
    expect(me.gate).toBe(status);
    if (status === 'rejected') expect(me.restaurants[0].rejectionReason).toBe(reason);
    if (status === 'suspended') expect(me.restaurants[0].suspensionReason).toBe(reason);
    const response = await agent.get('/api/owner/restaurant');
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe(message);
  });

  it('holds a user whose email is not confirmed', async () => {
    const { agent, owner } = await ownerWith({ status: 'approved', emailVerified: false });
    await ctx.db.update(user).set({ emailVerified: false }).where(eq(user.id, owner.id));
    expect((await (await agent.get('/api/me')).json()).gate).toBe('email-not-verified');
    const response = await agent.get('/api/owner/restaurant');
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe('Email non vérifié');
  });

  it('reports a user without a restaurant, and refuses the anonymous', async () => {
    const lonely = await createUser(ctx);
    const agent = await signIn(ctx, lonely.email);
    expect((await (await agent.get('/api/me')).json()).gate).toBe('no-restaurant');
    expect((await agent.get('/api/owner/restaurant')).status).toBe(403);
    expect((await ctx.agent().get('/api/me')).status).toBe(401);
    expect((await ctx.agent().get('/api/owner/restaurant')).status).toBe(401);
  });
});

describe('POST /api/onboarding', () => {
  it('creates a pending restaurant with its defaults for a user without one, and shows the real QR', async () => {
    const member = await createUser(ctx, { name: 'Hugo Martin' });
    const agent = await signIn(ctx, member.email);
    const response = await agent.post('/api/onboarding', { name: 'Chez Hugo', managerEmail: 'gerant@chezhugo.fr', reviewUrl: 'https://g.page/r/chez-hugo/review', logoUrl: '' });
    expect(response.status).toBe(201);
    const created = await response.json();
    const [restaurant] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, created.restaurantId));
    expect(restaurant).toMatchObject({ name: 'Chez Hugo', contactEmail: 'gerant@chezhugo.fr', googleReviewUrl: 'https://g.page/r/chez-hugo/review', logoUrl: null, status: 'approved', ownerFirstName: 'Hugo' });
    expect((await ctx.db.select().from(organisations).where(eq(organisations.id, restaurant.organisationId)))[0].status).toBe('pending');
    expect(await countRows('automations', sql`restaurant_id = ${created.restaurantId}`)).toBe(6);
    expect(await countRows('rewards', sql`restaurant_id = ${created.restaurantId} and label = 'Dessert offert' and cost = 50`)).toBe(1);
    expect(created.qr.code).toBe(`${created.restaurantId.slice(0, 8)}-main`);
    const png = PNG.sync.read(Buffer.from(created.qr.pngDataUrl.split(',')[1], 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(created.qr.url);
    expect(created.qr.url).toBe(`http://localhost:3000/f/${created.restaurantId}?qr=${created.qr.id}&label=main-entrance`);
    expect((await (await agent.get('/api/me')).json()).gate).toBe('pending');

    const again = await agent.post('/api/onboarding', { name: 'Deuxième', managerEmail: 'x@chezhugo.fr' });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe('Un restaurant est déjà associé à ce compte.');
  });

  it('attack: onboarding with a phishing review link (https://evil.example/phish) is refused with the review-link rule\'s message', async () => {
    const member = await createUser(ctx);
    const agent = await signIn(ctx, member.email);
    for (const reviewUrl of ['https://evil.example/phish', 'http://evil.example/phish', 'https://www.google.xyz/maps/place/Chez', 'https://google.top/local/writereview?placeid=x']) {
      const refused = await agent.post('/api/onboarding', { name: 'Chez Piège', managerEmail: 'gerant@example.fr', reviewUrl });
      expect(refused.status, reviewUrl).toBe(400);
      expect((await refused.json()).error.message).toBe('Lien Google invalide. Corrigez puis réessayez.');
    }
    expect(await ctx.db.select().from(organisationMembers).where(eq(organisationMembers.userId, member.id))).toHaveLength(0);
  });

  it('attack: a logo URL sent to onboarding is not stored (logos are uploaded files); the link is normalised and shown to the admin', async () => {
    const member = await createUser(ctx);
    const agent = await signIn(ctx, member.email);
    const response = await agent.post('/api/onboarding', { name: 'Chez Logo', managerEmail: 'gerant@logo.fr', reviewUrl: ' http://g.page/r/chez-logo ', logoUrl: 'https://evil.example/tracker.png' });
    expect(response.status).toBe(201);
    const { restaurantId } = await response.json();
    const [restaurant] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
    expect(restaurant.logoUrl).toBeNull();
    expect(restaurant.googleReviewUrl).toBe('https://g.page/r/chez-logo');
    expect(restaurant.googleReviewUrlValidatedAt).not.toBeNull();
    const { agent: admin } = await createSignedInAdmin(ctx);
    // The admin detail is the organisation's (decision 055); a venue's id opens it too.
    const detail = await (await admin.get(`/api/admin/organisations/${restaurantId}`)).json();
    expect(detail.venues).toEqual([expect.objectContaining({ id: restaurantId, googleReviewUrl: 'https://g.page/r/chez-logo' })]);
  });

  it('creates one restaurant when the wizard is submitted twice at once', async () => {
    const member = await createUser(ctx);
    const agent = await signIn(ctx, member.email);
    const responses = await Promise.all([1, 2, 3].map(() => agent.post('/api/onboarding', { name: 'Chez Double', managerEmail: 'gerant@double.fr' })));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await ctx.db.select().from(organisationMembers).where(eq(organisationMembers.userId, member.id))).toHaveLength(1);
    expect(await ctx.db.select().from(organisations).where(eq(organisations.name, 'Chez Double'))).toHaveLength(1);
  });

  it('validates the wizard fields and needs a signed-in user', async () => {
    const member = await createUser(ctx);
    const agent = await signIn(ctx, member.email);
    const bad = await agent.post('/api/onboarding', { name: 'Chez Moi', managerEmail: 'gerant@example.fr', reviewUrl: 'pas une url' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Lien Google invalide. Corrigez puis réessayez.');
    const noName = await agent.post('/api/onboarding', { name: '', managerEmail: 'gerant@example.fr' });
    expect((await noName.json()).error.message).toBe('Le nom du restaurant est requis');
    expect((await ctx.agent().post('/api/onboarding', { name: 'Chez Moi', managerEmail: 'gerant@example.fr' })).status).toBe(401);
  });
});
