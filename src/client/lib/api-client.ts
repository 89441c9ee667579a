import { hc } from 'hono/client';
// Type-only: the client learns the API's shape from the server's route types, no code is shared.
import type { AppType } from '../../server/api-routes';
import { GENERIC_ERROR_MESSAGE, isApiErrorBody } from '../../shared/errors';
import { venueHeaders } from './current-venue';
import { ownerLanguageHeaders } from './owner-locale';

/** The typed API client; each call names the venue the tab shows (X-Venue, decision 056) and its language (decision 097). */
export const api = hc<AppType>('/api', { init: { credentials: 'same-origin' }, headers: () => ({ ...venueHeaders(), ...ownerLanguageHeaders() }) });

/** A failed API call, carrying the French message the server chose for the user. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Returns the JSON of a successful response, or throws an ApiError with the server's message. */
export async function readJson<T>(response: { ok: boolean; status: number; json(): Promise<T> }): Promise<T> {
  if (response.ok) return response.json();
  const body: unknown = await response.json().catch(() => null);
  if (isApiErrorBody(body)) throw new ApiError(body.error.message, response.status, body.error.code);
  throw new ApiError(GENERIC_ERROR_MESSAGE, response.status);
}
