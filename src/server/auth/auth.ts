import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { magicLink } from 'better-auth/plugins';
import { findPasswordProblem, PASSWORD_MESSAGES } from '../../shared/rules/password';
import { ACCOUNT_ERRORS, ACCOUNT_MESSAGES, AUTH_MESSAGES } from '../../shared/schemas/accounts';
import { safeReturnPath, sameOriginPath, withReturnPath } from '../../shared/rules/return-path';
import type { Db } from '../db/client';
import { paths } from '../../shared/paths';
import { LANG_PARAM, withLang } from '../../shared/rules/lang-link';
import { isOwnerLocale, type OwnerLocale } from '../../shared/rules/locales';
import { account, rateLimit, session, user, verification } from '../db/schema';
import { enqueueEmail } from '../email/email-queue';
import type { Env } from '../env';
import type { PgBoss } from '../jobs/queue';
import { syncRestaurantEmailVerified } from './email-verified-sync';
import { CLIENT_IP_HEADER, readStampedClientIp } from '../lib/http/client-ip';
import { enforceRateLimits as countRateLimits, RateLimitedError, resetRateLimit, retryAfterHeader } from '../lib/limits/rate-limit';
import { AUTH_RATE_LIMITS, emailAndIp, type AuthRateLimitName, type AuthRateLimits } from '../lib/limits/rate-limit-rules';
import type { Logger } from '../lib/runtime/logger';
import { INVALID_REQUEST_MESSAGE } from '../lib/http/validate';

/** `rateLimits` defaults to AUTH_RATE_LIMITS (tests inject small ones). */
export type AuthDeps = { env: Env; db: Db; boss: PgBoss; logger: Logger; rateLimits?: AuthRateLimits };

export const MAGIC_LINK_EXPIRES_IN_SECONDS = 15 * 60;
export const RESET_PASSWORD_EXPIRES_IN_SECONDS = 60 * 60;
export const EMAIL_VERIFICATION_EXPIRES_IN_SECONDS = 24 * 60 * 60;

export const DIRECT_SIGN_UP_MESSAGE = AUTH_MESSAGES.directSignUp;
export const INVALID_REDIRECT_MESSAGE = AUTH_MESSAGES.invalidRedirect;
/** Where better-auth calls name the page to open afterwards. */
const REDIRECT_FIELDS = ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL', 'redirectTo'] as const;
export const FORGOT_PASSWORD_MESSAGE = AUTH_MESSAGES.forgotPassword;

/** The fields a user may change on themselves: a name that is a non-empty string, an image URL or null. */
function isValidUserUpdate(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { name, image } = body as { name?: unknown; image?: unknown };
  if (name !== undefined && (typeof name !== 'string' || !name.trim() || name.length > 200)) return false;
  if (image !== undefined && image !== null && (typeof image !== 'string' || image.length > 2048)) return false;
  return true;
}

/**
 * better-auth's English messages, by error code, in the product's French (spec §8); the texts live in
 * shared/schemas/accounts.ts with their English twins (the pages show them in the owner's language).
 */
const FRENCH_AUTH_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: AUTH_MESSAGES.invalidEmailOrPassword,
  EMAIL_NOT_VERIFIED: AUTH_MESSAGES.emailNotVerified,
  INVALID_TOKEN: ACCOUNT_ERRORS.confirmationLinkInvalid,
  INVALID_EMAIL: ACCOUNT_MESSAGES.emailInvalid,
  INVALID_PASSWORD: AUTH_MESSAGES.invalidPassword,
  PASSWORD_TOO_SHORT: PASSWORD_MESSAGES.tooShort,
  PASSWORD_TOO_LONG: PASSWORD_MESSAGES.tooLong,
  USER_NOT_FOUND: ACCOUNT_ERRORS.confirmationLinkInvalid,
  EMAIL_ALREADY_VERIFIED: ACCOUNT_ERRORS.emailAlreadyVerified,
  FAILED_TO_CREATE_SESSION: AUTH_MESSAGES.sessionNotFound,
};

/** Which field holds the new password, by endpoint (the policy runs on each of them). */
const NEW_PASSWORD_FIELD: Record<string, 'password' | 'newPassword'> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

/** The per-IP and per-email limits of each credential endpoint. */
const LIMITS_BY_PATH: Record<string, { ip: AuthRateLimitName; email?: AuthRateLimitName }> = {
  '/sign-in/email': { ip: 'signInPerIp' },
  '/sign-in/magic-link': { ip: 'magicLinkPerIp', email: 'magicLinkPerEmail' },
  '/magic-link/verify': { ip: 'linkVerifyPerIp' },
  '/request-password-reset': { ip: 'resetRequestPerIp', email: 'resetRequestPerEmail' },
  '/reset-password': { ip: 'resetPerIp' },
  '/reset-password/:token': { ip: 'linkVerifyPerIp' },
  '/send-verification-email': { ip: 'verificationPerIp', email: 'verificationPerEmail' },
  '/verify-email': { ip: 'linkVerifyPerIp' },
  '/change-password': { ip: 'changePasswordPerIp' },
};

/** Sends an auth email; a failure is logged and never breaks the request that asked for it. */
async function sendAuthMail(
  deps: AuthDeps,
  template: 'password_reset' | 'email_verification' | 'magic_link',
  to: string,
  data: { url: string; name?: string },
  linkLifetimeSeconds: number,
): Promise<void> {
  try {
    await enqueueEmail(
      deps.boss,
      { template, to, restaurantId: null, customerId: null, eventId: createHash('sha256').update(data.url).digest('hex'), data },
      // The payload carries the link: it leaves the queue table once the link has expired.
      { deleteAfterSeconds: linkLifetimeSeconds },
    );
  } catch (error) {
    deps.logger.error({ err: error, to: to.replace(/^[^@]*/, '***') }, 'auth email failed');
  }
}

/**
 * A better-auth link whose page (its callbackURL) opens in `lang` (issue #53): an English account's reset or
 * sign-in link leads to the English page even when the French page asked for it; French links are unchanged.
 */
export function withCallbackLang(url: string, lang: OwnerLocale): string {
  if (lang === 'fr' || !URL.canParse(url)) return url;
  const link = new URL(url);
  const callback = link.searchParams.get('callbackURL');
  if (!callback || new URLSearchParams(callback.split('?')[1]?.split('#')[0] ?? '').has(LANG_PARAM)) return url;
  link.searchParams.set('callbackURL', withLang(callback, lang));
  return link.toString();
}

/** A refused limit as better-auth's 429: the rule's French message, and Retry-After from the app's one header builder. */
function rateLimitedApiError(error: RateLimitedError): APIError {
  return new APIError('TOO_MANY_REQUESTS', { code: error.code, message: error.message }, retryAfterHeader(error.retryAfterSeconds));
}

function readEmail(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('email' in body)) return null;
  const email = (body as { email: unknown }).email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : null;
}

export function createAuth(deps: AuthDeps) {
  const { env, db } = deps;
  const rateLimits: AuthRateLimits = deps.rateLimits ?? AUTH_RATE_LIMITS;

  /**
   * Counts the attempt against its limits BEFORE better-auth does the work (one atomic upsert per
   * limit), and throws the 429 when one is exceeded. The client IP was decided once by the app's
   * middleware (lib/client-ip) and stamped on the request.
   */
  async function enforceRateLimits(path: string, headers: Headers, body: unknown): Promise<void> {
    const limits = LIMITS_BY_PATH[path];
    if (!limits) return;
    const ip = readStampedClientIp(headers);
    const email = readEmail(body);
    const hits = [{ rule: rateLimits[limits.ip], subject: ip }];
    if (limits.email) hits.push({ rule: rateLimits[limits.email], subject: email });
    // Password guesses: per (email, IP) pair, so guesses from elsewhere never lock the owner out.
    if (path === '/sign-in/email' && email) hits.push({ rule: rateLimits.signInPerEmailAndIp, subject: emailAndIp(email, ip ?? 'no-ip') });
    try {
      await countRateLimits(db, hits);
    } catch (error) {
      if (error instanceof RateLimitedError) throw rateLimitedApiError(error);
      throw error;
    }
  }

  /**
   * A reset link proves the mailbox as much as the confirmation link does: the password it sets is the
   * mailbox owner's, so the address counts as confirmed. This is how the real owner of an address that
   * someone else pre-registered gets in (decision 029b): the reset replaces the intruder's password.
   */
  async function confirmEmailByReset(userId: string): Promise<void> {
    const [changed] = await db
      .update(user)
      .set({ emailVerified: true, updatedAt: new Date() })
      .where(and(eq(user.id, userId), eq(user.emailVerified, false)))
      .returning({ id: user.id });
    if (changed) await syncRestaurantEmailVerified(deps, userId).catch((error: unknown) => deps.logger.error({ err: error }, 'email_verified sync failed'));
  }

  const appOrigin = new URL(env.PUBLIC_URL).origin;
  /** Whether every redirect target of a call (body or query) stays on this site. */
  function redirectTargetsAllowed(...sources: unknown[]): boolean {
    for (const source of sources) {
      if (!source || typeof source !== 'object') continue;
      for (const field of REDIRECT_FIELDS) {
        const value = (source as Record<string, unknown>)[field];
        if (value === undefined || value === null || value === '') continue;
        if (sameOriginPath(value)) continue;
        if (typeof value === 'string' && URL.canParse(value) && new URL(value).origin === appOrigin) continue;
        return false;
      }
    }
    return true;
  }

  /** The language of the account with this address (compared as better-auth stores it, lower-case); null without one. */
  async function accountLanguage(email: string): Promise<OwnerLocale | null> {
    const [found] = await db
      .select({ lang: user.lang })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
      .limit(1);
    return found ? (isOwnerLocale(found.lang) ? found.lang : 'fr') : null;
  }

  /**
   * The language of the account a confirmation link was sent to: better-auth's link token is a signed JWT
   * whose payload names the address. Only the page's language is read from it (unverified: the token itself
   * is checked when the password is typed); a token that does not parse is French.
   */
  async function languageOfLink(token: string): Promise<string> {
    try {
      const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
      const email = typeof payload === 'object' && payload !== null && 'email' in payload ? (payload as { email: unknown }).email : null;
      if (typeof email !== 'string' || !email) return 'fr';
      const [found] = await db
        .select({ lang: user.lang })
        .from(user)
        .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
        .limit(1);
      return found?.lang ?? 'fr';
    } catch {
      return 'fr';
    }
  }

  return betterAuth({
    appName: 'ReFeed',
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret: env.AUTH_SECRET,
    trustedOrigins: [env.PUBLIC_URL],
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, rateLimit } }),
    // The owner's product language (users.lang, decision 097): read with the user, never set through better-auth's own endpoints.
    user: { additionalFields: { lang: { type: 'string', required: false, defaultValue: 'fr', input: false } } },
    emailAndPassword: {
      enabled: true,
      // Anti-takeover: an unconfirmed account cannot sign in with a password (docs/decisions/003-accounts.md).
      requireEmailVerification: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_IN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, url }) => {
        // An English account's link opens the English page (issue #53), whichever page asked for it.
        const lang = (await accountLanguage(u.email)) ?? 'fr';
        await sendAuthMail(deps, 'password_reset', u.email, { url: withCallbackLang(url, lang) }, RESET_PASSWORD_EXPIRES_IN_SECONDS);
      },
      onPasswordReset: async ({ user: u }) => {
        await confirmEmailByReset(u.id);
      },
    },
    emailVerification: {
      // Sign-up sends it from a job once the restaurant is committed (features/accounts).
      sendOnSignUp: false,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_VERIFICATION_EXPIRES_IN_SECONDS,
      sendVerificationEmail: async ({ user: u, url }) => {
        await sendAuthMail(deps, 'email_verification', u.email, { url, name: u.name }, EMAIL_VERIFICATION_EXPIRES_IN_SECONDS);
      },
      afterEmailVerification: async (verified) => {
        await syncRestaurantEmailVerified(deps, verified.id).catch((error: unknown) => deps.logger.error({ err: error }, 'email_verified sync failed'));
      },
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_EXPIRES_IN_SECONDS,
        // A link never creates an account: accounts come from sign-up, with their restaurant.
        disableSignUp: true,
        sendMagicLink: async ({ email, url }) => {
          // No account, no mail: /login cannot be used to mail strangers. The answer on screen is the same.
          const lang = await accountLanguage(email);
          if (!lang) return;
          await sendAuthMail(deps, 'magic_link', email, { url: withCallbackLang(url, lang) }, MAGIC_LINK_EXPIRES_IN_SECONDS);
        },
      }),
    ],
    // better-auth's limiter keys by IP only and resets a counter only after a quiet window; ours
    // (lib/limits/rate-limit-rules.ts) counts per IP and per email in fixed windows, in the database.
    rateLimit: { enabled: false, storage: 'database' },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Restaurant accounts are created by POST /api/signup (which creates the restaurant too).
        if (ctx.path === '/sign-up/email' && ctx.request) {
          throw new APIError('FORBIDDEN', { code: 'SIGN_UP_DISABLED', message: DIRECT_SIGN_UP_MESSAGE });
        }
        // Opening the confirmation link confirms nothing by itself (decision 029b): it leads to the page where
        // the password chosen at sign-up is typed, and POST /api/confirm-email confirms (calling verifyEmail
        // from the server, without an HTTP request). So a mailbox owner who did not sign up cannot confirm
        // an account pre-registered with someone else's password.
        if (ctx.path === '/verify-email' && ctx.request) {
          const token = typeof ctx.query?.token === 'string' ? ctx.query.token : '';
          // The page asked for before sign-in (a link from an alert) survives the confirmation: a path of this site only.
          const next = safeReturnPath(ctx.query?.callbackURL);
          // An English account's link opens the English page (issue #53): the page reads ?lang=en before sign-in.
          const english = (await languageOfLink(token)) === 'en';
          const confirmPage = withReturnPath(`${paths.confirmEmail.href(token)}${english ? '&lang=en' : ''}`, next === paths.dashboard.href() ? null : next);
          throw ctx.redirect(token ? confirmPage : `${paths.login.href()}${english ? '?lang=en&' : '?'}error=INVALID_TOKEN`);
        }
        // better-auth follows a protocol-relative callback ('//evil.example') after a magic link: every
        // redirect target a call names must be a path of this site or an address on its origin.
        if (!redirectTargetsAllowed(ctx.body, ctx.query)) {
          throw new APIError('FORBIDDEN', { code: 'INVALID_REDIRECT', message: INVALID_REDIRECT_MESSAGE });
        }
        // better-auth lets a null name through to the database (NOT NULL): refuse it with the French 400.
        if (ctx.path === '/update-user' && !isValidUserUpdate(ctx.body)) {
          throw new APIError('BAD_REQUEST', { code: 'BAD_REQUEST', message: INVALID_REQUEST_MESSAGE });
        }
        const field = NEW_PASSWORD_FIELD[ctx.path];
        if (field) {
          const value: unknown = (ctx.body as Record<string, unknown> | undefined)?.[field];
          const problem = findPasswordProblem(typeof value === 'string' ? value : '');
          if (problem) throw new APIError('BAD_REQUEST', { code: 'PASSWORD_POLICY', message: problem });
        }
        // Only HTTP calls are limited; the server's own calls (scripts, sign-up service) are trusted.
        if (ctx.request) await enforceRateLimits(ctx.path, ctx.request.headers, ctx.body);
        // A new password always ends the user's other sessions (a thief's session must not survive it).
        if (ctx.path === '/change-password') {
          return { context: { body: { ...(ctx.body as Record<string, unknown>), revokeOtherSessions: true } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        // A successful password sign-in clears the guesses counted for this email from this address.
        if (ctx.path === '/sign-in/email' && ctx.request && !isAPIError(returned)) {
          const email = readEmail(ctx.body);
          if (email) await resetRateLimit(db, rateLimits.signInPerEmailAndIp, emailAndIp(email, readStampedClientIp(ctx.request.headers) ?? 'no-ip'));
        }
        // better-auth's English "If this email exists…" answer, in French (the same whatever the email).
        if (ctx.path === '/request-password-reset' && !isAPIError(returned)) {
          return ctx.json({ status: true, message: FORGOT_PASSWORD_MESSAGE });
        }
        if (!isAPIError(returned) || returned.statusCode < 400) return;
        const code = typeof returned.body?.code === 'string' ? returned.body.code : '';
        const french = FRENCH_AUTH_MESSAGES[code];
        if (french && returned.body?.message !== french) {
          throw new APIError(returned.status, { ...returned.body, code, message: french }, returned.headers);
        }
      }),
    },
    advanced: {
      useSecureCookies: env.NODE_ENV === 'production',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: { disabled: env.NODE_ENV === 'test' },
    // An error that is not better-auth's own answer (a lost database connection above all) leaves its
    // handler instead of becoming a bare 500 there: the app's error handler answers it like any route's
    // (503 in French while the database is unreachable, decision 027). better-auth's own answers (4xx,
    // redirects) are unchanged.
    onAPIError: { throw: true },
  });
}

export type Auth = ReturnType<typeof createAuth>;
