import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { DinerPage } from './diner-page';
import { loadPage, trackPageVisit } from './load-page';
import { parseDinerRoute } from './route';
import { loadThankYou, prefetchDeferredParts } from './deferred';
import './diner.css';

/** The diner entry (/f/*, /r/*): React alone, no router, no query library; the page reads its own address. */
const route = parseDinerRoute(window.location.pathname, window.location.search);
const root = createRoot(document.getElementById('root')!);

if (route.kind === 'card') {
  // 'Ma carte' (/f/{id}/carte) travels with the thank-you screen (one lazy chunk, which also keeps the
  // shared messages in the entry): the feedback page's first download stays as small as it was.
  void loadThankYou().then(({ CardPage }) =>
    root.render(
      <StrictMode>
        <CardPage restaurantId={route.restaurantId} link={route.link} />
      </StrictMode>,
    ),
  );
} else {
  // Started before the first render, and once per page load: the visit (a QR scan) is counted once.
  const initial = loadPage(route);
  // Opening the confirmation link of an email, or 'Mes données', is not a visit of the restaurant.
  const visit = (route.kind === 'feedback' && route.link) || route.kind === 'data' ? Promise.resolve(null) : trackPageVisit(route);
  // The page handles a failed load itself; this only keeps an early failure from being reported as unhandled.
  initial.catch(() => undefined);

  // In a transition: React renders the page in slices that give way to the browser (the static skeleton
  // stays painted meanwhile), instead of one long task on a slow phone.
  startTransition(() =>
    root.render(
      <StrictMode>
        <DinerPage route={route} initial={initial} visit={visit} />
      </StrictMode>,
    ),
  );
  // The form's schemas and the thank-you screen arrive while the diner reads the page, not in its first download.
  prefetchDeferredParts();
}
