import { onFirstAct } from '../lib/first-act';
import { loadDinerSchemas, loadOnce } from './load-once';
import { loadMore } from './i18n';

/**
 * The parts of the diner page fetched after it shows: the forms' schemas (load-once.ts) and the
 * thank-you screen. Both wait for the diner's first act on the page (a tap on a star, a key, a focus:
 * decision 069), and are awaited when needed. Fetched as soon as the page showed, their evaluation (zod
 * and the schemas, then the thank-you screen: ~150 ms on a slow phone) was the page's longest task,
 * right when a diner would tap; the ten seconds of a rating leave them time to arrive.
 */
type ThankYouModule = typeof import('./thank-you');

// With its words: the thank-you, the card and the server's messages are the more catalogue's (decision 090).
export const loadThankYou: () => Promise<ThankYouModule> = loadOnce(() => Promise.all([import('./thank-you'), loadMore()]).then(([module]) => module));

/** Idle time of its own, so that each part is evaluated in a short task of its own. */
const whenIdle = (work: () => void) => ('requestIdleCallback' in window ? window.requestIdleCallback(work, { timeout: 1000 }) : setTimeout(work, 50));

export function prefetchDeferredParts(): void {
  onFirstAct(() => {
    // The schemas first (the submission validates with them), then the thank-you screen.
    void loadDinerSchemas()
      .catch(() => undefined)
      .then(() => whenIdle(() => void loadThankYou().catch(() => undefined)));
  });
}
