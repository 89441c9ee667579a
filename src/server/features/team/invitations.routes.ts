import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { getClientIp } from '../../lib/http/client-ip';
import { requireUser } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { enforceRateLimits } from '../../lib/limits/rate-limit';
import { validate } from '../../lib/http/validate';
import { ZInvitationSignupRequest, ZInvitationTokenRequest } from '../../../shared/schemas/team';
import { acceptInvitation, previewInvitation, signUpWithInvitation } from './invitations.service';

/**
 * /api/invitations (the /invitation page, decision 053): what an invitation link offers, its acceptance by
 * a signed-in account, and the sign-up of a new address with it. The token travels in the body, never in a
 * URL the server logs. Link checks count like the other link verifications (per IP).
 */
export function createInvitationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post('/preview', validate('json', ZInvitationTokenRequest), async (c) => {
      await enforceRateLimits(deps.db, [{ rule: deps.rateLimits.auth.linkVerifyPerIp, subject: getClientIp(c, deps.env) }]);
      return c.json(await previewInvitation(deps.db, c.req.valid('json').token));
    })
    .post('/accept', requireUser(deps), validate('json', ZInvitationTokenRequest), async (c) => {
      await enforceRateLimits(deps.db, [{ rule: deps.rateLimits.auth.linkVerifyPerIp, subject: getClientIp(c, deps.env) }]);
      const account = c.get('user');
      return c.json(await acceptInvitation(deps.db, c.req.valid('json').token, { id: account.id, email: account.email }));
    })
    .post('/signup', validate('json', ZInvitationSignupRequest), async (c) => {
      await enforceRateLimits(deps.db, [{ rule: deps.rateLimits.auth.signUpPerIp, subject: getClientIp(c, deps.env) }]);
      const { result, setCookies } = await signUpWithInvitation(deps, c.req.valid('json'), c.req.raw.headers);
      for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
      return c.json(result, 201);
    });
}
