import type { ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './hono-env';

/** The Content-Security-Policy of every page and answer: our origin only, inline styles for the UI kit. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

/**
 * The app uses no microphone, location or payment. The camera is the counter's ('Comptoir' scans a
 * reward's QR, issue 27): allowed to the app's own pages only, never to a frame of another origin.
 * Only features browsers know: Chromium prints a console warning on every page for one it does not
 * ('bluetooth' did; tests/e2e/site.spec.ts reads the console).
 */
const PERMISSIONS_POLICY = ['camera=(self)', ...['microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi', 'magnetometer', 'gyroscope', 'accelerometer', 'browsing-topics'].map((feature) => `${feature}=()`)].join(', ');

/** Every response's security headers (HSTS only in production, where the site is served over HTTPS). */
export function buildSecurityHeaders(production: boolean): ReadonlyArray<readonly [string, string]> {
  return [
    ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ...(production ? ([['Strict-Transport-Security', 'max-age=63072000; includeSubDomains']] as const) : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'DENY'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
}

const REQUEST_ID_HEADER = 'X-Request-Id';
/**
 * Every API answer is kept out of caches (OWASP ASVS 8.2.1): an owner's customers, a session's venues, a
 * sign-in's token must not stay in a shared tablet's browser cache after sign-out. A route that sets its
 * own Cache-Control (the API reference page: no-cache) keeps it.
 */
const API_CACHE_CONTROL = ['Cache-Control', 'no-store'] as const;
/** A request id sent by a proxy is kept when it is short and plain; otherwise one is drawn. */
const isUsableRequestId = (value: string | undefined): value is string => !!value && value.length <= 255 && !/[^\w\-=]/.test(value);

/**
 * Names the request (`c.var.requestId`, echoed in X-Request-Id) and gives every response the security
 * headers, and every API answer `Cache-Control: no-store` unless it sets its own. Served by Node, the
 * headers are put on Node's response before the app runs: Node merges them
 * with the answer's own when it writes the head, where setting them on each answer's Headers object
 * cost more than the rest of a static answer (the diner HTML went 18,900 → 25,000+ req/s without it).
 * In-process requests (`app.request`: tests, the security self-check) get them on the answer itself.
 */
export function stampRequest(production: boolean): MiddlewareHandler<AppEnv> {
  const headers = buildSecurityHeaders(production);
  const apiHeaders = [...headers, API_CACHE_CONTROL];
  return async (c, next) => {
    const given = c.req.header(REQUEST_ID_HEADER);
    const requestId = isUsableRequestId(given) ? given : crypto.randomUUID();
    c.set('requestId', requestId);
    const stamped = c.req.path.startsWith('/api/') ? apiHeaders : headers;
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing && !outgoing.headersSent) {
      outgoing.setHeader(REQUEST_ID_HEADER, requestId);
      // Node gives the answer's own headers precedence over these when it writes the head.
      for (const [name, value] of stamped) outgoing.setHeader(name, value);
      return next();
    }
    c.header(REQUEST_ID_HEADER, requestId);
    await next();
    for (const [name, value] of headers) c.res.headers.set(name, value);
    if (stamped === apiHeaders && !c.res.headers.has(API_CACHE_CONTROL[0])) c.res.headers.set(...API_CACHE_CONTROL);
  };
}
