// npm run bench — starts the app on a throwaway embedded database with the demo restaurant, then
// measures latency and throughput of the hot paths over real HTTP on loopback. Prints figures only.
//
// npm run bench -- --scale [N]   with BENCH_DATABASE_URL=postgres://… (a server where a throwaway
// database may be created): the demo restaurant gets 1,000,000 feedbacks and 100,000 customers first,
// and the owner's dashboard and customer search are measured on that.
import { serve } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { like, sql } from 'drizzle-orm';
import pg from 'pg';
import { outboxEmails } from '../src/server/db/schema';
import { enqueueEmail } from '../src/server/email/send-email';
import { createApp } from '../src/server/app';
import { startDependencies } from '../src/server/bootstrap';
import { parseEnv } from '../src/server/env';
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD, seedDemoRestaurant } from '../src/server/features/demo/seed-demo.service';
import { createLogger } from '../src/server/lib/logger';
import { rebuildDailyStats } from '../src/server/features/dashboard/daily-stats';
import { findFreePort } from '../tests/e2e/support/server';

/** `concurrency` 1 measures a lone owner's latency; the default 8 measures throughput under load. */
type Scenario = { name: string; request: (base: string, i: number) => Promise<Response>; concurrency?: number };

const args = process.argv.slice(2).filter((arg) => arg !== '--scale');
const SCALE = process.argv.includes('--scale');
const REQUESTS = Number(args[0] ?? 300);
const CONCURRENCY = 8;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function runScenario(base: string, scenario: Scenario): Promise<void> {
  const durations: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: scenario.concurrency ?? CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const i = next++;
        const t0 = performance.now();
        const response = await scenario.request(base, i);
        await response.arrayBuffer();
        durations.push(performance.now() - t0);
        if (!response.ok) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  console.log(
    `${scenario.name.padEnd(34)} ${String(REQUESTS).padStart(5)} req  ${(REQUESTS / seconds).toFixed(0).padStart(6)} req/s  p50 ${percentile(durations, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(durations, 95).toFixed(1).padStart(6)} ms  p99 ${percentile(durations, 99).toFixed(1).padStart(6)} ms  errors ${failures}`,
  );
}

const port = await findFreePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-bench-'));
// TRUST_PROXY=1: each simulated phone names itself in X-Forwarded-For, as one load balancer would.

/** --scale: a throwaway PostgreSQL database next to BENCH_DATABASE_URL's, dropped at the end. */
let benchDatabase: { url: string; drop: () => Promise<void> } | null = null;
if (SCALE) {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) throw new Error('--scale needs BENCH_DATABASE_URL=postgres://… (a server where a database may be created)');
  const name = `refeed_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  benchDatabase = {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
const env = parseEnv({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  PORT: String(port),
  LOG_LEVEL: 'silent',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  TRUST_PROXY: '1',
  ...(benchDatabase ? { DATABASE_URL: benchDatabase.url } : {}),
});
const { deps, stop } = await startDependencies(env, createLogger('silent'));
await seedDemoRestaurant(deps);
const server = serve({ fetch: createApp(deps).fetch, port, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const base = env.PUBLIC_URL;

const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ email: DEMO_OWNER_EMAIL, password: DEMO_OWNER_PASSWORD }),
});
const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { restaurants: Array<{ id: string }> };
const restaurantId = me.restaurants[0].id;
const mainCode = `${restaurantId.slice(0, 8)}-main`;

/** --scale: 100,000 customers and 1,000,000 feedbacks over two years in the demo restaurant, in SQL. */
async function seedAtScale(feedbackCount: number, customerCount: number) {
  const started = performance.now();
  const names = `array['Camille','Léa','Hugo','Élodie','Chloé','Manon','Jules','Inès','Lucas','Zoé','Gabriel','Noémie','Raphaël','Théo','Anaïs']`;
  const lastNames = `array['Martin','Bernard','Dubois','Thomas','Robert','Richard','Petit','Durand','Lefèvre','Moreau','Simon','Laurent','Garcia','Fournier','Girard']`;
  await deps.db.execute(sql.raw(`insert into customers (restaurant_id, first_name, last_name, email, points, last_visit_at, created_at)
    select '${restaurantId}', (${names})[1 + i % 15], (${lastNames})[1 + (i / 15) % 15], 'client' || i || '@example.fr', (i * 7) % 400,
           now() - ((i % 700) || ' days')::interval, now() - interval '800 days'
    from generate_series(1, ${customerCount}) as i`));
  await deps.db.execute(sql.raw(`insert into feedbacks (restaurant_id, customer_id, rating, comment, created_at)
    select '${restaurantId}', null, 1 + (i::bigint * 7919) % 5, case when i % 3 = 0 then 'Très bon repas' end, now() - ((i % 730) || ' days')::interval - ((i % 1440) || ' minutes')::interval
    from generate_series(1, ${feedbackCount}) as i`));
  await deps.db.transaction((tx) => rebuildDailyStats(tx, restaurantId));
  await deps.db.execute(sql.raw('analyze'));
  console.log(`scale seed: ${customerCount.toLocaleString('en')} customers and ${feedbackCount.toLocaleString('en')} feedbacks in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
if (SCALE) await seedAtScale(Number(args[1] ?? 1_000_000), 100_000);
// Each simulated diner is its own phone: its own address (as the proxy would report it) and no cookie.
const diner = (i: number) => ({ 'x-forwarded-for': `198.51.${(i >> 8) & 255}.${i & 255}`, origin: base, 'content-type': 'application/json' });

const scenarios: Scenario[] = [
  { name: 'GET /api/health', request: (b) => fetch(`${b}/api/health`) },
  { name: 'GET /api/me (owner session)', request: (b) => fetch(`${b}/api/me`, { headers: { cookie } }) },
  { name: 'GET /api/dashboard (owner)', request: (b) => fetch(`${b}/api/dashboard`, { headers: { cookie } }) },
  { name: 'GET /api/customers page 1', request: (b) => fetch(`${b}/api/customers`, { headers: { cookie } }) },
  { name: 'GET /api/customers?q=elodie', request: (b) => fetch(`${b}/api/customers?q=elodie`, { headers: { cookie } }) },
  { name: 'GET /api/customers?q=lefevre&page=3', request: (b) => fetch(`${b}/api/customers?q=lefevre&page=3`, { headers: { cookie } }) },
  { name: 'GET /f/:id (diner HTML)', request: (b) => fetch(`${b}/f/${restaurantId}`) },
  { name: 'GET public restaurant (diner)', request: (b, i) => fetch(`${b}/api/public/restaurants/${restaurantId}`, { headers: diner(i) }) },
  { name: 'GET /r code lookup (+1 scan)', request: (b, i) => fetch(`${b}/api/public/qr/${mainCode}`, { headers: diner(i) }) },
  {
    name: 'POST feedback (new diner, 5 stars)',
    request: (b, i) =>
      fetch(`${b}/api/public/feedbacks`, {
        method: 'POST',
        headers: diner(i),
        body: JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId, rating: 5, firstName: 'Bench', email: `bench-${i}@example.fr`, comment: 'Très bon' }),
      }),
  },
];

// The owner's pages, one request at a time: the latency an owner sees on an otherwise idle server.
for (const scenario of scenarios.filter((s) => /dashboard|customers/.test(s.name))) {
  scenarios.push({ ...scenario, name: `${scenario.name.replace('GET /api/', '')} (1 client)`, concurrency: 1 });
}

console.log(`ReFeed bench — ${benchDatabase ? 'PostgreSQL' : 'embedded PGlite'}, demo restaurant seeded${SCALE ? ' at scale' : ''}, ${CONCURRENCY} concurrent clients on loopback`);
for (const scenario of scenarios) await runScenario(base, scenario);

/** Queues N follow-up emails at once (a Saturday-evening backlog) and times their delivery to the outbox. */
async function benchEmailDrain(total: number) {
  const domain = `drain-${Date.now()}.example.fr`;
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const to = `diner${n}@${domain}`;
    // The whole pipeline per email: render the template, check, claim the key, send, log.
    await enqueueEmail(deps.boss, { restaurantId, customerId: null, template: 'welcome_onboarding', to, eventId: `bench-${n}`, data: { first_name: 'Camille' } });
  }
  const queued = performance.now();
  while ((await deps.db.$count(outboxEmails, like(outboxEmails.toEmail, `%@${domain}`))) < total) await new Promise((resolve) => setTimeout(resolve, 100));
  const seconds = (performance.now() - queued) / 1000;
  console.log(
    `${'email drain (outbox)'.padEnd(34)} ${String(total).padStart(5)} emails queued in ${((queued - started) / 1000).toFixed(1)} s, delivered in ${seconds.toFixed(1)} s: ${(total / seconds).toFixed(0)} emails/s`,
  );
}
await benchEmailDrain(500);

server.close();
await stop();
// BENCH_KEEP_DATABASE=1 keeps the scale database for EXPLAIN sessions (its name is printed).
if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database: ${benchDatabase?.url}`);
else await benchDatabase?.drop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
