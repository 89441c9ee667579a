import { APP_ERROR_STATUS, type AppErrorCode } from '../../shared/errors';

/** The 413 answer of every body-size limit. */
export const BODY_TOO_LARGE_MESSAGE = 'Requête trop volumineuse.';

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
