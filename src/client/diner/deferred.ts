/**
 * What the diner page needs only once the diner acts stays out of its first download: the forms'
 * schemas (zod) and the thank-you screen. Both are fetched once the page is shown, when the phone is
 * idle (prefetchDeferredParts), and awaited when needed. The same schemas validate the routes.
 */
type DinerSchemas = typeof import('../../shared/schemas/diner');
type ThankYouModule = typeof import('./thank-you');

/** Memoizes a dynamic import, forgetting a failure so a later attempt may succeed (the network came back). */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

export const loadDinerSchemas: () => Promise<DinerSchemas> = loadOnce(() => import('../../shared/schemas/diner'));
export const loadThankYou: () => Promise<ThankYouModule> = loadOnce(() => import('./thank-you'));

export function prefetchDeferredParts(): void {
  const start = () => {
    void loadDinerSchemas().catch(() => undefined);
    void loadThankYou().catch(() => undefined);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}
