// npm run rolling-upgrade [-- SECONDS [RATINGS_PER_SECOND]] — the rolling upgrade of docs/operations.md, done on this machine and
// counted: two production instances (the compiled server, dist/server/index.js) behind HAProxy (Debian's
// /usr/sbin/haproxy) on loopback, its health checks on /api/health/ready, under a steady stream of diners'
// ratings. Then, one instance at a time, the release of "the new commit with a pending migration": the new
// instance starts with MIGRATE_ON_START=0 and answers 503 naming the migration it waits for; the release
// step applies it under the migration lock (what `npm run migrate` runs) while the old ones serve; the new
// one turns ready and joins the balancer; the old one gets SIGTERM, its readiness answers 503 first
// (DRAIN_NOTICE_SECONDS), the balancer takes it out, it answers what it has in flight and exits.
// At the end: requests sent and failed (seen by the client, through the balancer), ratings stored against
// the 2xx answers (by submission id), every email once (SMTP messages against email_deliveries).
//
// "The new commit" is this commit plus one migration the database does not have yet (an added nullable
// column, the expand step of an expand/contract change), in a copy of the project's layout (dist/server,
// drizzle/): the old instances are this commit exactly. tests/api/rolling-upgrade.test.ts runs it reduced.
// Needs PostgreSQL: ROLLING_DATABASE_URL or TEST_DATABASE_URL (an admin URL; a throwaway database is made
// next to it and dropped), default postgres://postgres@127.0.0.1:5432/postgres.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import S3rver from 's3rver';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './build-server.mjs';
import { startTestSmtpServer } from '../tests/support/smtp';

const root = path.resolve(import.meta.dirname, '..');
export const HAPROXY = process.env.HAPROXY_PATH || '/usr/sbin/haproxy';
/** The migration "the new commit" brings: additive, so the old instances keep serving beside it. */
export const PENDING_MIGRATION = '9999_rolling_upgrade_check';
const PENDING_SQL = 'ALTER TABLE "feedbacks" ADD COLUMN "rolling_upgrade_check" text;';
/**
 * HAProxy's check: every 2 s, down after 3 failures, up after 1 success, 10 s to answer (its default is the
 * interval: a saturated instance's readiness, which queues for a pooled connection, was taken for a failure
 * and both instances marked down). The drain notice covers interval × fall, plus a margin.
 */
const CHECK_INTER_MS = 2000;
const CHECK_FALL = 3;
const DRAIN_NOTICE_SECONDS = 8;

export type RollingUpgradeFigures = {
  sent: number;
  answered2xx: number;
  failed: number;
  /** The first failures: status or error, and when (ms from the start of the load). */
  failures: string[];
  ratingsStored: number;
  /** 2xx answers whose submission is not in the database. */
  lost: number;
  emailsReceived: number;
  /** SMTP messages that repeat one already received (same recipient and subject). */
  emailsDuplicated: number;
  /** email_deliveries rows marked sent (one per send key; for information). */
  deliveriesSent: number;
  /** email.send jobs completed: one per email. */
  emailJobsCompleted: number;
  /** Every email once: as many SMTP messages as completed email.send jobs, none repeated (recipient and subject, Message-ID). */
  emailsOnce: boolean;
  /** What the new instance's readiness answered before the release step: its waitingFor. */
  waitedFor: string | null;
  migrationsApplied: number;
  /** The connection-budget line each role printed at start. */
  budgetLines: string[];
  steps: string[];
};

type Instance = { name: string; port: number; process: ChildProcess; output: () => string; exited: Promise<number | null> };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    const value = await probe().catch((error: unknown) => {
      lastError = error;
      return null;
    });
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One command on HAProxy's runtime API (its stats socket, level admin). */
function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let answer = '';
    connection.on('data', (chunk) => (answer += chunk));
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
    connection.write(`${command}\n`);
  });
}

/** The backend server's status as HAProxy sees it (UP, DOWN, MAINT…). */
async function serverStatus(socket: string, name: string): Promise<string> {
  const csv = await haproxyCommand(socket, 'show stat');
  const line = csv.split('\n').find((row) => row.startsWith(`refeed,${name},`));
  const header = csv.split('\n')[0].replace(/^# /, '').split(',');
  if (!line) throw new Error(`HAProxy has no server ${name}:\n${csv}`);
  return line.split(',')[header.indexOf('status')];
}

/** A project layout for one release: dist/server (the bundle), drizzle/, package.json, node_modules. */
function makeRelease(dir: string, bundle: string, drizzle: 'this' | 'with-pending'): string {
  mkdirSync(path.join(dir, 'dist'), { recursive: true });
  cpSync(bundle, path.join(dir, 'dist/server'), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), readFileSync(path.join(root, 'package.json')));
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  if (drizzle === 'this') {
    symlinkSync(path.join(root, 'drizzle'), path.join(dir, 'drizzle'), 'dir');
  } else {
    cpSync(path.join(root, 'drizzle'), path.join(dir, 'drizzle'), { recursive: true });
    const journalFile = path.join(dir, 'drizzle/meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };
    const last = journal.entries[journal.entries.length - 1];
    journal.entries.push({ idx: last.idx + 1, version: last.version, when: last.when + 1000, tag: PENDING_MIGRATION, breakpoints: true });
    writeFileSync(journalFile, JSON.stringify(journal, null, 2));
    writeFileSync(path.join(dir, 'drizzle', `${PENDING_MIGRATION}.sql`), PENDING_SQL);
  }
  return dir;
}

export async function runRollingUpgrade(options: { adminUrl: string; seconds?: number; rate?: number; log?: (line: string) => void }): Promise<RollingUpgradeFigures> {
  const seconds = options.seconds ?? 5;
  const rate = options.rate ?? 10;
  const log = options.log ?? (() => undefined);
  if (!existsSync(HAPROXY)) throw new Error(`HAProxy is needed at ${HAPROXY} (Debian: apt-get install haproxy; or HAPROXY_PATH)`);
  const work = mkdtempSync(path.join(tmpdir(), 'refeed-rolling-'));
  const steps: string[] = [];
  const started = Date.now();
  const step = (line: string) => {
    const entry = `${((Date.now() - started) / 1000).toFixed(1)} s: ${line}`;
    steps.push(entry);
    log(entry);
  };
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  try {
    // A throwaway database next to the admin URL's.
    const name = `refeed_rolling_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: options.adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: options.adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    });
    const url = new URL(options.adminUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();

    // The bundle, once; two releases of it.
    const bundle = path.join(work, 'bundle');
    execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--out-dir', bundle], { cwd: root, stdio: 'ignore' });
    const oldRelease = makeRelease(path.join(work, 'old'), bundle, 'this');
    const newRelease = makeRelease(path.join(work, 'new'), bundle, 'with-pending');
    step('server built; releases "this commit" and "this commit + a pending migration" laid out');

    // The database as this commit leaves it, with the demo organisation (its thank-you automation is on).
    const { startDependencies } = await import('../src/server/bootstrap');
    const { parseEnv } = await import('../src/server/env');
    const { createLogger } = await import('../src/server/lib/runtime/logger');
    const { seedDemoRestaurant } = await import('../src/server/features/demo/seed-demo.service');
    const seedEnv = parseEnv({ NODE_ENV: 'development', DATABASE_URL: databaseUrl, DATA_DIR: path.join(work, 'seed'), AUTH_SECRET: 'rolling-upgrade-secret-rolling-upgrade-0123', LOG_LEVEL: 'silent' });
    const seeded = await startDependencies(seedEnv, createLogger('silent'), { workers: false });
    await seedDemoRestaurant(seeded.deps);
    await seeded.stop();
    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    cleanups.push(() => db.end());
    const { rows: venue } = await db.query<{ id: string }>(`select id from restaurants where name = 'Chez Demo'`);
    const restaurantId = venue[0].id;
    const { rows: before } = await db.query<{ n: number }>('select count(*)::int as n from feedbacks');
    step(`database migrated and seeded (${before[0].n} feedbacks)`);

    // Mail and files as production has them: a real SMTP server, an S3-protocol bucket.
    const smtp = await startTestSmtpServer();
    cleanups.push(() => smtp.close());
    const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(work, 's3'), configureBuckets: [{ name: 'refeed-rolling', configs: [] }] });
    const { port: s3Port } = await s3.run();
    cleanups.push(() => s3.close());

    // HAProxy: four server slots (two old, two new); the new ones in maintenance until their instance is ready.
    const balancerPort = await freePort();
    const base = `http://127.0.0.1:${balancerPort}`;
    const slots = { a: await freePort(), b: await freePort(), c: await freePort(), d: await freePort() };
    const socket = path.join(work, 'haproxy.sock');
    writeFileSync(
      path.join(work, 'haproxy.cfg'),
      [
        'global',
        `  stats socket ${socket} level admin`,
        'defaults',
        '  mode http',
        '  timeout connect 2s',
        '  timeout client 30s',
        '  timeout server 60s',
        '  timeout check 10s',
        '  option forwardfor',
        // A request that never reached a server (refused connection) is sent to another one.
        '  retries 2',
        '  option redispatch',
        // …and one a draining server closed under it without an answer (its idle keep-alive connection closed as
        // HAProxy reused it): safe to resend, a submission is idempotent on its submissionId.
        '  retry-on conn-failure empty-response',
        'frontend web',
        `  bind 127.0.0.1:${balancerPort}`,
        '  default_backend refeed',
        'backend refeed',
        '  balance roundrobin',
        // HTTP/1.1 with a Host: the server answers a request without one 400 (HAProxy's default check is HTTP/1.0 bare).
        '  option httpchk',
        '  http-check send meth GET uri /api/health/ready ver HTTP/1.1 hdr Host refeed.internal',
        '  http-check expect status 200',
        `  default-server check inter ${CHECK_INTER_MS}ms fall ${CHECK_FALL} rise 1`,
        `  server a 127.0.0.1:${slots.a}`,
        `  server b 127.0.0.1:${slots.b}`,
        `  server c 127.0.0.1:${slots.c} disabled`,
        `  server d 127.0.0.1:${slots.d} disabled`,
        '',
      ].join('\n'),
    );

    const instances: Instance[] = [];
    const budgetLines: string[] = [];
    const startInstance = (slot: keyof typeof slots, release: string, migrateOnStart: '0' | '1'): Instance => {
      let output = '';
      const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(release, 'dist/server/index.js')], {
        cwd: release,
        env: {
          ...SERVER_ENV,
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          PORT: String(slots[slot]),
          PUBLIC_URL: base,
          ALLOW_HTTP_PUBLIC_URL: '1',
          DATA_DIR: path.join(work, `data-${slot}`),
          DATABASE_URL: databaseUrl,
          AUTH_SECRET: 'rolling-upgrade-secret-rolling-upgrade-0123',
          SMTP_URL: smtp.url,
          MAIL_MODE: 'smtp',
          MAIL_FROM: 'ReFeed <bonjour@refeed.test>',
          S3_BUCKET: 'refeed-rolling',
          S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          // HAProxy appends the client's address; the load generator sends each diner's own in front of it.
          TRUST_PROXY: '2',
          INSTANCE_COUNT: '2',
          MIGRATE_ON_START: migrateOnStart,
          DRAIN_NOTICE_SECONDS: String(DRAIN_NOTICE_SECONDS),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const instance = { name: slot, port: slots[slot], process: child, output: () => output, exited };
      instances.push(instance);
      return instance;
    };
    cleanups.push(async () => {
      for (const instance of instances) {
        if (instance.process.exitCode === null && instance.process.signalCode === null) {
          instance.process.kill('SIGKILL');
          await instance.exited;
        }
      }
    });
    const readiness = async (instance: Instance) => {
      if (instance.process.exitCode !== null) throw new Error(`instance ${instance.name} exited (${instance.process.exitCode}):\n${instance.output()}`);
      const answer = await fetch(`http://127.0.0.1:${instance.port}/api/health/ready`).catch(() => null);
      return answer ? { status: answer.status, body: (await answer.json()) as { ready: boolean; waitingFor?: string } } : null;
    };
    const untilReady = (instance: Instance) => waitFor(`instance ${instance.name} ready`, async () => (await readiness(instance))?.status === 200, 90_000);
    const budgetOf = (instance: Instance) => {
      const line = instance.output().split('\n').find((text) => text.includes('connections: role'));
      if (line && !budgetLines.includes(line.trim())) budgetLines.push(line.trim());
    };

    const a = startInstance('a', oldRelease, '1');
    const b = startInstance('b', oldRelease, '1');
    await Promise.all([untilReady(a), untilReady(b)]);
    budgetOf(a);
    const balancer = spawn(HAPROXY, ['-f', path.join(work, 'haproxy.cfg'), '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let balancerOutput = '';
    balancer.stdout.on('data', (chunk) => (balancerOutput += chunk));
    balancer.stderr.on('data', (chunk: Buffer) => {
      balancerOutput += chunk;
      // HAProxy's own word on each state change, in the timeline.
      for (const line of chunk.toString().split('\n')) {
        const change = /Server refeed\/(\w+) is (UP|DOWN)(?:, reason: ([^,]+))?/.exec(line);
        if (change) step(`HAProxy: ${change[1]} ${change[2]}${change[3] ? ` (${change[3]})` : ''}`);
      }
    });
    const balancerExited = new Promise((resolve) => balancer.once('exit', resolve));
    cleanups.push(async () => {
      if (balancer.exitCode === null) {
        balancer.kill('SIGTERM');
        await balancerExited;
      }
    });
    await waitFor('HAProxy', async () => {
      if (balancer.exitCode !== null) throw new Error(`HAProxy exited (${balancer.exitCode}):\n${balancerOutput}`);
      const states = [await serverStatus(socket, 'a'), await serverStatus(socket, 'b')];
      if (states.every((state) => state === 'UP')) return true;
      throw new Error(`a, b: ${states.join(', ')}; ${balancerOutput}`);
    });
    step('instances a and b (this commit) ready; HAProxy sees them UP');

    // The diners: `rate` new ratings a second through the balancer, each a new diner (id, email, address).
    const loadStarted = Date.now();
    const failures: string[] = [];
    const accepted: string[] = [];
    let sent = 0;
    let failed = 0;
    const inFlight = new Set<Promise<void>>();
    let loading = true;
    const submit = async (n: number) => {
      const submissionId = crypto.randomUUID();
      const at = Date.now() - loadStarted;
      try {
        const answer = await fetch(`${base}/api/public/feedbacks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
          body: JSON.stringify({ submissionId, restaurantId, rating: 5, firstName: 'Camille', email: `rolling-${n}@example.fr`, comment: 'Très bon' }),
        });
        if (answer.status >= 200 && answer.status < 300) {
          await answer.arrayBuffer();
          accepted.push(submissionId);
        }
        else {
          failed++;
          if (failures.length < 10) failures.push(`${answer.status} at ${at} ms: ${(await answer.text().catch(() => '')).slice(0, 120)}`);
        }
      } catch (error) {
        failed++;
        if (failures.length < 10) failures.push(`${(error as Error).cause ?? error} at ${at} ms`);
      }
    };
    const generator = (async () => {
      for (let n = 1; loading; n++) {
        sent++;
        const request = submit(n);
        inFlight.add(request);
        void request.finally(() => inFlight.delete(request));
        const next = loadStarted + (n * 1000) / rate;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
      }
    })();
    const pause = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));

    await pause(seconds);
    // The new release, one instance at a time: c replaces a, then d replaces b.
    let waitedFor: string | null = null;
    let migrationsApplied = 0;
    for (const [fresh, old] of [
      ['c', a],
      ['d', b],
    ] as const) {
      const instance = startInstance(fresh, newRelease, '0');
      if (fresh === 'c') {
        // Started before the release step: it serves no rating, and its readiness names what it waits for.
        const waiting = await waitFor('the new instance waiting for its migration', async () => {
          const answer = await readiness(instance);
          return answer?.status === 503 && answer.body.waitingFor ? answer.body.waitingFor : null;
        });
        waitedFor = waiting;
        step(`instance c (the new commit, MIGRATE_ON_START=0) answers readiness 503, waiting for ${waiting}`);
        // The release step, while a and b serve: what `npm run migrate` runs, on the new release's migrations.
        const { openDatabase, withMigrationLock, migrateDatabase, pendingMigrations } = await import('../src/server/db/client');
        const database = await openDatabase({ databaseUrl, pgliteDir: path.join(work, 'unused') });
        const pending = await pendingMigrations(database, path.join(newRelease, 'drizzle'));
        await withMigrationLock(database, (client) => migrateDatabase(database, path.join(newRelease, 'drizzle'), client));
        migrationsApplied = pending.length;
        await database.close();
        step(`release step: ${pending.join(', ')} applied under the migration lock`);
      }
      await untilReady(instance);
      budgetOf(instance);
      await haproxyCommand(socket, `enable server refeed/${fresh}`);
      await waitFor(`HAProxy to see ${fresh} UP`, async () => (await serverStatus(socket, fresh)) === 'UP');
      step(`instance ${fresh} ready and UP in HAProxy`);
      old.process.kill('SIGTERM');
      await waitFor(`HAProxy to take ${old.name} out`, async () => (await serverStatus(socket, old.name)).startsWith('DOWN'), 30_000);
      step(`instance ${old.name} got SIGTERM; its readiness answered 503 and HAProxy took it out`);
      const code = await old.exited;
      if (code !== 0) throw new Error(`instance ${old.name} exited ${code} after SIGTERM:\n${old.output()}`);
      step(`instance ${old.name} drained and exited 0`);
      await pause(seconds / 2);
    }
    await pause(seconds / 2);
    loading = false;
    await generator;
    await Promise.all([...inFlight]);
    step(`load stopped: ${sent} ratings sent, ${failed} failed`);

    // Every email the ratings queued, sent: nothing due left in the queue, the SMTP count settled.
    const drained = await waitFor(
      'the emails to drain',
      async () => {
        const { rows } = await db.query<{ due: number }>(`select count(*)::int as due from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()`);
        const { rows: done } = await db.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'email.send' and state = 'completed'`);
        return rows[0].due === 0 && done[0].n === smtp.received.length;
      },
      90_000,
    ).then(
      () => true,
      async (error: Error) => {
        const { rows } = await db.query<{ name: string; state: string; n: number }>(`select name, state::text, count(*)::int as n from pgboss.job where start_after <= now() group by 1, 2 order by 1, 2`);
        step(`${error.message}: ${rows.map((row) => `${row.name} ${row.state} ${row.n}`).join(', ')}`);
        return false;
      },
    );
    const { rows: stored } = await db.query<{ id: string }>('select submission_id::text as id from feedbacks where submission_id = any($1::uuid[])', [accepted]);
    const storedIds = new Set(stored.map((row) => row.id));
    const { rows: deliveries } = await db.query<{ n: number }>(`select count(*)::int as n from email_deliveries where status = 'sent'`);
    const { rows: jobs } = await db.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'email.send' and state = 'completed'`);
    const seen = new Set<string>();
    let duplicated = 0;
    for (const mail of smtp.received) {
      const key = `${mail.envelope.to.join(',')}|${mail.parsed.subject ?? ''}`;
      if (seen.has(key)) duplicated++;
      seen.add(key);
    }
    const messageIds = smtp.received.map((mail) => mail.parsed.messageId ?? '');
    step(`emails: ${smtp.received.length} received, ${jobs[0].n} email.send jobs completed, ${deliveries[0].n} deliveries marked sent`);
    return {
      sent,
      answered2xx: accepted.length,
      failed,
      failures,
      ratingsStored: storedIds.size,
      lost: accepted.filter((id) => !storedIds.has(id)).length,
      emailsReceived: smtp.received.length,
      emailsDuplicated: duplicated,
      deliveriesSent: deliveries[0].n,
      emailJobsCompleted: jobs[0].n,
      emailsOnce: drained && new Set(messageIds).size === messageIds.length && duplicated === 0 && jobs[0].n === smtp.received.length,
      waitedFor,
      migrationsApplied,
      budgetLines,
      steps,
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const seconds = Number(process.argv[2] ?? 10);
  const rate = Number(process.argv[3] ?? 10);
  const adminUrl = process.env.ROLLING_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const figures = await runRollingUpgrade({ adminUrl, seconds, rate, log: (line) => console.log(line) });
  console.log(`\nrequests sent ${figures.sent}, failed ${figures.failed}${figures.failures.length ? ` (${figures.failures.join('; ')})` : ''}`);
  console.log(`ratings answered 2xx ${figures.answered2xx}, stored ${figures.ratingsStored}, lost ${figures.lost}`);
  console.log(`emails received ${figures.emailsReceived}, email.send jobs completed ${figures.emailJobsCompleted}, deliveries marked sent ${figures.deliveriesSent}, repeated ${figures.emailsDuplicated}: ${figures.emailsOnce ? 'every email once' : 'NOT every email once'}`);
  for (const line of figures.budgetLines) console.log(line);
  process.exitCode = figures.failed === 0 && figures.lost === 0 && figures.emailsOnce ? 0 : 1;
}
