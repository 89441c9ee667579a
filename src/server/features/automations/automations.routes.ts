import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { requireOwner } from '../../lib/guards';
import type { AppEnv } from '../../lib/hono-env';
import { validate } from '../../lib/validate';
import { ZAutomationIdParam, ZAutomationStatusRequest, ZAutomationTemplateRequest } from '../../../shared/schemas/automations';
import { listAutomations, previewAutomation, setAutomationStatus, updateAutomationTemplate } from './automations.service';

/** /api/automations: the session restaurant's email automations (spec §2 /automations). */
export function createAutomationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireOwner(deps))
    .get('/', async (c) => c.json(await listAutomations(deps.db, c.get('tenant').restaurantId)))
    .patch('/:id/status', validate('param', ZAutomationIdParam), validate('json', ZAutomationStatusRequest), async (c) =>
      c.json({ automation: await setAutomationStatus(deps.db, c.get('tenant').restaurantId, c.req.valid('param').id, c.req.valid('json').status) }),
    )
    .put('/:id', validate('param', ZAutomationIdParam), validate('json', ZAutomationTemplateRequest), async (c) =>
      c.json({ automation: await updateAutomationTemplate(deps.db, c.get('tenant').restaurantId, c.req.valid('param').id, c.req.valid('json')) }),
    )
    .get('/:id/preview', validate('param', ZAutomationIdParam), async (c) => c.json(await previewAutomation(deps.db, c.get('tenant').restaurantId, c.req.valid('param').id)));
}
