import { ApiError } from './api-client';
import { venueHeaders } from './current-venue';
import { GENERIC_ERROR_MESSAGE, isApiErrorBody } from '../../shared/errors';

/** Downloads an owner export (CSV, JSON) through a temporary link, keeping the server's file name. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  // An owner export is the tab's venue's (X-Venue, decision 056).
  const response = await fetch(url, { credentials: 'same-origin', headers: venueHeaders() });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(isApiErrorBody(body) ? body.error.message : GENERIC_ERROR_MESSAGE, response.status);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
