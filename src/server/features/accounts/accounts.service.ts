import { trialEndForCompany } from '../../core/plan';
import type { OwnerLocale } from '../../../shared/rules/locales';
import { firstNameOf } from '../../../shared/rules/first-name';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { hashPassword, verifyJWT, verifyPassword } from 'better-auth/crypto';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { account, organisationMembers, organisations, restaurants, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { enqueueEmail } from '../../email/email-queue';
import { enqueueJob } from '../../jobs/queue';
import { clock } from '../../lib/runtime/clock';
import { AppError } from '../../lib/http/errors';
import type { SessionUser } from '../../lib/http/hono-env';
import type { SessionRead } from '../../lib/http/session-read';
import { resolveOwnerGate } from '../../../shared/rules/owner-gate';
import { planAccess } from '../../../shared/rules/plans';
import { permissionsOf } from '../../../shared/rules/permissions';
import { buildQrPublicUrl } from '../../../shared/rules/qr-url';
import type {
  TConfirmEmailRequest,
  TConfirmEmailResponse,
  TCreateRestaurantResponse,
  TMeResponse,
  TOwnerRestaurantResponse,
  TSignupResponse,
  ZCreateRestaurantRequest,
  ZSignupRequest,
} from '../../../shared/schemas/accounts';
import { ACCOUNT_ERRORS } from '../../../shared/schemas/accounts';
import { createVenueDefaults } from '../../core/venue-defaults';
import { sendVerificationEmailJob } from './accounts.jobs';
import { enqueueAdminSignupNotices, enqueueWelcomeEmail, syncRestaurantEmailVerified } from '../../auth/email-verified-sync';
import type { z } from 'zod';

/** The account routes' messages (shared/schemas/accounts.ts, with their English twins). */
export { ACCOUNT_ERRORS };

export { SETUP_REWARD } from '../../core/loyalty';

/**
 * The signed-in user's summary: admin flag, the owner gate outcome and the venues of their memberships (oldest first),
 * all read with the session in one query (auth/session-reader.ts).
 */
export function getAccountSummary(deps: Pick<AppDeps, 'env'>, session: SessionRead): TMeResponse {
  return {
    user: session.user,
    isAdmin: session.isAdmin,
    gate: resolveOwnerGate(session.user.emailVerified, session.restaurants[0]),
    supportEmail: deps.env.SUPPORT_EMAIL,
    // Each venue with what the member's role there allows (shared/rules/permissions.ts), for the client to hide the rest.
    // The plan's rule too (decision 057): a member beyond the plan's members acts as lecture; why writes are refused.
    restaurants: session.restaurants.map(({ plan, trialEndsAt, limitOverrides, venueRank, memberRank, ...restaurant }) => {
      const access = planAccess({ plan, trialEndsAt, limitOverrides }, { venueRank, memberRank }, clock.now());
      return {
        ...restaurant,
        permissions: permissionsOf(access.readOnly === 'member' ? 'viewer' : restaurant.role),
        plan: { id: access.effective.plan, state: access.effective.state, trialEndsAt: access.effective.trialEndsAt, readOnly: access.readOnly, message: access.message },
      };
    }),
  };
}

/**
 * A new account's organisation, its first venue and the user as its owner on all venues (decision 051),
 * inside the caller's transaction. Returns the venue's id. The organisation is created pending (the
 * platform team approves the organisation, decision 055), on the 14-day trial; the venue itself is not suspended.
 */
async function createOrganisationWithVenue(
  tx: Db,
  input: { userId: string; organisation: Pick<typeof organisations.$inferInsert, 'name' | 'siren' | 'country' | 'companyNumber'>; venue: Omit<typeof restaurants.$inferInsert, 'organisationId'> },
): Promise<string> {
  // It starts the site's 14-day trial of Pro (issue #30, decision 057), once per company (issue 54, decision 092).
  const [organisation] = await tx
    .insert(organisations)
    .values({ ...input.organisation, trialEndsAt: await trialEndForCompany(tx, input.organisation, clock.now()) })
    .returning({ id: organisations.id });
  const [restaurant] = await tx
    .insert(restaurants)
    .values({ ...input.venue, organisationId: organisation.id })
    .returning({ id: restaurants.id });
  await tx.insert(organisationMembers).values({ organisationId: organisation.id, userId: input.userId, role: 'owner', allVenues: true });
  return restaurant.id;
}

/** Deletes a user created by a sign-up whose restaurant could not be created (sessions and accounts cascade). */
async function deleteOrphanUser(deps: Pick<AppDeps, 'db' | 'logger'>, userId: string): Promise<void> {
  try {
    await deps.db.delete(user).where(eq(user.id, userId));
  } catch (error) {
    deps.logger.error({ err: error, userId }, 'could not remove the user of a failed sign-up');
  }
}

/**
 * A sign-up with an address that already has an account answers exactly as a fresh sign-up (201, a
 * restaurant id that exists nowhere, 'pending'), so the form tells nobody which addresses have an account.
 * The owner of the address gets an email instead, saying someone tried, with links to sign in or reset the
 * password. The password is hashed as a real sign-up would, so the answer takes comparable time.
 */
async function answerAsIfSignedUp(deps: AppDeps, input: z.output<typeof ZSignupRequest>): Promise<TSignupResponse> {
  await hashPassword(input.password);
  await enqueueEmail(deps.boss, { template: 'account_exists', to: input.email, restaurantId: null, customerId: null, eventId: randomUUID(), data: {} });
  return { restaurantId: randomUUID(), status: 'pending' };
}

async function emailHasAccount(deps: AppDeps, email: string): Promise<boolean> {
  const [found] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return !!found;
}

/**
 * The organisation and first venue a sign-up describes, by country (issue #53). France: the SIREN on the
 * organisation and as the venue's SIRET (spec §2). United Kingdom: the Companies House number on the
 * organisation, or for a sole trader none and the trading name as the venue's legal name; the UK address.
 */
function signUpIdentity(input: z.output<typeof ZSignupRequest>): Pick<Parameters<typeof createOrganisationWithVenue>[1], 'organisation' | 'venue'> {
  const venue = { name: input.restaurantName, contactEmail: input.email, phone: input.phone, ownerFirstName: input.firstName, emailVerified: false };
  if (input.country === 'FR') {
    return { organisation: { name: input.restaurantName, country: 'FR', siren: input.siren, companyNumber: null }, venue: { ...venue, siret: input.siren } };
  }
  const address = [input.addressLine1, input.addressLine2, input.town, input.postcode].filter((line) => line !== '').join(', ');
  return {
    organisation: { name: input.restaurantName, country: 'GB', siren: null, companyNumber: input.soleTrader ? null : input.companyNumber },
    venue: { ...venue, legalName: input.soleTrader ? input.tradingName : null, address },
  };
}

/**
 * Creates a restaurant account (spec §2 /signup). better-auth creates the user and its password
 * credential; then one transaction creates the organisation, its venue (pending), the owner membership, the defaults
 * and queues the confirmation and welcome emails. If that transaction fails the user is deleted, so
 * a failed sign-up leaves nothing behind (docs/decisions/003-accounts.md). An address that already has
 * an account gets the same answer and its owner an email (answerAsIfSignedUp).
 */
export async function signUpRestaurant(deps: AppDeps, input: z.output<typeof ZSignupRequest>): Promise<TSignupResponse> {
  if (await emailHasAccount(deps, input.email)) return answerAsIfSignedUp(deps, input);

  let created: { user: { id: string } };
  try {
    created = await deps.auth.api.signUpEmail({ body: { email: input.email, password: input.password, name: `${input.firstName} ${input.lastName}` } });
  } catch (error) {
    // Two sign-ups with the same email at once: the loser hits the unique email, like any taken email.
    if (await emailHasAccount(deps, input.email)) return answerAsIfSignedUp(deps, input);
    throw error;
  }
  // With email verification required, better-auth answers a look-alike success for a taken email.
  const [stored] = await deps.db.select({ id: user.id }).from(user).where(eq(user.id, created.user.id));
  if (!stored) return answerAsIfSignedUp(deps, input);

  try {
    const restaurantId = await deps.db.transaction(async (tx) => {
      const restaurantId = await createOrganisationWithVenue(tx, { userId: stored.id, ...signUpIdentity(input) });
      if (input.lang !== 'fr') await tx.update(user).set({ lang: input.lang }).where(eq(user.id, stored.id));
      await createVenueDefaults(tx, restaurantId);
      // The welcome email follows the confirmation of this address (email-verified-sync).
      await enqueueJob(deps.boss, sendVerificationEmailJob, { email: input.email }, { tx });
      return restaurantId;
    });
    return { restaurantId, status: 'pending' };
  } catch (error) {
    await deleteOrphanUser(deps, stored.id);
    throw error;
  }
}

/** The language of the owner's product for this user (decision 097); the session reads it from the row. */
export async function setOwnerLanguage(deps: Pick<AppDeps, 'db'>, userId: string, lang: OwnerLocale): Promise<{ lang: OwnerLocale }> {
  await deps.db.update(user).set({ lang, updatedAt: clock.now() }).where(eq(user.id, userId));
  return { lang };
}

/** First word of the account name, used to greet the owner (null when the name is empty). */

/**
 * The setup wizard (spec §2 /onboarding): a signed-in user without a restaurant creates one. It is
 * pending like any new restaurant; the answer carries the main QR image for step 2.
 */
export async function createRestaurantForUser(
  deps: AppDeps,
  sessionUser: SessionUser,
  input: z.output<typeof ZCreateRestaurantRequest>,
): Promise<TCreateRestaurantResponse> {
  const { restaurantId, qr } = await deps.db.transaction(async (tx) => {
    // Locking the user row serialises two submissions of the wizard: the second sees the first's restaurant.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, sessionUser.id)).for('update');
    // A member of any organisation already has a venue: the wizard is for a user without one.
    const [membership] = await tx
      .select({ id: organisationMembers.organisationId })
      .from(organisationMembers)
      .where(eq(organisationMembers.userId, sessionUser.id))
      .limit(1);
    if (membership) throw new AppError('CONFLICT', ACCOUNT_ERRORS.alreadyHasRestaurant);
    const restaurantId = await createOrganisationWithVenue(tx, {
      userId: sessionUser.id,
      organisation: { name: input.name, siren: null },
      venue: {
        name: input.name,
        contactEmail: input.managerEmail,
        // Checked by the review-link rule (the schema): a link set here is as valid as one saved on the review-link page.
        googleReviewUrl: input.reviewUrl ? input.reviewUrl : null,
        googleReviewUrlValidatedAt: input.reviewUrl ? clock.now() : null,
        ownerFirstName: firstNameOf(sessionUser.name),
        emailVerified: sessionUser.emailVerified,
      },
    });
    const mainQr = await createVenueDefaults(tx, restaurantId);
    if (sessionUser.emailVerified) {
      await enqueueWelcomeEmail(deps.boss, tx, { id: restaurantId, ownerFirstName: firstNameOf(sessionUser.name) }, sessionUser.email);
      await enqueueAdminSignupNotices(deps.boss, tx, restaurantId);
    }
    return { restaurantId, qr: mainQr };
  });
  const url = buildQrPublicUrl(deps.env.PUBLIC_URL, { restaurantId, id: qr.id, slug: qr.slug });
  const pngDataUrl = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, scale: 8, color: { dark: '#000000', light: '#ffffff' } });
  return { restaurantId, status: 'pending', qr: { id: qr.id, code: qr.code, url, pngDataUrl } };
}

/** Sets the restaurant's email_verified flag from the user's confirmed email (first sign-in of a browser session). */
export async function syncEmailVerified(deps: Pick<AppDeps, 'db' | 'boss'>, userId: string): Promise<{ emailVerified: boolean }> {
  return { emailVerified: await syncRestaurantEmailVerified(deps, userId) };
}

/** Sends the confirmation link again to the signed-in user (the 'Email non vérifié' screen). */
export async function resendVerificationEmail(deps: Pick<AppDeps, 'auth'>, sessionUser: SessionUser, headers: Headers): Promise<void> {
  if (sessionUser.emailVerified) throw new AppError('BAD_REQUEST', ACCOUNT_ERRORS.emailAlreadyVerified);
  await deps.auth.api.sendVerificationEmail({ body: { email: sessionUser.email, callbackURL: '/dashboard' }, headers });
}

/**
 * The confirmation link's page (decision 029b): the link proves the mailbox, the password typed proves
 * whoever signed up. Only both together confirm the address, and the sign-up password stays the account's.
 * Then better-auth's own verifyEmail (called from the server, so the HTTP redirect of auth.ts does not
 * apply) marks the address confirmed, runs afterEmailVerification and opens a session: its answer's
 * cookies are returned with the result.
 */
export async function confirmEmailWithPassword(
  deps: Pick<AppDeps, 'db' | 'auth' | 'env'>,
  input: TConfirmEmailRequest,
  headers: Headers,
  limitGuesses: (email: string) => Promise<void>,
): Promise<{ result: TConfirmEmailResponse; setCookies: string[] }> {
  const payload = await verifyJWT<{ email?: unknown; updateTo?: unknown }>(input.token, deps.env.AUTH_SECRET);
  const email = typeof payload?.email === 'string' && payload.updateTo === undefined ? payload.email.toLowerCase() : null;
  if (!email) throw new AppError('BAD_REQUEST', ACCOUNT_ERRORS.confirmationLinkInvalid);
  const [found] = await deps.db.select({ id: user.id, emailVerified: user.emailVerified }).from(user).where(eq(user.email, email));
  if (!found) throw new AppError('BAD_REQUEST', ACCOUNT_ERRORS.confirmationLinkInvalid);
  if (found.emailVerified) return { result: { confirmed: true, alreadyConfirmed: true }, setCookies: [] };

  await limitGuesses(email);
  const [credential] = await deps.db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, found.id), eq(account.providerId, 'credential')));
  if (!credential?.hash || !(await verifyPassword({ hash: credential.hash, password: input.password }))) {
    throw new AppError('BAD_REQUEST', ACCOUNT_ERRORS.signUpPasswordWrong);
  }

  const response = await deps.auth.api.verifyEmail({ query: { token: input.token }, headers, asResponse: true });
  if (!response.ok) throw new AppError('BAD_REQUEST', ACCOUNT_ERRORS.confirmationLinkInvalid);
  return { result: { confirmed: true, alreadyConfirmed: false }, setCookies: response.headers.getSetCookie() };
}

/** The approved restaurant of the owner pages (header and dashboard). */
export async function getOwnerRestaurant(db: Db, restaurantId: string, role: string): Promise<TOwnerRestaurantResponse> {
  const [restaurant] = await db
    .select({ id: restaurants.id, name: restaurants.name, googleReviewUrl: restaurants.googleReviewUrl, logoUrl: restaurants.logoUrl })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw new AppError('NOT_FOUND', ACCOUNT_ERRORS.restaurantNotFound);
  return { ...restaurant, role };
}
