// The bench's load generator (scripts/bench/http-load.ts, decision 067), closed and open loops, counts what a server
// really answered: every whole answer, however its bytes arrive (Content-Length or chunked, split anywhere),
// non-2xx answers as errors, a closed connection replaced, a refused one retried. A generator that
// miscounts would make every ratio of the bench wrong.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { readAnswer, runClosedLoop, runOpenLoop, serialiseRequest } from '../../scripts/bench/http-load';

const bytes = (text: string) => Buffer.from(text, 'latin1');

/** A real HTTP server whose requests each carry `{ n }` in a JSON body: `answer` gets n, the request and the response. */
const numberedServer = (answer: (n: number, request: IncomingMessage, response: ServerResponse) => void): Server =>
  createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (part: string) => (body += part));
    request.on('end', () => answer((JSON.parse(body) as { n: number }).n, request, response));
  });

describe('readAnswer', () => {
  it('waits for the whole body declared by Content-Length, however the bytes are split', () => {
    const answer = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}';
    for (let cut = 0; cut < answer.length; cut++) expect(readAnswer(bytes(answer.slice(0, cut)))).toBeNull();
    expect(readAnswer(bytes(answer))).toEqual({ status: 200, length: answer.length, close: false });
  });

  it('reads a chunked answer to its last chunk, trailers included', () => {
    const plain = 'HTTP/1.1 503 Service Unavailable\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n4\r\nabcd\r\nA\r\n0123456789\r\n0\r\n\r\n';
    for (let cut = 0; cut < plain.length; cut++) expect(readAnswer(bytes(plain.slice(0, cut)))).toBeNull();
    expect(readAnswer(bytes(plain))).toEqual({ status: 503, length: plain.length, close: true });
    const trailers = 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\nok\r\n0\r\nx-checksum: 1\r\n\r\n';
    expect(readAnswer(bytes(trailers.slice(0, -2)))).toBeNull();
    expect(readAnswer(bytes(trailers))).toEqual({ status: 200, length: trailers.length, close: false });
  });

  it('takes an answer without a body (204) as whole at its head', () => {
    const answer = 'HTTP/1.1 204 No Content\r\nDate: x\r\n\r\n';
    expect(readAnswer(bytes(answer))).toEqual({ status: 204, length: answer.length, close: false });
  });
});

it('serialises the request line, Host, the headers and the body with its byte length', () => {
  const text = serialiseRequest(new URL('http://127.0.0.1:8080/api/x?y=1'), 'POST', { headers: { 'content-type': 'application/json' }, body: '{"c":"Très bon"}' });
  expect(text).toBe('POST /api/x?y=1 HTTP/1.1\r\nhost: 127.0.0.1:8080\r\ncontent-type: application/json\r\ncontent-length: 17\r\n\r\n{"c":"Très bon"}');
});

describe('runClosedLoop against a real server', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = undefined;
  });

  it('counts every whole answer, errors on non-2xx, replaces closed connections and sends each built request', async () => {
    const seen = { answered: 0, refusedWith503: 0, closed: 0, connections: 0, bodies: new Set<number>() };
    server = numberedServer((n, request, response) => {
      expect(request.headers['x-diner']).toBe(String(n));
      seen.bodies.add(n);
      seen.answered++;
      // Each kind of answer from the first four requests on, however slow the machine.
      const kind = n % 4;
      if (kind === 1) {
        seen.refusedWith503++;
        response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"Réessayez"}');
      } else if (kind === 2) {
        seen.closed++;
        response.writeHead(200, { connection: 'close', 'content-type': 'text/plain' }).end('bye');
      } else if (kind === 3) {
        // Chunked and compressed, written in pieces with pauses: the answer arrives in several reads.
        const zipped = gzipSync(Buffer.from(JSON.stringify({ n, padding: 'x'.repeat(4000) })));
        response.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' });
        response.write(zipped.subarray(0, 10));
        setTimeout(() => response.end(zipped.subarray(10)), 2);
      } else {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ n }));
      }
    });
    server.on('connection', () => seen.connections++);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    let next = 0;
    const connections = 4;
    const result = await runClosedLoop({
      url: `http://127.0.0.1:${port}/feedbacks`,
      method: 'POST',
      connections,
      seconds: 2,
      build: () => {
        const n = next++;
        return { headers: { 'content-type': 'application/json', 'x-diner': String(n) }, body: JSON.stringify({ n }) };
      },
    });
    // What was counted is what the server answered, but for at most one answer per connection cut at the end.
    // Counts, not speed: a loaded CI machine answers a few dozen in the run, a quiet one thousands.
    expect(result.times.length).toBeGreaterThanOrEqual(connections * 2);
    expect(result.times.length).toBeLessThanOrEqual(seen.answered);
    expect(seen.answered - result.times.length).toBeLessThanOrEqual(connections);
    expect(result.errors).toBeGreaterThan(0);
    expect(result.errors).toBeLessThanOrEqual(seen.refusedWith503);
    expect(seen.refusedWith503 - result.errors).toBeLessThanOrEqual(connections);
    // Each closing answer made the generator open a new connection; every request was built once.
    expect(seen.closed).toBeGreaterThanOrEqual(1);
    expect(seen.connections).toBeGreaterThanOrEqual(seen.closed + 1);
    expect(seen.bodies.size).toBe(seen.answered);
    expect(result.times.every((time) => time > 0)).toBe(true);
  });

  it('counts refused connections as errors and stops on time', async () => {
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const { port } = spare.address() as AddressInfo;
    await new Promise((resolve) => spare.close(resolve));
    const started = performance.now();
    const result = await runClosedLoop({ url: `http://127.0.0.1:${port}/`, connections: 2, seconds: 0.3, build: () => ({ headers: {} }) });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(result.times).toEqual([]);
    expect(result.errors).toBeGreaterThan(2);
  });
});

describe('runOpenLoop against a real server', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
    server = undefined;
  });

  it('sends each request when due whatever the answers, times it from then, and waits for every answer', async () => {
    const seen = { answered: 0, connections: 0, bodies: new Set<number>() };
    server = numberedServer((n, _request, response) => {
      seen.bodies.add(n);
      seen.answered++;
      // The first answer blocks this server's event loop for 300 ms: every request due meanwhile is late
      // by what is left of it, and its time must say so (no coordinated omission).
      if (n === 0) {
        const until = performance.now() + 300;
        while (performance.now() < until);
      }
      if (n % 5 === 4) response.writeHead(503, { 'content-type': 'text/plain' }).end('non');
      else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ n }));
    });
    server.on('connection', () => seen.connections++);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    let next = 0;
    const result = await runOpenLoop({
      url: `http://127.0.0.1:${port}/feedbacks`,
      method: 'POST',
      rate: 50,
      seconds: 1,
      build: () => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n: next++ }) }),
    });
    // Every request of the run was sent once and answered; every fifth was refused (503).
    expect(seen.answered).toBe(50);
    expect(seen.bodies.size).toBe(50);
    expect(result.times).toHaveLength(50);
    expect(result.errors).toBe(10);
    // The stall shows: the first request waited the whole 300 ms, and so did the ones due just after it.
    const sorted = [...result.times].sort((a, b) => b - a);
    expect(sorted[0]).toBeGreaterThanOrEqual(290);
    expect(sorted.filter((time) => time >= 200).length).toBeGreaterThanOrEqual(5);
    // Requests due during the stall went on new connections instead of waiting in line behind it.
    expect(seen.connections).toBeGreaterThan(1);
  });

  it('counts each request as an error when no connection can be made, and still ends', async () => {
    const spare = createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const { port } = spare.address() as AddressInfo;
    await new Promise((resolve) => spare.close(resolve));
    const result = await runOpenLoop({ url: `http://127.0.0.1:${port}/`, rate: 40, seconds: 0.25, build: () => ({ headers: {} }) });
    expect(result.times).toEqual([]);
    expect(result.errors).toBe(10);
  });
});
