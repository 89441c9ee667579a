import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { requireMember } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { validate } from '../../lib/http/validate';
import { ZCreateRewardRequest, ZPointsRulesRequest, ZRewardIdParam, ZSetRewardActiveRequest } from '../../../shared/schemas/loyalty';
import { markOwnerTodoDone } from '../../core/owner-todo';
import { createReward, deleteReward, getLoyaltyOverview, savePointsRules, setRewardActive } from '../../core/loyalty';

/** /api/loyalty: the rules and the reward catalogue of the session's restaurant. */
export function createLoyaltyRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireMember(deps, 'loyalty.manage'))
    .get('/', async (c) => c.json(await getLoyaltyOverview(deps.db, c.get('tenant').restaurantId)))
    .put('/rules', validate('json', ZPointsRulesRequest), async (c) => c.json({ rules: await savePointsRules(deps.db, c.get('tenant').restaurantId, c.req.valid('json')) }))
    // Creating or editing a reward ticks the dashboard's 'define rewards' item (core/owner-todo.ts).
    .post('/rewards', validate('json', ZCreateRewardRequest), async (c) => {
      const reward = await createReward(deps.db, c.get('tenant').restaurantId, c.req.valid('json'));
      await markOwnerTodoDone(deps.db, c.get('tenant').restaurantId, 'rewards');
      return c.json({ reward }, 201);
    })
    .patch('/rewards/:id', validate('param', ZRewardIdParam), validate('json', ZSetRewardActiveRequest), async (c) => {
      const reward = await setRewardActive(deps.db, c.get('tenant').restaurantId, c.req.valid('param').id, c.req.valid('json').isActive);
      await markOwnerTodoDone(deps.db, c.get('tenant').restaurantId, 'rewards');
      return c.json({ reward });
    })
    .delete('/rewards/:id', validate('param', ZRewardIdParam), async (c) => {
      await deleteReward(deps.db, c.get('tenant').restaurantId, c.req.valid('param').id);
      return c.json({ ok: true as const });
    });
}
