// Many diners behind one address (a restaurant's guest Wi-Fi, a carrier NAT, an undeclared load balancer),
// and a flood from one address: what the diner limits accept and refuse (decision 026). Used by
// `npm run bench` (lines '150 diners behind one address in a minute' and 'flood: …') and by
// tests/api/diner-limits.test.ts against a test server, so the bench's figure and the test are one code.
import http from 'node:http';

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One request over its own connection (no keep-alive: a busy machine never races a reused connection
 * against its closing). `forwardedFor`: the address a trusted proxy would append (bench server, TRUST_PROXY=1);
 * without it the server sees the socket's address (TRUST_PROXY=0).
 */
export function send(url: string, options: { cookie: string; body?: unknown; forwardedFor?: string }): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: http.OutgoingHttpHeaders = { cookie: options.cookie };
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: payload === undefined ? 'GET' : 'POST', agent: false, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** Runs `count` tasks, `width` at a time; returns their results in order. */
export async function inBatches<T>(count: number, width: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

/** The statuses of a diner's five steps when every one was accepted. */
export const DINER_OK = '200 200 201 200 200';

/**
 * `diners` diners, each on a phone of its own, all behind one address, rate one restaurant: the QR
 * lookup, the restaurant read, the visit, the points read and the rating. A diner is accepted when every
 * step answered as it should. Returns accepted / sent and the seconds it took.
 */
export async function dinersBehindOneAddress(
  base: string,
  target: { restaurantId: string; qrCode: string },
  options: { diners: number; width?: number; forwardedFor?: string },
): Promise<{ accepted: number; sent: number; seconds: number; answers: string[] }> {
  const started = performance.now();
  const answers = await inBatches(options.diners, options.width ?? 10, async () => {
    const cookie = `rf_tid=${crypto.randomUUID()}`;
    const at = (path: string, body?: unknown) => send(`${base}${path}`, { cookie, body, forwardedFor: options.forwardedFor });
    const steps = [
      await at(`/api/public/qr/${encodeURIComponent(target.qrCode)}`),
      await at(`/api/public/restaurants/${target.restaurantId}`),
      await at('/api/public/visits', { restaurantId: target.restaurantId, code: target.qrCode }),
      await at(`/api/public/restaurants/${target.restaurantId}/anonymous-points`),
      await at('/api/public/feedbacks', { submissionId: crypto.randomUUID(), restaurantId: target.restaurantId, rating: 5 }),
    ];
    return steps.map((step) => step.status).join(' ');
  });
  return { accepted: answers.filter((answer) => answer === DINER_OK).length, sent: options.diners, seconds: (performance.now() - started) / 1000, answers };
}

/** A 429's Retry-After and message, as the flood sees them. */
export type Refusal = { retryAfter: string | undefined; message: string };

/**
 * A flood of `count` ratings of one restaurant from one address, each from a fresh cookie (a script
 * minting devices): how many were refused (429) and accepted, and the 429s' Retry-After and message.
 */
export async function floodFromOneAddress(
  base: string,
  restaurantId: string,
  options: { count: number; width?: number; forwardedFor?: string },
): Promise<{ refused: number; accepted: number; other: number; sent: number; seconds: number; refusals: Refusal[] }> {
  const started = performance.now();
  const refusals: Refusal[] = [];
  const statuses = await inBatches(options.count, options.width ?? 16, async () => {
    const answer = await send(`${base}/api/public/feedbacks`, {
      cookie: `rf_tid=${crypto.randomUUID()}`,
      body: { submissionId: crypto.randomUUID(), restaurantId, rating: 5 },
      forwardedFor: options.forwardedFor,
    });
    if (answer.status === 429) refusals.push({ retryAfter: answer.headers['retry-after'] as string | undefined, message: (JSON.parse(answer.body) as { error: { message: string } }).error.message });
    return answer.status;
  });
  const accepted = statuses.filter((status) => status === 200).length;
  return { refused: refusals.length, accepted, other: options.count - accepted - refusals.length, sent: options.count, seconds: (performance.now() - started) / 1000, refusals };
}
