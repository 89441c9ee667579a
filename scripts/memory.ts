// `node --import tsx scripts/memory.ts` (BENCH_DATABASE_URL=postgres://… for PostgreSQL): the resident
// memory of one production instance (compiled server, built client, the production Node flags) idle,
// during a mixed load (public reads, QR lookups, /api/me, the dashboard and submissions at once), and
// each 10 s of the minute after it, with the goal of issue 34: idle ≤ 150 MB on PostgreSQL, back within
// 25% of idle within a minute. MEMORY_LOAD_SECONDS (60) sets the load's length; MEMORY_EXTRA_NODE_FLAGS
// (space-separated) tries Node flags beside the production ones; MEMORY_SUMMARY_FILE gets the figures as JSON.
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from './build-server.mjs';
import { runClosedLoop, type BuiltRequest } from './bench/http-load';
import type { TListQrCodesResponse } from '../src/shared/schemas/qr';
import { startDemoServer } from './support/demo-server';

const LOAD_SECONDS = Number(process.env.MEMORY_LOAD_SECONDS ?? 60);
const ADMIN_URL = process.env.BENCH_DATABASE_URL;

const rssMb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)/m)![1]) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let databaseUrl: string | undefined;
let drop = async () => {};
if (ADMIN_URL) {
  const name = `refeed_memory_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  drop = async () => {
    const dropper = new pg.Client({ connectionString: ADMIN_URL });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  };
}

const extraFlags = (process.env.MEMORY_EXTRA_NODE_FLAGS ?? '').split(' ').filter(Boolean);
// The load names each client in X-Forwarded-For (many diners, as in a restaurant): the server trusts one proxy,
// as a production instance behind its load balancer does, so that per-address limits do not refuse the load.
const server = await startDemoServer({ databaseUrl, nodeFlags: [...SERVER_NODE_FLAGS, ...extraFlags], env: { TRUST_PROXY: '1' } });
try {
  const { base, ownerCookie, restaurantId, pid } = server;
  const qr = (await (await fetch(`${base}/api/qr`, { headers: { cookie: ownerCookie } })).json()) as TListQrCodesResponse;
  const qrCode = qr.qrCodes[0].code;
  // Settled: the start's work (migrations, the first reads) is behind it.
  await sleep(10_000);
  const idle = rssMb(pid);
  let n = 0;
  const ip = () => `10.9.${(n >> 8) & 255}.${n++ & 255}`;
  // The bench's closed loop (bench/http-load.ts), two connections per path unless told otherwise.
  const run = (url: string, build: () => BuiltRequest, method = 'GET', connections = 2) =>
    runClosedLoop({
      url,
      method,
      connections,
      seconds: LOAD_SECONDS,
      build: () => {
        const built = build();
        return { ...built, headers: { 'accept-encoding': 'gzip, br', ...built.headers } };
      },
    });
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 500);
  const paths = ['public restaurant', 'QR lookup', '/api/me', 'dashboard', 'submission'];
  const loads = await Promise.all([
    run(`${base}/api/public/restaurants/${restaurantId}`, () => ({ headers: { 'x-forwarded-for': ip() } })),
    run(`${base}/api/public/qr/${encodeURIComponent(qrCode)}`, () => ({ headers: { 'x-forwarded-for': ip() } })),
    run(`${base}/api/me`, () => ({ headers: { cookie: ownerCookie } })),
    run(`${base}/api/dashboard`, () => ({ headers: { cookie: ownerCookie } }), 'GET', 1),
    run(
      `${base}/api/public/feedbacks`,
      () => {
        const k = n++;
        const body = JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId, rating: 5, firstName: 'Mémoire', email: `memory-${k}@example.fr`, comment: 'Très bon' });
        return { body, headers: { 'content-type': 'application/json', 'x-forwarded-for': ip() } };
      },
      'POST',
    ),
  ]);
  clearInterval(sampler);
  const after = rssMb(pid);
  const settle: number[] = [];
  for (let seconds = 10; seconds <= 60; seconds += 10) {
    await sleep(10_000);
    settle.push(rssMb(pid));
  }
  const last = settle.at(-1)!;
  console.log(`database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${LOAD_SECONDS} s of mixed load, node flags: ${[...SERVER_NODE_FLAGS, ...extraFlags].join(' ')}`);
  console.log(`load: ${loads.map((load, i) => `${paths[i]} ${load.times.length} answers, ${load.errors} errors`).join('; ')}`);
  // Figures from a refused load would be those of an instance answering errors, not of one at work.
  if (loads.some((load) => load.errors > load.times.length / 100)) throw new Error('more than 1% of a path\'s answers were errors: no memory figures');
  console.log(`RSS idle ${idle.toFixed(0)} MB (goal ≤ 150 MB on PostgreSQL: ${idle <= 150 ? 'met' : 'NOT met'})`);
  console.log(`RSS peak ${peak.toFixed(0)} MB, at the end of the load ${after.toFixed(0)} MB`);
  console.log(`RSS each 10 s after: ${settle.map((mb) => mb.toFixed(0)).join(', ')} MB`);
  console.log(`a minute after: ${((last / idle - 1) * 100).toFixed(0)}% above idle (goal ≤ 25%: ${last <= idle * 1.25 ? 'met' : 'NOT met'})`);
  // For npm run bench, which prints every goal together.
  if (process.env.MEMORY_SUMMARY_FILE) writeFileSync(process.env.MEMORY_SUMMARY_FILE, JSON.stringify({ idle, peak, after, settle, loadSeconds: LOAD_SECONDS, postgres: Boolean(databaseUrl) }));
} finally {
  await server.stop();
  await drop();
}
