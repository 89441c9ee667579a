import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../lib/hono-env';

/** GET /api/health: 200 when the database and the job queue answer, 503 otherwise. */
export function createHealthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const [database, queue] = await Promise.all([
      deps.db.execute(sql`select 1`).then(() => true, () => false),
      deps.boss.getQueues().then(() => true, () => false),
    ]);
    const ok = database && queue;
    return c.json({ ok, database, queue }, ok ? 200 : 503);
  });
}
