// npm run lighthouse — Lighthouse (mobile profile, simulated throttling) with the system Chromium against
// the production start (built client, compiled server, NODE_ENV=production) on a throwaway embedded
// database holding the demo restaurant. Prints the four category scores and LCP, TBT and CLS for /,
// /en and the demo restaurant's diner page, for each of LIGHTHOUSE_RUNS runs (3 by default, the pages taken
// in turn) and their median; fails when the median of / or /en is below 95 in any category.
// LIGHTHOUSE_SUMMARY_FILE gets the medians as JSON (npm run bench reads them).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startDemoServer } from './support/demo-server';

const MIN_SCORE = 95;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
// A run Lighthouse could not measure (NO_NAVSTART and the like) has no timings: the median of those it has.
const median = (values: number[]) => {
  const measured = values.filter(Number.isFinite).sort((a, b) => a - b);
  return measured.length > 0 ? measured[Math.floor(measured.length / 2)] : NaN;
};
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
    // The diner page in French and in English (issue 52: the English page must not score below the French one).
    { path: `/f/${restaurantId}?lang=fr`, gated: false },
    { path: `/f/${restaurantId}?lang=en`, gated: false },
  ];

  console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile profile, ${base}`);
  console.log(`${'page'.padEnd(46)} perf  a11y  best   seo     LCP      TBT     CLS`);
  // A server that has just started is cold (JIT, first reads): measure it warm, as visitors find it.
  for (const page of pages) for (let i = 0; i < 5; i++) await (await fetch(`${base}${page.path}`, { headers: { 'accept-encoding': 'br, gzip' } })).arrayBuffer();
  type Run = { scores: number[]; lcp: number; tbt: number; cls: number; lost: string[] };
  const runs = new Map<string, Run[]>(pages.map((page) => [page.path, []]));
  const row = (label: string, run: Run, note = '') =>
    console.log(
      `${label.padEnd(46)} ${run.scores.map((score) => String(score).padStart(4)).join('  ')}  ${`${(run.lcp / 1000).toFixed(2)} s`.padStart(7)}  ${`${run.tbt.toFixed(0)} ms`.padStart(7)}  ${run.cls.toFixed(3).padStart(6)}${note}`,
    );
  for (let round = 1; round <= RUNS; round++) {
    for (const page of pages) {
      const result = await lighthouse(`${base}${page.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
      if (!result) throw new Error(`no result for ${page.path}`);
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) console.log(`  ${page.path}: Lighthouse could not measure it (${runtimeError.code}: ${runtimeError.message})`);
      if (process.env.LIGHTHOUSE_REPORT_DIR) writeFileSync(path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${page.path.replace(/\W+/g, '_') || 'home'}-${round}.json`), JSON.stringify(result.lhr));
      const lost = Object.entries(categories).flatMap(([id, category]) =>
        (category.score ?? 0) * 100 >= MIN_SCORE
          ? []
          : [`${id}: ${category.auditRefs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => (audits[ref.id]?.errorMessage ? `${ref.id} (${audits[ref.id]?.errorMessage})` : ref.id)).join(', ')}`],
      );
      const run: Run = {
        scores: ['performance', 'accessibility', 'best-practices', 'seo'].map((id) => Math.round((categories[id]?.score ?? 0) * 100)),
        lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: audits['total-blocking-time']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        lost,
      };
      runs.get(page.path)!.push(run);
      row(`${page.path} (run ${round})`, run);
    }
  }
  console.log(`median of ${RUNS} (each column on its own):`);
  const medians: Record<string, { scores: number[]; gated: boolean }> = {};
  for (const page of pages) {
    const all = runs.get(page.path)!;
    const middle: Run = {
      scores: [0, 1, 2, 3].map((index) => median(all.map((run) => run.scores[index]))),
      lcp: median(all.map((run) => run.lcp)),
      tbt: median(all.map((run) => run.tbt)),
      cls: median(all.map((run) => run.cls)),
      lost: [],
    };
    medians[page.path === `/f/${restaurantId}?lang=fr` ? 'diner page' : page.path.startsWith(`/f/${restaurantId}`) ? 'diner page (en)' : page.path] = { scores: middle.scores, gated: page.gated };
    const below = page.gated && middle.scores.some((score) => score < MIN_SCORE);
    failed ||= below;
    row(page.path, middle, below ? `  below ${MIN_SCORE}` : '');
    if (below) for (const line of new Set(all.flatMap((run) => run.lost))) console.log(`  ${line}`);
  }
  // For npm run bench, which prints every goal together.
  if (process.env.LIGHTHOUSE_SUMMARY_FILE) writeFileSync(process.env.LIGHTHOUSE_SUMMARY_FILE, JSON.stringify({ runs: RUNS, medians }));
} finally {
  chrome.kill();
  await stop();
}
if (failed) {
  console.error(`\n/ or /en scored below ${MIN_SCORE} in a category.`);
  process.exitCode = 1;
}
