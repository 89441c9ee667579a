// The ceilings made of ReFeed's own SQL: the very statements a path sends, replayed without the app.
//
//   node --import tsx scripts/bench/same-sql.ts pgbench [PORT SUMMARY_FILE] (DATABASE_URL=postgres://… : the bench's database)
//   node --import tsx scripts/bench/same-sql.ts pglite [PORT SUMMARY_FILE] (a throwaway embedded database)
//
// 1. Capture: the app is built in this process on the database (workers off), and each measured path is
//    called through its route as the bench's load calls it (a feedback submission; the public restaurant,
//    the /r code lookup and /api/me); every statement the driver receives is recorded with its
//    parameters, its result and whether it was a named (prepared) statement.
// 2. Template: two calls of a path are compared statement by statement. A parameter that differs is made
//    of values a later run must renew: an id returned by an earlier statement (reused from that
//    statement's result), a generated UUID or hash (a fresh one per run), the diner's email number and
//    address. Everything else is replayed as captured.
// 3. The submission's replay: on PostgreSQL, as two pgbench scripts (-M simple and -M prepared) that
//    scripts/bench.ts runs at each connection count, alternated with the app's line (pgbench is the load
//    and the measure); on PGlite, in this process, one statement after another (one connection), timed
//    on request by POST /ceiling?seconds=N of the server below, between the app's rounds.
// 4. With a PORT: a bare Hono server then answers each path by replaying its statements through the same
//    driver, the same way (POST /submission, GET /public, /qr, /me), with the security headers every
//    ReFeed answer must carry: Node, HTTP and the driver doing the path's SQL and nothing of ReFeed, the
//    floor of what the app can reach on this machine.
// Prints (and writes to SUMMARY_FILE) one line of JSON: the submission's statements, commits and (on
// PostgreSQL) its two pgbench scripts, and each path's statement count.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { serve } from '@hono/node-server';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';
import { createApp } from '../../src/server/app';
import { startDependencies } from '../../src/server/bootstrap';
import { openDatabase, queryRows } from '../../src/server/db/client';
import { parseEnv } from '../../src/server/env';
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD, seedDemoRestaurant } from '../../src/server/features/demo/seed-demo.service';
import { ALL_JOBS } from '../../src/server/jobs/registry';
import { createLogger } from '../../src/server/lib/runtime/logger';
import { stampProductHeaders } from './product-headers';
import { checkPgbench, type PgbenchProtocol, type PgbenchScript } from './pgbench';
import { REPLAY_QUEUE_PREFIX } from './replay-queues';

/** `via`: how a PGlite statement was sent (`exec` or `query`); PGlite names nothing (decision 082). */
type Captured = { text: string; values: unknown[]; row: Record<string, unknown> | null; name?: string; via?: 'exec' | 'query' };
/** A parameter: replayed as captured, or rebuilt at each run from literal text and variables. */
type Part = string | { variable: string };
type Param = { kind: 'constant'; value: unknown } | { kind: 'template'; parts: Part[] };
type Step = { text: string; params: Param[]; keepsRowAs?: string; name?: string; via?: 'exec' | 'query' };
/** A path's statements, ready to replay: the steps and the variables each run draws afresh. */
type Replay = { steps: Step[]; freshNames: string[]; statements: number; commits: number };

const [mode, portArg, summaryFile] = [process.argv[2], process.argv[3], process.argv[4]];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const HASH = /[0-9a-f]{32,}/g;

// ---- 1. Capture ---------------------------------------------------------------------------------
let recording: Captured[] | null = null;
const rowOf = (result: { rows?: unknown[]; fields?: Array<{ name: string }> } | undefined): Record<string, unknown> | null => {
  if (!result?.rows || result.rows.length !== 1) return null;
  const row = result.rows[0];
  if (!Array.isArray(row)) return row as Record<string, unknown>;
  return Object.fromEntries((result.fields ?? []).map((field, index) => [field.name, row[index]]));
};
function record(text: string, values: unknown[] | undefined, result: unknown, name?: string, via?: 'exec' | 'query') {
  recording?.push({ text, values: values ?? [], row: rowOf(result as never), name, via });
}

/** A PGlite statement as recorded (PGlite sends every statement unnamed: decision 082). */
function recordPgliteStatement(text: string, values: unknown[] | undefined, result: unknown, via: 'exec' | 'query') {
  record(text, values, via === 'exec' ? (result as Array<unknown>)[0] : result);
}

/** Every query of a node-postgres pool's clients (those it holds already, and those it opens later). */
function recordPool(pool: pg.Pool) {
  const wrapClient = (client: pg.PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as { query: unknown }).query = async (...args: unknown[]) => {
      const config = args[0] as string | { text: string; values?: unknown[]; name?: string };
      const text = typeof config === 'string' ? config : config.text;
      const values = (Array.isArray(args[1]) ? args[1] : typeof config === 'string' ? undefined : config.values) as unknown[] | undefined;
      const result = await query(...args);
      record(text, values, result, typeof config === 'string' ? undefined : config.name);
      return result;
    };
  };
  for (const client of (pool as unknown as { _clients: pg.PoolClient[] })._clients) wrapClient(client);
  pool.on('connect', (client) => wrapClient(client as pg.PoolClient));
}

/** Makes `target`'s query and exec record what they send through `source` (the instance, or a transaction of it). */
function recordQueriesOf(target: Pick<PGlite, 'query' | 'exec'>, source: Pick<PGlite, 'query' | 'exec'>) {
  const query = source.query.bind(source);
  target.query = (async (text: string, values?: unknown[], options?: object) => {
    const result = await query(text, values as never, options as never);
    recordPgliteStatement(text, values, result, 'query');
    return result;
  }) as typeof target.query;
  const exec = source.exec.bind(source);
  target.exec = (async (text: string, options?: object) => {
    const result = await exec(text, options as never);
    recordPgliteStatement(text, [], result, 'exec');
    return result;
  }) as typeof target.exec;
}

/** PGlite: its queries, and those made inside its transactions (framed by the BEGIN and COMMIT it sends). */
function recordPglite(pglite: PGlite) {
  recordQueriesOf(pglite, { query: pglite.query.bind(pglite), exec: pglite.exec.bind(pglite) } as Pick<PGlite, 'query' | 'exec'>);
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = (async <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction(async (tx) => {
      record('begin', [], undefined);
      const proxy = Object.create(tx) as Transaction;
      recordQueriesOf(proxy, tx);
      const outcome = await callback(proxy);
      record('commit', [], undefined);
      return outcome;
    })) as typeof pglite.transaction;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-same-sql-'));
const env = parseEnv({
  NODE_ENV: 'production',
  MAIL_MODE: 'outbox',
  DATA_DIR: dataDir,
  DATABASE_URL: mode === 'pgbench' ? process.env.DATABASE_URL : '',
  PUBLIC_URL: 'http://127.0.0.1:3000',
  ALLOW_HTTP_PUBLIC_URL: '1',
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  LOG_LEVEL: 'silent',
  TRUST_PROXY: '1',
});
const { deps, stop } = await startDependencies(env, createLogger(process.env.BENCH_LOG_LEVEL ?? 'silent'));
// Started as the server starts them (which makes the queues and loads pg-boss's cache of them), then
// stopped: no job's SQL mixes into the capture.
await Promise.all(ALL_JOBS.map((job) => deps.boss.offWork(job.name)));
let stopped = false;
const stopApp = async () => {
  if (!stopped) await stop();
  stopped = true;
};
const finish = async () => {
  await stopApp();
  rmSync(dataDir, { recursive: true, force: true });
};
if (deps.database.kind === 'pglite') await seedDemoRestaurant(deps);
const [{ id: restaurantId }] = await queryRows<{ id: string }>(deps.db, sql`select id from restaurants order by created_at limit 1`);
const app = createApp(deps, { clientDist: dataDir });
const ORIGIN = 'http://127.0.0.1:3000';
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function call(pathname: string, init: RequestInit): Promise<Response> {
  const response = await app.request(`${ORIGIN}${pathname}`, init);
  if (response.status !== 200) throw new Error(`capture: ${pathname} answered ${response.status}: ${await response.text()}`);
  return response;
}

// The owner's session for /api/me, opened before anything is recorded.
const signIn = await call('/api/auth/sign-in/email', {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: ORIGIN },
  body: JSON.stringify({ email: DEMO_OWNER_EMAIL, password: DEMO_OWNER_PASSWORD }),
});
const ownerCookie = signIn.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');

/** Each measured path, called as the bench's load calls it: diner n's request. */
const PATHS = {
  // A new diner's submission (id, email and address), as the load generator sends it.
  submission: (n: number) =>
    call('/api/public/feedbacks', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': addressOf(n) },
      body: JSON.stringify({ submissionId: crypto.randomUUID(), restaurantId, rating: 5, firstName: 'Bench', email: `bench-${n}@example.fr`, comment: 'Très bon' }),
    }),
  public: (n: number) => call(`/api/public/restaurants/${restaurantId}`, { headers: { 'x-forwarded-for': addressOf(n) } }),
  qr: (n: number) => call(`/api/public/qr/${restaurantId.slice(0, 8)}-main`, { headers: { 'x-forwarded-for': addressOf(n) } }),
  me: () => call('/api/me', { headers: { cookie: ownerCookie } }),
} satisfies Record<string, (n: number) => Promise<Response>>;
type PathName = keyof typeof PATHS;

if (deps.database.kind === 'postgres') recordPool(deps.database.pool);
else recordPglite(deps.database.pglite);

/**
 * Records two calls of a path (after a first, warm-up call whose first-time work is not captured) by
 * callers none met before, whose email numbers and address octets all differ, and templates them.
 */
async function capturePath(name: PathName): Promise<Replay> {
  const base = 0x100000 + Math.floor(Math.random() * 0x600000);
  const numbers = [base + 0x010203, base + 0x020406];
  await PATHS[name](base);
  const captures: Captured[][] = [];
  for (const n of numbers) {
    recording = [];
    await PATHS[name](n);
    captures.push(recording);
  }
  recording = null;
  return templateCaptures(name, captures[0], captures[1], numbers[0]);
}

// ---- 2. Template --------------------------------------------------------------------------------
function splitOn(parts: Part[], needle: string, replacement: () => Part[]): Part[] {
  return parts.flatMap((part) => {
    if (typeof part !== 'string' || !part.includes(needle)) return [part];
    const pieces = part.split(needle);
    return pieces.flatMap((piece, index) => (index === 0 ? [piece] : [...replacement(), piece])).filter((p) => p !== '');
  });
}

function templateCaptures(name: string, first: Captured[], second: Captured[], number: number): Replay {
  if (first.length !== second.length || first.some((statement, index) => statement.text !== second[index].text)) {
    throw new Error(`capture: two calls of ${name} sent different statements; the replay needs one sequence`);
  }
  /** Variables renewed at each run: fresh UUIDs and hashes (uuid0…, hash3…), the diner's email number and address octets. */
  const freshUuids = new Map<string, string>();
  const octets = [(number >> 16) & 255, (number >> 8) & 255, number & 255];
  const tokens: Array<[string, Part[]]> = [
    [`bench-${number}@`, ['bench-', { variable: 'v_n' }, '@']],
    [`10.${octets.join('.')}`, ['10.', { variable: 'v_ip1' }, '.', { variable: 'v_ip2' }, '.', { variable: 'v_ip3' }]],
  ];
  /** Values an earlier statement returned (ids), by value: the step and column to take them from at replay. */
  const returned = new Map<string, { step: number; column: string }>();
  const usedRows = new Set<number>();

  /** A value's parts; UUIDs and hashes it shares with the other call's value (the restaurant's id) stay as they are. */
  const templateOf = (value: string, other: string): Part[] => {
    let parts: Part[] = [value];
    for (const [needle, { step, column }] of [...returned].sort((a, b) => b[0].length - a[0].length)) {
      parts = splitOn(parts, needle, () => {
        usedRows.add(step);
        return [{ variable: `r${step}_${column}` }];
      });
    }
    for (const [needle, replacement] of tokens) parts = splitOn(parts, needle, () => replacement);
    for (const uuid of value.match(UUID) ?? []) {
      if (other.includes(uuid)) continue;
      if (!freshUuids.has(uuid)) freshUuids.set(uuid, `uuid${freshUuids.size}`);
      parts = splitOn(parts, uuid, () => ['00000000-0000-4000-8000-', { variable: freshUuids.get(uuid)! }]);
    }
    // Hashes of a diner's address or visitor id (the rate-limit keys): a new one per run, as new diners bring.
    for (const part of [...parts]) {
      if (typeof part !== 'string') continue;
      for (const hash of part.match(HASH) ?? []) {
        if (other.includes(hash)) continue;
        if (!freshUuids.has(hash)) freshUuids.set(hash, `hash${freshUuids.size}`);
        parts = splitOn(parts, hash, () => ['h', { variable: freshUuids.get(hash)! }]);
      }
    }
    return parts;
  };

  const steps: Step[] = first.map((statement, index) => {
    const params = statement.values.map((value, position): Param => {
      const other = second[index].values[position];
      const differs = typeof value === 'string' ? value !== other : false;
      return differs ? { kind: 'template', parts: templateOf(value as string, other as string) } : { kind: 'constant', value };
    });
    for (const [column, value] of Object.entries(statement.row ?? {})) {
      if (typeof value === 'string' && value.length >= 8 && !returned.has(value)) returned.set(value, { step: index, column });
    }
    return { text: statement.text, params, name: statement.name, via: statement.via };
  });
  for (const step of usedRows) steps[step].keepsRowAs = `r${step}_`;
  const commits = first.filter((statement) => /^\s*commit\b/i.test(statement.text)).length;
  const inTransaction = (index: number) => {
    let depth = 0;
    for (let i = 0; i <= index; i++) {
      if (/^\s*begin\b/i.test(first[i].text)) depth = 1;
      else if (/^\s*(commit|rollback)\b/i.test(first[i].text)) depth = 0;
    }
    return depth === 1;
  };
  // A write outside a transaction commits on its own: it counts as a commit (a read there does not write the log).
  const ownCommits = first.filter((statement, index) => !inTransaction(index) && /^\s*(insert|update|delete|with\b[\s\S]*\binsert\b)/i.test(statement.text)).length;
  return { steps, freshNames: [...freshUuids.values()], statements: first.length, commits: commits + ownCommits };
}

const freshVariables = (replay: Replay) => {
  const vars: Record<string, string> = {
    v_n: String(Math.floor(Math.random() * 1e12)),
    v_ip1: String(Math.floor(Math.random() * 256)),
    v_ip2: String(Math.floor(Math.random() * 256)),
    v_ip3: String(Math.floor(Math.random() * 256)),
  };
  for (const name of replay.freshNames) vars[name] = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
  return vars;
};
const valuesOf = (step: Step, vars: Record<string, string>) =>
  step.params.map((param) => (param.kind === 'constant' ? param.value : param.parts.map((part) => (typeof part === 'string' ? part : vars[part.variable])).join('')));
const keepRow = (step: Step, row: Record<string, unknown> | undefined, vars: Record<string, string>) => {
  if (step.keepsRowAs) for (const [column, value] of Object.entries(row ?? {})) vars[`${step.keepsRowAs}${column}`] = String(value);
};

/** One run of a path's statements on one PGlite connection. */
async function replayOnPglite(pglite: PGlite, replay: Replay) {
  const vars = freshVariables(replay);
  for (const step of replay.steps) {
    const values = valuesOf(step, vars);
    keepRow(step, (await pglite.query<Record<string, unknown>>(step.text, values)).rows[0], vars);
  }
}

/** One run of a path's statements on one pooled connection, named (prepared) where the app's were. */
async function replayOnPool(pool: pg.Pool, replay: Replay) {
  const vars = freshVariables(replay);
  const client = await pool.connect();
  try {
    for (const step of replay.steps) {
      const values = valuesOf(step, vars);
      const result = await client.query<Record<string, unknown>>(step.name ? { name: step.name, text: step.text, values } : { text: step.text, values });
      keepRow(step, result.rows[0], vars);
    }
  } finally {
    client.release();
  }
}

/**
 * The replays queue their jobs (the feedback's emails) as the app does, but into twin queues that no
 * worker takes: on PostgreSQL they share the bench's database with the app, whose workers would
 * otherwise send thousands of emails for the replays while later lines are measured.
 */
async function redirectJobsToTwinQueues(replay: Replay): Promise<void> {
  for (const job of ALL_JOBS) {
    const quoted = `'${job.name}'`;
    if (!replay.steps.some((step) => step.text.includes(quoted))) continue;
    const twin = `${REPLAY_QUEUE_PREFIX}${job.name}`;
    const queue = await deps.boss.getQueue(job.name);
    if (!queue) throw new Error(`capture: the queue ${job.name} does not exist`);
    if (!(await deps.boss.getQueue(twin))) {
      const { policy, retryLimit, retryDelay, retryBackoff, expireInSeconds, retentionSeconds, deleteAfterSeconds } = queue;
      await deps.boss.createQueue(twin, { policy, retryLimit, retryDelay, retryBackoff, expireInSeconds, retentionSeconds, deleteAfterSeconds });
    }
    for (const step of replay.steps) step.text = step.text.split(quoted).join(`'${twin}'`);
    // A named (prepared) statement is named after its text: the twin's text gets a name of its own.
    for (const step of replay.steps) if (step.name && step.text.includes(`'${twin}'`)) step.name = `${step.name}-replay`;
  }
}

const replays = {} as Record<PathName, Replay>;
try {
  for (const name of Object.keys(PATHS) as PathName[]) replays[name] = await capturePath(name);
  for (const replay of Object.values(replays)) await redirectJobsToTwinQueues(replay);
} catch (error) {
  await finish();
  throw error;
}
const submission = replays.submission;
const summary: Record<string, unknown> = {
  statements: submission.statements,
  commits: submission.commits,
  pathStatements: Object.fromEntries(Object.entries(replays).map(([name, replay]) => [name, replay.statements])),
};

// ---- 3. The submission's replay -----------------------------------------------------------------
if (mode === 'pglite') {
  // PGlite has one connection: the replay's ceiling is the statements one after another in one process,
  // timed by the bare server below (POST /ceiling), when the bench asks, between its own rounds.
} else {
  // pgbench runs the submission in two forms, replaying the same statements: -M simple (each parameter a
  // literal in the text, planned at every run) and -M prepared (each statement prepared once per
  // connection, its parameters bound at each run, as the app sends its named statements). The bench
  // (scripts/bench.ts) runs both, alternated with the app's own line.
  const freshLines = [
    '\\set v_n random(1, 999999999999)',
    '\\set v_ip1 random(0, 255)',
    '\\set v_ip2 random(0, 255)',
    '\\set v_ip3 random(0, 255)',
    ...submission.freshNames.map((name) => `\\set ${name} random(100000000000, 999999999999)`),
  ];
  const ending = (step: Step, text: string) => (step.keepsRowAs ? `${text} \\gset ${step.keepsRowAs}` : `${text};`);
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').replace(/;\s*$/, '');

  // -M simple: each parameter becomes a literal, and pgbench puts the :variables in (quotes included).
  const literal = (param: Param): string => {
    if (param.kind === 'constant') {
      const text = prepareValue(param.value as never) as string | null;
      return text === null ? 'NULL' : `'${String(text).replace(/'/g, "''")}'`;
    }
    const text = param.parts.map((part) => (typeof part === 'string' ? part.replace(/'/g, "''") : `:${part.variable}`)).join('');
    // pgbench leaves "::name" alone (a cast): a variable right after a ':' (a key like "restaurant:customer")
    // is put in a literal of its own, joined to the rest.
    return text.includes('::') ? `(${`'${text}'`.replace(/:(:\w+)/g, ":' || '$1")})` : `'${text}'`;
  };
  const simpleLines = [
    ...freshLines,
    ...submission.steps.map((step) => ending(step, oneLine(step.text.replace(/\$(\d+)/g, (_match, index: string) => literal(step.params[Number(index) - 1]))))),
  ];

  // -M prepared: pgbench makes every :name of a statement a bound parameter (inside quotes too), so no
  // value may sit in the text. Each constant is a variable of its own (-D), each renewed value the
  // variable itself, and a value made of pieces their concatenation (followed by the statement's cast).
  const defines: string[] = [];
  const defineConstant = (value: string) => {
    defines.push(`c${defines.length}=${value}`);
    return `:c${defines.length - 1}`;
  };
  const preparedLines = [
    ...freshLines,
    ...submission.steps.map((step) => {
      const text = oneLine(step.text);
      const loose = /(?<![:\w]):[A-Za-z0-9_]/.exec(text.replace(/'(?:[^']|'')*'/g, "''"));
      const hasQuotedColon = (text.match(/'(?:[^']|'')*'/g) ?? []).some((quoted) => /:[A-Za-z0-9_]/.test(quoted));
      if (loose || hasQuotedColon) throw new Error(`prepared replay: a ":name" in the statement's own text would become a parameter: …${text.slice(Math.max(0, (loose?.index ?? 0) - 60), (loose?.index ?? 0) + 60)}…`);
      return ending(
        step,
        text.replace(/\$(\d+)/g, (_match, index: string, offset: number) => {
          const param = step.params[Number(index) - 1];
          if (param.kind === 'constant') {
            const value = prepareValue(param.value as never) as string | null;
            return value === null ? 'NULL' : defineConstant(String(value));
          }
          const pieces = param.parts.map((part) => (typeof part === 'string' ? defineConstant(part) : `:${part.variable}`));
          if (pieces.length === 1) return pieces[0];
          if (!text.startsWith('::', offset + index.length + 1)) throw new Error(`prepared replay: a value made of pieces needs the statement's cast: ${text.slice(0, 200)}`);
          return `(${pieces.join(' || ')})`;
        }),
      );
    }),
  ];
  const simpleScript = path.join(dataDir, 'submission.simple.pgbench.sql');
  const preparedScript = path.join(dataDir, 'submission.prepared.pgbench.sql');
  writeFileSync(simpleScript, `${simpleLines.join('\n')}\n`);
  writeFileSync(preparedScript, `${preparedLines.join('\n')}\n`);
  if (process.env.BENCH_SHOW_SCRIPT === '1') console.error(`${simpleLines.join('\n')}\n\n${preparedLines.join('\n')}\n${defines.join('\n')}`);
  const pgbench: Record<PgbenchProtocol, PgbenchScript> = { simple: { script: simpleScript, defines: [] }, prepared: { script: preparedScript, defines } };
  Object.assign(summary, { pgbench });
  try {
    for (const protocol of ['simple', 'prepared'] as const) checkPgbench(process.env.DATABASE_URL!, pgbench[protocol], protocol);
  } catch (error) {
    await finish();
    throw error;
  }
}
if (summaryFile) writeFileSync(summaryFile, JSON.stringify(summary));
console.log(JSON.stringify(summary));

// ---- 4. Bare Hono replaying each path -----------------------------------------------------------
if (!portArg) {
  await finish();
} else {
  // The app's dependencies stop (its pool, PGlite and job queue); the replay opens its own connection(s).
  await stopApp();
  let replayPath: (replay: Replay) => Promise<void>;
  let ceiling: ((seconds: number) => Promise<number>) | null = null;
  if (mode === 'pglite') {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') });
    if (database.kind !== 'pglite') throw new Error('pglite mode replays on the embedded database');
    const { pglite } = database;
    // One connection: a path's statements (a transaction's included) run one caller at a time.
    let queue: Promise<unknown> = Promise.resolve();
    replayPath = (replay) => {
      const run = queue.then(() => replayOnPglite(pglite, replay));
      queue = run.catch(() => undefined);
      return run;
    };
    // The submission's statements one after another for ?seconds=N (after 20 warm-up runs): runs per second.
    ceiling = async (seconds) => {
      for (let i = 0; i < 20; i++) await replayPath(replays.submission);
      const started = performance.now();
      let runs = 0;
      while (performance.now() - started < seconds * 1000) {
        await replayPath(replays.submission);
        runs++;
      }
      return runs / ((performance.now() - started) / 1000);
    };
  } else {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    replayPath = (replay) => replayOnPool(pool, replay);
  }
  const bare = new Hono<{ Bindings: { outgoing: ServerResponse } }>();
  // The headers every ReFeed answer carries are part of the floor (bench/product-headers.ts).
  stampProductHeaders(bare);
  bare.get('/', (c) => c.text('ready'));
  bare.post('/submission', async (c) => {
    await c.req.json(); // the body is read and parsed, as any route must
    await replayPath(replays.submission);
    return c.json({ ok: true });
  });
  bare.post('/ceiling', async (c) => {
    if (!ceiling) return c.json({ error: 'on PostgreSQL the ceiling is pgbench' }, 404);
    return c.json({ perSecond: await ceiling(Number(c.req.query('seconds') ?? 5)) });
  });
  for (const name of ['public', 'qr', 'me'] as const) {
    bare.get(`/${name}`, async (c) => {
      await replayPath(replays[name]);
      return c.json({ ok: true });
    });
  }
  serve({ fetch: bare.fetch, port: Number(portArg), hostname: '127.0.0.1' });
  process.on('SIGTERM', () => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}
