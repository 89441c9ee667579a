import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../../deps';
import { requireMember } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { requestOwnerLocale } from '../../lib/http/request-locale';
import { validate } from '../../lib/http/validate';
import { localizeMessage } from '../../../shared/i18n/api-messages';
import {
  INBOX_MESSAGES,
  ZBulkStatusRequest,
  ZFeedbackIdParam,
  ZInboxQuery,
  ZReplyRequest,
  ZSetStatusRequest,
  ZTodayReviewsQuery,
  type TReplyResponse,
  type TStatusResponse,
} from '../../../shared/schemas/inbox';
import { assertOwnFeedback, getInboxOptions, listInbox, listTodayReviews, replyToFeedback, setFeedbackStatus } from './inbox.service';

/** /api/inbox: the session restaurant's feedbacks (/avis); every id from the request is checked against it. */
export function createInboxRoutes(deps: AppDeps) {
  // Another restaurant's (or an unknown) feedback id is a 404 whatever the body says: checked before the body.
  const ownFeedback = createMiddleware<AppEnv>(async (c, next) => {
    await assertOwnFeedback(deps.db, c.get('tenant').restaurantId, c.req.param('id') ?? '');
    await next();
  });
  const read = requireMember(deps, 'reviews.view');
  const handle = requireMember(deps, 'reviews.reply');
  return new Hono<AppEnv>()
    .get('/', read, validate('query', ZInboxQuery), async (c) => c.json(await listInbox(deps.db, c.get('tenant').restaurantId, c.req.valid('query'))))
    // The counter staff's view (role équipe): today's reviews without the diners' details.
    .get('/today', requireMember(deps, 'reviews.today'), validate('query', ZTodayReviewsQuery), async (c) =>
      c.json(await listTodayReviews(deps.db, c.get('tenant').restaurantId, c.req.valid('query').cursor)),
    )
    .get('/options', read, async (c) => c.json(await getInboxOptions(deps.db, c.get('tenant').restaurantId, requestOwnerLocale(c))))
    .post('/status', handle, validate('json', ZBulkStatusRequest), async (c) => {
      const updated = await setFeedbackStatus(deps.db, c.get('tenant').restaurantId, c.req.valid('json'), c.get('user').id);
      return c.json<TStatusResponse>({ message: localizeMessage(INBOX_MESSAGES.statusSaved, requestOwnerLocale(c)), updated });
    })
    .post('/:id/status', handle, validate('param', ZFeedbackIdParam), ownFeedback, validate('json', ZSetStatusRequest), async (c) => {
      const { id } = c.req.valid('param');
      const updated = await setFeedbackStatus(deps.db, c.get('tenant').restaurantId, { ids: [id], status: c.req.valid('json').status }, c.get('user').id);
      return c.json<TStatusResponse>({ message: localizeMessage(INBOX_MESSAGES.statusSaved, requestOwnerLocale(c)), updated });
    })
    .post('/:id/reply', handle, validate('param', ZFeedbackIdParam), ownFeedback, validate('json', ZReplyRequest), async (c) => {
      const user = c.get('user');
      const reply = await replyToFeedback(deps, c.get('tenant').restaurantId, c.req.valid('param').id, c.req.valid('json'), { id: user.id, name: user.name ?? null });
      return c.json<TReplyResponse>({ message: localizeMessage(INBOX_MESSAGES.replySent, requestOwnerLocale(c)), reply });
    });
}
