import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { findSitePage } from './pages';

/** Attaches React to the whole prerendered page of this address (no router, no query library): the legal pages. */
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
}
