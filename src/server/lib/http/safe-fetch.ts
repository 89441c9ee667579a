/**
 * Outgoing HTTP to addresses a customer typed (webhook endpoints, issue #31, decision 059), guarded against
 * SSRF: only public unicast addresses are reached. The name is resolved and every address checked when the
 * URL is saved and again at each request; the request connects to the address that was checked (the socket's
 * `lookup` resolves and validates), so a DNS answer that changes between the check and the connection
 * (rebinding) cannot swap it. Redirects are never followed (the caller treats a 3xx as a failure), the
 * request stops after `timeoutMs`, and only the first `maxExcerptBytes` of the answer are read.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to all its addresses (dns.lookup by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type AddressPolicy = {
  /** Loopback and private addresses allowed: tests and local development only (refused in production by env.ts). */
  allowPrivate: boolean;
  /** http:// allowed (outside production). */
  allowHttp: boolean;
  resolve?: Resolver;
};

export type UrlRefusal = 'invalid' | 'https_only' | 'private' | 'unresolved';

export class UnsafeUrlError extends Error {
  constructor(
    readonly reason: UrlRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'UnsafeUrlError';
  }
}

const defaultResolver: Resolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

const GLOBAL_IPV6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];

/**
 * Whether an address is a public unicast one: loopback, private (10/8, 172.16/12, 192.168/16), link-local
 * (169.254/16, the cloud metadata address included; fe80::/10), CGNAT (100.64/10), unique-local (fc00::/7),
 * IPv4-mapped IPv6, unspecified, broadcast, multicast and every reserved range are not.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  return v6.range() === 'unicast' && v6.match(GLOBAL_IPV6);
}

/** The hostname of a URL as the resolver and the IP parser read it (IPv6 literals without brackets). */
function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** Resolves `hostname` (an IP literal is itself) and refuses it unless every address is allowed. */
export async function resolveAllowed(hostname: string, policy: AddressPolicy): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(hostname)) {
    addresses = [{ address: hostname, family: ipaddr.parse(hostname).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      addresses = await (policy.resolve ?? defaultResolver)(hostname);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new UnsafeUrlError('unresolved', `Nom introuvable : ${hostname}`);
  }
  if (!policy.allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw new UnsafeUrlError('private', `Adresse refusée (réseau privé ou local) : ${hostname}`);
  }
  return addresses;
}

/** Checks a URL now (scheme, then its name's addresses): the URL, or an UnsafeUrlError. */
export async function checkUrl(raw: string, policy: AddressPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('invalid', 'Adresse invalide');
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) throw new UnsafeUrlError('https_only', 'Adresse non https refusée');
  if (url.username || url.password) throw new UnsafeUrlError('invalid', 'Adresse avec identifiants refusée');
  await resolveAllowed(bareHostname(url), policy);
  return url;
}

export type SafeResponse = { status: number; excerpt: string; durationMs: number; location: string | null };

/**
 * POSTs `body` to `raw` under the policy; resolves with the status and the answer's first bytes, or rejects
 * (an UnsafeUrlError for a refused address; a timeout or a network error otherwise).
 */
export async function safePost(
  raw: string,
  body: string,
  headers: Record<string, string>,
  policy: AddressPolicy,
  options: { timeoutMs?: number; maxExcerptBytes?: number } = {},
): Promise<SafeResponse> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxExcerptBytes ?? 2048;
  const url = await checkUrl(raw, policy);
  // The address the socket connects to is resolved and checked here, once, at connection time.
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolveAllowed(hostname, policy).then(
      (addresses) => {
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? addresses.filter((entry) => entry.family === lookupOptions.family) : addresses;
        const usable = wanted.length ? wanted : addresses;
        if (lookupOptions.all) callback(null, usable);
        else callback(null, usable[0].address, usable[0].family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
  const started = performance.now();
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SafeResponse>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        timeout: timeoutMs,
        // One connection per request: an agent's pooled socket would skip the lookup above.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          clearTimeout(timer);
          resolve({
            status: response.statusCode ?? 0,
            excerpt: Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8').replace(/\uFFFD+$/, ''),
            durationMs: Math.round(performance.now() - started),
            location: typeof response.headers.location === 'string' ? response.headers.location : null,
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (size >= maxBytes) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= maxBytes) {
            // Enough for the excerpt: the rest is not read.
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', finish);
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`Délai de ${Math.round(timeoutMs / 1000)} s dépassé`)), timeoutMs);
    request.on('timeout', () => request.destroy(new Error(`Délai de ${Math.round(timeoutMs / 1000)} s dépassé`)));
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}
