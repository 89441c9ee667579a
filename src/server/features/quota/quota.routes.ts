import { Hono } from 'hono';
import type { AppDeps } from '../../deps';
import { readEmailUsage } from '../../core/email-quota';
import { AppError } from '../../lib/http/errors';
import { requireMember } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { EMAIL_USAGE_MESSAGES, type TEmailUsageResponse } from '../../../shared/schemas/email-usage';

/** /api/email-usage: the organisation's diner emails this month, for the owner layout's banner (decision 058). */
export function createQuotaRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', requireMember(deps, 'dashboard.view'), async (c) => {
    const usage = await readEmailUsage(deps.db, c.get('tenant').organisationId);
    if (!usage) throw new AppError('NOT_FOUND', EMAIL_USAGE_MESSAGES.organisationNotFound);
    const body: TEmailUsageResponse = { month: usage.month, used: usage.used, limit: usage.limit, plan: usage.plan.plan, state: usage.plan.state };
    return c.json(body);
  });
}
