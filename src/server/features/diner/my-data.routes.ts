import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../lib/http/hono-env';
import { validate } from '../../lib/http/validate';
import { clock } from '../../lib/runtime/clock';
import { ZMyConsentRequest, ZMyErasureConfirmRequest, ZMyErasureRequest, type TMyData, type TMyDataErasureResponse, type TMyDataMessageResponse } from '../../../shared/schemas/my-data';
import { limit, readerId } from './diner.routes';
import { confirmMyErasure, readMyData, requestMyErasure, setMyConsent, unsubscribeMe } from './my-data.service';

/**
 * 'Mes données' (decision 045), mounted at /api/public: the device's own data at a restaurant. The
 * device is its rf_tid cookie only (never an id in the request); a browser without one holds nothing.
 */
export function createMyDataRoutes(deps: AppDeps) {
  const deviceOf = (visitorId: string | undefined, restaurantId: string) => ({ visitorId, restaurant: restaurantId });
  const read = (restaurantId: string, visitorId: string | undefined) => readMyData(deps.db, restaurantId, visitorId ?? '');
  return new Hono<AppEnv>()
    .get('/restaurants/:restaurantId/my-data', async (c) => {
      const visitorId = readerId(c);
      const restaurantId = c.req.param('restaurantId');
      await limit(c, deps, 'myData', deviceOf(visitorId, restaurantId));
      return c.json<TMyData>(await read(restaurantId, visitorId));
    })
    .get('/restaurants/:restaurantId/my-data/export', async (c) => {
      const visitorId = readerId(c);
      const restaurantId = c.req.param('restaurantId');
      await limit(c, deps, 'myData', deviceOf(visitorId, restaurantId));
      const data = await read(restaurantId, visitorId);
      return c.json({ exportedAt: clock.now().toISOString(), ...data }, 200, { 'Content-Disposition': 'attachment; filename="mes-donnees.json"' });
    })
    .post('/restaurants/:restaurantId/my-data/consent', validate('json', ZMyConsentRequest), async (c) => {
      const visitorId = readerId(c);
      const restaurantId = c.req.param('restaurantId');
      await limit(c, deps, 'myData', deviceOf(visitorId, restaurantId));
      const message = await setMyConsent(deps.db, restaurantId, visitorId ?? '', c.req.valid('json').marketingConsent);
      return c.json<TMyDataMessageResponse>({ message, data: await read(restaurantId, visitorId) });
    })
    .post('/restaurants/:restaurantId/my-data/unsubscribe', async (c) => {
      const visitorId = readerId(c);
      const restaurantId = c.req.param('restaurantId');
      await limit(c, deps, 'myData', deviceOf(visitorId, restaurantId));
      const message = await unsubscribeMe(deps.db, restaurantId, visitorId ?? '');
      return c.json<TMyDataMessageResponse>({ message, data: await read(restaurantId, visitorId) });
    })
    .post('/restaurants/:restaurantId/my-data/erase', validate('json', ZMyErasureRequest), async (c) => {
      const visitorId = readerId(c);
      const restaurantId = c.req.param('restaurantId');
      await limit(c, deps, 'erase', deviceOf(visitorId, restaurantId));
      return c.json<TMyDataErasureResponse>(await requestMyErasure(deps, restaurantId, visitorId ?? ''));
    })
    .post('/my-data/erase/confirm', validate('json', ZMyErasureConfirmRequest), async (c) => {
      await limit(c, deps, 'erase', { visitorId: readerId(c) });
      return c.json<TMyDataErasureResponse>(await confirmMyErasure(deps.db, c.req.valid('json').token));
    });
}
