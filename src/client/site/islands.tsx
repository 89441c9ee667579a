import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CurrentYear } from '../features/site/components/current-year';
import { DemoPlayer } from '../features/site/components/demo-player';
import { DemoRequestForm } from '../features/site/components/demo-request-form';
import { FaqSection } from '../features/site/components/faq-section';
import type { IslandName } from '../features/site/components/island';
import { PricingSection } from '../features/site/components/pricing-section';
import { SignupBanner } from '../features/site/components/signup-banner';
import { SITE_EN, SITE_FR, type SiteContent } from '../features/site/content';

/** What each island of the landing page holds: the element the page renders inside `<Island name>`. */
const ISLANDS: Readonly<Record<IslandName, ComponentType<{ content: SiteContent }>>> = {
  demo: DemoPlayer,
  pricing: PricingSection,
  'demo-form': DemoRequestForm,
  faq: FaqSection,
  banner: SignupBanner,
  year: CurrentYear,
};

/** The landing pages, by path, and their language (the pages' own map, src/client/site/pages.tsx, says the same). */
export const LANDING_CONTENT: Readonly<Record<string, SiteContent>> = { '/': SITE_FR, '/en': SITE_EN };

/** Renders its child as is and says when React has hydrated it (its effect runs after the commit). */
function Hydrated({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/**
 * Hydrates the landing page's islands (decision 050): each `[data-island]` becomes a React root of its
 * own, one per task, and the rest of the page stays the prerendered HTML (links, headings, pictures need
 * no JavaScript).
 */
export async function hydrateIslands(pathname: string): Promise<void> {
  const content = LANDING_CONTENT[pathname];
  if (!content) return;
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const Island = ISLANDS[element.dataset.island as IslandName];
    if (!Island) continue;
    // One island at a time, each in its own task: the browser paints and handles input in between.
    await new Promise<void>((resolve) => {
      hydrateRoot(
        element,
        <StrictMode>
          <Hydrated onHydrated={resolve}>
            <Island content={content} />
          </Hydrated>
        </StrictMode>,
        // A mismatch means the prerendered HTML and the bundle disagree: the browser tests watch for this line.
        { onRecoverableError: (error) => console.error('Site hydration error:', error) },
      );
    });
  }
}
