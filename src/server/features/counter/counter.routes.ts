import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../../deps';
import { requireMember } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { enforceRateLimits } from '../../lib/limits/rate-limit';
import { validate } from '../../lib/http/validate';
import { requestOwnerLocale } from '../../lib/http/request-locale';
import { localizeMessage } from '../../../shared/i18n/api-messages';
import { CARD_MESSAGES, ZCounterRewardParam, ZCounterSearchQuery, ZPendingRewardsQuery, type THandOverResponse } from '../../../shared/schemas/counter';
import { counterViewOf, handOver, listPendingRewards, lookupCode, searchCounter } from './counter.service';

/** /api/counter: the session restaurant's counter ('Comptoir', '/recompenses'); codes and ids are read within it only. */
export function createCounterRoutes(deps: AppDeps) {
  // Code lookups and searches (a search may be a code) count per member, then per venue (lib/rate-limit-rules):
  // a member's refused lookups do not count for the venue, so one member over its limit never stops its colleagues.
  const limitLookups = createMiddleware<AppEnv>(async (c, next) => {
    const limits = deps.rateLimits.owner;
    await enforceRateLimits(deps.db, [{ rule: limits.counterLookupsPerMember, subject: c.get('user').id }]);
    await enforceRateLimits(deps.db, [{ rule: limits.counterLookupsPerVenue, subject: c.get('tenant').restaurantId }]);
    await next();
  });
  return new Hono<AppEnv>()
    .use(requireMember(deps, 'counter.use'))
    // Whatever was typed or scanned: a value that cannot be a code is as unknown as a code of another restaurant (404).
    .get('/codes/:code', limitLookups, async (c) => c.json(await lookupCode(deps.db, c.get('tenant').restaurantId, c.req.param('code'), counterViewOf(c.get('tenant').role))))
    .get('/search', validate('query', ZCounterSearchQuery), limitLookups, async (c) => c.json(await searchCounter(deps.db, c.get('tenant').restaurantId, c.req.valid('query').q, counterViewOf(c.get('tenant').role))))
    .get('/pending', validate('query', ZPendingRewardsQuery), async (c) => c.json(await listPendingRewards(deps.db, c.get('tenant').restaurantId, c.req.valid('query').cursor, counterViewOf(c.get('tenant').role))))
    .post('/rewards/:id/hand-over', validate('param', ZCounterRewardParam), async (c) => {
      const { id } = c.req.valid('param');
      await handOver(deps, c.get('tenant').restaurantId, id, c.get('user').id);
      return c.json<THandOverResponse>({ message: localizeMessage(CARD_MESSAGES.handedOver, requestOwnerLocale(c)), id });
    });
}
