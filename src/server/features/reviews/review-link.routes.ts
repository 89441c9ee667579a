import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { requireMember } from '../../lib/guards';
import type { AppEnv } from '../../lib/hono-env';
import { enforceRateLimits } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import { ZPlacesSearchRequest, ZReviewPromptRequest, ZReviewUrlRequest } from '../../../shared/schemas/review-link';
import { getPlacesProvider, getReviewLinkSettings, saveReviewUrl, searchPlaces, setReviewPromptAllRatings, testReviewUrl } from './review-link.service';

/** /api/review-link: the session restaurant's public review link (spec §2 /google-settings, §5). */
export function createReviewLinkRoutes(deps: AppDeps) {
  const places = getPlacesProvider(deps.env);
  return new Hono<AppEnv>()
    .use(requireMember(deps, 'settings.manage'))
    .get('/', async (c) => c.json(await getReviewLinkSettings(deps.db, deps.env, c.get('tenant').restaurantId)))
    .put('/', validate('json', ZReviewUrlRequest), async (c) => c.json(await saveReviewUrl(deps.db, c.get('tenant').restaurantId, c.req.valid('json').url)))
    .post('/test', validate('json', ZReviewUrlRequest), (c) => c.json(testReviewUrl(c.req.valid('json').url)))
    .put('/prompt-all-ratings', validate('json', ZReviewPromptRequest), async (c) =>
      c.json(await setReviewPromptAllRatings(deps.db, c.get('tenant').restaurantId, c.req.valid('json').reviewPromptAllRatings)),
    )
    .post('/places', validate('json', ZPlacesSearchRequest), async (c) => {
      await enforceRateLimits(deps.db, [{ rule: deps.rateLimits.owner.placeSearches, subject: c.get('user').id }]);
      return c.json(await searchPlaces(places, c.req.valid('json').q, c.get('logger')));
    });
}
