import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { requireMember } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { validate } from '../../lib/http/validate';
import { markOwnerTodoDone } from '../../core/owner-todo';
import { ZCreateQrCodeRequest, ZQrCardsQuery, ZQrIdParam } from '../../../shared/schemas/qr';
import { createQrCode, deleteQrCode, listQrCodes, regenerateQrPng, renderTableCardsPdf } from './qr.service';

/** Owner QR-code endpoints (issue [qr]), mounted at /api/qr; every query is scoped to the session's restaurant. */
export function createQrRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireMember(deps, 'qr.manage'))
    .get('/', async (c) => c.json(await listQrCodes(deps, c.get('tenant').restaurantId)))
    .post('/', validate('json', ZCreateQrCodeRequest), async (c) => {
      const qrCode = await createQrCode(deps, c.get('tenant').restaurantId, c.req.valid('json'));
      return c.json({ qrCode }, 201);
    })
    .get('/cards.pdf', validate('query', ZQrCardsQuery), async (c) => {
      const pdf = await renderTableCardsPdf(deps, c.get('tenant').restaurantId, c.req.valid('query'));
      // Printing the table cards ticks the dashboard's 'print QR codes' item (core/owner-todo.ts).
      await markOwnerTodoDone(deps.db, c.get('tenant').restaurantId, 'qrCodes');
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'inline; filename="cartes-qr.pdf"',
      });
    })
    // The client tells when the owner downloaded a QR PNG (the file itself is served from /storage).
    .post('/downloaded', async (c) => {
      await markOwnerTodoDone(deps.db, c.get('tenant').restaurantId, 'qrCodes');
      return c.json({ ok: true as const });
    })
    .post('/:id/regenerate', validate('param', ZQrIdParam), async (c) => {
      const qrCode = await regenerateQrPng(deps, c.get('tenant').restaurantId, c.req.valid('param').id);
      return c.json({ qrCode });
    })
    .delete('/:id', validate('param', ZQrIdParam), async (c) => {
      await deleteQrCode(deps, c.get('tenant').restaurantId, c.req.valid('param').id, c.get('logger'));
      return c.json({ ok: true as const });
    });
}
