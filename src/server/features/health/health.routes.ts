import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../lib/http/hono-env';

/** The job queue's answer is reused this long: a load balancer polling every second costs one queue read per window. */
const QUEUE_PROBE_TTL_MS = 5000;

/**
 * GET /api/health (liveness): 200 when the database and the job queue answer (the queue reads null while it
 * has not started: an instance waiting for its schema is alive), 503 otherwise.
 * GET /api/health/ready (readiness, for the balancer; decision 078): 200 `{ ready: true, database: true,
 * schema: true, queue: true, draining: false }` only when the database answers `select 1`, the schema has
 * every migration of this version and the job queue has started; otherwise 503 with the same fields
 * (`waitingFor`: the first missing migration's tag while the schema is behind). Draining (SIGTERM): 503.
 */
export function createHealthRoutes(deps: AppDeps) {
  // A failed probe is logged: a 503 must say which part did not answer and why.
  const failed = (part: string) => (error: unknown) => {
    deps.logger.warn({ err: error }, `health: ${part} did not answer`);
    return false;
  };
  // The database is asked on every call (it is what requests need); the queue's tables live in the same
  // database, so its probe (a read of every queue's settings) is shared by the calls of a short window.
  let queueProbe: { at: number; answer: Promise<boolean> } | null = null;
  const probeQueue = () => {
    const now = Date.now();
    if (!queueProbe || now - queueProbe.at > QUEUE_PROBE_TTL_MS) {
      queueProbe = { at: now, answer: deps.boss.getQueues().then(() => true, failed('job queue')) };
    }
    return queueProbe.answer;
  };
  const { readiness } = deps;
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      // An instance still waiting for its schema (MIGRATE_ON_START=0) has no queue yet, and is alive: its
      // liveness stays 200 (readiness says it is not ready), or an orchestrator would restart it in a loop.
      const [database, queue] = await Promise.all([
        deps.db.execute(sql`select 1`).then(() => true, failed('database')),
        readiness.queueStarted() ? probeQueue() : Promise.resolve(null),
      ]);
      const ok = database && queue !== false;
      return c.json({ ok, database, queue }, ok ? 200 : 503);
    })
    .get('/ready', async (c) => {
      const draining = readiness.draining();
      const waitingFor = readiness.waitingForMigration();
      const database = await deps.db.execute(sql`select 1`).then(() => true, failed('database'));
      const schema = waitingFor === null;
      const queue = readiness.queueStarted();
      const ready = !draining && database && schema && queue;
      return c.json({ ready, database, schema, queue, draining, ...(waitingFor ? { waitingFor } : {}) }, ready ? 200 : 503);
    });
}
