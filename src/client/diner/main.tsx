import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { DinerPage } from './diner-page';
import { loadPage, trackPageVisit } from './load-page';
import { parseDinerRoute } from './route';
import { loadThankYou, prefetchDeferredParts } from './deferred';
import { I18nProvider, loadMessages, pageLocale } from './i18n';
import './diner.css';

/** The diner entry (/f/*, /r/*): React alone, no router, no query library; the page reads its own address. */
const route = parseDinerRoute(window.location.pathname, window.location.search);
const root = createRoot(document.getElementById('root')!);
// The page's language (the server chose it, decision 090) and its catalogue: a chunk of its own, preloaded.
const locale = pageLocale();
const messages = loadMessages(locale);

if (route.kind === 'card') {
  // 'Ma carte' (/f/{id}/carte) travels with the thank-you screen (one lazy chunk, which also keeps the
  // shared messages in the entry): the feedback page's first download stays as small as it was.
  void Promise.all([loadThankYou(), messages]).then(([{ CardPage }, m]) =>
    root.render(
      <StrictMode>
        <I18nProvider locale={locale} messages={m}>
          <CardPage restaurantId={route.restaurantId} link={route.link} />
        </I18nProvider>
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
  void messages.then((m) =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <I18nProvider locale={locale} messages={m}>
            <DinerPage route={route} initial={initial} visit={visit} />
          </I18nProvider>
        </StrictMode>,
      ),
    ),
  );
  // The form's schemas, the thank-you screen and the rest of the page's words (the thank-you's, the server's
  // messages) arrive after the diner's first act, not in the first download nor while the page only shows
  // (decision 069).
  prefetchDeferredParts();
}
