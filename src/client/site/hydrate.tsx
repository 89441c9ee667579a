import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { findSitePage } from './pages';

/** Attaches React to the prerendered page of this address (no router, no query library). */
export function hydrateSitePage() {
  const Page = findSitePage(window.location.pathname);
  if (Page) {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <Page />
      </StrictMode>,
      // A mismatch means the prerendered HTML and the bundle disagree: the browser tests watch for this line.
      { onRecoverableError: (error) => console.error('Site hydration error:', error) },
    );
  }
  // Marks the page as interactive (browser tests wait for it before using a page).
  requestAnimationFrame(() => {
    document.documentElement.dataset.appReady = 'true';
  });
}
