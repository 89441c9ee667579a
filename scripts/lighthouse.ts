// npm run lighthouse — Lighthouse (mobile profile, simulated throttling) with the system Chromium against
// the production start (built client, compiled server, NODE_ENV=production) on a throwaway embedded
// database holding the demo restaurant. Prints the four category scores and LCP, TBT and CLS for /,
// /en and the demo restaurant's diner page; fails when / or /en scores below 95 in any category.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startDemoServer } from './support/demo-server';

const MIN_SCORE = 95;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const { base, restaurantId, stop } = await startDemoServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

let failed = false;
try {
  const pages = [
    { path: '/', gated: true },
    { path: '/en', gated: true },
    { path: `/f/${restaurantId}`, gated: false },
  ];

  console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile profile, ${base}`);
  console.log(`${'page'.padEnd(46)} perf  a11y  best   seo     LCP      TBT     CLS`);
  // A server that has just started is cold (JIT, first reads): measure it warm, as visitors find it.
  for (const page of pages) for (let i = 0; i < 5; i++) await (await fetch(`${base}${page.path}`, { headers: { 'accept-encoding': 'br, gzip' } })).arrayBuffer();
  for (const page of pages) {
    const result = await lighthouse(`${base}${page.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    if (!result) throw new Error(`no result for ${page.path}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) console.log(`  ${page.path}: Lighthouse could not measure it (${runtimeError.code}: ${runtimeError.message})`);
    if (process.env.LIGHTHOUSE_REPORT_DIR) writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${page.path.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(result.lhr));
    const scores = ['performance', 'accessibility', 'best-practices', 'seo'].map((id) => Math.round((categories[id]?.score ?? 0) * 100));
    const lcp = audits['largest-contentful-paint']?.numericValue ?? NaN;
    const tbt = audits['total-blocking-time']?.numericValue ?? NaN;
    const cls = audits['cumulative-layout-shift']?.numericValue ?? NaN;
    const below = page.gated && scores.some((score) => score < MIN_SCORE);
    failed ||= below;
    console.log(
      `${page.path.padEnd(46)} ${scores.map((score) => String(score).padStart(4)).join('  ')}  ${`${(lcp / 1000).toFixed(2)} s`.padStart(7)}  ${`${tbt.toFixed(0)} ms`.padStart(7)}  ${cls.toFixed(3).padStart(6)}${below ? `  below ${MIN_SCORE}` : ''}`,
    );
    if (below) {
      for (const [id, category] of Object.entries(categories)) {
        if ((category.score ?? 0) * 100 >= MIN_SCORE) continue;
        const lost = category.auditRefs
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => (audits[ref.id]?.errorMessage ? `${ref.id} (${audits[ref.id]?.errorMessage})` : ref.id));
        console.log(`  ${id}: ${lost.join(', ')}`);
      }
    }
  }
} finally {
  chrome.kill();
  await stop();
}
if (failed) {
  console.error(`\n/ or /en scored below ${MIN_SCORE} in a category.`);
  process.exitCode = 1;
}
