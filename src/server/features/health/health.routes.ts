import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../lib/hono-env';

/** GET /api/health: 200 when the database and the job queue answer, 503 otherwise. */
export function createHealthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    // A failed probe is logged: a 503 must say which part did not answer and why.
    const failed = (part: string) => (error: unknown) => {
      deps.logger.warn({ err: error }, `health: ${part} did not answer`);
      return false;
    };
    const [database, queue] = await Promise.all([
      deps.db.execute(sql`select 1`).then(() => true, failed('database')),
      deps.boss.getQueues().then(() => true, failed('job queue')),
    ]);
    const ok = database && queue;
    return c.json({ ok, database, queue }, ok ? 200 : 503);
  });
}
