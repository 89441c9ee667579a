// `node --import tsx scripts/bench/platform-ab.ts <reads|settle> NAME=ENTRY[,flag,flag…] NAME=ENTRY…`: an
// alternated A/B measure of two production starts (compiled servers, the built client, NODE_ENV=production, the
// demo restaurant) for the platform's pieces (src/server/platform/README.md). ENTRY is a compiled server's
// index.js (`node scripts/build-server.mjs --out-dir DIR` builds one); the flags after it replace the production
// start's Node flags ("-" for none; default: SERVER_NODE_FLAGS). BENCH_DATABASE_URL=postgres://… runs each
// server on a throwaway PostgreSQL database (PGlite otherwise). AB_ROUNDS (3) rounds, the variants' order
// alternated each round; AB_SECONDS (5) per line.
// - `reads`: per variant and round, after a warm-up, /api/me at AB_ME_RATE/s (100), the submission at
//   AB_FEEDBACK_RATE/s (10) and the public restaurant read at AB_ME_RATE/s as open loops (the server's CPU per
//   answer, p50/p99), then the resident memory.
// - `settle`: per variant and round, AB_LOAD_SECONDS (20) of mixed load, AB_IDLE_SECONDS (45) of quiet with a
//   health check every 2 s (RSS sampled), then the same fixed-rate /api/me and submissions for 2 s: the latency
//   and CPU of the first requests after a lull, when code dropped by a memory-reducing collection is cold.
// - `session`: per variant and round, after a warm-up, an owner's session read at AB_ME_RATE/s: /api/me (the
//   session reader and the answer), better-auth's own `GET /api/auth/get-session` (its getSession), and a bare
//   `GET /api/health` beside them (the floor of any request): the server's CPU per answer and p50/p99.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../build-server.mjs';
import { runClosedLoop, runOpenLoop, type BuiltRequest, type ClosedLoopResult } from './http-load';
import { startDemoServer, type DemoServer } from '../support/demo-server';

const [mode, ...variantArgs] = process.argv.slice(2);
if (!['reads', 'settle', 'session'].includes(mode) || variantArgs.length < 2) throw new Error('usage: platform-ab.ts <reads|settle|session> NAME=ENTRY[,flags] NAME=ENTRY[,flags]');
const variants = variantArgs.map((arg) => {
  const [name, spec] = arg.split('=');
  const [entry, ...flags] = spec.split(',');
  return { name, entry, flags: flags.length === 0 ? [...SERVER_NODE_FLAGS] : flags.filter((flag) => flag !== '-') };
});
const ROUNDS = Number(process.env.AB_ROUNDS ?? 3);
const SECONDS = Number(process.env.AB_SECONDS ?? 5);
const ME_RATE = Number(process.env.AB_ME_RATE ?? 100);
const FEEDBACK_RATE = Number(process.env.AB_FEEDBACK_RATE ?? 10);
const LOAD_SECONDS = Number(process.env.AB_LOAD_SECONDS ?? 20);
const IDLE_SECONDS = Number(process.env.AB_IDLE_SECONDS ?? 45);
const ADMIN_URL = process.env.BENCH_DATABASE_URL;

const rssMb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)/m)![1]) / 1024;
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (times: number[], q: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

async function withDatabase<T>(work: (url: string | undefined) => Promise<T>): Promise<T> {
  if (!ADMIN_URL) return work(undefined);
  const name = `refeed_ab_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

let n = 0;
const ip = () => `10.8.${(n >> 8) & 255}.${n++ & 255}`;
const requests = (server: DemoServer) => ({
  me: { url: `${server.base}/api/me`, build: (): BuiltRequest => ({ headers: { cookie: server.ownerCookie, 'accept-encoding': 'gzip, br' } }) },
  publicRead: { url: `${server.base}/api/public/restaurants/${server.restaurantId}`, build: (): BuiltRequest => ({ headers: { 'x-forwarded-for': ip(), 'accept-encoding': 'gzip, br' } }) },
  feedback: {
    url: `${server.base}/api/public/feedbacks`,
    method: 'POST',
    build: (): BuiltRequest => {
      const k = n++;
      const body = JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId: server.restaurantId, rating: 5, firstName: 'Banc', email: `ab-${k}@example.fr`, comment: 'Très bon' });
      return { body, headers: { 'content-type': 'application/json', 'x-forwarded-for': ip(), origin: server.base, 'accept-encoding': 'gzip, br' } };
    },
  },
});

/** A load on the server and what it cost the server's process: answers/s, CPU ms per answer, p50/p99 ms. */
async function measure(pid: number, load: () => Promise<ClosedLoopResult>, seconds: number) {
  const cpuBefore = cpuSeconds(pid);
  const result = await load();
  const cpu = cpuSeconds(pid) - cpuBefore;
  const answers = result.times.length;
  return { perSecond: answers / seconds, cpuMs: (cpu * 1000) / Math.max(1, answers), p50: quantile(result.times, 0.5), p99: quantile(result.times, 0.99), errors: result.errors };
}

const figures = new Map<string, Map<string, string[]>>();
function record(variant: string, line: string, value: string) {
  const byLine = figures.get(variant) ?? new Map<string, string[]>();
  figures.set(variant, byLine);
  byLine.set(line, [...(byLine.get(line) ?? []), value]);
  console.log(`  ${variant} | ${line}: ${value}`);
}
const fmt = (m: Awaited<ReturnType<typeof measure>>) =>
  `${m.perSecond.toFixed(0)}/s, CPU ${m.cpuMs.toFixed(3)} ms/answer, p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms${m.errors ? `, ${m.errors} errors` : ''}`;

async function reads(variant: (typeof variants)[number], server: DemoServer) {
  const r = requests(server);
  // Warmed first (the code optimised), then measured at fixed rates under the machine's floor: what it costs
  // the server per answer, and the latency a user sees, on a shared machine whose peak rates are noise.
  await runClosedLoop({ ...r.me, connections: 4, seconds: 3 });
  await runClosedLoop({ ...r.feedback, connections: 2, seconds: 3 });
  await sleep(2000);
  record(variant.name, `/api/me at ${ME_RATE}/s`, fmt(await measure(server.pid, () => runOpenLoop({ ...r.me, rate: ME_RATE, seconds: SECONDS }), SECONDS)));
  await sleep(1000);
  record(variant.name, `submission at ${FEEDBACK_RATE}/s`, fmt(await measure(server.pid, () => runOpenLoop({ ...r.feedback, rate: FEEDBACK_RATE, seconds: SECONDS }), SECONDS)));
  await sleep(1000);
  record(variant.name, `public restaurant at ${ME_RATE}/s`, fmt(await measure(server.pid, () => runOpenLoop({ ...r.publicRead, rate: ME_RATE, seconds: SECONDS }), SECONDS)));
  record(variant.name, 'RSS after', `${rssMb(server.pid).toFixed(0)} MB`);
}

async function settle(variant: (typeof variants)[number], server: DemoServer) {
  const r = requests(server);
  await sleep(10_000);
  record(variant.name, 'RSS idle', `${rssMb(server.pid).toFixed(0)} MB`);
  const loads = [r.me, r.publicRead, r.feedback].map((spec) => measure(server.pid, () => runClosedLoop({ ...spec, connections: 2, seconds: LOAD_SECONDS }), LOAD_SECONDS));
  await Promise.all(loads);
  record(variant.name, 'RSS end of load', `${rssMb(server.pid).toFixed(0)} MB`);
  const samples: number[] = [];
  for (let waited = 0; waited < IDLE_SECONDS; waited += 2) {
    await fetch(`${server.base}/api/health`).then((answer) => answer.arrayBuffer());
    await sleep(2000);
    if (waited % 10 === 8) samples.push(rssMb(server.pid));
  }
  record(variant.name, 'RSS each 10 s of quiet', samples.map((mb) => mb.toFixed(0)).join(', ') + ' MB');
  const cpuBefore = cpuSeconds(server.pid);
  const [me, feedback] = await Promise.all([runOpenLoop({ ...r.me, rate: ME_RATE / 3, seconds: 2 }), runOpenLoop({ ...r.feedback, rate: FEEDBACK_RATE, seconds: 2 })]);
  const cpuMs = (cpuSeconds(server.pid) - cpuBefore) * 1000;
  record(variant.name, `after the lull, /api/me at ${ME_RATE / 3}/s`, `p50 ${quantile(me.times, 0.5).toFixed(1)} ms, p99 ${quantile(me.times, 0.99).toFixed(1)} ms`);
  record(variant.name, `after the lull, submissions at ${FEEDBACK_RATE}/s`, `p50 ${quantile(feedback.times, 0.5).toFixed(1)} ms, p99 ${quantile(feedback.times, 0.99).toFixed(1)} ms`);
  record(variant.name, 'after the lull, server CPU per answer', `${(cpuMs / (me.times.length + feedback.times.length)).toFixed(3)} ms`);
}

async function session(variant: (typeof variants)[number], server: DemoServer) {
  const owner = (url: string) => ({ url, build: (): BuiltRequest => ({ headers: { cookie: server.ownerCookie, 'accept-encoding': 'gzip, br' } }) });
  for (const [line, spec] of [
    ['GET /api/health', owner(`${server.base}/api/health`)],
    ['GET /api/me', owner(`${server.base}/api/me`)],
    ['GET /api/auth/get-session', owner(`${server.base}/api/auth/get-session`)],
  ] as const) {
    await runClosedLoop({ ...spec, connections: 4, seconds: 2 });
    record(variant.name, `${line} at ${ME_RATE}/s`, fmt(await measure(server.pid, () => runOpenLoop({ ...spec, rate: ME_RATE, seconds: SECONDS }), SECONDS)));
  }
}

for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? variants : [...variants].reverse();
  for (const variant of order) {
    console.log(`round ${round + 1}, ${variant.name} (${variant.entry} ${variant.flags.join(' ')})`);
    await withDatabase(async (databaseUrl) => {
      const server = await startDemoServer({ databaseUrl, nodeFlags: variant.flags, entry: variant.entry, env: { TRUST_PROXY: '1' } });
      try {
        await (mode === 'reads' ? reads(variant, server) : mode === 'session' ? session(variant, server) : settle(variant, server));
      } finally {
        await server.stop();
      }
    });
  }
}
console.log(`\n${mode}, ${ADMIN_URL ? 'PostgreSQL' : 'PGlite'}, ${ROUNDS} rounds alternated, ${SECONDS} s per line`);
for (const [variant, byLine] of figures) for (const [line, values] of byLine) console.log(`${variant} | ${line}: ${values.join(' · ')}`);
