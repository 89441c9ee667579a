import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { requireOwner } from '../../lib/guards';
import type { AppEnv } from '../../lib/hono-env';
import { getDashboard } from './dashboard.service';

/** GET /api/dashboard: the owner's dashboard for the session's restaurant. */
export function createDashboardRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(requireOwner(deps)).get('/', async (c) => c.json(await getDashboard(deps.db, c.get('tenant'))));
}
