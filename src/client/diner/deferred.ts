import { loadDinerSchemas, loadOnce } from './load-once';

/**
 * The parts of the diner page fetched after it shows: the forms' schemas (load-once.ts) and the
 * thank-you screen, both when the phone is idle (prefetchDeferredParts), and awaited when needed.
 */
type ThankYouModule = typeof import('./thank-you');

export const loadThankYou: () => Promise<ThankYouModule> = loadOnce(() => import('./thank-you'));

export function prefetchDeferredParts(): void {
  const start = () => {
    void loadDinerSchemas().catch(() => undefined);
    void loadThankYou().catch(() => undefined);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}
