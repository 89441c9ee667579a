import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppDeps } from '../../deps';
import { getClientIp } from '../../lib/client-ip';
import { limitBodySize } from '../../lib/body-limit';
import { AppError, BODY_TOO_LARGE_MESSAGE } from '../../lib/errors';
import type { AppEnv } from '../../lib/hono-env';
import { enforceRateLimits, RateLimitedError, type RateLimitRule } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import type { DinerAction, DinerRateLimits } from './rate-limit';
import { ZConfirmEmailLinkRequest, ZLinkEmailRequest, ZSubmitFeedbackRequest, ZTrackVisitRequest } from '../../../shared/schemas/diner';
import { confirmEmailLink, getAnonymousPoints, getPublicRestaurant, isUuid, linkEmailRule, lookupQrCode, requestEmailLink, submitFeedback, trackVisit } from './diner.service';

/** The anonymous visitor id (spec §3): a random UUID in an HttpOnly cookie, one year, path /, SameSite Lax. */
export const DINER_COOKIE = 'rf_tid';
const DINER_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const RATE_LIMIT_PREFIX = 'public:';
const WINDOW = 10 * 60;


/** A diner's form is a few KB at most: a bigger body is refused before it is read whole (anyone can post here). */
const limitBody = limitBodySize(32 * 1024, () => {
  throw new AppError('PAYLOAD_TOO_LARGE', BODY_TOO_LARGE_MESSAGE);
});

/** Reads the visitor id, or gives the browser a new one. */
function ensureDinerId(c: Context<AppEnv>, deps: AppDeps): string {
  const current = getCookie(c, DINER_COOKIE);
  if (isUuid(current)) return current;
  const id = crypto.randomUUID();
  setCookie(c, DINER_COOKIE, id, {
    path: '/',
    maxAge: DINER_COOKIE_MAX_AGE,
    httpOnly: true,
    sameSite: 'Lax',
    secure: deps.env.PUBLIC_URL.startsWith('https://'),
  });
  return id;
}

/** The limits of one action as rules of the app's one rate-limit shape. */
function limitRules(limitsByAction: DinerRateLimits, action: DinerAction): { ip: RateLimitRule; visitor?: RateLimitRule } {
  const limits: { ip: number; visitor?: number } = limitsByAction[action];
  return {
    ip: { name: `${RATE_LIMIT_PREFIX}${action}:ip`, limit: limits.ip, windowSeconds: WINDOW },
    visitor: limits.visitor ? { name: `${RATE_LIMIT_PREFIX}${action}:tid`, limit: limits.visitor, windowSeconds: WINDOW } : undefined,
  };
}

/** The hits a request of `action` counts: per IP, and per visitor when the action has that limit. No IP (in-process tests): per-visitor only. */
function limitHits(c: Context<AppEnv>, deps: AppDeps, action: DinerAction, visitorId?: string) {
  const rules = limitRules(deps.rateLimits.diner, action);
  return [{ rule: rules.ip, subject: getClientIp(c, deps.env) }, ...(rules.visitor ? [{ rule: rules.visitor, subject: visitorId }] : [])];
}

/**
 * Runs `work`, answering 429 with Retry-After when it throws that the caller is over a limit. `noStore`:
 * the error answer (404, 429) is not to be kept by a cache either, like the read's own answer.
 */
async function withRetryAfter<T>(c: Context<AppEnv>, work: () => Promise<T>, options: { noStore?: boolean } = {}): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RateLimitedError) c.header('Retry-After', String(error.retryAfterSeconds));
    if (options.noStore) c.header('Cache-Control', 'no-store');
    throw error;
  }
}

/** The public reads' answers change with every scan and every edit of the owner: never cached. */
const NO_STORE = { 'Cache-Control': 'no-store' };

/** Throws 429 (with Retry-After) when this caller is over a limit of `action`. */
function limit(c: Context<AppEnv>, deps: AppDeps, action: DinerAction, visitorId?: string): Promise<void> {
  return withRetryAfter(c, () => enforceRateLimits(deps.db, limitHits(c, deps, action, visitorId)));
}

/** Public diner endpoints (issue [diner]), mounted at /api/public. */
export function createDinerRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/restaurants/:restaurantId', async (c) => {
      const restaurant = await withRetryAfter(c, () => getPublicRestaurant(deps.db, c.req.param('restaurantId'), limitHits(c, deps, 'read')), { noStore: true });
      return c.json(restaurant, 200, NO_STORE);
    })
    .get('/restaurants/:restaurantId/anonymous-points', async (c) => {
      const visitorId = ensureDinerId(c, deps);
      await limit(c, deps, 'read');
      return c.json(await getAnonymousPoints(deps.db, c.req.param('restaurantId'), visitorId));
    })
    .get('/qr/:code', async (c) => {
      const found = await withRetryAfter(c, () => lookupQrCode(deps.db, c.req.param('code'), limitHits(c, deps, 'read')), { noStore: true });
      return c.json(found, 200, NO_STORE);
    })
    .post('/visits', limitBody, validate('json', ZTrackVisitRequest), async (c) => {
      const visitorId = ensureDinerId(c, deps);
      await limit(c, deps, 'visit', visitorId);
      const body = c.req.valid('json');
      return c.json(await trackVisit(deps.db, { ...body, userAgent: c.req.header('user-agent') }), 201);
    })
    .post('/feedbacks', limitBody, validate('json', ZSubmitFeedbackRequest), async (c) => {
      const visitorId = ensureDinerId(c, deps);
      // Counted inside the submission's transaction: one commit for the count and the feedback.
      const hits = limitHits(c, deps, 'submit', visitorId);
      return c.json(await withRetryAfter(c, () => submitFeedback(deps, c.req.valid('json'), visitorId, hits)));
    })
    .post('/link-email', limitBody, validate('json', ZLinkEmailRequest), async (c) => {
      const visitorId = ensureDinerId(c, deps);
      await limit(c, deps, 'link', visitorId);
      // Nobody fills a stranger's inbox with confirmation emails (the form's typed emails count here too).
      await withRetryAfter(c, () => enforceRateLimits(deps.db, [{ rule: linkEmailRule(deps), subject: c.req.valid('json').email }]));
      return c.json(await requestEmailLink(deps, c.req.valid('json'), visitorId));
    })
    .post('/link-email/confirm', limitBody, validate('json', ZConfirmEmailLinkRequest), async (c) => {
      await limit(c, deps, 'link');
      return c.json(await confirmEmailLink(deps, c.req.valid('json').token));
    });
}
