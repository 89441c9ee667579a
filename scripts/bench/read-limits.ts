// node scripts/node22.mjs --import tsx scripts/bench/read-limits.ts (BENCH_DATABASE_URL=postgres://… : a server
// where a throwaway database may be created)
//
// Decision 078's measurement: what a public read (GET /api/public/restaurants/:id, in-process, 8 lanes) costs
// with its limits counted in the instance's memory (today, decision 049) and with the same three hits counted
// in the database (`enforceRateLimits`, the counter every write uses: one INSERT … ON CONFLICT per read).
// Each lane is one address (X-Forwarded-For); ceilings raised so that nothing is refused. Prints one line per
// variant, ABAB, and the per-read cost difference.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApp } from '../../src/server/app';
import { startDependencies } from '../../src/server/bootstrap';
import { parseEnv } from '../../src/server/env';
import { dinerRule } from '../../src/server/lib/limits/rate-limit-rules';
import { enforceRateLimits, type RequestHit } from '../../src/server/lib/limits/rate-limit';
import { createLogger } from '../../src/server/lib/runtime/logger';

const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) throw new Error('BENCH_DATABASE_URL=postgres://… is needed');
const LANES = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const name = `refeed_rl_${randomBytes(4).toString('hex')}`;
const admin = async (query: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query).finally(() => client.end());
};
await admin(`create database "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-rl-'));
const huge = [dinerRule('read', 'device', 1e9), dinerRule('read', 'addressAtRestaurant', 1e9), dinerRule('read', 'address', 1e9)];
const env = parseEnv({
  NODE_ENV: 'production',
  MAIL_MODE: 'outbox',
  PUBLIC_URL: 'http://127.0.0.1:3000',
  ALLOW_HTTP_PUBLIC_URL: '1',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  DATA_DIR: dataDir,
  DATABASE_URL: url.toString(),
  JOB_WORKERS: 'off',
  TRUST_PROXY: '1',
  LOG_LEVEL: 'silent',
});
const { deps, stop } = await startDependencies(env, createLogger('silent'), { overrides: { rateLimits: { diner: { read: huge } } } });
try {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(
    `with organisation as (insert into organisations (name, siren, status) values ('Le Banc d’Essai', '123456789', 'approved') returning id)
     insert into restaurants (organisation_id, name, contact_email, siret, status, email_verified)
     select id, 'Le Banc d’Essai', 'banc@example.fr', '123456789', 'approved', true from organisation returning id`,
  );
  await client.end();
  const restaurantId = rows[0].id;
  const app = createApp(deps, { clientDist: dataDir });
  const read = (ip: string) => app.request(`http://127.0.0.1:3000/api/public/restaurants/${restaurantId}`, { headers: { 'x-forwarded-for': ip } });

  async function run(variant: 'memory' | 'database'): Promise<number> {
    let done = 0;
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: LANES }, async (_, lane) => {
        const ip = `10.78.0.${lane + 1}`;
        // The same three lines the route counts, with the same subjects (no cookie: the device line is skipped).
        const hits: RequestHit[] = [
          { rule: huge[0], subject: undefined },
          { rule: huge[1], subject: `${ip} ${restaurantId}` },
          { rule: huge[2], subject: ip },
        ];
        while (Date.now() < until) {
          if (variant === 'database') await enforceRateLimits(deps.db, hits);
          const response = await read(ip);
          if (response.status !== 200) throw new Error(`read answered ${response.status}`);
          await response.arrayBuffer();
          done++;
        }
      }),
    );
    return done / SECONDS;
  }

  await run('memory');
  const results: Record<string, number[]> = { memory: [], database: [] };
  for (const variant of ['memory', 'database', 'memory', 'database'] as const) results[variant].push(await run(variant));
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  for (const [variant, values] of Object.entries(results)) {
    console.log(`${variant}: ${values.map((v) => v.toFixed(0)).join(', ')} reads/s (mean ${mean(values).toFixed(0)}; ${((LANES * 1e6) / mean(values)).toFixed(0)} µs per read and lane)`);
  }
  const perRead = (1e6 / mean(results.database) - 1e6 / mean(results.memory)) * 1;
  console.log(`database counter: +${perRead.toFixed(0)} µs of wall time per read at ${LANES} lanes (${(mean(results.memory) / mean(results.database)).toFixed(2)}× fewer reads/s)`);
} finally {
  await stop();
  await admin(`drop database if exists "${name}" with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}
