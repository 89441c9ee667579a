import { Hono, type Context } from 'hono';
import { createFactory } from 'hono/factory';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { mailSettingWarnings } from '../../env';
import { requireAdmin } from '../../auth/guards';
import { getBillingOverview } from './admin-billing.service';
import type { AppEnv } from '../../lib/http/hono-env';
import { validate } from '../../lib/http/validate';
import {
  ZAddAdminRequest,
  ZApproveRestaurantRequest,
  ZListRestaurantsQuery,
  ZRejectRestaurantRequest,
  ZSuspendRestaurantRequest,
  ZUpdateNotesRequest,
  type TAdminAction,
  type TVenueAction,
} from '../../../shared/schemas/admin';
import {
  changeOrganisationStatus,
  changeVenueStatus,
  getAdminOverview,
  getOrganisationForAdmin,
  listOrganisationsForAdmin,
  setOrganisationPlan,
  updateOrganisationNotes,
} from './admin-organisations.service';
import { ZSetPlanRequest } from '../../../shared/schemas/plans';
import { addAppAdminByEmail, listAppAdmins, removeAppAdmin } from './admins.service';

const factory = createFactory<AppEnv>();

/** A status transition of the organisation in the path, by the signed-in administrator. */
function runTransition(deps: AppDeps, c: Context<AppEnv>, action: TAdminAction, fields: { notes?: string; reason?: string } = {}) {
  return changeOrganisationStatus(deps, c.get('logger'), { action, organisationId: c.req.param('id') ?? '', adminUserId: c.get('user').id, ...fields });
}

/** A venue suspended alone, or reactivated, by the signed-in administrator. */
function runVenueTransition(deps: AppDeps, c: Context<AppEnv>, action: TVenueAction, reason?: string) {
  return changeVenueStatus(deps, c.get('logger'), { action, restaurantId: c.req.param('id') ?? '', adminUserId: c.get('user').id, reason });
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
      // Online payment (issue 54, decision 092): each organisation's billing state, MRR in total and by plan, those past due.
      .get('/billing', async (c) => c.json(await getBillingOverview(deps.db)))
      // The platform's approval is the organisation's (decision 055): the list, the detail and the decisions.
      .get('/organisations', validate('query', ZListRestaurantsQuery), async (c) => c.json(await listOrganisationsForAdmin(deps.db, c.req.valid('query'))))
      .get('/organisations/:id', async (c) => c.json(await getOrganisationForAdmin(deps.db, c.req.param('id'))))
      .patch('/organisations/:id/notes', validate('json', ZUpdateNotesRequest), async (c) =>
        c.json(await updateOrganisationNotes(deps.db, c.req.param('id'), c.req.valid('json').notes)),
      )
      .post('/organisations/:id/approve', ...transition(deps, 'approve', ZApproveRestaurantRequest, (body) => ({ notes: body.notes })))
      .post('/organisations/:id/reject', ...transition(deps, 'reject', ZRejectRestaurantRequest, (body) => ({ reason: body.reason })))
      .post('/organisations/:id/suspend', ...transition(deps, 'suspend', ZSuspendRestaurantRequest, (body) => ({ reason: body.reason })))
      .post('/organisations/:id/plan', validate('json', ZSetPlanRequest), async (c) =>
        c.json(await setOrganisationPlan(deps.db, { organisationId: c.req.param('id'), adminUserId: c.get('user').id, ...c.req.valid('json') })),
      )
      .post('/organisations/:id/reactivate', async (c) => c.json(await runTransition(deps, c, 'reactivate')))
      // A venue alone: suspended and reactivated without its organisation.
      .post('/restaurants/:id/suspend', validate('json', ZSuspendRestaurantRequest), async (c) =>
        c.json(await runVenueTransition(deps, c, 'suspend', c.req.valid('json').reason)),
      )
      .post('/restaurants/:id/reactivate', async (c) => c.json(await runVenueTransition(deps, c, 'reactivate')))
      .get('/admins', async (c) => c.json(await listAppAdmins(deps.db)))
      .post('/admins', validate('json', ZAddAdminRequest), async (c) => c.json(await addAppAdminByEmail(deps.db, c.req.valid('json').email, c.get('user').id), 201))
      .delete('/admins/:userId', async (c) => {
        await removeAppAdmin(deps.db, { actorUserId: c.get('user').id, targetUserId: c.req.param('userId') });
        return c.json({ ok: true as const });
      })
  );
}
