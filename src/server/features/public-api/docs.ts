/**
 * The API reference page, /api/v1/docs (issue #31): Swagger UI (swagger-ui-dist, pinned) served from our
 * own origin, no third-party request: its stylesheet and bundle under /api/v1/docs/assets/, our start script
 * as a file (the CSP allows no inline script), the validator badge off (`validatorUrl: null`, which would
 * call swagger.io), the document read from ./openapi.json.
 *
 * The files are read from the installed package at the first request (the package is resolved from this
 * module, so the esbuild bundle in dist/server finds it in node_modules as the sources do) and kept in
 * memory with their gzip; the client build (npm run size) never sees them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';

/** Our start script: the same for every deployment (the document's servers carry PUBLIC_URL). */
export const DOCS_INIT_SCRIPT = `window.addEventListener('DOMContentLoaded', function () {
  window.ui = SwaggerUIBundle({
    url: './openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    persistAuthorization: false,
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
`;

/** A few rules of our own over Swagger UI's sheet: the page's heading and narrow screens. */
export const DOCS_STYLESHEET = `body { margin: 0; background: #fafafa; }
.refeed-docs-header { background: #1f2937; color: #fff; padding: 16px 20px; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
.refeed-docs-header h1 { margin: 0; font-size: 20px; font-weight: 600; }
.refeed-docs-header p { margin: 4px 0 0; font-size: 14px; color: #d1d5db; }
.swagger-ui .wrapper { padding: 0 12px; }
/* The API has no OpenAPI links: the empty 'Links' column goes. */
.swagger-ui .response-col_links { display: none; }
@media (max-width: 640px) {
  .swagger-ui .opblock-body pre.microlight { white-space: pre-wrap; word-break: break-word; }
  .swagger-ui .responses-inner { padding: 8px 4px; }
  .swagger-ui td.response-col_status { padding-right: 8px; }
  .swagger-ui .headers-wrapper thead { display: none; }
  .swagger-ui .headers-wrapper table, .swagger-ui .headers-wrapper tbody, .swagger-ui .headers-wrapper tr, .swagger-ui .headers-wrapper td { display: block; width: auto; }
  .swagger-ui .headers-wrapper tr { padding: 6px 0; border-bottom: 1px solid #e5e7eb; }
  .swagger-ui .headers-wrapper td { padding: 2px 0; }
  .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
  .swagger-ui .opblock .opblock-summary-path { max-width: 100%; word-break: break-all; }
  .swagger-ui .info .title { font-size: 26px; }
}
`;

export const DOCS_HTML = `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Référence de l’API ReFeed</title>
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="./docs/assets/swagger-ui.css">
<link rel="stylesheet" href="./docs/assets/refeed-docs.css">
</head>
<body>
<header class="refeed-docs-header"><h1>Référence de l’API ReFeed</h1><p>API publique v1 — authentification par clé (Bearer), réponses JSON, erreurs au format RFC 9457.</p></header>
<main id="swagger-ui"></main>
<script src="./docs/assets/swagger-ui-bundle.js"></script>
<script src="./docs/assets/refeed-docs.js"></script>
</body>
</html>
`;

type Asset = { type: string; body: Buffer; gzip: Buffer };

const resolver = createRequire(import.meta.url);
let assets: Map<string, Asset> | null = null;

function asset(type: string, body: Buffer): Asset {
  return { type, body, gzip: gzipSync(body) };
}

/** The files the page loads, by name (read once). */
export function docsAssets(): Map<string, Asset> {
  if (assets) return assets;
  const folder = path.dirname(resolver.resolve('swagger-ui-dist/package.json'));
  const strip = (text: string) => text.replace(/\n\/\/# sourceMappingURL=.*$/m, '\n').replace(/\/\*# sourceMappingURL=.*?\*\//, '');
  assets = new Map([
    ['swagger-ui.css', asset('text/css; charset=utf-8', Buffer.from(strip(readFileSync(path.join(folder, 'swagger-ui.css'), 'utf8'))))],
    ['swagger-ui-bundle.js', asset('text/javascript; charset=utf-8', Buffer.from(strip(readFileSync(path.join(folder, 'swagger-ui-bundle.js'), 'utf8'))))],
    ['refeed-docs.js', asset('text/javascript; charset=utf-8', Buffer.from(DOCS_INIT_SCRIPT))],
    ['refeed-docs.css', asset('text/css; charset=utf-8', Buffer.from(DOCS_STYLESHEET))],
  ]);
  return assets;
}

/** One asset, gzipped when the client accepts it (compression is then done once, not per request). */
export function serveDocsAsset(c: Context, name: string): Response | null {
  const found = docsAssets().get(name);
  if (!found) return null;
  const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  const body = gzip ? found.gzip : found.body;
  return c.body(new Uint8Array(body), 200, {
    'content-type': found.type,
    'cache-control': 'public, max-age=3600',
    vary: 'Accept-Encoding',
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  });
}
