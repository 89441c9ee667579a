// `npm run size`: what a phone downloads on a cold load of /f/:id or /r/:code. Builds the client in a
// temporary folder, follows diner.html (scripts, modulepreloads, stylesheets) and the static imports of
// each JavaScript module, prints the gzip size of every file, and fails above the budget.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// [perf]: the diner's cold load within 75 KB of JavaScript (zod and the thank-you screen come after, see diner/deferred.ts).
const BUDGET = { js: 75 * 1024, css: 20 * 1024 };
// Issue 34, decision 050: / and /en load only the site entry (React and the islands wait for the visitor's
// first act); measured 3.5 KB gzip. What the first act loads (React, the islands) is printed beside it.
const SITE_BUDGET = { js: 5 * 1024, islandsJs: 100 * 1024 };
const root = path.resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(path.join(tmpdir(), 'refeed-size-'));

/** Asset URLs an HTML page loads at once: module scripts, modulepreload links and stylesheets. */
export function findHtmlAssets(html) {
  const assets = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    if (/^<script/i.test(tag) && attr('src')) assets.push(attr('src'));
    const rel = attr('rel')?.toLowerCase();
    if (/^<link/i.test(tag) && (rel === 'stylesheet' || rel === 'modulepreload') && attr('href')) assets.push(attr('href'));
  }
  return assets;
}

/** Static imports of a built ES module (`import … from "./x.js"`, `import "./x.js"`), not dynamic ones. */
export function findStaticImports(code) {
  const found = [];
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.(?:js|mjs|css))["']/g;
  for (const match of code.matchAll(pattern)) found.push(match[1]);
  return found;
}

function resolveAsset(from, url) {
  if (/^https?:\/\//.test(url)) return null;
  return url.startsWith('/') ? path.join(outDir, url) : path.resolve(path.dirname(from), url);
}

try {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-client.mjs'), '--out-dir', outDir], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  /** Every file reachable from `start` through static imports (what loads before anything lazy). */
  const collectStaticClosure = (start) => {
    const queue = [...start];
    const seen = new Set();
    while (queue.length) {
      const file = queue.shift();
      if (seen.has(file)) continue;
      seen.add(file);
      if (file.endsWith('.js')) {
        for (const url of findStaticImports(readFileSync(file, 'utf8'))) {
          const next = resolveAsset(file, url);
          if (next) queue.push(next);
        }
      }
    }
    return seen;
  };
  const htmlEntry = (name) => {
    const htmlFile = path.join(outDir, name);
    return collectStaticClosure(findHtmlAssets(readFileSync(htmlFile, 'utf8')).map((url) => resolveAsset(htmlFile, url)).filter(Boolean));
  };
  const measure = (files) =>
    [...files].map((file) => {
      const body = readFileSync(file);
      return { file: path.relative(outDir, file), kind: file.endsWith('.css') ? 'css' : 'js', raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
    });
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const sum = (rows, kind) => rows.filter((row) => row.kind === kind).reduce((total, row) => total + row.gzip, 0);

  // Each language's cold load (decision 090): diner.html's files plus that language's catalogue chunk,
  // which the server preloads with the page (src/server/lib/http/diner-html.ts).
  const dinerEntry = htmlEntry('diner.html');
  const dinerAssets = readdirSync(path.join(outDir, 'assets')).map((name) => path.join(outDir, 'assets', name));
  let failed = false;
  const perLocale = [];
  for (const locale of ['fr', 'en', 'de', 'es', 'it']) {
    const chunk = dinerAssets.filter((file) => new RegExp(`/diner-lang-${locale}-[^/]*\\.js$`).test(file));
    if (chunk.length !== 1) {
      console.log(`Diner language chunk of ${locale}: ✗ not found`);
      failed = true;
      continue;
    }
    const rows = measure(new Set([...dinerEntry, ...collectStaticClosure(chunk)]));
    if (locale === 'fr') {
      console.log('Cold load of /f/:id and /r/:code (diner.html), in French:');
      for (const row of rows.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${row.file.padEnd(40)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(9)} gzip`);
    }
    perLocale.push({ locale, js: sum(rows, 'js'), css: sum(rows, 'css') });
  }
  console.log('Per language (the page and its catalogue chunk):');
  for (const { locale, js, css } of perLocale) {
    const over = js > BUDGET.js || css > BUDGET.css;
    failed ||= over;
    console.log(`  ${locale}: JS ${kb(js)} (${js} B) gzip (budget ${kb(BUDGET.js)}), CSS ${kb(css)} gzip (budget ${kb(BUDGET.css)})${over ? '  ✗ OVER BUDGET' : '  ✓'}`);
  }

  // The app's entry (site, owner and admin shell), and the email editor's lazy chunk beyond it: GrapesJS
  // must load only on /emails/{key}/editor.
  const appEntry = htmlEntry('index.html');
  const app = measure(appEntry);
  console.log(`\nApp entry (index.html, before any page chunk): JS ${kb(sum(app, 'js'))} gzip, CSS ${kb(sum(app, 'css'))} gzip`);
  const assets = readdirSync(path.join(outDir, 'assets')).map((name) => path.join(outDir, 'assets', name));
  const editorStart = assets.filter((file) => /visual-editor-[^/]*\.(js|css)$/.test(file));
  const editorOnly = measure([...collectStaticClosure(editorStart)].filter((file) => !appEntry.has(file)));
  if (!editorStart.length || app.some((row) => /visual-editor|grapes/.test(row.file))) {
    console.log('Email editor chunk: ✗ not found as a separate chunk');
    failed = true;
  } else {
    console.log(`Email editor (loaded only by /emails/{key}/editor): JS ${kb(sum(editorOnly, 'js'))} gzip, CSS ${kb(sum(editorOnly, 'css'))} gzip, ${editorOnly.length} files`);
  }

  // The landing page (/, prerendered site-pages/index.html): its cold load, then its islands on first act.
  const landing = htmlEntry(path.join('site-pages', 'index.html'));
  const landingJs = sum(measure(landing), 'js');
  const landingOver = landingJs > SITE_BUDGET.js;
  console.log(`\nLanding page / cold load (site-pages/index.html): JS ${kb(landingJs)} gzip (budget ${kb(SITE_BUDGET.js)})${landingOver ? '  ✗ OVER BUDGET' : '  ✓'}`);
  const islandsStart = assets.filter((file) => /\/islands-[^/]*\.js$/.test(file));
  const islands = measure([...collectStaticClosure(islandsStart)].filter((file) => !landing.has(file)));
  const islandsOver = !islandsStart.length || sum(islands, 'js') > SITE_BUDGET.islandsJs;
  console.log(`Landing islands (loaded on the visitor's first act): JS ${kb(sum(islands, 'js'))} gzip (budget ${kb(SITE_BUDGET.islandsJs)})${islandsOver ? '  ✗ OVER BUDGET or not found' : '  ✓'}`);
  failed ||= landingOver || islandsOver;
  process.exitCode = failed ? 1 : 0;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
