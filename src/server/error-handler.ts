/** The app's one onError: every error becomes `{ error: { code, message } }` in French, with the right status. */
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { GENERIC_ERROR_MESSAGE, type ApiErrorBody } from '../shared/errors';
import type { AppDeps } from './deps';
import { AppError, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './lib/errors';
import type { AppEnv } from './lib/hono-env';
import { RateLimitedError, retryAfterHeader } from './lib/rate-limit';
import { INVALID_REQUEST_MESSAGE } from './lib/validate';

/** Retry-After of the 503 answered while the database is unreachable: a restart or failover takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function handleErrors(deps: AppDeps): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof AppError) {
      // A refused rate limit (lib/rate-limit-rules): the one place its 429 gets Retry-After.
      const headers = error instanceof RateLimitedError ? retryAfterHeader(error.retryAfterSeconds) : undefined;
      return c.json<ApiErrorBody>({ error: { code: error.code, message: error.message } }, error.status, headers);
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own 4xx (e.g. a malformed JSON body) carry English text: answer in the product's language.
      return c.json<ApiErrorBody>({ error: { code: 'BAD_REQUEST', message: INVALID_REQUEST_MESSAGE } }, error.status);
    }
    const logger = c.get('logger') ?? deps.logger.child({ requestId: c.get('requestId') });
    // The database went away under this request (restart, failover, terminated backend): nothing it
    // wrote is half done (its transaction rolled back with the connection), and the pool reconnects on
    // the next query. A 503 the client can retry, not a 500 (decision 027).
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, path: c.req.path }, 'database unavailable');
      return c.json<ApiErrorBody>({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE } }, 503, retryAfterHeader(DATABASE_RETRY_AFTER_SECONDS));
    }
    logger.error({ err: error, path: c.req.path }, 'unexpected error');
    return c.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: GENERIC_ERROR_MESSAGE } }, 500);
  };
}
