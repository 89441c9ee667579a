// The bench's load (decision 067). The closed loop: `connections` keep-alive HTTP/1.1 sockets, each with
// one request in flight, the next sent as soon as its answer is whole — as pgbench's clients each hold one
// transaction. The open loop: requests at a fixed rate, each due whatever the answers (the latency line). Written on node:net so that the generator costs the machine about what pgbench's own client
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

/**
 * One keep-alive connection with at most one request in flight: `send` writes a request, `onAnswer` gets
 * each whole answer's status, `onGone` is told once when the connection ends (refused, reset, timed out,
 * or closed by the server), with whether a request was then in flight. Both loops below are made of these.
 */
class Connection {
  readonly socket: net.Socket;
  private pending: Buffer | null = null;
  private gone = false;
  /** Whether the connection was made (a refused one never is). */
  connected = false;
  inFlight = false;

  constructor(
    url: URL,
    onReady: (connection: Connection) => void,
    private readonly onAnswer: (connection: Connection, status: number) => void,
    private readonly onGone: (connection: Connection, inFlight: boolean) => void,
  ) {
    this.socket = net.connect(Number(url.port || 80), url.hostname);
    this.socket.setNoDelay(true);
    this.socket.setTimeout(ANSWER_TIMEOUT_MS);
    this.socket.on('connect', () => {
      this.connected = true;
      onReady(this);
    });
    this.socket.on('timeout', () => this.end());
    this.socket.on('error', () => this.end());
    this.socket.on('close', () => this.end());
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
  }

  send(text: string): void {
    this.inFlight = true;
    this.socket.write(text);
  }

  /** Whether a request can still be sent on it. */
  get usable(): boolean {
    return !this.gone;
  }

  /** Ends the connection; its owner is told once. */
  end(): void {
    if (this.gone) return;
    this.gone = true;
    this.socket.destroy();
    this.onGone(this, this.inFlight);
  }

  private read(chunk: Buffer): void {
    this.pending = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    const answer = readAnswer(this.pending);
    if (!answer) return;
    this.pending = this.pending.length === answer.length ? null : this.pending.subarray(answer.length);
    if (this.pending) throw new Error('load: bytes after an answer with one request in flight');
    this.inFlight = false;
    // A closing answer ends the connection first: its owner sends nothing more on it.
    if (answer.close) this.end();
    this.onAnswer(this, answer.status);
  }
}

const isError = (status: number) => status < 200 || status >= 300;

/** Runs the loop for `seconds`; answers still missing then are dropped (neither counted nor errors). */
export function runClosedLoop(spec: ClosedLoopSpec): Promise<ClosedLoopResult> {
  const url = new URL(spec.url);
  const method = spec.method ?? 'GET';
  const times: number[] = [];
  let errors = 0;
  let running = true;
  const connections = new Set<Connection>();
  const sentAt = new WeakMap<Connection, number>();

  const send = (connection: Connection) => {
    if (!running) return;
    sentAt.set(connection, performance.now());
    connection.send(serialiseRequest(url, method, spec.build()));
  };
  const connect = () => {
    if (running) connections.add(new Connection(url, send, onAnswer, onGone));
  };
  function onAnswer(connection: Connection, status: number) {
    if (!running) return;
    times.push(performance.now() - sentAt.get(connection)!);
    if (isError(status)) errors++;
    if (connection.usable) send(connection);
  }
  function onGone(connection: Connection, inFlight: boolean) {
    connections.delete(connection);
    if (!running) return;
    // A connection that never answered (refused, reset, timed out) is an error; one the server closed
    // after an answer is not. Either is replaced; a refused one after a breath, not in a tight loop.
    const failed = inFlight || !connection.connected;
    if (failed) errors++;
    setTimeout(connect, failed ? 10 : 0);
  }

  return new Promise((resolve) => {
    for (let i = 0; i < spec.connections; i++) connect();
    setTimeout(() => {
      running = false;
      for (const connection of connections) connection.end();
      resolve({ times, errors });
    }, spec.seconds * 1000);
  });
}

export type OpenLoopSpec = { url: string; method?: string; rate: number; seconds: number; build: () => BuiltRequest; maxConnections?: number };

/**
 * An open loop: `rate` requests per second for `seconds`, each due at its own moment whatever the answers
 * (a phone does not wait for another diner's answer), and timed from that moment, so that a server late
 * by 100 ms shows 100 ms more on every request due meanwhile (no coordinated omission). Each request
 * takes an idle keep-alive connection, or opens one (up to `maxConnections`, then waits for one). Made
 * on the same connections as the closed loop, at the same small CPU cost: the `fetch` loop it replaces
 * spent ~2.4 ms of the machine's CPU per request, beside the server it timed. Every request's answer is
 * waited for (at most ANSWER_TIMEOUT_MS); one that fails (refused, reset, timed out) is an error.
 */
export function runOpenLoop(spec: OpenLoopSpec): Promise<ClosedLoopResult> {
  const url = new URL(spec.url);
  const method = spec.method ?? 'GET';
  const maxConnections = spec.maxConnections ?? 256;
  const total = Math.round(spec.rate * spec.seconds);
  const times: number[] = [];
  let errors = 0;
  let settled = 0;
  const idle: Connection[] = [];
  const queue: number[] = [];
  const dueOf = new WeakMap<Connection, number>();
  let open = 0;
  let started = 0;
  let next = 0;

  return new Promise((resolve) => {
    const settle = () => {
      if (++settled === total) {
        for (const connection of idle) connection.end();
        resolve({ times, errors });
      }
    };
    const send = (connection: Connection, due: number) => {
      dueOf.set(connection, due);
      connection.send(serialiseRequest(url, method, spec.build()));
    };
    const onReady = (connection: Connection) => {
      const due = queue.shift();
      if (due === undefined) idle.push(connection);
      else send(connection, due);
    };
    const onAnswer = (connection: Connection, status: number) => {
      times.push(performance.now() - dueOf.get(connection)!);
      if (isError(status)) errors++;
      settle();
      if (connection.usable) onReady(connection);
    };
    const onGone = (connection: Connection, inFlight: boolean) => {
      open--;
      const index = idle.indexOf(connection);
      if (index >= 0) idle.splice(index, 1);
      // A request lost with its connection, or one waiting for a connection that could not be made.
      const lost = inFlight || (!connection.connected && queue.length > 0);
      if (!inFlight && lost) queue.shift();
      if (lost) {
        errors++;
        settle();
      }
      if (queue.length > 0) openConnection();
    };
    const openConnection = () => {
      open++;
      new Connection(url, onReady, onAnswer, onGone);
    };
    const dispatch = () => {
      const now = performance.now();
      // Every request due by now goes, each with its own due time.
      while (next < total && started + (next * 1000) / spec.rate <= now) {
        const due = started + (next++ * 1000) / spec.rate;
        const connection = idle.pop();
        if (connection) send(connection, due);
        else {
          queue.push(due);
          if (open < maxConnections) openConnection();
        }
      }
      if (next < total) setTimeout(dispatch, Math.max(0, started + (next * 1000) / spec.rate - performance.now()));
    };
    if (total === 0) return resolve({ times, errors });
    started = performance.now();
    dispatch();
  });
}
