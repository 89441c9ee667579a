import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../deps';
import { requireMember, requirePlanFeature } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { validate } from '../../lib/http/validate';
import {
  ZCreateWebhookEndpointRequest,
  ZUpdateWebhookEndpointRequest,
  ZWebhookDeliveriesQuery,
  ZWebhookDeliveryParams,
  ZWebhookEndpointIdParam,
} from '../../../shared/schemas/webhooks';
import { createEndpoint, deleteEndpoint, getEndpoint, listDeliveries, listEndpoints, resendDelivery, rotateSecret, sendTestEvent, updateEndpoint, type WebhookActor } from './webhooks.service';

/** The propriétaire acting: organisation from the tenant (never from the request), user from the session. */
const actorOf = (c: Context<AppEnv>): WebhookActor => ({ organisationId: c.get('tenant').organisationId, userId: c.get('user').id });

/**
 * /api/webhooks (/developpeurs/webhooks, issue #31, decision 059): the organisation's endpoints and their
 * deliveries. Propriétaires only ('api.manage'), on a plan with the API (Premium). Another organisation's
 * endpoint or delivery answers 404.
 */
export function createWebhookRoutes(deps: AppDeps) {
  const manage = requireMember(deps, 'api.manage');
  const plan = requirePlanFeature('api');
  return new Hono<AppEnv>()
    .get('/', manage, plan, async (c) => c.json({ endpoints: await listEndpoints(deps.db, actorOf(c).organisationId) }))
    .post('/', manage, plan, validate('json', ZCreateWebhookEndpointRequest), async (c) => c.json(await createEndpoint(deps, actorOf(c), c.req.valid('json')), 201))
    .get('/:id', manage, plan, validate('param', ZWebhookEndpointIdParam), async (c) =>
      c.json(await getEndpoint(deps.db, actorOf(c).organisationId, c.req.valid('param').id)),
    )
    .patch('/:id', manage, plan, validate('param', ZWebhookEndpointIdParam), validate('json', ZUpdateWebhookEndpointRequest), async (c) =>
      c.json(await updateEndpoint(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/:id', manage, plan, validate('param', ZWebhookEndpointIdParam), async (c) => {
      await deleteEndpoint(deps.db, actorOf(c), c.req.valid('param').id);
      return c.json({ ok: true as const });
    })
    .post('/:id/rotate-secret', manage, plan, validate('param', ZWebhookEndpointIdParam), async (c) => c.json(await rotateSecret(deps, actorOf(c), c.req.valid('param').id)))
    .get('/:id/deliveries', manage, plan, validate('param', ZWebhookEndpointIdParam), validate('query', ZWebhookDeliveriesQuery), async (c) => {
      const query = c.req.valid('query');
      return c.json(await listDeliveries(deps.db, actorOf(c), c.req.valid('param').id, query.cursor, query.limit));
    })
    .post('/:id/test', manage, plan, validate('param', ZWebhookEndpointIdParam), async (c) =>
      c.json(await sendTestEvent(deps, { ...actorOf(c), restaurantId: c.get('tenant').restaurantId }, c.req.valid('param').id)),
    )
    .post('/:id/deliveries/:deliveryId/resend', manage, plan, validate('param', ZWebhookDeliveryParams), async (c) => {
      const { id, deliveryId } = c.req.valid('param');
      await resendDelivery(deps, actorOf(c), id, deliveryId);
      return c.json({ ok: true as const });
    });
}
