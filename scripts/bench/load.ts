// The bench's load generator, run in its own process so it never shares a core's event loop with the
// server it measures. Reads one scenario, or a list run one after the other (JSON), from argv, drives each
// (bench/http-load.ts: a closed loop of keep-alive connections, or a steady open loop at a fixed rate), and prints one line of JSON: for each, requests/s,
// exact p50/p95/p99 from every response time, the non-2xx count and the machine's CPU time meanwhile (an
// object for one scenario, an array for a list).
import { readFileSync } from 'node:fs';
import { runClosedLoop, runOpenLoop } from './http-load';

export type LoadSpec = {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** 'feedback': each request is a new diner's 5-star submission with its own id, email and address. */
  body?: { kind: 'feedback'; restaurantId: string };
  /** Each request names a new client address in X-Forwarded-For (the server trusts one proxy). */
  spreadClientIps?: boolean;
  connections: number;
  seconds: number;
  /** Requests per second for the whole run (an open loop); unset: as fast as answers come. */
  rate?: number;
};
/** `machineCpuMs`: CPU time the whole machine spent while it ran (server, database, this generator, the rest). */
/** `generatorCpuMs`: CPU time this generator process spent meanwhile (part of `machineCpuMs`). */
export type LoadResult = { requests: number; perSecond: number; p50: number; p95: number; p99: number; errors: number; machineCpuMs: number; generatorCpuMs: number };

let sequence = Math.floor(Math.random() * 1e6);
const ipOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** The n-th request's headers and body: a new diner (id, email, address) for each submission. */
function buildRequest(spec: LoadSpec, n: number, baseHeaders: Record<string, string>): { headers: Record<string, string>; body?: string } {
  const headers = { ...baseHeaders, ...(spec.spreadClientIps ? { 'x-forwarded-for': ipOf(n) } : {}) };
  if (!spec.body) return { headers };
  const body = JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId: spec.body.restaurantId, rating: 5, firstName: 'Bench', email: `bench-${n}@example.fr`, comment: 'Très bon' });
  return { headers: { ...headers, 'content-type': 'application/json' }, body };
}

// The phones' header: compression is negotiated as it is for real diners.
const headersOf = (spec: LoadSpec): Record<string, string> => ({ 'accept-encoding': 'gzip, br', ...spec.headers });

/** As fast as answers come: `connections` requests in flight (bench/http-load.ts, decision 067). */
function runClosedLoopOf(spec: LoadSpec): Promise<{ times: number[]; errors: number }> {
  const headers = headersOf(spec);
  return runClosedLoop({ url: spec.url, method: spec.method, connections: spec.connections, seconds: spec.seconds, build: () => buildRequest(spec, sequence++, headers) });
}

/**
 * At a fixed rate: one request every 1/rate s whatever the answers (open loop, bench/http-load.ts), each
 * timed from the moment it was due (a rate-limited closed loop would send each second's quota at once and
 * measure its bursts).
 */
function runAtRate(spec: LoadSpec, rate: number): Promise<{ times: number[]; errors: number }> {
  const headers = headersOf(spec);
  return runOpenLoop({ url: spec.url, method: spec.method, rate, seconds: spec.seconds, build: () => buildRequest(spec, sequence++, headers) });
}

/** CPU time the whole machine has spent busy so far, in ms (Linux /proc/stat, clock ticks of 10 ms). */
function readMachineBusyMs(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3] + fields[4]; // idle + iowait
  return (fields.slice(0, 8).reduce((sum, value) => sum + value, 0) - idle) * 10;
}

async function runSpec(spec: LoadSpec): Promise<LoadResult> {
  const busyBefore = readMachineBusyMs();
  const ownBefore = process.cpuUsage();
  const { times, errors } = spec.rate ? await runAtRate(spec, spec.rate) : await runClosedLoopOf(spec);
  const machineCpuMs = readMachineBusyMs() - busyBefore;
  const own = process.cpuUsage(ownBefore);
  const generatorCpuMs = (own.user + own.system) / 1000;
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;
  return { requests: times.length, perSecond: times.length / spec.seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors, machineCpuMs, generatorCpuMs };
}

const input = JSON.parse(process.argv[2]) as LoadSpec | LoadSpec[];
const results: LoadResult[] = [];
for (const spec of Array.isArray(input) ? input : [input]) results.push(await runSpec(spec));
console.log(JSON.stringify(Array.isArray(input) ? results : results[0]));
