/**
 * Authentication of /api/v1 (issue #31): `Authorization: Bearer rf_live_…`, read on every request
 * (core/api-keys authenticateApiKey: no cache, a revoked key fails at once); then the key's limit
 * (lib/rate-limit-rules API_RATE_LIMITS.perKey, counted in the database) with the IETF RateLimit headers on
 * the answer; then the organisation's approval and plan (`features.api`, Premium; an expired trial has none).
 */
import { createMiddleware } from 'hono/factory';
import type { AppDeps } from '../../deps';
import { authenticateApiKey, type AuthenticatedApiKey } from '../../core/api-keys';
import { getClientIp } from '../../lib/http/client-ip';
import { clock } from '../../lib/runtime/clock';
import { AppError } from '../../lib/http/errors';
import { PLAN_FEATURE_MESSAGES } from '../../auth/guards';
import type { AppEnv } from '../../lib/http/hono-env';
import { hitRateLimits, RateLimitedError } from '../../lib/limits/rate-limit';
import { effectivePlan } from '../../../shared/rules/plans';
import { ApiProblem } from './problem';
import { PUBLIC_API_MESSAGES } from './public-api.schemas';

export type PublicApiEnv = AppEnv & { Variables: AppEnv['Variables'] & { apiKey: AuthenticatedApiKey } };

/** The policy's name in the RateLimit headers (draft-ietf-httpapi-ratelimit-headers). */
export const RATE_LIMIT_POLICY_NAME = 'per-key';

const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="ReFeed API"' };

export function requireApiKey(deps: AppDeps) {
  return createMiddleware<PublicApiEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) throw new ApiProblem(401, PUBLIC_API_MESSAGES.missingKey, CHALLENGE);
    const match = /^Bearer +(\S+)$/i.exec(header.trim());
    if (!match) throw new ApiProblem(401, PUBLIC_API_MESSAGES.malformedKey, CHALLENGE);
    const logger = c.get('logger') ?? deps.logger;
    const key = await authenticateApiKey(deps.db, match[1], (error) => logger.warn({ err: error }, 'api key last_used_at not updated'));
    if (!key) {
      // Unknown or revoked keys are counted per address (a flood ceiling; lib/client-ip decides the address).
      const ip = getClientIp(c, deps.env);
      if (ip) {
        const ceiling = deps.rateLimits.api.unknownKeyPerAddress;
        const [counted] = await hitRateLimits(deps.db, [{ rule: ceiling, subject: ip }]);
        if (!counted.allowed) throw new RateLimitedError(ceiling.message, counted.retryAfterSeconds);
      }
      throw new ApiProblem(401, PUBLIC_API_MESSAGES.unknownKey, CHALLENGE);
    }

    const rule = deps.rateLimits.api.perKey;
    const [result] = await hitRateLimits(deps.db, [{ rule, subject: key.id }]);
    c.header('RateLimit-Policy', `"${RATE_LIMIT_POLICY_NAME}";q=${rule.limit};w=${rule.windowSeconds}`);
    c.header('RateLimit', `"${RATE_LIMIT_POLICY_NAME}";r=${Math.max(0, rule.limit - result.count)};t=${result.retryAfterSeconds}`);
    if (!result.allowed) throw new RateLimitedError(rule.message, result.retryAfterSeconds);

    if (key.organisationStatus !== 'approved') throw new AppError('FORBIDDEN', PUBLIC_API_MESSAGES.organisationNotApproved);
    const plan = effectivePlan(key.plan, clock.now());
    if (plan.state === 'expired' || !plan.features.api) throw new AppError('FORBIDDEN', PLAN_FEATURE_MESSAGES.api!);
    c.set('apiKey', key);
    await next();
  });
}

/** Writes need a read-and-write key (403 otherwise). */
export function assertCanWrite(key: AuthenticatedApiKey): void {
  if (key.access !== 'read_write') throw new AppError('FORBIDDEN', PUBLIC_API_MESSAGES.readOnlyKey);
}
