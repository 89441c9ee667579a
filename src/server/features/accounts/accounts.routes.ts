import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../deps';
import { requireOwner, requireUser } from '../../lib/guards';
import type { AppEnv } from '../../lib/hono-env';
import { validate } from '../../lib/validate';
import { ZCreateRestaurantRequest, ZSignupRequest } from '../../../shared/schemas/accounts';
import {
  createRestaurantForUser,
  getAccountSummary,
  getOwnerRestaurant,
  resendVerificationEmail,
  signUpRestaurant,
  syncEmailVerified,
} from './accounts.service';
import { getClientIp } from '../../lib/client-ip';
import { enforceRateLimits } from '../../lib/rate-limit';
import type { RateLimitName } from './rate-limit';

export function createAccountRoutes(deps: AppDeps) {
  /** Counts an attempt per IP (when known) and per email; answers 429 in French past a limit. */
  async function limit(c: Context<AppEnv>, ipRule: RateLimitName, emailRule: RateLimitName, email: string) {
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
    .get('/me', requireUser(deps), async (c) => c.json(getAccountSummary(deps, c.get('session'))))
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
    .get('/owner/restaurant', requireOwner(deps), async (c) => {
      const tenant = c.get('tenant');
      return c.json(await getOwnerRestaurant(deps.db, tenant.restaurantId, tenant.role));
    });
}
