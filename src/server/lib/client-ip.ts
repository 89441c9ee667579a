import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The request header through which our own middleware hands the resolved client IP to better-auth
 * (its hooks see the request's headers only). Any value a client sends is removed first.
 */
export const CLIENT_IP_HEADER = 'x-refeed-client-ip';

/**
 * THE decision on who the caller is, for every rate limit. `trustProxy` is the number of reverse
 * proxies in front of the server that append to `X-Forwarded-For` (env TRUST_PROXY):
 * - 0: the socket address; `X-Forwarded-For` is ignored (anyone can write it).
 * - N: the Nth entry from the right, i.e. the address the outermost trusted proxy saw. With fewer
 *   entries than N the request did not come through every proxy: the leftmost entry is the best
 *   we have (it was still written by a proxy of ours, never only by the client).
 * null: no socket and no trusted header (only in-process test requests): per-IP limits are skipped.
 */
export function resolveClientIp(input: { headers: Headers; socketAddress?: string; trustProxy: number }): string | null {
  if (input.trustProxy > 0) {
    const entries = (input.headers.get('x-forwarded-for') ?? '').split(',').map((part) => part.trim()).filter(Boolean);
    const entry = entries.length >= input.trustProxy ? entries[entries.length - input.trustProxy] : entries[0];
    if (entry && entry.length <= 64 && /^[0-9a-f.:]+$/i.test(entry)) return entry.toLowerCase();
  }
  return input.socketAddress ?? null;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * resolveClientIp for a Hono request: the socket address when the request came over one. In
 * development (`npm start`, `npm run dev`, the browser tests) a loopback caller is the developer
 * alone: it gets no per-IP bucket (null), like a request with no address; per-email and per-pair
 * limits still apply. Production always limits by address.
 */
export function getClientIp(c: Context, env: { TRUST_PROXY: number; NODE_ENV: string }): string | null {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // In-process requests (app.request in tests) have no socket.
  }
  const ip = resolveClientIp({ headers: c.req.raw.headers, socketAddress, trustProxy: env.TRUST_PROXY });
  return env.NODE_ENV === 'development' && ip && LOOPBACK.test(ip) ? null : ip;
}

/** The IP stamped on the request by the app's middleware (for better-auth's hooks). */
export function readStampedClientIp(headers: Headers): string | null {
  return headers.get(CLIENT_IP_HEADER) || null;
}
