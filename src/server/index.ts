import { serve, type ServerType } from '@hono/node-server';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { createApp } from './app';
import { connectionBudget, startDependencies } from './bootstrap';
import { describeDatabase, EnvError, instanceLayoutRefusal, mailSettingWarnings, parseEnv } from './env';
import { DataDirLockedError } from './lib/runtime/data-dir-lock';
import { createLogger } from './lib/runtime/logger';
import { noteServerUrl } from './lib/http/server-url';

/** How long a stopping instance waits for the requests in flight before it closes their connections. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops taking connections and waits for the requests in flight: every answer from now on says
 * `Connection: close`, so the client's next request goes to another instance, and a keep-alive connection
 * is closed as soon as it is idle (Node would keep it for its 5 s timeout). Past `graceMs` the rest are closed.
 */
function drainRequests(server: ServerType, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const http = server as Server;
    http.on('request', (_request: IncomingMessage, response: ServerResponse) => {
      if (!response.headersSent) response.setHeader('Connection', 'close');
    });
    const idle = setInterval(() => http.closeIdleConnections(), 100);
    const late = setTimeout(() => http.closeAllConnections(), graceMs);
    http.close(() => {
      clearInterval(idle);
      clearTimeout(late);
      resolve();
    });
  });
}

/**
 * Boot: env → lock → database (migrate under the migration lock) → jobs → listen. With MIGRATE_ON_START=0
 * and the schema behind, it listens at once and answers 503 until `npm run migrate` has run (decision 078).
 */
async function main(): Promise<void> {
  const env = parseEnv();
  const refusal = instanceLayoutRefusal(env);
  if (refusal) throw new EnvError(refusal);
  const logger = createLogger(env.LOG_LEVEL);
  const { deps, stop, ready } = await startDependencies(env, logger, { serveWhileWaiting: true });
  ready.catch(async (error: unknown) => {
    console.error('ReFeed failed to start:', error);
    await stop();
    process.exit(1);
  });
  const app = createApp(deps, { clientDist: env.CLIENT_DIST_DIR });
  const server = serve({ fetch: app.fetch, port: env.PORT });
  server.on('listening', () => {
    console.log(`ReFeed is running at ${env.PUBLIC_URL}`);
    noteServerUrl(env.DATA_DIR, env.PUBLIC_URL);
    console.log(`  database: ${describeDatabase(env)}`);
    const outboxWhere = env.NODE_ENV === 'production' ? 'kept in the outbox_emails table, never sent (MAIL_MODE=outbox)' : `read mails at ${env.PUBLIC_URL}/dev/mailbox`;
    console.log(`  mail: ${deps.mailer.mode === 'smtp' ? 'SMTP' : `outbox (${outboxWhere})`}`);
    console.log(`  storage: ${deps.storage.kind === 's3' ? `S3 bucket ${env.S3_BUCKET}` : path.join(env.DATA_DIR, 'storage')}`);
    if (env.JOB_WORKERS === 'off') console.log('  jobs: queued here, run by the instances with JOB_WORKERS=on');
    // What N instances of this role take from PostgreSQL's max_connections (decision 078).
    const budget = connectionBudget(env);
    console.log(`  ${budget}`);
    logger.info({ role: env.JOB_WORKERS === 'on' ? 'web+jobs' : 'web', instanceCount: env.INSTANCE_COUNT ?? null }, budget);
    const waiting = deps.readiness.waitingForMigration();
    if (waiting) console.log(`  schema: waiting for migration ${waiting} (MIGRATE_ON_START=0): answering 503 until npm run migrate has run`);
    // Settings that hurt delivery without stopping the start: on the console, in the log, and on the admin console.
    for (const warning of mailSettingWarnings(env)) {
      console.warn(`  warning: ${warning}`);
      logger.warn({ setting: 'mail' }, warning);
    }
  });
  server.on('error', async (error) => {
    console.error(`Could not listen on port ${env.PORT}: ${error.message}`);
    await stop();
    process.exit(1);
  });
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    // Readiness answers 503 first, while the instance still serves: the balancer's checks see it and stop
    // sending new requests before the listener closes (DRAIN_NOTICE_SECONDS, decision 078).
    deps.readiness.markDraining();
    if (env.DRAIN_NOTICE_SECONDS > 0) {
      logger.info(`draining: readiness answers 503, listening ${env.DRAIN_NOTICE_SECONDS} s more`);
      await new Promise((resolve) => setTimeout(resolve, env.DRAIN_NOTICE_SECONDS * 1000));
    }
    // A rolling restart: no new connection; the requests in flight are answered (a diner's submission
    // commits and gets its answer) before the database and the job queue close, SHUTDOWN_GRACE_MS at most.
    await drainRequests(server, SHUTDOWN_GRACE_MS);
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error('ReFeed failed to start:', error);
  process.exit(1);
});
