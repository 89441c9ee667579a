import type { TPublicRestaurant, TQrLookupResponse, TTrackVisitResponse } from '../../shared/schemas/diner';
import { DINER_MESSAGES } from '../../shared/schemas/diner-messages';
import { DinerApiError, getJson, postJson } from './api';
import type { DinerRoute } from './route';

export type LoadedPage = { restaurantId: string; qrId: string | null; restaurant: TPublicRestaurant };

/** Reads what the page shows: the restaurant behind /r/{code} or /f/{id}. */
export async function loadPage(route: DinerRoute): Promise<LoadedPage> {
  if (route.kind === 'scan') {
    const found = await getJson<TQrLookupResponse>(`/qr/${encodeURIComponent(route.code)}`);
    return { restaurantId: found.restaurantId, qrId: found.qrId, restaurant: found.restaurant };
  }
  if (route.kind === 'feedback' || route.kind === 'data') {
    const restaurant = await getJson<TPublicRestaurant>(`/restaurants/${encodeURIComponent(route.restaurantId)}`);
    return { restaurantId: route.restaurantId, qrId: null, restaurant };
  }
  throw new DinerApiError(DINER_MESSAGES.restaurantNotFound, 404);
}

/**
 * Records this page load as a visit (and a scan of its QR). Called once per load, in parallel with
 * loadPage; a failure only means the submission records the visit itself.
 */
export async function trackPageVisit(route: DinerRoute): Promise<TTrackVisitResponse | null> {
  try {
    if (route.kind === 'scan') return await postJson<TTrackVisitResponse>('/visits', { code: route.code });
    if (route.kind === 'feedback') return await postJson<TTrackVisitResponse>('/visits', { restaurantId: route.restaurantId, qrId: route.qrId, label: route.label });
  } catch {
    // Counting is best effort; the form must work anyway.
  }
  return null;
}
