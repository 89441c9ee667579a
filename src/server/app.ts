import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { GENERIC_ERROR_MESSAGE, type ApiErrorBody } from '../shared/errors';
import { isAppPath } from '../shared/paths';
import type { AppDeps } from './deps';
import { createAccountRoutes } from './features/accounts/accounts.routes';
import { createAdminRoutes } from './features/admin/admin.routes';
import { createDinerRoutes } from './features/diner/diner.routes';
import { createDinerPageCheck } from './features/diner/diner.service';
import { createQrRoutes } from './features/qr/qr.routes';
import { createCustomerRoutes } from './features/customers/customers.routes';
import { createInboxRoutes } from './features/inbox/inbox.routes';
import { createDashboardRoutes } from './features/dashboard/dashboard.routes';
import { createLoyaltyRoutes } from './features/loyalty/loyalty.routes';
import { createAutomationRoutes } from './features/automations/automations.routes';
import { createReviewLinkRoutes } from './features/reviews/review-link.routes';
import { bindAppRequest } from './features/security/app-request';
import { createSecurityRoutes } from './features/security/security.routes';
import { createMailboxRoutes } from './features/dev/mailbox.routes';
import { createHealthRoutes } from './features/health/health.routes';
import { createStorageRoutes } from './features/storage/storage.routes';
import { createUnsubscribeRoutes } from './features/unsubscribe/unsubscribe.routes';
import { applySiteHead, SITE_PAGES } from '../shared/site-meta';
import { createSitePageReader, pickEncoding } from './lib/site-pages';
import { CLIENT_IP_HEADER, getClientIp, noticeUndeclaredProxy } from './lib/client-ip';
import { limitBodySize } from './lib/body-limit';
import { AppError, BODY_TOO_LARGE_MESSAGE, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './lib/errors';
import { rejectUnstorableInput } from './lib/input-guard';
import { stampRequest } from './lib/security-headers';
import { INVALID_REQUEST_MESSAGE } from './lib/validate';
import type { AppEnv } from './lib/hono-env';
import { PROJECT_ROOT } from './lib/project-root';
import { compressLargeAnswers, HTML_HEADERS, lightJsonAnswers, lightResponse } from './lib/light-responses';

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Retry-After of the 503 answered while the database is unreachable: a restart or failover takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const CLIENT_DIST = path.join(PROJECT_ROOT, 'dist/client');

/** Every /api route, chained so `hc<AppType>` types the client calls. */
export function createApiRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .route('/health', createHealthRoutes(deps))
    .route('/', createAccountRoutes(deps))
    .route('/admin', createAdminRoutes(deps))
    .route('/qr', createQrRoutes(deps))
    .route('/dashboard', createDashboardRoutes(deps))
    .route('/customers', createCustomerRoutes(deps))
    .route('/inbox', createInboxRoutes(deps))
    .route('/loyalty', createLoyaltyRoutes(deps))
    .route('/review-link', createReviewLinkRoutes(deps))
    .route('/automations', createAutomationRoutes(deps))
    .route('/security', createSecurityRoutes(deps))
    .route('/public', createDinerRoutes(deps));
}

export type AppType = ReturnType<typeof createApiRoutes>;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** No route takes more than a form: bodies above this answer 413 (the diner routes allow less). */
export const MAX_BODY_BYTES = 64 * 1024;
/** Saving a template from the visual editor sends its inlined HTML and design: the one larger body. */
export const MAX_TEMPLATE_BODY_BYTES = 1024 * 1024;
const isTemplateSave = (method: string, path: string) => method === 'PUT' && /^\/api\/automations\/[^/]+$/.test(path);

/** The diner pages have their own small HTML entry (diner.html); everything else is the SPA. */
export function pickHtmlEntry(pathname: string): 'diner.html' | 'index.html' {
  return /^\/(f|r)\//.test(pathname) ? 'diner.html' : 'index.html';
}

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
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  const app = new Hono<AppEnv>();
  // The security self-check (/api/security/check) probes the whole app in-process, but its route is
  // built by createApiRoutes before this app exists: hand it a late-bound app.request, keyed by deps.
  bindAppRequest(deps, (input, init) => app.request(input, init));

  // Counts the requests in flight, for the job workers to give way to a rush (lib/request-load).
  app.use(deps.requestLoad.track);
  // Light answers (lib/light-responses, decision 016). Before the rest, so that it sees every header set
  // before an answer (it keeps hono's path when there are some).
  app.use('/api/*', lightJsonAnswers);
  app.use(stampRequest(env.NODE_ENV === 'production'));
  // The client IP is decided once (lib/client-ip, TRUST_PROXY) and stamped on the request for
  // better-auth's hooks; a value sent by the client under that name is never believed.
  // Only better-auth reads the stamp (its routes, and the POST routes that call it): writing request
  // headers copies them all, so the other reads skip it.
  app.use((c, next) => {
    const headers = c.req.raw.headers;
    if (headers.has(CLIENT_IP_HEADER)) headers.delete(CLIENT_IP_HEADER);
    noticeUndeclaredProxy(c, deps);
    if (!BODILESS.has(c.req.method) || c.req.path.startsWith('/api/auth/')) {
      const ip = getClientIp(c, env);
      if (ip) headers.set(CLIENT_IP_HEADER, ip);
    }
    return next();
  });
  // API calls are logged, with a logger naming the request; pages and files are not (an error there
  // gets its request's logger in onError), which spares them building one.
  app.use('/api/*', async (c, next) => {
    const logger = deps.logger.child({ requestId: c.get('requestId') });
    c.set('logger', logger);
    const started = performance.now();
    await next();
    logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'request');
  });
  // Every body is small here: a bigger one is refused while it streams in, before it is buffered.
  const tooLarge = (c: Context) => c.json<ApiErrorBody>({ error: { code: 'PAYLOAD_TOO_LARGE', message: BODY_TOO_LARGE_MESSAGE } }, 413);
  const smallBodies = limitBodySize(MAX_BODY_BYTES, tooLarge);
  const templateBodies = limitBodySize(MAX_TEMPLATE_BODY_BYTES, tooLarge);
  // (A GET or HEAD has no body to limit: asking it for one would build a whole Request object.)
  app.use((c, next) => (BODILESS.has(c.req.method) ? next() : (isTemplateSave(c.req.method, c.req.path) ? templateBodies : smallBodies)(c, next)));
  app.use(rejectUnstorableInput());
  // A browser always sends Origin on a state-changing fetch; one from another site is refused.
  app.use('/api/*', async (c, next) => {
    const origin = c.req.header('origin');
    if (STATE_CHANGING.has(c.req.method) && origin && origin !== publicOrigin && origin !== new URL(c.req.url).origin) {
      throw new AppError('FORBIDDEN', 'Origine de la requête refusée.');
    }
    await next();
  });

  app.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json<ApiErrorBody>({ error: { code: error.code, message: error.message } }, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own 4xx (e.g. a malformed JSON body) carry English text: answer in the product's language.
      return c.json<ApiErrorBody>({ error: { code: 'BAD_REQUEST', message: INVALID_REQUEST_MESSAGE } }, error.status);
    }
    const logger = c.get('logger') ?? deps.logger.child({ requestId: c.get('requestId') });
    // The database went away under this request (restart, failover, terminated backend): nothing it
    // wrote is half done (its transaction rolled back with the connection), and the pool reconnects on
    // the next query. A 503 the client can retry, not a 500 (decision 027).
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, path: c.req.path }, 'database unavailable');
      return c.json<ApiErrorBody>({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE } }, 503, { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });
    }
    logger.error({ err: error, path: c.req.path }, 'unexpected error');
    return c.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: GENERIC_ERROR_MESSAGE } }, 500);
  });

  app.on(['GET', 'POST'], '/api/auth/*', async (c) => deps.auth.handler(await rebuildReadRequest(c)));
  app.use('/api/*', compressLargeAnswers());
  app.route('/api', createApiRoutes(deps));
  app.all('/api/*', (c) => c.json<ApiErrorBody>({ error: { code: 'NOT_FOUND', message: 'Ressource introuvable' } }, 404));

  app.route('/storage', createStorageRoutes(deps));
  app.route('/u', createUnsubscribeRoutes(deps));
  if (env.NODE_ENV !== 'production' && deps.mailer.mode === 'outbox') {
    app.route('/dev', createMailboxRoutes(deps));
  }

  // Hashed build assets never change: cache them for a year; .br/.gz siblings are served when accepted.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  const staticFiles = serveStatic({ root: path.relative(process.cwd(), clientDist) || '.', precompressed: true });
  // Only paths that name a file (favicon.svg, assets/x.js) are looked up on disk; pages fall through to the
  // HTML below, and HTML files are never served as files (the prerendered pages need their public address).
  app.use('/*', (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) && !/\.html?$/i.test(c.req.path) ? staticFiles(c, next) : next()));

  // Crawlers: the site's public pages only; the owner, admin and diner pages are not for search engines.
  app.get('/robots.txt', (c) =>
    c.text(`User-agent: *\nAllow: /$\nAllow: /en\nAllow: /terms\nAllow: /confidentialite\nAllow: /mentions-legales\nDisallow: /\n\nSitemap: ${env.PUBLIC_URL.replace(/\/$/, '')}/sitemap.xml\n`),
  );
  app.get('/sitemap.xml', (c) => {
    const origin = env.PUBLIC_URL.replace(/\/$/, '');
    const urls = Object.keys(SITE_PAGES).map((pathname) => `  <url><loc>${origin}${pathname}</loc></url>`);
    c.header('Content-Type', 'application/xml; charset=utf-8');
    return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`);
  });

  // An entry's text (the SPA's head is rewritten per page) and its bytes: sent as they are, Node neither
  // measures nor encodes the diner's page again on each request.
  const htmlCache = new Map<string, { text: string; bytes: Uint8Array<ArrayBuffer> }>();
  const readHtml = (file: string) => {
    if (env.NODE_ENV === 'production' && htmlCache.has(file)) return htmlCache.get(file)!;
    const full = path.join(clientDist, file);
    if (!existsSync(full)) return null;
    const bytes = readFileSync(full);
    const html = { text: bytes.toString('utf8'), bytes: new Uint8Array(bytes) };
    htmlCache.set(file, html);
    return html;
  };
  // The site's pages (/, /en, terms, privacy, legal notice) are sent prerendered, head and body, then hydrated.
  const readSitePage = createSitePageReader(clientDist, env.PUBLIC_URL, env.NODE_ENV === 'production');
  app.get('*', async (c, next) => {
    const page = await readSitePage(c.req.path);
    if (!page) return next();
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    const headers = { ...HTML_HEADERS, vary: 'Accept-Encoding' };
    if (!encoding) return lightResponse(page.html, 200, headers);
    return lightResponse(page[encoding], 200, { ...headers, 'content-encoding': encoding });
  });
  // Pages the app knows answer 200; any other path, and diner pages naming no restaurant or QR code,
  // answer 404 (with the same HTML, which shows the not-found screen) so crawlers and monitors see it.
  const dinerPageExists = createDinerPageCheck(deps.db);
  app.get('*', async (c) => {
    const entry = pickHtmlEntry(c.req.path);
    const html = readHtml(entry);
    if (!html) return c.text('Client not built: run `npm run build`.', 503);
    const found = entry === 'diner.html' ? await dinerPageExists(c.req.path) : isAppPath(c.req.path);
    // The site's public pages carry their own title, description, alternates and share tags.
    const page = entry === 'index.html' && found ? applySiteHead(html.text, c.req.path.replace(/(.)\/$/, '$1'), env.PUBLIC_URL) : html.bytes;
    return lightResponse(page, found ? 200 : 404, HTML_HEADERS);
  });
  return app;
}
