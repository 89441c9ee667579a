import { DINER_MESSAGES } from '../../shared/schemas/diner-messages';
import { isApiErrorBody } from '../../shared/errors';

/** A failed call: the French message the server chose, or the generic one. */
export class DinerApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DinerApiError';
  }
}

async function send<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/public${path}`, { credentials: 'same-origin', ...init });
  } catch {
    // Offline or the connection dropped.
    throw new DinerApiError(DINER_MESSAGES.genericError, 0);
  }
  if (response.ok) return (await response.json()) as T;
  const body: unknown = await response.json().catch(() => null);
  throw new DinerApiError(isApiErrorBody(body) ? body.error.message : DINER_MESSAGES.genericError, response.status);
}

export function getJson<T>(path: string): Promise<T> {
  return send<T>(path);
}

export function postJson<T>(path: string, body: unknown): Promise<T> {
  return send<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** A random UUID, also where crypto.randomUUID is missing (plain http on a local network). */
export function createSubmissionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
