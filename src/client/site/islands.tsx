import { StrictMode, type ComponentType } from 'react';
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

/** Lets the browser paint and handle input between two islands: each hydration is a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Hydrates the landing page's islands (decision 050): each `[data-island]` becomes a React root of its
 * own, one per task, and the rest of the page stays the prerendered HTML (links, headings, pictures need
 * no JavaScript). Returns false when this is not a landing page.
 */
export async function hydrateIslands(pathname: string): Promise<boolean> {
  const content = LANDING_CONTENT[pathname];
  if (!content) return false;
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const Island = ISLANDS[element.dataset.island as IslandName];
    if (!Island) continue;
    hydrateRoot(
      element,
      <StrictMode>
        <Island content={content} />
      </StrictMode>,
      // A mismatch means the prerendered HTML and the bundle disagree: the browser tests watch for this line.
      { onRecoverableError: (error) => console.error('Site hydration error:', error) },
    );
    await nextTask();
  }
  return true;
}
