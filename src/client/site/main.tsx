import '../styles.css';
import { redirectRecoveryLink, restoreRememberedRouteOnFocus } from './session-effects';

/**
 * The site entry (/, /en, /terms, privacy, legal notice). The server sends each page already rendered
 * (src/client/site/prerender.tsx), so the visitor reads it before any JavaScript runs; React and the page
 * are fetched once the page has loaded, then only attach their handlers (pricing switch, FAQ, demo,
 * forms). Links work before that, being plain links.
 */
function startHydration() {
  void import('./hydrate').then(({ hydrateSitePage }) => hydrateSitePage());
}

if (!redirectRecoveryLink()) {
  restoreRememberedRouteOnFocus();
  if (document.readyState === 'complete') startHydration();
  else window.addEventListener('load', startHydration, { once: true });
}
