import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../lib/hono-env';

/** The job queue's answer is reused this long: a load balancer polling every second costs one queue read per window. */
const QUEUE_PROBE_TTL_MS = 5000;

/** GET /api/health: 200 when the database and the job queue answer, 503 otherwise. */
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
  return new Hono<AppEnv>().get('/', async (c) => {
    const [database, queue] = await Promise.all([deps.db.execute(sql`select 1`).then(() => true, failed('database')), probeQueue()]);
    const ok = database && queue;
    return c.json({ ok, database, queue }, ok ? 200 : 503);
  });
}
