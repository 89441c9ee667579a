import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { requireMember } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { readImageUpload } from '../../lib/http/image-upload';
import { enforceRateLimits } from '../../lib/limits/rate-limit';
import { validate } from '../../lib/http/validate';
import { ZLanguageSettingsRequest, ZSettingsRequestAnyCountry } from '../../../shared/schemas/settings';
import { getSettings, removeLogo, setLogo, updateLanguageSettings, updateSettings } from './settings.service';

/** /api/settings: the session restaurant's settings (/parametres, issue #26). */
export function createSettingsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireMember(deps, 'settings.manage'))
    .get('/', async (c) => c.json(await getSettings(deps.db, c.get('tenant').restaurantId)))
    .put('/', validate('json', ZSettingsRequestAnyCountry), async (c) =>
      c.json(await updateSettings(deps.db, { restaurantId: c.get('tenant').restaurantId, userId: c.get('user').id }, c.req.valid('json'))),
    )
    .put('/languages', validate('json', ZLanguageSettingsRequest), async (c) =>
      c.json(await updateLanguageSettings(deps.db, { restaurantId: c.get('tenant').restaurantId, userId: c.get('user').id }, c.req.valid('json'))),
    )
    // The body is the image file itself (app.ts isImageUpload), its name in ?name=.
    .put('/logo', async (c) => {
      await enforceRateLimits(deps.db, [{ rule: deps.rateLimits.owner.logoUploads, subject: c.get('user').id }]);
      const upload = await readImageUpload(c);
      return c.json(await setLogo(deps.db, deps.storage, { restaurantId: c.get('tenant').restaurantId, userId: c.get('user').id }, upload));
    })
    .delete('/logo', async (c) => c.json(await removeLogo(deps.db, { restaurantId: c.get('tenant').restaurantId, userId: c.get('user').id })));
}
