/** Error codes the API answers with; each maps to one HTTP status. */
export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** The JSON body of every error answer. */
export type ApiErrorBody = { error: { code: AppErrorCode | string; message: string } };

export const GENERIC_ERROR_MESSAGE = 'Une erreur est survenue. Veuillez réessayer.';
/** The 503 while the database is unreachable (decision 027). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Service momentanément indisponible. Réessayez dans un instant.';

/** The 429 of a rate limit (server/lib/limits, decision 034). */
export const RATE_LIMITED_MESSAGE = 'Trop de tentatives. Veuillez réessayer dans quelques minutes.';

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}
