import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { requireMember } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { getDashboard } from './dashboard.service';

/** GET /api/dashboard: the owner's dashboard for the session's restaurant. */
export function createDashboardRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(requireMember(deps, 'dashboard.view')).get('/', async (c) => c.json(await getDashboard(deps.db, c.get('tenant'))));
}
