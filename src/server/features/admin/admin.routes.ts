import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
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
} from '../../../shared/schemas/admin';
import { changeRestaurantStatus, getAdminOverview, getRestaurantForAdmin, listRestaurantsForAdmin, updateRestaurantNotes } from './admin-restaurants.service';
import { addAppAdminByEmail, listAppAdmins, removeAppAdmin } from './admins.service';

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
      .get('/overview', async (c) => c.json(await getAdminOverview(deps.db)))
      .get('/restaurants', validate('query', ZListRestaurantsQuery), async (c) => c.json(await listRestaurantsForAdmin(deps.db, c.req.valid('query'))))
      .get('/restaurants/:id', async (c) => c.json(await getRestaurantForAdmin(deps.db, c.req.param('id'))))
      .patch('/restaurants/:id/notes', validate('json', ZUpdateNotesRequest), async (c) =>
        c.json(await updateRestaurantNotes(deps.db, c.req.param('id'), c.req.valid('json').notes)),
      )
      .post('/restaurants/:id/approve', validate('json', ZApproveRestaurantRequest), async (c) =>
        c.json(
          await changeRestaurantStatus(deps, c.get('logger'), {
            action: 'approve',
            restaurantId: c.req.param('id'),
            adminUserId: c.get('user').id,
            notes: c.req.valid('json').notes,
          }),
        ),
      )
      .post('/restaurants/:id/reject', validate('json', ZRejectRestaurantRequest), async (c) =>
        c.json(
          await changeRestaurantStatus(deps, c.get('logger'), {
            action: 'reject',
            restaurantId: c.req.param('id'),
            adminUserId: c.get('user').id,
            reason: c.req.valid('json').reason,
          }),
        ),
      )
      .post('/restaurants/:id/suspend', validate('json', ZSuspendRestaurantRequest), async (c) =>
        c.json(
          await changeRestaurantStatus(deps, c.get('logger'), {
            action: 'suspend',
            restaurantId: c.req.param('id'),
            adminUserId: c.get('user').id,
            reason: c.req.valid('json').reason,
          }),
        ),
      )
      .post('/restaurants/:id/reactivate', async (c) =>
        c.json(await changeRestaurantStatus(deps, c.get('logger'), { action: 'reactivate', restaurantId: c.req.param('id'), adminUserId: c.get('user').id })),
      )
      .get('/admins', async (c) => c.json(await listAppAdmins(deps.db)))
      .post('/admins', validate('json', ZAddAdminRequest), async (c) => c.json(await addAppAdminByEmail(deps.db, c.req.valid('json').email, c.get('user').id), 201))
      .delete('/admins/:userId', async (c) => {
        await removeAppAdmin(deps.db, { actorUserId: c.get('user').id, targetUserId: c.req.param('userId') });
        return c.json({ ok: true as const });
      })
  );
}
