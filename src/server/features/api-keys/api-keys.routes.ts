import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../deps';
import { requireMember, requirePlanFeature } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { validate } from '../../lib/http/validate';
import { ZApiKeyIdParam, ZCreateApiKeyRequest } from '../../../shared/schemas/api-keys';
import { createOrganisationApiKey, listApiKeys, revokeOrganisationApiKey, type ApiKeyActor } from './api-keys.service';

/** The propriétaire acting: organisation from the tenant (never from the request), user from the session. */
const actorOf = (c: Context<AppEnv>): ApiKeyActor => ({ organisationId: c.get('tenant').organisationId, userId: c.get('user').id });

/**
 * /api/api-keys (/developpeurs, issue #31): the organisation's API keys. A propriétaire's ('api.manage'),
 * on a plan that includes the API (Premium). The secret is in the creation's answer only.
 */
export function createApiKeyRoutes(deps: AppDeps) {
  const manage = [requireMember(deps, 'api.manage'), requirePlanFeature('api')] as const;
  return new Hono<AppEnv>()
    .get('/', ...manage, async (c) => c.json(await listApiKeys(deps.db, actorOf(c))))
    .post('/', ...manage, validate('json', ZCreateApiKeyRequest), async (c) => c.json(await createOrganisationApiKey(deps.db, actorOf(c), c.req.valid('json')), 201))
    .delete('/:id', ...manage, validate('param', ZApiKeyIdParam), async (c) => c.json(await revokeOrganisationApiKey(deps.db, actorOf(c), c.req.valid('param').id)));
}
