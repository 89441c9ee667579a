// Builds the client with Vite, prerenders the site's pages into HTML, then writes .br and .gz siblings of
// every text asset so the server sends compressed files without compressing on each request.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { compileCatalogues } from './i18n.mjs';

const root = path.resolve(import.meta.dirname, '..');
// `--out-dir DIR` builds elsewhere (the browser tests build a private copy so parallel runs never clash).
const outIndex = process.argv.indexOf('--out-dir');
const dist = outIndex > 0 ? path.resolve(process.argv[outIndex + 1]) : path.join(root, 'dist/client');

await compileCatalogues();
execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', dist, '--emptyOutDir'], {
  cwd: root,
  stdio: 'inherit',
});

// The site's pages, rendered from the same React components as the browser hydrates (src/client/site):
// compiled for Node (styles are the browser's business), run once, written to site-pages/ beside the assets.
// (inside node_modules so its package imports resolve; one file per build, as builds may run side by side)
const prerenderBundle = path.join(root, `node_modules/.cache/refeed/prerender-${process.pid}.mjs`);
await build({
  entryPoints: [path.join(root, 'src/client/site/prerender.tsx')],
  outfile: prerenderBundle,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  jsx: 'automatic',
  loader: { '.css': 'empty' },
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
const { prerenderSitePages, SITE_PAGES_DIR } = await import(`${pathToFileURL(prerenderBundle).href}?t=${Date.now()}`);
const sitePagesDir = path.join(dist, SITE_PAGES_DIR);
mkdirSync(sitePagesDir, { recursive: true });
// The stylesheet goes inside each page: the first paint waits for no other request.
const siteTemplate = readFileSync(path.join(dist, 'site.html'), 'utf8').replace(
  /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
  (_link, file) => `<style>${readFileSync(path.join(dist, file), 'utf8')}</style>`,
);
const sitePages = prerenderSitePages(siteTemplate);
for (const [file, html] of Object.entries(sitePages)) writeFileSync(path.join(sitePagesDir, file), html);
rmSync(path.join(dist, 'site.html'));
rmSync(prerenderBundle);
console.log(`${Object.keys(sitePages).length} site pages prerendered`);

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
function* walk(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}
let count = 0;
for (const file of walk(dist)) {
  // The site pages get their public address when the server loads them, which compresses them then.
  if (!COMPRESSIBLE.test(file) || file.startsWith(sitePagesDir)) continue;
  const body = readFileSync(file);
  if (body.length < 1024) continue;
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count++;
}
console.log(`client built in ${path.relative(root, dist)} (${count} files precompressed)`);
