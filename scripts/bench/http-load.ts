// The bench's closed-loop load (decision 067): `connections` keep-alive HTTP/1.1 sockets, each with one
// request in flight, the next sent as soon as its answer is whole — as pgbench's clients each hold one
// transaction. Written on node:net so that the generator costs the machine about what pgbench's own client
// costs its ceiling (~0.15 ms per request on this machine; autocannon spent 0.30–0.38 ms, taken from the
// 2 cores the server and the database share). Each request is built by the caller (a new diner per
// submission); every answer is read whole (Content-Length or chunked) and timed from its write.
import net from 'node:net';

export type BuiltRequest = { headers: Record<string, string>; body?: string };
export type ClosedLoopSpec = { url: string; method?: string; connections: number; seconds: number; build: () => BuiltRequest };
export type ClosedLoopResult = { times: number[]; errors: number };

/** An answer that was not whole within this long counts as an error and its socket is replaced (autocannon's default). */
const ANSWER_TIMEOUT_MS = 10_000;
const HEAD_END = Buffer.from('\r\n\r\n');
const LINE_END = Buffer.from('\r\n');

/** The request's bytes: request line, Host, the caller's headers and Content-Length when there is a body. */
export function serialiseRequest(url: URL, method: string, request: BuiltRequest): string {
  let text = `${method} ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\n`;
  for (const [name, value] of Object.entries(request.headers)) text += `${name}: ${value}\r\n`;
  if (request.body !== undefined) text += `content-length: ${Buffer.byteLength(request.body)}\r\n`;
  return `${text}\r\n${request.body ?? ''}`;
}

/**
 * The first whole answer at the start of `buffer`: its status, its length in bytes (head and body) and
 * whether the server closes the connection after it; null while bytes are missing.
 */
export function readAnswer(buffer: Buffer): { status: number; length: number; close: boolean } | null {
  const headEnd = buffer.indexOf(HEAD_END);
  if (headEnd < 0) return null;
  const head = buffer.toString('latin1', 0, headEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const close = /\r\nconnection: *close/.test(head);
  const bodyStart = headEnd + HEAD_END.length;
  if (/\r\ntransfer-encoding: *[^\r]*chunked/.test(head)) {
    let at = bodyStart;
    for (;;) {
      const sizeEnd = buffer.indexOf(LINE_END, at);
      if (sizeEnd < 0) return null;
      const size = Number.parseInt(buffer.toString('latin1', at, sizeEnd), 16);
      if (Number.isNaN(size)) throw new Error(`load: unreadable chunk size at byte ${at}`);
      if (size === 0) {
        // The last chunk, then optional trailers, then an empty line.
        const trailersEnd = buffer.indexOf(LINE_END, sizeEnd + LINE_END.length);
        if (trailersEnd < 0) return null;
        if (trailersEnd === sizeEnd + LINE_END.length) return { status, length: trailersEnd + LINE_END.length, close };
        const end = buffer.indexOf(HEAD_END, sizeEnd);
        return end < 0 ? null : { status, length: end + HEAD_END.length, close };
      }
      at = sizeEnd + LINE_END.length + size + LINE_END.length;
      if (buffer.length < at) return null;
    }
  }
  const declared = /\r\ncontent-length: *(\d+)/.exec(head);
  const noBody = status === 204 || status === 304 || (status >= 100 && status < 200);
  if (!declared && !noBody) throw new Error('load: an answer without Content-Length or chunked encoding');
  const length = bodyStart + (declared ? Number(declared[1]) : 0);
  return buffer.length < length ? null : { status, length, close };
}

/** Runs the loop for `seconds`; answers still missing then are dropped (neither counted nor errors). */
export function runClosedLoop(spec: ClosedLoopSpec): Promise<ClosedLoopResult> {
  const url = new URL(spec.url);
  const method = spec.method ?? 'GET';
  const times: number[] = [];
  let errors = 0;
  let running = true;
  const sockets = new Set<net.Socket>();

  const connect = () => {
    if (!running) return;
    const socket = net.connect(Number(url.port || 80), url.hostname);
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.setTimeout(ANSWER_TIMEOUT_MS);
    let pending: Buffer | null = null;
    let sentAt = 0;
    let waiting = false;
    let replaced = false;
    const replace = (failed: boolean) => {
      if (replaced) return;
      replaced = true;
      if (failed && running) errors++;
      sockets.delete(socket);
      socket.destroy();
      // A refused connection is retried after a breath, not in a tight loop.
      if (running) setTimeout(connect, failed ? 10 : 0);
    };
    const send = () => {
      if (!running) return;
      sentAt = performance.now();
      waiting = true;
      socket.write(serialiseRequest(url, method, spec.build()));
    };
    socket.on('connect', send);
    socket.on('timeout', () => replace(true));
    socket.on('error', () => replace(true));
    socket.on('close', () => replace(waiting));
    socket.on('data', (chunk: Buffer) => {
      pending = pending ? Buffer.concat([pending, chunk]) : chunk;
      const answer = readAnswer(pending);
      if (!answer) return;
      if (!running) return;
      waiting = false;
      times.push(performance.now() - sentAt);
      if (answer.status < 200 || answer.status >= 300) errors++;
      pending = pending.length === answer.length ? null : pending.subarray(answer.length);
      if (pending) throw new Error('load: bytes after an answer with one request in flight');
      if (answer.close) replace(false);
      else send();
    });
  };

  return new Promise((resolve) => {
    for (let i = 0; i < spec.connections; i++) connect();
    setTimeout(() => {
      running = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      resolve({ times, errors });
    }, spec.seconds * 1000);
  });
}
