import '../styles.css';
import { redirectRecoveryLink, restoreRememberedRouteOnFocus } from './session-effects';

/**
 * The site entry (/, /en, /terms, privacy, legal notice). The server sends each page already rendered
 * (src/client/site/prerender.tsx), so the visitor reads it before any JavaScript runs; React is fetched
 * once the page has loaded. On / and /en only the interactive islands are hydrated (pricing switch, FAQ,
 * demo, demo form, banner; decision 050); the legal pages are hydrated whole. Links work before that,
 * being plain links.
 */
function startHydration() {
  const pathname = window.location.pathname.replace(/(.)\/$/, '$1');
  const hydrated = pathname === '/' || pathname === '/en' ? import('./islands').then(({ hydrateIslands }) => hydrateIslands(pathname)) : Promise.resolve(false);
  void hydrated.then(async (done) => {
    if (!done) (await import('./hydrate')).hydrateSitePage();
    // Marks the page as interactive (browser tests wait for it before using a page).
    requestAnimationFrame(() => {
      document.documentElement.dataset.appReady = 'true';
    });
  });
}

if (!redirectRecoveryLink()) {
  restoreRememberedRouteOnFocus();
  if (document.readyState === 'complete') startHydration();
  else window.addEventListener('load', startHydration, { once: true });
}
