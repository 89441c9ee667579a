import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../lib/hono-env';

/** Platform-administration endpoints (issue [admin]), mounted at /api/admin. */
export function createAdminRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
