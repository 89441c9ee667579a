/** The Hono app: the middleware order, the one onError, and where each part is mounted. */
import path from 'node:path';
import { Hono, type Context } from 'hono';
import type { ApiErrorBody } from '../shared/errors';
import { createApiRoutes } from './api-routes';
import type { AppDeps } from './deps';
import { DATABASE_RETRY_AFTER_SECONDS, handleErrors } from './error-handler';
import { DATABASE_UNAVAILABLE_MESSAGE } from './lib/http/errors';
import { retryAfterHeader } from './lib/limits/rate-limit';
import { createMailboxRoutes } from './features/dev/mailbox.routes';
import { problemAnswersForPipeline } from './features/public-api/problem';
import { createPublicApi } from './features/public-api/public-api.routes';
import { bindAppRequest } from './features/security/app-request';
import { createStorageRoutes } from './features/storage/storage.routes';
import { createUnsubscribeRoutes } from './features/unsubscribe/unsubscribe.routes';
import { createRetentionRoutes } from './features/retention/retention.routes';
import type { AppEnv } from './lib/http/hono-env';
import { rejectUnstorableInput } from './lib/http/input-guard';
import { compressLargeAnswers, lightJsonAnswers } from './platform';
import { stampRequest } from './lib/http/security-headers';
import { answerWrongMethods } from './lib/http/wrong-method';
import { isImageUpload, limitBodies, logApiRequests, refuseForeignOrigins, stampClientIp } from './middleware';
import { CLIENT_DIST, mountPages } from './pages';

/**
 * The request for a handler that reads it itself (better-auth): when the input guard has read the body
 * (rejectUnstorableInput), a request carrying that text again. Built only here, where it is needed.
 */
async function rebuildReadRequest(c: Context): Promise<Request> {
  const read = c.req.bodyCache.text;
  if (!read) return c.req.raw;
  return new Request(c.req.url, { method: c.req.method, headers: c.req.raw.headers, body: await read });
}

export function createApp(deps: AppDeps, options: { clientDist?: string } = {}) {
  const { env } = deps;
  const clientDist = path.resolve(options.clientDist ?? CLIENT_DIST);
  const app = new Hono<AppEnv>();
  // The security self-check (/api/security/check) probes the whole app in-process, but its route is
  // built by createApiRoutes before this app exists: hand it a late-bound app.request, keyed by deps.
  bindAppRequest(deps, (input, init) => app.request(input, init));

  // Counts the requests in flight, for the job workers to give way to a rush (lib/request-load).
  app.use(deps.requestLoad.track);
  // Light answers (lib/light-responses, decision 016). Before the rest, so that it sees every header set
  // before an answer (it keeps hono's path when there are some).
  app.use('/api/*', lightJsonAnswers);
  // The public API answers every error as problem details (RFC 9457), those of the middleware below too.
  app.use('/api/v1/*', problemAnswersForPipeline(env.PUBLIC_URL));
  app.use(stampRequest(env.NODE_ENV === 'production'));
  app.use(stampClientIp(deps));
  app.use('/api/*', logApiRequests(deps));
  // A known path asked with a method it does not take answers 405 with Allow (the routes are read once,
  // at the first such answer, when every route below is mounted).
  app.use('/api/*', answerWrongMethods(() => app.routes));
  app.use(limitBodies());
  app.use(rejectUnstorableInput({ acceptsImageBody: isImageUpload }));
  app.use('/api/*', refuseForeignOrigins(env.PUBLIC_URL));
  // Started with MIGRATE_ON_START=0 on a schema behind this version: nothing but the health checks is
  // served until `npm run migrate` has applied what is missing (decision 078).
  app.use(async (c, next) => {
    if (deps.readiness.waitingForMigration() === null || c.req.path === '/api/health' || c.req.path === '/api/health/ready') return next();
    const headers = retryAfterHeader(DATABASE_RETRY_AFTER_SECONDS);
    if (c.req.path.startsWith('/api/')) return c.json<ApiErrorBody>({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE } }, 503, headers);
    return c.text(DATABASE_UNAVAILABLE_MESSAGE, 503, headers);
  });
  // A write outside the diner's own endpoints (an owner's edit, an administrator's decision, an account
  // deleted) may change what the public reads answer: this instance forgets them (decision 052).
  app.use('/api/*', async (c, next) => {
    try {
      await next();
    } finally {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !c.req.path.startsWith('/api/public/')) deps.publicReads.clear();
    }
  });
  app.onError(handleErrors(deps));

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => deps.auth.handler(await rebuildReadRequest(c)));
  app.use('/api/*', compressLargeAnswers());
  // The public API (issue #31): a sub-application with its own key check, errors and OpenAPI document.
  app.route('/api/v1', createPublicApi(deps));
  app.route('/api', createApiRoutes(deps));
  app.all('/api/*', (c) => c.json<ApiErrorBody>({ error: { code: 'NOT_FOUND', message: 'Ressource introuvable' } }, 404));

  app.route('/storage', createStorageRoutes(deps));
  app.route('/u', createUnsubscribeRoutes(deps));
  app.route('/rester', createRetentionRoutes(deps));
  if (env.NODE_ENV !== 'production' && deps.mailer.mode === 'outbox') {
    app.route('/dev', createMailboxRoutes(deps));
  }
  mountPages(app, deps, clientDist);
  return app;
}
