import { APP_ERROR_STATUS, type AppErrorCode } from '../../../shared/errors';

/** The 413 answer of every body-size limit. */
export const BODY_TOO_LARGE_MESSAGE = 'Requête trop volumineuse.';

/** The 503 answer of a request caught by a lost database connection (a restart, a failover, a terminated backend). */
export { DATABASE_UNAVAILABLE_MESSAGE } from '../../../shared/errors';

/** An expected failure: its French message is shown to the user as it is. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  constructor(code: AppErrorCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
  }
  get status(): (typeof APP_ERROR_STATUS)[AppErrorCode] {
    return APP_ERROR_STATUS[this.code];
  }
}

/** PostgreSQL's error code for a unique violation, as raised by both drivers. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = findPgError(error);
  return !!found && found.code === '23505' && (!constraint || found.constraint === constraint);
}

type PgErrorLike = { code?: string; constraint?: string };

/** Drizzle wraps driver errors; walk the cause chain to the one that carries the SQLSTATE. */
export function findPgError(error: unknown): PgErrorLike | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current === 'object' && current !== null && typeof (current as PgErrorLike).code === 'string' && /^[0-9A-Z]{5}$/.test((current as PgErrorLike).code!)) {
      return current as PgErrorLike;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * SQLSTATEs of a database that went away: 08xxx connection exceptions, 57P01 admin_shutdown (a
 * terminated backend, a fast shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up
 * or shutting down), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
/** Socket errors of a connection that could not be made or was cut. */
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** pg's and pg-pool's own errors for a dead or unobtainable connection (they carry no code). */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end on the pool)$/;

/**
 * Whether `error` says the database connection was lost or could not be made (a restart, a failover,
 * pg_terminate_backend, the server down): the request answers 503 then, not 500 (decision 027).
 * Walks drizzle's and better-auth's wrapping (`cause`) and Node's AggregateError (`errors`).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.length > 0 && errors.every((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
