import '../styles.css';
import { onFirstAct } from '../lib/first-act';
import { redirectRecoveryLink, restoreRememberedRouteOnFocus } from './session-effects';

/**
 * The site entry (/, /en, /terms, privacy, legal notice). The server sends each page already rendered
 * (src/client/site/prerender.tsx), so the visitor reads it, and follows its links, before any JavaScript
 * runs. Decision 050: on / and /en only the interactive islands are hydrated (demo, pricing switch, demo
 * form, FAQ, banner), and only once the visitor acts on the page (touch, click, key, focus, scroll): a
 * visitor who only reads runs no React at all. A button of an island pressed before its island is
 * hydrated is pressed again once it is. The legal pages are hydrated whole once the page has loaded.
 */

/** Marks the page as interactive (browser tests wait for it before using a page). */
function markReady() {
  requestAnimationFrame(() => {
    document.documentElement.dataset.appReady = 'true';
  });
}

function hydrateIslandsOnIntent(pathname: string) {
  let pressed: HTMLElement | null = null;
  // Capture phase, on the document: before the button's own (not yet attached) handler could run.
  const holdPress = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-island] button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    pressed = button;
  };
  document.addEventListener('click', holdPress, true);
  onFirstAct(() => {
    void import('./islands')
      .then(({ hydrateIslands }) => hydrateIslands(pathname))
      .finally(() => {
        document.removeEventListener('click', holdPress, true);
        pressed?.click();
        markReady();
      });
  });
}

function hydrateWholePage() {
  void import('./hydrate').then(({ hydrateSitePage }) => {
    hydrateSitePage();
    markReady();
  });
}

if (!redirectRecoveryLink()) {
  restoreRememberedRouteOnFocus();
  const pathname = window.location.pathname.replace(/(.)\/$/, '$1');
  if (pathname === '/' || pathname === '/en') hydrateIslandsOnIntent(pathname);
  else if (document.readyState === 'complete') hydrateWholePage();
  else window.addEventListener('load', hydrateWholePage, { once: true });
}
