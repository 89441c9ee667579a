import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppDeps } from '../../deps';
import { getClientIp } from '../../lib/http/client-ip';
import { limitBodySize } from '../../lib/http/body-limit';
import { AppError, BODY_TOO_LARGE_MESSAGE } from '../../lib/http/errors';
import type { AppEnv } from '../../lib/http/hono-env';
import { createInstanceRateLimiter, enforceRateLimits, type RateLimitSubject, type RequestHit } from '../../lib/limits/rate-limit';
import { validate } from '../../lib/http/validate';
import type { DinerAction } from '../../lib/limits/rate-limit-rules';
import { ZConfirmEmailLinkRequest, ZLinkEmailRequest, ZRecoverCardRequest, ZSubmitFeedbackRequest, ZTrackVisitRequest } from '../../../shared/schemas/diner';
import { getAnonymousPoints, getPublicRestaurant, lookupQrCode, trackVisit } from './public-reads.service';
import { confirmEmailLink, requestCardRecovery, requestEmailLink } from './email-link.service';
import { presentReward, readCard, readCardSummary, readRewardState, resendConfirmation } from './card.service';
import { submitFeedback } from './diner.service';
import { isUuid } from '../../../shared/rules/uuid';

/** The anonymous visitor id (spec §3): a random UUID in an HttpOnly cookie, one year, path /, SameSite Lax. */
export const DINER_COOKIE = 'rf_tid';
const DINER_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;


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


/** Who is asking: the device (when known), the restaurant (or QR code) it asks about, the email it typed. */
type Asker = { visitorId?: string; restaurant?: string; email?: string };

/**
 * The hits a request of `action` counts, one per line of the action's rules. A subject that is not
 * known is not counted: no address (in-process requests, the developer on loopback), no cookie on a read.
 */
function limitHits(c: Context<AppEnv>, deps: AppDeps, action: DinerAction, asker: Asker = {}): RequestHit[] {
  const ip = getClientIp(c, deps.env);
  const subjects: Partial<Record<RateLimitSubject, string | null | undefined>> = {
    device: asker.visitorId,
    address: ip,
    addressAtRestaurant: ip && asker.restaurant ? `${ip} ${asker.restaurant}` : null,
    email: asker.email,
  };
  return deps.rateLimits.diner[action].map((rule) => ({ rule, subject: subjects[rule.per] }));
}

/** The visitor id a read counts under: the cookie when the browser has one (a read never gives one). */
export function readerId(c: Context<AppEnv>): string | undefined {
  const current = getCookie(c, DINER_COOKIE);
  return isUuid(current) ? current : undefined;
}

/** Throws the 429 when this caller is over a limit of `action` (also for 'Mes données', my-data.routes.ts). */
export function limit(c: Context<AppEnv>, deps: AppDeps, action: DinerAction, asker: Asker = {}): Promise<void> {
  return enforceRateLimits(deps.db, limitHits(c, deps, action, asker));
}

/** Public diner endpoints (issue [diner]), mounted at /api/public. */
export function createDinerRoutes(deps: AppDeps) {
  // The reads are counted in this instance, not in the database (decision 049): a read writes nothing.
  // Behind N instances each allows its share of the ceilings (INSTANCE_COUNT, decision 078).
  const reads = createInstanceRateLimiter({ instanceCount: deps.env.INSTANCE_COUNT });
  const limitRead = (c: Context<AppEnv>, asker: Asker) => reads.enforce(limitHits(c, deps, 'read', asker));
  return new Hono<AppEnv>()
    .get('/restaurants/:restaurantId', async (c) => {
      const restaurantId = c.req.param('restaurantId');
      limitRead(c, { visitorId: readerId(c), restaurant: restaurantId });
      return c.json(await deps.publicReads.read(`restaurant:${restaurantId}`, () => getPublicRestaurant(deps.db, restaurantId)));
    })
    .get('/restaurants/:restaurantId/anonymous-points', async (c) => {
      const visitorId = ensureDinerId(c, deps);
      limitRead(c, { visitorId, restaurant: c.req.param('restaurantId') });
      return c.json(await getAnonymousPoints(deps.db, c.req.param('restaurantId'), visitorId));
    })
    .get('/qr/:code', async (c) => {
      const code = c.req.param('code');
      limitRead(c, { visitorId: readerId(c), restaurant: `qr:${code}` });
      return c.json(await deps.publicReads.read(`qr:${code}`, () => lookupQrCode(deps.db, code)));
    })
    .post('/visits', limitBody, validate('json', ZTrackVisitRequest), async (c) => {
      const visitorId = ensureDinerId(c, deps);
      const body = c.req.valid('json');
      await limit(c, deps, 'visit', { visitorId, restaurant: body.restaurantId ?? undefined });
      return c.json(await trackVisit(deps.db, { ...body, userAgent: c.req.header('user-agent') }), 201);
    })
    .post('/feedbacks', limitBody, validate('json', ZSubmitFeedbackRequest), async (c) => {
      const visitorId = ensureDinerId(c, deps);
      const body = c.req.valid('json');
      // Counted inside the submission's transaction: one commit for the count and the feedback.
      const hits = limitHits(c, deps, 'submit', { visitorId, restaurant: body.restaurantId });
      return c.json(await submitFeedback(deps, body, visitorId, hits));
    })
    .post('/link-email', limitBody, validate('json', ZLinkEmailRequest), async (c) => {
      const visitorId = ensureDinerId(c, deps);
      const body = c.req.valid('json');
      // The email line: nobody fills a stranger's inbox with confirmation emails.
      await limit(c, deps, 'link', { visitorId, restaurant: body.restaurantId, email: body.email });
      return c.json(await requestEmailLink(deps, body, visitorId));
    })
    .post('/link-email/confirm', limitBody, validate('json', ZConfirmEmailLinkRequest), async (c) => {
      await limit(c, deps, 'confirm', { visitorId: readerId(c) });
      return c.json(await confirmEmailLink(deps, c.req.valid('json').token));
    })
    // The diner's card (issue 27): read by this device's cookie only; a read never gives a cookie.
    .get('/card/:restaurantId', async (c) => {
      const restaurantId = c.req.param('restaurantId');
      const visitorId = readerId(c);
      await limit(c, deps, 'read', { visitorId, restaurant: restaurantId });
      return c.json(await readCard(deps.db, restaurantId, visitorId));
    })
    // /f and /r above the form (issue 48): this device's balance and rewards, read after the page painted.
    // Counted in the instance like the other reads (decision 049), never in the public reads' cache
    // (decision 052): the answer is this device's alone.
    .get('/card/:restaurantId/summary', async (c) => {
      const restaurantId = c.req.param('restaurantId');
      const visitorId = readerId(c);
      limitRead(c, { visitorId, restaurant: restaurantId });
      return c.json(await readCardSummary(deps.db, restaurantId, visitorId));
    })
    // Polled by the 'Présenter au comptoir' screen while it is open (issue 48).
    .get('/card/:restaurantId/rewards/:rewardId', async (c) => {
      const restaurantId = c.req.param('restaurantId');
      const visitorId = readerId(c);
      limitRead(c, { visitorId, restaurant: restaurantId });
      return c.json(await readRewardState(deps.db, restaurantId, c.req.param('rewardId'), visitorId));
    })
    // « Confirmez votre email — renvoyer le lien »: counted as a link-email request, its address included.
    .post('/card/:restaurantId/confirmation', async (c) => {
      const restaurantId = c.req.param('restaurantId');
      const visitorId = readerId(c);
      // Finding nothing costs a read: counted as one (the link-email lines count a resend that sends).
      limitRead(c, { visitorId, restaurant: restaurantId });
      return c.json(await resendConfirmation(deps, restaurantId, visitorId, (email) => limit(c, deps, 'link', { visitorId, restaurant: restaurantId, email })));
    })
    .post('/card/:restaurantId/rewards/:rewardId/code', async (c) => {
      const restaurantId = c.req.param('restaurantId');
      const visitorId = readerId(c);
      await limit(c, deps, 'present', { visitorId, restaurant: restaurantId });
      return c.json(await presentReward(deps, restaurantId, c.req.param('rewardId'), visitorId));
    })
    .post('/card/recover', limitBody, validate('json', ZRecoverCardRequest), async (c) => {
      const visitorId = ensureDinerId(c, deps);
      const body = c.req.valid('json');
      await limit(c, deps, 'recover', { visitorId, restaurant: body.restaurantId, email: body.email });
      return c.json(await requestCardRecovery(deps, body, visitorId));
    });
}
