import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../deps';
import { requireMember } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { enforceRateLimits } from '../../lib/limits/rate-limit';
import { requestOwnerLocale } from '../../lib/http/request-locale';
import { validate } from '../../lib/http/validate';
import { localizeMessage } from '../../../shared/i18n/api-messages';
import { ZPlacesSearchRequest, ZReviewPromptRequest, ZReviewUrlRequest } from '../../../shared/schemas/review-link';
import { getPlacesProvider, getReviewLinkSettings, saveReviewUrl, searchPlaces, setReviewPromptAllRatings, testReviewUrl } from './review-link.service';

/** An answer's message (a French text of REVIEW_LINK_MESSAGES) in the request's language (issue #53). */
function inLocale<T extends { message?: string }>(c: Context<AppEnv>, body: T): T {
  return body.message === undefined ? body : { ...body, message: localizeMessage(body.message, requestOwnerLocale(c)) };
}

/** /api/review-link: the session restaurant's public review link (spec §2 /google-settings, §5). */
export function createReviewLinkRoutes(deps: AppDeps) {
  const places = getPlacesProvider(deps.env);
  return new Hono<AppEnv>()
    .use(requireMember(deps, 'settings.manage'))
    .get('/', async (c) => c.json(await getReviewLinkSettings(deps.db, deps.env, c.get('tenant').restaurantId)))
    .put('/', validate('json', ZReviewUrlRequest), async (c) => c.json(inLocale(c, await saveReviewUrl(deps.db, c.get('tenant').restaurantId, c.req.valid('json').url))))
    .post('/test', validate('json', ZReviewUrlRequest), (c) => c.json(inLocale(c, testReviewUrl(c.req.valid('json').url))))
    .put('/prompt-all-ratings', validate('json', ZReviewPromptRequest), async (c) =>
      c.json(await setReviewPromptAllRatings(deps.db, c.get('tenant').restaurantId, c.req.valid('json').reviewPromptAllRatings)),
    )
    .post('/places', validate('json', ZPlacesSearchRequest), async (c) => {
      await enforceRateLimits(deps.db, [{ rule: deps.rateLimits.owner.placeSearches, subject: c.get('user').id }]);
      return c.json(inLocale(c, await searchPlaces(places, c.req.valid('json').q, c.get('logger'))));
    });
}
