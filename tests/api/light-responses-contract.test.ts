// Contract of the light responses (src/server/platform/light-responses.ts, decision 016) with the library
// internals they rely on, hono 4.13.19 and @hono/node-server 2.1.8 (pinned exactly in package.json).
// A light answer must reach the socket exactly as hono's own c.json would, and still take the adapter's
// fast path (one writeHead with the plain headers object, one end with the body): when an upgrade of
// either library changes that, these tests fail instead of the answers changing or slowing silently.
import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import type { ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, compressLargeAnswers, lightJsonAnswers, lightResponse } from '../../src/server/platform/light-responses';

type Env = { Bindings: { outgoing: ServerResponse } };
/** What the adapter was asked to write for the last light request: writeHead's headers and end's body. */
type Written = { writeHeadCalls: number; headers: unknown; endBody: unknown; writeCalls: number; given?: unknown };
const written = new Map<string, Written>();

const PAYLOAD = { message: 'Merci pour votre avis ✨', points: 12, nested: { ok: true, list: [1, 2, 3] } };
const LARGE = { items: Array.from({ length: 200 }, (_, index) => ({ index, label: `Client n°${index} — fidèle` })) };

/** The same routes, answered by the light middleware (light: true) or by hono's own context (light: false). */
function routes(light: boolean) {
  const app = new Hono<Env>();
  // Records how the adapter writes the answer: the light path calls writeHead once and end once with the body.
  app.use(async (c, next) => {
    const outgoing = c.env.outgoing;
    const record: Written = { writeHeadCalls: 0, headers: undefined, endBody: undefined, writeCalls: 0 };
    written.set(`${light}:${c.req.path}`, record);
    const { writeHead, end, write } = outgoing;
    outgoing.writeHead = ((...args: Parameters<typeof writeHead>) => {
      record.writeHeadCalls += 1;
      record.headers = args[1];
      return writeHead.apply(outgoing, args);
    }) as typeof writeHead;
    outgoing.write = ((...args: Parameters<typeof write>) => {
      record.writeCalls += 1;
      return write.apply(outgoing, args);
    }) as typeof write;
    outgoing.end = ((...args: Parameters<typeof end>) => {
      record.endBody ??= args[0];
      return end.apply(outgoing, args);
    }) as typeof end;
    // A header put on Node's response before the app answers (as lib/security-headers does) is merged in.
    outgoing.setHeader('x-set-early', 'oui');
    await next();
    // The headers the answer holds, read without asking the Response for them (which would build a Headers).
    record.given = lightweightCache(c.res)?.[2];
  });
  // As in app.ts: the light JSON answers and the compression step on the JSON routes only (hono's
  // compress() reads an answer's headers, which would make a light HTML page a full web Response).
  if (light) {
    app.use('/json/*', lightJsonAnswers);
    app.use('/json/*', compressLargeAnswers());
  } else {
    // hono's own way for a large answer: compress() with the same threshold.
    app.use('/json/large', compress({ threshold: COMPRESS_THRESHOLD_BYTES }));
  }
  app.get('/json/default', (c) => c.json(PAYLOAD));
  app.get('/json/status-arg', (c) => c.json(PAYLOAD, 201));
  app.get('/json/with-headers', (c) => c.json(PAYLOAD, 404, { 'cache-control': 'no-store', 'retry-after': '5' }));
  app.get('/json/status-before', (c) => {
    c.status(202);
    return c.json(PAYLOAD);
  });
  app.get('/json/header-before', (c) => {
    c.header('x-before', 'oui');
    return c.json(PAYLOAD, 200);
  });
  app.get('/json/large', (c) => c.json(LARGE));
  app.get('/json/context-shape', (c) => c.json(contextShape(c)));
  app.get('/html', () => lightResponse('<!doctype html><title>Été ✨</title>', 404, { 'content-type': 'text/html; charset=UTF-8', 'cache-control': 'no-cache' }));
  return app;
}

/** The adapter's lightweight Response keeps [status, body, headers] under a symbol described 'cache'. */
function lightweightCache(response: Response): unknown[] | undefined {
  const symbol = Object.getOwnPropertySymbols(response).find((candidate) => candidate.description === 'cache');
  return symbol ? (response as unknown as Record<symbol, unknown[]>)[symbol] : undefined;
}

/** How hono's Context holds the methods the middleware replaces: own, writable function properties. */
function contextShape(c: Context) {
  return Object.fromEntries(
    ['json', 'header', 'status', 'body'].map((name) => {
      const descriptor = Object.getOwnPropertyDescriptor(c, name);
      return [name, { own: !!descriptor, writable: !!descriptor?.writable, type: typeof descriptor?.value }];
    }),
  );
}

function listenOn(app: Hono<Env>): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ server, port: info.port }));
  });
}

type Raw = { statusLine: string; headers: Array<[string, string]>; body: Buffer };
/** One HTTP/1.1 request over a bare socket: the status line, the header lines and the body bytes as sent. */
function rawGet(port: number, pathname: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers = lines.map((line): [string, string] => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]);
      resolve({ statusLine, headers, body: all.subarray(split + 4) });
    });
  });
}

/** The answer's headers, names lower-cased and sorted, without the ones that vary per connection or second. */
const comparable = (raw: Raw) => raw.headers.filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)).sort(([a], [b]) => a.localeCompare(b));

let light: { server: ServerType; port: number };
let hono: { server: ServerType; port: number };
beforeAll(async () => {
  light = await listenOn(routes(true));
  hono = await listenOn(routes(false));
});
afterAll(() => {
  light.server.close();
  hono.server.close();
});

describe('light JSON answers against hono and @hono/node-server', () => {
  it.each(['/json/default', '/json/status-arg', '/json/with-headers', '/json/status-before', '/json/header-before', '/json/large'])(
    '%s reaches the socket with the same status, headers and body bytes as hono’s own c.json',
    async (pathname) => {
      const [ours, theirs] = await Promise.all([rawGet(light.port, pathname), rawGet(hono.port, pathname)]);
      expect(ours.statusLine).toBe(theirs.statusLine);
      expect(comparable(ours)).toEqual(comparable(theirs));
      expect(ours.body.equals(theirs.body)).toBe(true);
      expect(ours.headers).toContainEqual(['content-length', String(ours.body.length)]);
      expect(ours.headers).toContainEqual(['x-set-early', 'oui']);
    },
  );

  it('takes the adapter’s fast path: one writeHead with the plain headers, one end with the body text', async () => {
    for (const pathname of ['/json/default', '/json/with-headers', '/json/status-before']) {
      const raw = await rawGet(light.port, pathname);
      const record = written.get(`true:${pathname}`)!;
      expect(record.writeHeadCalls, pathname).toBe(1);
      expect(record.writeCalls, pathname).toBe(0);
      // The very headers object given to the Response, passed to Node as it is (not a Headers rebuilt into a record).
      expect(Object.getPrototypeOf(record.given), pathname).toBe(Object.prototype);
      expect(record.headers, pathname).toBe(record.given);
      expect(record.headers, pathname).toMatchObject({ 'content-type': 'application/json', 'content-length': String(raw.body.length) });
      expect(record.endBody, pathname).toBe(raw.body.toString('utf8'));
    }
  });

  it('where hono’s own c.json with two headers goes through a Headers object (the cost the light path avoids)', async () => {
    await rawGet(hono.port, '/json/with-headers');
    const record = written.get('false:/json/with-headers')!;
    expect(record.writeHeadCalls).toBe(1);
    expect(record.given).toBeInstanceOf(Headers);
    expect(record.headers).not.toBe(record.given);
  });

  it('sends a light HTML page with its status, plain headers and byte length', async () => {
    const raw = await rawGet(light.port, '/html');
    expect(raw.statusLine).toBe('HTTP/1.1 404 Not Found');
    expect(raw.body.toString('utf8')).toBe('<!doctype html><title>Été ✨</title>');
    expect(raw.headers).toContainEqual(['content-length', String(Buffer.byteLength('<!doctype html><title>Été ✨</title>'))]);
    expect(raw.headers).toContainEqual(['cache-control', 'no-cache']);
    expect(written.get('true:/html')!.writeHeadCalls).toBe(1);
    expect(written.get('true:/html')!.headers).toBe(written.get('true:/html')!.given);
    expect(written.get('true:/html')!.endBody).toBe('<!doctype html><title>Été ✨</title>');
  });

  it('relies on a global Response that keeps its plain headers object as given, until something reads .headers', () => {
    const headers = { 'content-type': 'application/json', 'content-length': '2' };
    const response = new Response('{}', { status: 201, headers });
    const cache = lightweightCache(response);
    expect(cache, 'the adapter’s lightweight Response (global Response replaced by serve)').toEqual([201, '{}', headers]);
    expect(cache![2]).toBe(headers);
    expect(response.headers.get('content-length')).toBe('2');
    expect(lightweightCache(response)![2]).toBeInstanceOf(Headers);
  });

  it('relies on hono’s context holding json, header, status and body as own writable functions', async () => {
    const response = await fetch(`http://127.0.0.1:${hono.port}/json/context-shape`);
    const expected = { own: true, writable: true, type: 'function' };
    expect(await response.json()).toEqual({ json: expected, header: expected, status: expected, body: expected });
  });
});
