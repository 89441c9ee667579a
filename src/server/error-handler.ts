/** The app's one onError: every error becomes `{ error: { code, message } }` in French (English for an English owner, decision 097), with the right status. */
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { GENERIC_ERROR_MESSAGE, type ApiErrorBody } from '../shared/errors';
import type { AppDeps } from './deps';
import { AppError, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './lib/http/errors';
import type { AppEnv } from './lib/http/hono-env';
import { RateLimitedError, retryAfterHeader } from './lib/limits/rate-limit';
import { INVALID_REQUEST_MESSAGE } from './lib/http/validate';
import { requestOwnerLocale } from './lib/http/request-locale';
import { localizeMessage } from '../shared/i18n/api-messages';

/** Retry-After of the 503 answered while the database is unreachable: a restart or failover takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function handleErrors(deps: AppDeps): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof AppError) {
      // A refused rate limit (lib/rate-limit-rules): the one place its 429 gets Retry-After.
      const headers = error instanceof RateLimitedError ? retryAfterHeader(error.retryAfterSeconds) : undefined;
      return c.json<ApiErrorBody>({ error: { code: error.code, message: localizeMessage(error.message, requestOwnerLocale(c)) } }, error.status, headers);
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own 4xx (e.g. a malformed JSON body) carry English text: answer in the product's language.
      return c.json<ApiErrorBody>({ error: { code: 'BAD_REQUEST', message: localizeMessage(INVALID_REQUEST_MESSAGE, requestOwnerLocale(c)) } }, error.status);
    }
    const logger = c.get('logger') ?? deps.logger.child({ requestId: c.get('requestId') });
    // The database went away under this request (restart, failover, terminated backend): nothing it
    // wrote is half done (its transaction rolled back with the connection), and the pool reconnects on
    // the next query. A 503 the client can retry, not a 500 (decision 027).
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, path: c.req.path }, 'database unavailable');
      return c.json<ApiErrorBody>({ error: { code: 'UNAVAILABLE', message: localizeMessage(DATABASE_UNAVAILABLE_MESSAGE, requestOwnerLocale(c)) } }, 503, retryAfterHeader(DATABASE_RETRY_AFTER_SECONDS));
    }
    logger.error({ err: error, path: c.req.path }, 'unexpected error');
    return c.json<ApiErrorBody>({ error: { code: 'INTERNAL', message: localizeMessage(GENERIC_ERROR_MESSAGE, requestOwnerLocale(c)) } }, 500);
  };
}
