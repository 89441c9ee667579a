// npm run bench — starts the app on a throwaway embedded database with the demo restaurant, then
// measures latency and throughput of the hot paths over real HTTP on loopback. Prints figures only.
import { serve } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { outboxEmails } from '../src/server/db/schema';
import { buildSendKey } from '../src/server/email/deliver';
import { sendDinerEmailJob } from '../src/server/features/diner/diner.jobs';
import { enqueueJob } from '../src/server/jobs/queue';
import { createApp } from '../src/server/app';
import { startDependencies } from '../src/server/bootstrap';
import { parseEnv } from '../src/server/env';
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD, seedDemoRestaurant } from '../src/server/features/demo/seed-demo.service';
import { createLogger } from '../src/server/lib/logger';
import { findFreePort } from '../tests/e2e/support/server';

type Scenario = { name: string; request: (base: string, i: number) => Promise<Response> };

const REQUESTS = Number(process.argv[2] ?? 300);
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
    Array.from({ length: CONCURRENCY }, async () => {
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
const env = parseEnv({ NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'silent', PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: '1' });
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
// Each simulated diner is its own phone: its own address (as the proxy would report it) and no cookie.
const diner = (i: number) => ({ 'x-forwarded-for': `198.51.${(i >> 8) & 255}.${i & 255}`, origin: base, 'content-type': 'application/json' });

const scenarios: Scenario[] = [
  { name: 'GET /api/health', request: (b) => fetch(`${b}/api/health`) },
  { name: 'GET /api/me (owner session)', request: (b) => fetch(`${b}/api/me`, { headers: { cookie } }) },
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

console.log(`ReFeed bench — embedded PGlite, demo restaurant seeded, ${CONCURRENCY} concurrent clients on loopback`);
for (const scenario of scenarios) await runScenario(base, scenario);

/** Queues N follow-up emails at once (a Saturday-evening backlog) and times their delivery to the outbox. */
async function benchEmailDrain(total: number) {
  const domain = `drain-${Date.now()}.example.fr`;
  const started = performance.now();
  for (let n = 0; n < total; n++) {
    const to = `diner${n}@${domain}`;
    await enqueueJob(deps.boss, sendDinerEmailJob, {
      restaurantId,
      customerId: null,
      template: 'thanks_after_visit',
      to,
      subject: 'Merci pour votre visite',
      html: '<p>Merci !</p>',
      sendKey: buildSendKey({ restaurantId, to, template: 'thanks_after_visit', eventId: `bench-${n}` }),
    });
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
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
