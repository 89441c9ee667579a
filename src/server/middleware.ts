/** The request pipeline's own middleware, in the order app.ts mounts them: client IP, API log, body size, origin. */
import type { Context, MiddlewareHandler } from 'hono';
import type { ApiErrorBody } from '../shared/errors';
import { IMAGE_UPLOAD_MAX_BYTES, imageTooLargeMessage } from '../shared/rules/images';
import type { AppDeps } from './deps';
import { CLIENT_IP_HEADER, getClientIp, noticeUndeclaredProxy } from './lib/http/client-ip';
import { limitBodySize } from './lib/http/body-limit';
import { AppError, BODY_TOO_LARGE_MESSAGE } from './lib/http/errors';
import type { AppEnv } from './lib/http/hono-env';

export const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** No route takes more than a form: bodies above this answer 413 (the diner routes allow less). */
export const MAX_BODY_BYTES = 64 * 1024;
/** Saving a template from the visual editor sends its inlined HTML and design: the one larger body. */
export const MAX_TEMPLATE_BODY_BYTES = 1024 * 1024;
const isTemplateSave = (method: string, path: string) =>
  (method === 'PUT' && /^\/api\/automations\/[^/]+$/.test(path)) || (method === 'POST' && /^\/api\/automations\/[^/]+\/preview$/.test(path));

/**
 * Image uploads (core/images.ts): the file's bytes as the body, its name in `?name=`. The routes:
 * PUT /api/settings/logo, and any POST or PUT /api/{feature}/images (decision 038).
 */
export const isImageUpload = (method: string, path: string) => (method === 'PUT' || method === 'POST') && /^\/api\/(?:settings\/logo|[a-z-]+\/images)$/.test(path);

/**
 * The client IP is decided once (lib/client-ip, TRUST_PROXY) and stamped on the request for
 * better-auth's hooks; a value sent by the client under that name is never believed.
 * Only better-auth reads the stamp (its routes, and the POST routes that call it): writing request
 * headers copies them all, so the other reads skip it.
 */
export function stampClientIp(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const headers = c.req.raw.headers;
    if (headers.has(CLIENT_IP_HEADER)) headers.delete(CLIENT_IP_HEADER);
    noticeUndeclaredProxy(c, deps);
    if (!BODILESS.has(c.req.method) || c.req.path.startsWith('/api/auth/')) {
      const ip = getClientIp(c, deps.env);
      if (ip) headers.set(CLIENT_IP_HEADER, ip);
    }
    return next();
  };
}

/**
 * API calls are logged, with a logger naming the request; pages and files are not (an error there
 * gets its request's logger in onError), which spares them building one.
 */
export function logApiRequests(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const logger = deps.logger.child({ requestId: c.get('requestId') });
    c.set('logger', logger);
    const started = performance.now();
    await next();
    logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'request');
  };
}

/**
 * Every body is small here: a bigger one is refused while it streams in, before it is buffered.
 * (A GET or HEAD has no body to limit: asking it for one would build a whole Request object.)
 */
export function limitBodies(): MiddlewareHandler<AppEnv> {
  const tooLarge = (c: Context) => c.json<ApiErrorBody>({ error: { code: 'PAYLOAD_TOO_LARGE', message: BODY_TOO_LARGE_MESSAGE } }, 413);
  const smallBodies = limitBodySize(MAX_BODY_BYTES, tooLarge);
  const templateBodies = limitBodySize(MAX_TEMPLATE_BODY_BYTES, tooLarge);
  // An image too large is named in the answer, as the route would (the name travels in the query).
  const uploadBodies = limitBodySize(IMAGE_UPLOAD_MAX_BYTES, (c) =>
    c.json<ApiErrorBody>({ error: { code: 'PAYLOAD_TOO_LARGE', message: imageTooLargeMessage(c.req.query('name')) } }, 413),
  );
  const bodyLimitFor = (c: Context) => (isImageUpload(c.req.method, c.req.path) ? uploadBodies : isTemplateSave(c.req.method, c.req.path) ? templateBodies : smallBodies);
  return (c, next) => (BODILESS.has(c.req.method) ? next() : bodyLimitFor(c)(c, next));
}

/** A browser always sends Origin on a state-changing fetch; one from another site is refused. */
export function refuseForeignOrigins(publicUrl: string): MiddlewareHandler<AppEnv> {
  const publicOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (STATE_CHANGING.has(c.req.method) && origin && origin !== publicOrigin && origin !== new URL(c.req.url).origin) {
      throw new AppError('FORBIDDEN', 'Origine de la requête refusée.');
    }
    await next();
  };
}
