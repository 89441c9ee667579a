/**
 * What a visitor does that may need the page's deferred parts soon: a touch, a click, a key, a focus, a
 * scroll. The site's landing page hydrates its islands then (decision 050); the diner page fetches its
 * forms' schemas and the thank-you screen then (decision 069). A visitor who only reads runs neither.
 */
export const FIRST_ACT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel', 'click'] as const;

/** Calls `start` once, on the visitor's first act on the page (captured, before the page's own handlers). */
export function onFirstAct(start: () => void): void {
  const once = () => {
    for (const type of FIRST_ACT_EVENTS) window.removeEventListener(type, once, true);
    start();
  };
  for (const type of FIRST_ACT_EVENTS) window.addEventListener(type, once, { capture: true, passive: true });
}
