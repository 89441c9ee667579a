import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ORIGIN_PLACEHOLDER, SITE_PAGES, SITE_PAGES_DIR, sitePageFileName } from '../../../shared/site-meta';

/** A prerendered site page with this server's public address in it, and its compressed forms. */
const compressGzip = promisify(gzip);
const compressBrotli = promisify(brotliCompress);

/**
 * A page, its compressed forms and its validator: a strong ETag of the page's text (each encoding gets its
 * own, as RFC 9110 wants of a strong validator), so a revisit under `no-cache` answers 304 with no body.
 */
export type SitePage = { html: string; gzip: Uint8Array<ArrayBuffer>; br: Uint8Array<ArrayBuffer>; etag: string };

/**
 * Reads the site pages the client build prerendered (src/client/site/prerender.tsx), puts the public
 * address in their absolute URLs and compresses them once. In production every page is read at start;
 * in development it is read again at each request so a rebuild shows at once. Null when the path is not a
 * site page or the build has none (the SPA then shows the page).
 */
export function createSitePageReader(clientDist: string, publicUrl: string, cache: boolean, fill: (html: string) => string = (html) => html) {
  const origin = publicUrl.replace(/\/$/, '');
  const pages = new Map<string, Promise<SitePage | null>>();
  const load = async (pathname: string): Promise<SitePage | null> => {
    const file = path.join(clientDist, SITE_PAGES_DIR, sitePageFileName(pathname));
    if (!existsSync(file)) return null;
    // `fill` completes the page with this server's settings (the legal notice's operator details) before
    // it is compressed and hashed, so the ETag is the filled page's.
    const html = fill(readFileSync(file, 'utf8').replaceAll(ORIGIN_PLACEHOLDER, origin));
    const [gzipped, brotli] = await Promise.all([
      compressGzip(html, { level: 9 }),
      compressBrotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
    ]);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;
    return { html, gzip: new Uint8Array(gzipped), br: new Uint8Array(brotli), etag };
  };
  // Compressed at start, off the main thread (brotli at its best level takes tens of milliseconds a
  // page): the server answers its first requests meanwhile, and a visitor this early waits for it.
  // A page that cannot be read or compressed is left to the SPA, which renders it in the browser.
  const loadOrSkip = (pathname: string) => load(pathname).catch(() => null);
  if (cache) for (const pathname of Object.keys(SITE_PAGES)) pages.set(pathname, loadOrSkip(pathname));
  return (requestPath: string): Promise<SitePage | null> | null => {
    const pathname = requestPath.replace(/(.)\/$/, '$1');
    if (!Object.hasOwn(SITE_PAGES, pathname)) return null;
    if (!cache) return load(pathname);
    if (!pages.has(pathname)) pages.set(pathname, loadOrSkip(pathname));
    return pages.get(pathname)!;
  };
}

/** The encoding to send a page in, from the request's Accept-Encoding (brotli first, as browsers accept it). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').split(',').map((part) => part.trim().split(';'));
  const allows = (name: string) => accepted.some(([coding, quality]) => coding === name && !/q=0(\.0*)?$/.test(quality?.trim() ?? ''));
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

/** The ETag of a page as sent in `encoding` (the plain page's own, or it with the coding appended). */
export function encodedEtag(etag: string, encoding: 'br' | 'gzip' | null): string {
  return encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
}

/** Whether an If-None-Match header names `etag` (a list, `*`, or weak forms: RFC 9110's weak comparison). */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
