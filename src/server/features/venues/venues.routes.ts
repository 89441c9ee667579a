import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { csvHeaders } from '../../lib/http/csv';
import { requireMember } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { validate } from '../../lib/http/validate';
import { requestOwnerLocale } from '../../lib/http/request-locale';
import { ZCreateVenueRequest, ZVenueSynthesisQuery } from '../../../shared/schemas/venues';
import { createVenue, getSynthesis, listVenues, synthesisCsv } from './venues.service';

/**
 * /api/venues (issue #29, decision 054): the organisation's venues with their figures and the consolidated
 * view (dashboards: propriétaire, gérant, lecture), and adding a venue (propriétaire only).
 */
export function createVenueRoutes(deps: AppDeps) {
  const view = requireMember(deps, 'dashboard.view');
  return new Hono<AppEnv>()
    .get('/', view, async (c) => c.json(await listVenues(deps.db, c.get('session'), c.get('tenant'))))
    .post('/', requireMember(deps, 'venues.manage'), validate('json', ZCreateVenueRequest), async (c) =>
      c.json(await createVenue(deps.db, c.get('tenant'), c.get('user'), c.req.valid('json'), requestOwnerLocale(c)), 201),
    )
    .get('/synthesis', view, validate('query', ZVenueSynthesisQuery), async (c) =>
      c.json(await getSynthesis(deps.db, c.get('session'), c.get('tenant'), c.req.valid('query'))),
    )
    .get('/synthesis.csv', view, validate('query', ZVenueSynthesisQuery), async (c) => {
      const synthesis = await getSynthesis(deps.db, c.get('session'), c.get('tenant'), c.req.valid('query'));
      return c.body(synthesisCsv(synthesis), 200, csvHeaders(`etablissements-${synthesis.period.from}-${synthesis.period.to}.csv`));
    });
}
