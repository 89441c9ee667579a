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

/** Loopback and private-range addresses (IPv4, IPv6 and IPv4-mapped): where a reverse proxy of ours sits. */
const PRIVATE_OR_LOOPBACK =
  /^(?:::ffff:)?(?:127\.|10\.|192\.168\.|172\.(?:1[6-9]|2\d|3[01])\.|169\.254\.|100\.(?:6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.)|^(?:::1|f[cd][0-9a-f]{2}:|fe[89ab][0-9a-f]:)/i;

export function isPrivateOrLoopback(address: string): boolean {
  return PRIVATE_OR_LOOPBACK.test(address);
}

/** What /security says when the app seems to sit behind a proxy it was not told about. */
export type UndeclaredProxyNotice = { title: string; detail: string };

export const UNDECLARED_PROXY_NOTICE: UndeclaredProxyNotice = {
  title: 'Proxy non déclaré : tous les convives semblent venir de la même adresse',
  detail:
    'Des requêtes arrivent d’une adresse privée avec un en-tête X-Forwarded-For, alors que TRUST_PROXY vaut 0. ' +
    'Si le serveur est derrière un proxy ou un équilibreur de charge, indiquez leur nombre dans TRUST_PROXY (par exemple TRUST_PROXY=1) ' +
    'puis redémarrez : sinon les limites par adresse comptent tout le monde ensemble.',
};

/** Per app (one per process in production): whether an undeclared proxy was seen. */
const undeclaredProxySeen = new WeakSet<object>();

/**
 * Notices the misconfiguration that turns every diner into one: TRUST_PROXY=0, yet a request came from
 * a private or loopback address (a proxy's, on our side) carrying X-Forwarded-For (what a proxy adds).
 * A client on the internet cannot raise it: its socket address is public, whatever header it writes.
 * Said once at warn level in the log; /security shows it while the process runs. `app` keys the state
 * (the app's deps: one per process in production, one per test app). Cheap after the first time.
 */
export function noticeUndeclaredProxy(c: Context, app: { env: { TRUST_PROXY: number }; logger: { warn: (object: object, message: string) => void } }): void {
  if (app.env.TRUST_PROXY !== 0 || undeclaredProxySeen.has(app)) return;
  const forwarded = c.req.raw.headers.get('x-forwarded-for');
  if (!forwarded) return;
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    return; // in-process request: no socket, nothing to judge
  }
  if (!socketAddress || !isPrivateOrLoopback(socketAddress)) return;
  undeclaredProxySeen.add(app);
  app.logger.warn(
    { socketAddress, forwardedFor: forwarded.slice(0, 200) },
    'requests come from a private address with X-Forwarded-For while TRUST_PROXY=0: every client behind that proxy shares one rate-limit address; set TRUST_PROXY to the number of proxies in front of the server',
  );
}

/** The /security notice when an undeclared proxy was seen by this app, else null. */
export function undeclaredProxyNotice(app: object): UndeclaredProxyNotice | null {
  return undeclaredProxySeen.has(app) ? UNDECLARED_PROXY_NOTICE : null;
}
