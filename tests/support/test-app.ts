import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { createApp } from '../../src/server/app';
import { queryRows, type Database } from '../../src/server/db/client';
import { outboxEmails } from '../../src/server/db/schema';
import { createDeps, type AppDeps } from '../../src/server/deps';
import type { RateLimitOverrides } from '../../src/server/lib/limits/rate-limit-rules';
import type { Mailer } from '../../src/server/email/transport';
import { parseEnv } from '../../src/server/env';
import type { FileStorage } from '../../src/server/storage/storage';
import { prepareJobQueues, startJobWorkers } from '../../src/server/jobs/queue';
import { ALL_JOBS } from '../../src/server/jobs/registry';
import { clock } from '../../src/server/lib/runtime/clock';
import { createLogger } from '../../src/server/lib/runtime/logger';
import { openTestDatabase } from './database';
import { fail, waitUntil } from './wait';

export const TEST_PUBLIC_URL = 'http://localhost:3000';

/** A browser-like client: keeps cookies between calls and sends the app's Origin. */
export class TestAgent {
  readonly cookies = new Map<string, string>();
  constructor(private readonly app: ReturnType<typeof createApp>) {}

  async request(pathname: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', TEST_PUBLIC_URL);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = await this.app.request(new URL(pathname, TEST_PUBLIC_URL).toString(), { ...init, headers, body });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(pathname: string, init: RequestInit = {}) {
    return this.request(pathname, { ...init, method: 'GET' });
  }
  post(pathname: string, json?: unknown, init: RequestInit = {}) {
    return this.request(pathname, { ...init, method: 'POST', json });
  }
  patch(pathname: string, json?: unknown, init: RequestInit = {}) {
    return this.request(pathname, { ...init, method: 'PATCH', json });
  }
  put(pathname: string, json?: unknown, init: RequestInit = {}) {
    return this.request(pathname, { ...init, method: 'PUT', json });
  }
  delete(pathname: string, init: RequestInit = {}) {
    return this.request(pathname, { ...init, method: 'DELETE' });
  }
}

export type TestContext = {
  deps: AppDeps;
  db: AppDeps['db'];
  database: Database;
  app: ReturnType<typeof createApp>;
  dataDir: string;
  /** A fresh cookie-keeping client. */
  agent: () => TestAgent;
  /** Mails stored in the outbox, newest first. */
  mails: (to?: string) => Promise<Array<typeof outboxEmails.$inferSelect>>;
  /** Waits until a mail matching `predicate` is in the outbox (jobs send asynchronously). */
  waitForMail: (predicate: (mail: typeof outboxEmails.$inferSelect) => boolean, timeoutMs?: number) => Promise<typeof outboxEmails.$inferSelect>;
  /** Waits until `to` has at least `count` mails in the outbox, then returns them newest first. */
  waitForMails: (to: string, count: number, timeoutMs?: number) => Promise<Array<typeof outboxEmails.$inferSelect>>;
  /**
   * Time travel for the queue: jobs scheduled up to `at` (usually the moved clock.now()) become due
   * now, as if the database clock had reached `at`. Jobs scheduled later stay where they are.
   */
  releaseJobsDueBy: (at: Date, only?: { restaurantId?: string; queue?: string }) => Promise<number>;
  /** Waits until no job is waiting, retrying or running: every mail the app will send is then in the outbox. */
  waitForIdleQueue: (timeoutMs?: number) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * The whole app on a fresh copy of the migrated test database, with job workers running and mail in
 * outbox mode. Call once per test file (beforeAll) and close it in afterAll.
 */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    startWorkers?: boolean;
    storage?: FileStorage;
    logDestination?: DestinationStream;
    /** Small limits so a test reaches them in a few requests instead of looping to the real ones. */
    rateLimits?: RateLimitOverrides;
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase(inject('dbTemplate'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'refeed-test-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // In-process requests have no socket: tests name the client with X-Forwarded-For, as one proxy would.
    TRUST_PROXY: '1',
    // The tests' origin is http; a test in production mode is an internal test without TLS.
    ALLOW_HTTP_PUBLIC_URL: '1',
    ...options.env,
  });
  const logger = createLogger(env.LOG_LEVEL, options.logDestination);
  const deps = createDeps(env, database, logger, { mailer: options.mailer, storage: options.storage, rateLimits: options.rateLimits });
  deps.boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await deps.boss.start();
  // As the server starts (bootstrap.ts): the queues exist whether this process works them or not.
  if (options.startWorkers !== false) await startJobWorkers(deps.boss, ALL_JOBS, deps, logger, { pollingIntervalSeconds: 0.5 });
  else await prepareJobQueues(deps.boss, ALL_JOBS, logger);
  deps.readiness.markQueueStarted();
  const app = createApp(deps, { clientDist: dataDir });
  const db = deps.db;

  const mails = (to?: string) =>
    db.select().from(outboxEmails).where(to ? eq(outboxEmails.toEmail, to) : undefined).orderBy(desc(outboxEmails.createdAt));

  return {
    deps,
    db,
    database,
    app,
    dataDir,
    agent: () => new TestAgent(app),
    mails,
    waitForMail: (predicate, timeoutMs = 10_000) =>
      waitUntil(async () => (await mails()).find(predicate), { timeoutMs, intervalMs: 200, onTimeout: fail(() => 'Expected mail did not arrive in the outbox') }),
    async waitForMails(to, count, timeoutMs = 10_000) {
      let found: Awaited<ReturnType<typeof mails>> = [];
      return waitUntil(async () => ((found = await mails(to)).length >= count ? found : undefined), {
        timeoutMs,
        onTimeout: fail(() => `Expected ${count} mail(s) to ${to}, found ${found.length}`),
      });
    },
    async releaseJobsDueBy(at, only = {}) {
      const due = await queryRows<{ id: string; name: string }>(
        db,
        sql`select id, name from pgboss.job
            where state in ('created', 'retry') and start_after > now() and start_after <= ${at.toISOString()}::timestamptz
              and (${only.restaurantId ?? null}::text is null or data->>'restaurantId' = ${only.restaurantId ?? null}::text)
              and (${only.queue ?? null}::text is null or name = ${only.queue ?? null}::text)`,
      );
      // Through pg-boss, which wakes its workers (NOTIFY) when an edited job becomes runnable.
      for (const job of due) await deps.boss.update(job.name, undefined, { id: job.id, startAfter: new Date() });
      return due.length;
    },
    async waitForIdleQueue(timeoutMs = 15_000) {
      let pending = 0;
      await waitUntil(
        async () => {
          const [row] = await queryRows<{ pending: number | string }>(
            db,
            sql`select count(*) as pending from pgboss.job where state in ('created', 'retry', 'active') and start_after <= now()`,
          );
          pending = Number(row.pending);
          return pending === 0;
        },
        { timeoutMs, onTimeout: fail(() => `The job queue still has ${pending} job(s) pending`) },
      );
    },
    async close() {
      clock.reset();
      await deps.boss.stop({ graceful: false, close: true, timeout: 2000 }).catch(() => undefined);
      deps.mailer.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Extracts the first link to this app from a mail's HTML. */
export function findLinkInMail(html: string, pathPrefix = '/'): string {
  const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  const link = links.find((href) => href.startsWith(TEST_PUBLIC_URL + pathPrefix));
  if (!link) throw new Error(`No link to ${pathPrefix} in mail`);
  return link;
}
