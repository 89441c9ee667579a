import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { csvHeaders } from '../../lib/http/csv';
import { requireMember } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { validate } from '../../lib/http/validate';
import { requestOwnerLocale } from '../../lib/http/request-locale';
import { localizeMessage } from '../../../shared/i18n/api-messages';
import { CUSTOMER_MESSAGES, ZCustomerIdParam, ZCustomerRewardParams, ZCustomersCsvQuery, ZCustomersQuery, type TRedeemRewardResponse } from '../../../shared/schemas/customers';
import { redeemCustomerReward } from '../../core/loyalty';
import { eraseCustomer, exportCustomerData, getCustomerDetail, recordCustomersCsvExport, searchCustomers } from './customers.service';
import { CUSTOMERS_CSV_PAGE_SIZE, CUSTOMERS_CSV_REST_PER_PAGE, customersCsvStream } from './customers-export';
import { takeExportLease } from '../../lib/limits/export-lease';

/** /api/customers: the session restaurant's customers; ids from the URL are always checked against it. */
export function createCustomerRoutes(deps: AppDeps) {
  const view = requireMember(deps, 'customers.view');
  const exportData = requireMember(deps, 'customers.export');
  // Handing a reward over is the counter's act (équipe included), from a customer's file as at the counter.
  const handOver = requireMember(deps, 'counter.use');
  const erase = requireMember(deps, 'customers.erase');
  return new Hono<AppEnv>()
    .get('/', view, validate('query', ZCustomersQuery), async (c) => c.json(await searchCustomers(deps.db, c.get('tenant').restaurantId, c.req.valid('query'))))
    // Streamed page by page, one export at a time per organisation (issue 50, decision 081).
    .get('/export.csv', exportData, validate('query', ZCustomersCsvQuery), async (c) => {
      const { restaurantId, organisationId } = c.get('tenant');
      const lease = await takeExportLease(deps.db, 'customers-csv', organisationId);
      try {
        await recordCustomersCsvExport(deps.db, restaurantId, c.get('user').id);
      } catch (error) {
        await lease.release();
        throw error;
      }
      const logger = c.get('logger');
      const body = customersCsvStream(deps.db, restaurantId, c.req.valid('query'), { lease, pageSize: CUSTOMERS_CSV_PAGE_SIZE[deps.database.kind], restPerPage: CUSTOMERS_CSV_REST_PER_PAGE[deps.database.kind], onError: (error) => logger.error({ err: error }, 'customers CSV export failed') });
      return c.body(body, 200, csvHeaders('clients.csv'));
    })
    .get('/:id', view, validate('param', ZCustomerIdParam), async (c) => c.json(await getCustomerDetail(deps.db, c.get('tenant').restaurantId, c.req.valid('param').id)))
    .get('/:id/export', exportData, validate('param', ZCustomerIdParam), async (c) => {
      const { id } = c.req.valid('param');
      const data = await exportCustomerData(deps.db, c.get('tenant').restaurantId, id, c.get('user').id);
      return c.json(data, 200, { 'Content-Disposition': `attachment; filename="client-${id}.json"` });
    })
    .post('/:id/rewards/:rewardId/redeem', handOver, validate('param', ZCustomerRewardParams), async (c) => {
      const { id, rewardId } = c.req.valid('param');
      const { balance } = await redeemCustomerReward(deps, c.get('tenant').restaurantId, { customerId: id, customerRewardId: rewardId, actorUserId: c.get('user').id });
      return c.json<TRedeemRewardResponse>({ message: localizeMessage(CUSTOMER_MESSAGES.rewardRedeemed, requestOwnerLocale(c)), balance });
    })
    .delete('/:id', erase, validate('param', ZCustomerIdParam), async (c) => {
      await eraseCustomer(deps.db, c.get('tenant').restaurantId, c.req.valid('param').id, c.get('user').id);
      return c.json({ ok: true as const, message: localizeMessage(CUSTOMER_MESSAGES.erased, requestOwnerLocale(c)) });
    });
}
