// npm run lighthouse — Lighthouse (mobile profile, simulated throttling) with the system Chromium against
// the production start (built client, compiled server, NODE_ENV=production) on a throwaway embedded
// database holding the demo restaurant. Prints the four category scores and LCP, TBT and CLS for /,
// /en and the demo restaurant's diner page; fails when / or /en scores below 95 in any category.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD } from '../src/server/features/demo/seed-demo.service';
import { findFreePort } from '../tests/e2e/support/server';

const MIN_SCORE = 95;
const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const port = await findFreePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-lighthouse-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  MAIL_MODE: 'outbox',
  DATA_DIR: dataDir,
  PORT: String(port),
  PUBLIC_URL: base,
  AUTH_SECRET: 'lighthouse-secret-lighthouse-secret-0123',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
};

execFileSync(process.execPath, [path.join(ROOT, 'scripts/ensure-build.mjs')], { cwd: ROOT, stdio: 'inherit' });
execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/seed-demo.ts')], { cwd: ROOT, env, stdio: 'ignore' });
const server = spawn(process.execPath, [path.join(ROOT, 'dist/server/index.js')], { cwd: ROOT, env, stdio: 'ignore' });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

let failed = false;
try {
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ready) break;
    if (tries > 200) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: DEMO_OWNER_EMAIL, password: DEMO_OWNER_PASSWORD }),
  });
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { restaurants: Array<{ id: string }> };
  const pages = [
    { path: '/', gated: true },
    { path: '/en', gated: true },
    { path: `/f/${me.restaurants[0].id}`, gated: false },
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
  server.kill();
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.error(`\n/ or /en scored below ${MIN_SCORE} in a category.`);
  process.exitCode = 1;
}
