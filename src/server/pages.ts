/** What the app serves besides /api: build assets, robots and sitemap, the prerendered site pages and the two HTML entries. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { isAppPath } from '../shared/paths';
import { applySiteHead, SITE_PAGES } from '../shared/site-meta';
import type { AppDeps } from './deps';
import { dinerPage } from './features/diner/public-reads.service';
import type { AppEnv } from './lib/http/hono-env';
import { HTML_HEADERS, lightResponse } from './platform';
import { PROJECT_ROOT } from './lib/runtime/project-root';
import { createSitePageReader, encodedEtag, matchesIfNoneMatch, pickEncoding } from './lib/http/site-pages';
import { dinerLocaleOf, langCookieOf, localizeDinerHtml } from './lib/http/diner-html';
import type { Locale } from '../shared/rules/locales';
import { fillOperatorSlots, operatorLegalOf } from './core/operator-legal';

export const CLIENT_DIST = path.join(PROJECT_ROOT, 'dist/client');

/** The diner pages have their own small HTML entry (diner.html); everything else is the SPA. */
export function pickHtmlEntry(pathname: string): 'diner.html' | 'index.html' {
  return /^\/(f|r)\//.test(pathname) ? 'diner.html' : 'index.html';
}

/** Mounts the files and pages on `app`, last (after /api, /storage, /u). */
export function mountPages(app: Hono<AppEnv>, deps: AppDeps, clientDist: string): void {
  const { env } = deps;
  // Hashed build assets never change: cache them for a year; .br/.gz siblings are served when accepted.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  const staticFiles = serveStatic({ root: path.relative(process.cwd(), clientDist) || '.', precompressed: true });
  // Only paths that name a file (favicon.svg, assets/x.js) are looked up on disk; pages fall through to the
  // HTML below, and HTML files are never served as files (the prerendered pages need their public address).
  // A file with precompressed siblings is negotiated: its plain answer says so too (Vary), or a shared
  // cache could hand the plain bytes' entry to every browser. Known per served file (a finite set).
  const negotiated = new Map<string, boolean>();
  const isNegotiated = (pathname: string) => {
    let known = negotiated.get(pathname);
    if (known === undefined) {
      const file = path.join(clientDist, decodeURIComponent(pathname));
      known = existsSync(`${file}.br`) || existsSync(`${file}.gz`);
      negotiated.set(pathname, known);
    }
    return known;
  };
  app.use('/*', async (c, next) => {
    if (!/\.[a-z0-9]+$/i.test(c.req.path) || /\.html?$/i.test(c.req.path)) return next();
    const answer = await staticFiles(c, next);
    const servedFile = c.res.status === 200 && !c.res.headers.get('content-type')?.startsWith('text/html');
    if (servedFile && !c.res.headers.get('content-encoding') && isNegotiated(c.req.path)) c.header('Vary', 'Accept-Encoding', { append: true });
    return answer;
  });

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
  type Html = { text: string; bytes: Uint8Array<ArrayBuffer>; diner?: Record<Locale, Uint8Array<ArrayBuffer>> };
  const htmlCache = new Map<string, Html>();
  const readHtml = (file: string) => {
    if (env.NODE_ENV === 'production' && htmlCache.has(file)) return htmlCache.get(file)!;
    const full = path.join(clientDist, file);
    if (!existsSync(full)) return null;
    const bytes = readFileSync(full);
    const html: Html = { text: bytes.toString('utf8'), bytes: new Uint8Array(bytes) };
    // The diner pages in each language (decision 090), encoded once.
    if (file === 'diner.html') {
      const pages = localizeDinerHtml(html.text, clientDist);
      html.diner = Object.fromEntries(Object.entries(pages).map(([locale, text]) => [locale, new Uint8Array(Buffer.from(text, 'utf8'))])) as Record<Locale, Uint8Array<ArrayBuffer>>;
    }
    htmlCache.set(file, html);
    return html;
  };
  // The site's pages (/, /en, terms, privacy, legal notice) are sent prerendered, head and body, then hydrated.
  // The legal notice's operator details come from the settings at runtime (decision 094), escaped into its slots.
  const operator = operatorLegalOf(env);
  const readSitePage = createSitePageReader(clientDist, env.PUBLIC_URL, env.NODE_ENV === 'production', (html) => fillOperatorSlots(html, operator));
  app.get('*', async (c, next) => {
    const page = await readSitePage(c.req.path);
    if (!page) return next();
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    const etag = encodedEtag(page.etag, encoding);
    const headers = { ...HTML_HEADERS, vary: 'Accept-Encoding', etag };
    // `no-cache` makes the browser ask again on each visit: an unchanged page answers 304, no body.
    if (matchesIfNoneMatch(c.req.header('If-None-Match'), etag)) {
      return new Response(null, { status: 304, headers: { 'cache-control': HTML_HEADERS['cache-control'], vary: 'Accept-Encoding', etag } });
    }
    if (!encoding) return lightResponse(page.html, 200, headers);
    return lightResponse(page[encoding], 200, { ...headers, 'content-encoding': encoding });
  });
  // Pages the app knows answer 200; any other path, and diner pages naming no restaurant or QR code,
  // answer 404 (with the same HTML, which shows the not-found screen) so crawlers and monitors see it.
  // Whether a diner page names an open restaurant, and its languages: remembered with the public reads
  // (platform/public-read-cache.ts: a moment, forgotten at once when an owner writes, e.g. the languages).
  const dinerPageOf = (pathname: string) => deps.publicReads.read(`diner-page:${pathname}`, () => dinerPage(deps.db, pathname));
  app.get('*', async (c) => {
    const entry = pickHtmlEntry(c.req.path);
    const html = readHtml(entry);
    if (!html) return c.text('Client not built: run `npm run build`.', 503);
    const dinerPage = entry === 'diner.html' ? await dinerPageOf(c.req.path) : null;
    const found = entry === 'diner.html' ? dinerPage !== null : isAppPath(c.req.path);
    if (html.diner) {
      // The diner's language: ?lang=, their cookie, Accept-Language, the restaurant's; among those it offers.
      const locale = dinerLocaleOf({ query: (name) => c.req.query(name), cookie: c.req.header('Cookie'), acceptLanguage: c.req.header('Accept-Language') }, dinerPage);
      // A link's ?lang= is remembered only when the restaurant offers it (the page then speaks it).
      const cookie = locale === c.req.query('lang') ? langCookieOf(locale) : null;
      const headers = { ...HTML_HEADERS, vary: 'Accept-Language, Cookie', 'content-language': locale, ...(cookie ? { 'set-cookie': cookie } : {}) };
      return lightResponse(html.diner[locale], found ? 200 : 404, headers);
    }
    // The site's public pages carry their own title, description, alternates and share tags.
    const page = entry === 'index.html' && found ? applySiteHead(html.text, c.req.path.replace(/(.)\/$/, '$1'), env.PUBLIC_URL) : html.bytes;
    return lightResponse(page, found ? 200 : 404, HTML_HEADERS);
  });
}
