// The bench's load generator, run in its own process so it never shares a core's event loop with the
// server it measures. Reads one scenario (JSON) from argv, drives it with autocannon, and prints one line
// of JSON: requests/s, exact p50/p95/p99 from every response time, and the non-2xx count.
import autocannon from 'autocannon';

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
};
export type LoadResult = { requests: number; perSecond: number; p50: number; p95: number; p99: number; errors: number };

const spec = JSON.parse(process.argv[2]) as LoadSpec;
let sequence = Math.floor(Math.random() * 1e6);
const ipOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

const instance = autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  // The phones' header: compression is negotiated as it is for real diners.
  headers: { 'accept-encoding': 'gzip, br', ...spec.headers },
  requests: [
    {
      method: spec.method ?? 'GET',
      setupRequest(request) {
        const n = sequence++;
        const headers = { ...request.headers, ...(spec.spreadClientIps ? { 'x-forwarded-for': ipOf(n) } : {}) };
        if (!spec.body) return { ...request, headers };
        const body = JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId: spec.body.restaurantId, rating: 5, firstName: 'Bench', email: `bench-${n}@example.fr`, comment: 'Très bon' });
        return { ...request, headers: { ...headers, 'content-type': 'application/json' }, body };
      },
    },
  ],
});
const times: number[] = [];
instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
const result = await instance;
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;
const output: LoadResult = {
  requests: result.requests.total,
  perSecond: result.requests.total / spec.seconds,
  p50: at(0.5),
  p95: at(0.95),
  p99: at(0.99),
  errors: result.non2xx + result.errors + result.timeouts,
};
console.log(JSON.stringify(output));
