/**
 * Light responses: the hot answers (small JSON from `c.json`, the HTML pages) are built so that Node's
 * server adapter writes them straight to the socket (decision 016, docs/decisions/016-node-adapter-light-paths.md).
 *
 * What this relies on, beyond the libraries' documented APIs (both pinned exactly in package.json; the
 * contract test tests/api/light-responses-contract.test.ts fails when any of it changes):
 * - @hono/node-server 2.1.8 replaces the global `Response` with a lightweight class that keeps
 *   `[status, body, headers]` as given (under an internal symbol) and, when the body is a string or bytes
 *   and the headers a plain object, writes them with one `writeHead` and one `end`: no undici Response, no
 *   web stream, no `Headers` walked on the way out. A `Headers` object (or reading `response.headers`)
 *   turns that into a full web Response. It also merges the headers the app put on Node's response
 *   beforehand (`c.env.outgoing.setHeader`, lib/security-headers) with the answer's own.
 * - hono 4.13.19's `Context` has `json`, `header`, `status` and `body` as per-instance arrow-function
 *   properties (class fields), which this module replaces on each request's context, and its `c.json`
 *   with two headers or more builds a `Headers` object (the cost avoided here). Hono's `compress()` reads
 *   every answer's headers, so small answers are marked to skip it.
 * A light answer must go out exactly as hono's own `c.json` would (status, headers, body bytes): the
 * contract test compares both over a real socket.
 */
import type { Context, Next } from 'hono';
import { compress } from 'hono/compress';

/**
 * compress()'s threshold: JSON answers below it are sent plain (gzip would cost more than it saves). 4 KB,
 * measured: /api/me of a two-venue owner (1.5 KB) gzipped on every call served 1,320 answers/s where plain it
 * serves about 5,000 (PostgreSQL bench, 8 connections); lists and automations (several KB) stay compressed.
 */
export const COMPRESS_THRESHOLD_BYTES = 4096;

/** Every HTML page's headers, as a plain object: Node's server adapter writes it as it is. */
export const HTML_HEADERS = { 'content-type': 'text/html; charset=UTF-8', 'cache-control': 'no-cache' } as const;

/** The small JSON answers made by `c.json`, which the compression step passes without looking at them. */
const sentPlain = new WeakSet<Response>();

/** A Response whose headers are a plain object of strings: the adapter's light path (see above). */
export function lightResponse(body: string | Uint8Array<ArrayBuffer>, status: number, headers: Readonly<Record<string, string>>): Response {
  return new Response(body, { status, headers });
}

/**
 * Middleware for the JSON routes: makes `c.json` answer with a Response whose headers are a plain object
 * carrying the Content-Length, where hono's own `c.json` (two headers or more) builds a Headers object
 * that the adapter must walk again. A small answer is marked so that the compression step skips it
 * without reading its headers, which would turn the light Response into a full web Response. Headers for
 * the answer go in `c.json`'s third argument; with headers set beforehand (`c.header`), a ResponseInit or
 * a header given as a list, hono's own path is kept. `c.header` and `c.status` are wrapped only to know
 * whether a header or a status was set before the answer.
 */
export function lightJsonAnswers(c: Context, next: Next) {
  const { header, status } = c;
  const body = c.body as (data: string, arg?: number | ResponseInit, headers?: Record<string, string | string[]>) => Response;
  let headersSet = false;
  let statusSet: number | undefined;
  c.header = ((...args: Parameters<typeof header>) => {
    headersSet = true;
    return header(...args);
  }) as typeof header;
  c.status = ((code: Parameters<typeof status>[0]) => {
    statusSet = code;
    return status(code);
  }) as typeof status;
  c.json = ((object: unknown, arg?: number | ResponseInit, headers?: Record<string, string | string[]>) => {
    const text = JSON.stringify(object);
    const length = Buffer.byteLength(text);
    const plainHeaders = { 'content-type': 'application/json', 'content-length': String(length), ...headers };
    const plain = !headersSet && (arg === undefined || typeof arg === 'number') && Object.values(plainHeaders).every((value) => typeof value === 'string');
    if (!plain) return body(text, arg, plainHeaders);
    const response = lightResponse(text, arg ?? statusSet ?? 200, plainHeaders as Record<string, string>);
    if (length < COMPRESS_THRESHOLD_BYTES) sentPlain.add(response);
    return response;
  }) as unknown as typeof c.json;
  return next();
}

/** Compression only where it pays: large answers are gzipped or brotli'd, small JSON from `c.json` is sent as is. */
export function compressLargeAnswers() {
  const compressing = compress({ threshold: COMPRESS_THRESHOLD_BYTES });
  const answered = () => Promise.resolve();
  return async (c: Context, next: Next) => {
    await next();
    if (!sentPlain.has(c.res)) await compressing(c, answered);
  };
}
