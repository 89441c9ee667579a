import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../deps';
import { requireMember, requireUser } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { validate } from '../../lib/http/validate';
import { ZConfirmEmailRequest, ZCreateRestaurantRequest, ZOwnerLanguageRequest, ZSignupRequest } from '../../../shared/schemas/accounts';
import {
  confirmEmailWithPassword,
  createRestaurantForUser,
  getAccountSummary,
  getOwnerRestaurant,
  setOwnerLanguage,
  resendVerificationEmail,
  signUpRestaurant,
  syncEmailVerified,
} from './accounts.service';
import { getClientIp } from '../../lib/http/client-ip';
import { enforceRateLimits } from '../../lib/limits/rate-limit';
import { emailAndIp, type AuthRateLimitName } from '../../lib/limits/rate-limit-rules';

export function createAccountRoutes(deps: AppDeps) {
  /** Counts an attempt per IP (when known) and per email; answers 429 in French past a limit. */
  async function limit(c: Context<AppEnv>, ipRule: AuthRateLimitName, emailRule: AuthRateLimitName, email: string) {
    await enforceRateLimits(deps.db, [
      { rule: deps.rateLimits.auth[ipRule], subject: getClientIp(c, deps.env) },
      { rule: deps.rateLimits.auth[emailRule], subject: email },
    ]);
  }

  return new Hono<AppEnv>()
    .post('/signup', validate('json', ZSignupRequest), async (c) => {
      const input = c.req.valid('json');
      await limit(c, 'signUpPerIp', 'signUpPerEmail', input.email);
      return c.json(await signUpRestaurant(deps, input), 201);
    })
    // The confirmation link's page: the password chosen at sign-up confirms the address (decision 029b).
    // Guesses count like password sign-ins: per IP, and per (email, IP) once the link names the address.
    .post('/confirm-email', validate('json', ZConfirmEmailRequest), async (c) => {
      const ip = getClientIp(c, deps.env);
      await enforceRateLimits(deps.db, [{ rule: deps.rateLimits.auth.signInPerIp, subject: ip }]);
      const limitGuesses = (email: string) =>
        enforceRateLimits(deps.db, [{ rule: deps.rateLimits.auth.signInPerEmailAndIp, subject: emailAndIp(email, ip ?? 'no-ip') }]);
      const { result, setCookies } = await confirmEmailWithPassword(deps, c.req.valid('json'), c.req.raw.headers, limitGuesses);
      for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
      return c.json(result);
    })
    .get('/me', requireUser(deps), async (c) => c.json(getAccountSummary(deps, c.get('session'))))
    // The language of the owner's product (the header menu's switch): the next /api/me says it (decision 097).
    .patch('/me/language', requireUser(deps), validate('json', ZOwnerLanguageRequest), async (c) =>
      c.json(await setOwnerLanguage(deps, c.get('user').id, c.req.valid('json').lang)),
    )
    .post('/me/sync-email-verified', requireUser(deps), async (c) => c.json(await syncEmailVerified(deps, c.get('user').id)))
    .post('/me/resend-verification', requireUser(deps), async (c) => {
      const sessionUser = c.get('user');
      await limit(c, 'verificationPerIp', 'verificationPerEmail', sessionUser.email);
      await resendVerificationEmail(deps, sessionUser, c.req.raw.headers);
      return c.json({ ok: true as const });
    })
    .post('/onboarding', requireUser(deps), validate('json', ZCreateRestaurantRequest), async (c) =>
      c.json(await createRestaurantForUser(deps, c.get('user'), c.req.valid('json')), 201),
    )
    .get('/owner/restaurant', requireMember(deps, 'venue.view'), async (c) => {
      const tenant = c.get('tenant');
      return c.json(await getOwnerRestaurant(deps.db, tenant.restaurantId, tenant.role));
    });
}
