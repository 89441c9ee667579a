import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DinerPage } from './diner-page';
import { loadPage, trackPageVisit } from './load-page';
import { parseDinerRoute } from './route';
import { prefetchDeferredParts } from './deferred';
import './diner.css';

/** The diner entry (/f/*, /r/*): React alone, no router, no query library; the page reads its own address. */
const route = parseDinerRoute(window.location.pathname, window.location.search);
// Started before the first render, and once per page load: the visit (a QR scan) is counted once.
const initial = loadPage(route);
// Opening the confirmation link of an email, or 'Mes données', is not a visit of the restaurant.
const visit = (route.kind === 'feedback' && route.link) || route.kind === 'data' ? Promise.resolve(null) : trackPageVisit(route);
// The page handles a failed load itself; this only keeps an early failure from being reported as unhandled.
initial.catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DinerPage route={route} initial={initial} visit={visit} />
  </StrictMode>,
);
// The form's schemas and the thank-you screen arrive while the diner reads the page, not in its first download.
prefetchDeferredParts();
