import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Env } from '../env';

/**
 * The caller's IP, for rate limits. Behind our reverse proxy / load balancer it is the RIGHTMOST
 * `x-forwarded-for` entry (the address the proxy saw; entries on the left can be forged by the
 * client). Without the header: the socket address when there is one; otherwise production shares
 * one bucket ('unknown') so limits still apply, and development/tests skip per-IP limits (null).
 */
export function resolveClientIp(headers: Headers, env: Pick<Env, 'NODE_ENV'>, socketAddress?: string): string | null {
  const entries = headers.get('x-forwarded-for')?.split(',').map((part) => part.trim()).filter(Boolean) ?? [];
  const last = entries.at(-1);
  if (last) return last.toLowerCase();
  if (socketAddress) return socketAddress;
  return env.NODE_ENV === 'production' ? 'unknown' : null;
}

/** resolveClientIp for a Hono request, using the socket address when the request came over one. */
export function getClientIp(c: Context, env: Pick<Env, 'NODE_ENV'>): string | null {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // In-process requests (app.request in tests) have no socket.
  }
  return resolveClientIp(c.req.raw.headers, env, socketAddress);
}
