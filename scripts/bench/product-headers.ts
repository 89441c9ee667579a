import type { ServerResponse } from 'node:http';
import type { Hono } from 'hono';
import { buildSecurityHeaders } from '../../src/server/lib/http/security-headers';

/**
 * Gives a bare server's answers what every ReFeed answer must carry (the security headers and a request
 * id), set on Node's response as the app sets them (lib/security-headers): a floor of the app's own
 * answers includes what no version of the app may drop.
 */
export function stampProductHeaders(app: Hono<{ Bindings: { outgoing: ServerResponse } }>): void {
  const headers = buildSecurityHeaders(true);
  app.use((c, next) => {
    c.env.outgoing.setHeader('X-Request-Id', crypto.randomUUID());
    for (const [name, value] of headers) c.env.outgoing.setHeader(name, value);
    return next();
  });
}
