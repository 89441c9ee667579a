import { Hono } from 'hono';
import { markOwnerTodoDone } from '../../core/owner-todo';
import type { Context } from 'hono';
import type { AppDeps } from '../../deps';
import { requireOwner } from '../../lib/guards';
import type { AppEnv } from '../../lib/hono-env';
import { enforceRateLimits, RateLimitedError, type RateLimitRule } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import {
  AUTOMATION_MESSAGES,
  ZAutomationIdParam,
  ZAutomationKeyParam,
  ZAutomationStatusRequest,
  ZAutomationTemplateRequest,
  ZAutomationTestRequest,
  ZAutomationVersionParam,
  ZSendingHours,
} from '../../../shared/schemas/automations';
import {
  getAutomationForEditor,
  getSendingHours,
  listAutomations,
  listAutomationVersions,
  previewAutomation,
  restoreAutomationVersion,
  sendAutomationTest,
  setAutomationStatus,
  setSendingHours,
  updateAutomationTemplate,
  type VersionAuthor,
} from './automations.service';

/** Test sends per restaurant: enough to try every template a few times, too few to spam through ReFeed. */
export const TEST_SENDS: RateLimitRule = { name: 'automation-test-send', limit: 20, windowSeconds: 3600 };

/**
 * Template saves (text area, visual editor, restores) per restaurant: far more than an owner editing
 * by hand needs, few enough that nobody fills the database through them (issue 32, decision 028).
 */
export const TEMPLATE_SAVES: RateLimitRule = { name: 'automation-template-save', limit: 60, windowSeconds: 3600 };

/** Counts one hit of `rule` for the session's restaurant; over the limit, a 429 with Retry-After and `message`. */
async function limitPerRestaurant(c: Context<AppEnv>, deps: AppDeps, rule: RateLimitRule, message?: string): Promise<void> {
  try {
    await enforceRateLimits(deps.db, [{ rule, subject: c.get('tenant').restaurantId }], message);
  } catch (error) {
    if (error instanceof RateLimitedError) c.header('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
}

const authorOf = (c: Context<AppEnv>): VersionAuthor => ({ userId: c.get('user').id, name: c.get('user').name || c.get('user').email });

/** /api/automations: the session restaurant's email automations (spec §2 /automations and the visual editor). */
export function createAutomationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireOwner(deps))
    .get('/', async (c) => {
      const { restaurantId } = c.get('tenant');
      // Opening /automations ticks the dashboard's 'check automations' item (core/owner-todo.ts).
      const [list] = await Promise.all([listAutomations(deps.db, restaurantId), markOwnerTodoDone(deps.db, restaurantId, 'automations')]);
      return c.json(list);
    })
    .get('/sending-hours', async (c) => c.json(await getSendingHours(deps.db, c.get('tenant').restaurantId)))
    .put('/sending-hours', validate('json', ZSendingHours), async (c) => c.json(await setSendingHours(deps.db, c.get('tenant').restaurantId, c.req.valid('json'))))
    .get('/by-key/:key', validate('param', ZAutomationKeyParam), async (c) => c.json(await getAutomationForEditor(deps.db, c.get('tenant').restaurantId, c.req.valid('param').key)))
    .patch('/:id/status', validate('param', ZAutomationIdParam), validate('json', ZAutomationStatusRequest), async (c) =>
      c.json({ automation: await setAutomationStatus(deps.db, c.get('tenant').restaurantId, c.req.valid('param').id, c.req.valid('json').status) }),
    )
    .put('/:id', validate('param', ZAutomationIdParam), validate('json', ZAutomationTemplateRequest), async (c) => {
      await limitPerRestaurant(c, deps, TEMPLATE_SAVES, AUTOMATION_MESSAGES.savesLimited);
      return c.json({ automation: await updateAutomationTemplate(deps.db, c.get('tenant').restaurantId, c.req.valid('param').id, c.req.valid('json'), authorOf(c)) });
    })
    .get('/:id/preview', validate('param', ZAutomationIdParam), async (c) => c.json(await previewAutomation(deps.db, c.get('tenant').restaurantId, c.req.valid('param').id)))
    .post('/:id/test', validate('param', ZAutomationIdParam), validate('json', ZAutomationTestRequest), async (c) => {
      await limitPerRestaurant(c, deps, TEST_SENDS);
      const { restaurantId } = c.get('tenant');
      return c.json(await sendAutomationTest(deps, restaurantId, c.req.valid('param').id, c.req.valid('json').to, c.get('user').email));
    })
    .get('/:id/versions', validate('param', ZAutomationIdParam), async (c) =>
      c.json({ versions: await listAutomationVersions(deps.db, c.get('tenant').restaurantId, c.req.valid('param').id) }),
    )
    .post('/:id/versions/:versionId/restore', validate('param', ZAutomationVersionParam), async (c) => {
      const { id, versionId } = c.req.valid('param');
      await limitPerRestaurant(c, deps, TEMPLATE_SAVES, AUTOMATION_MESSAGES.savesLimited);
      return c.json({ automation: await restoreAutomationVersion(deps.db, c.get('tenant').restaurantId, id, versionId, authorOf(c)) });
    });
}
