import { Hono, type Context } from 'hono';
import { createFactory } from 'hono/factory';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { mailSettingWarnings } from '../../env';
import { requireAdmin } from '../../lib/guards';
import type { AppEnv } from '../../lib/hono-env';
import { validate } from '../../lib/validate';
import {
  ZAddAdminRequest,
  ZApproveRestaurantRequest,
  ZListRestaurantsQuery,
  ZRejectRestaurantRequest,
  ZSuspendRestaurantRequest,
  ZUpdateNotesRequest,
  type TAdminAction,
} from '../../../shared/schemas/admin';
import { changeRestaurantStatus, getAdminOverview, getRestaurantForAdmin, listRestaurantsForAdmin, updateRestaurantNotes } from './admin-restaurants.service';
import { addAppAdminByEmail, listAppAdmins, removeAppAdmin } from './admins.service';

const factory = createFactory<AppEnv>();

/** A status transition of the restaurant in the path, by the signed-in administrator. */
function runTransition(deps: AppDeps, c: Context<AppEnv>, action: TAdminAction, fields: { notes?: string; reason?: string } = {}) {
  return changeRestaurantStatus(deps, c.get('logger'), { action, restaurantId: c.req.param('id') ?? '', adminUserId: c.get('user').id, ...fields });
}

/** The one shape of a status transition's route with a body: validated by the action's schema, then runTransition. */
function transition<S extends z.ZodType>(deps: AppDeps, action: TAdminAction, schema: S, fields: (body: z.infer<S>) => { notes?: string; reason?: string }) {
  return factory.createHandlers(validate('json', schema), async (c) => c.json(await runTransition(deps, c, action, fields(c.req.valid('json') as z.infer<S>))));
}

/**
 * Platform-administration endpoints, mounted at /api/admin. Every one of them (and any path under
 * it) goes through requireAdmin first: 401 signed out, 403 for anyone who is not an administrator.
 */
export function createAdminRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .use('*', requireAdmin(deps))
      // The admin gate of the client asks here: 200 admin, 401 signed out, 403 anyone else.
      .get('/me', (c) => c.json({ user: c.get('user'), isAdmin: true as const }))
      .get('/overview', async (c) => c.json({ ...(await getAdminOverview(deps.db)), mailWarnings: mailSettingWarnings(deps.env) }))
      .get('/restaurants', validate('query', ZListRestaurantsQuery), async (c) => c.json(await listRestaurantsForAdmin(deps.db, c.req.valid('query'))))
      .get('/restaurants/:id', async (c) => c.json(await getRestaurantForAdmin(deps.db, c.req.param('id'))))
      .patch('/restaurants/:id/notes', validate('json', ZUpdateNotesRequest), async (c) =>
        c.json(await updateRestaurantNotes(deps.db, c.req.param('id'), c.req.valid('json').notes)),
      )
      .post('/restaurants/:id/approve', ...transition(deps, 'approve', ZApproveRestaurantRequest, (body) => ({ notes: body.notes })))
      .post('/restaurants/:id/reject', ...transition(deps, 'reject', ZRejectRestaurantRequest, (body) => ({ reason: body.reason })))
      .post('/restaurants/:id/suspend', ...transition(deps, 'suspend', ZSuspendRestaurantRequest, (body) => ({ reason: body.reason })))
      .post('/restaurants/:id/reactivate', async (c) => c.json(await runTransition(deps, c, 'reactivate')))
      .get('/admins', async (c) => c.json(await listAppAdmins(deps.db)))
      .post('/admins', validate('json', ZAddAdminRequest), async (c) => c.json(await addAppAdminByEmail(deps.db, c.req.valid('json').email, c.get('user').id), 201))
      .delete('/admins/:userId', async (c) => {
        await removeAppAdmin(deps.db, { actorUserId: c.get('user').id, targetUserId: c.req.param('userId') });
        return c.json({ ok: true as const });
      })
  );
}
