import type { ComponentType } from 'react';
import LegalPage, { LegalNoticePageEn } from '../app/routes/public/legal';
import PrivacyPage, { PrivacyPageEn } from '../app/routes/public/privacy';
import TermsPage, { TermsPageEn } from '../app/routes/public/terms';
import { SITE_EN, SITE_FR } from '../features/site/content';
import { LandingPage } from '../features/site/components/landing-page';

/**
 * The site's public pages, by path: the same components the app's router shows, prerendered into HTML at
 * build time (scripts/build-client.mjs) and hydrated by the site entry (site/main.tsx) without a router.
 * The keys are those of SITE_PAGES (src/shared/site-meta.ts), which holds each page's head.
 */
export const SITE_PAGE_COMPONENTS: Readonly<Record<string, ComponentType>> = {
  '/': () => <LandingPage content={SITE_FR} />,
  '/en': () => <LandingPage content={SITE_EN} />,
  '/terms': TermsPage,
  '/confidentialite': PrivacyPage,
  '/mentions-legales': LegalPage,
  '/en/terms': TermsPageEn,
  '/en/privacy': PrivacyPageEn,
  '/en/legal-notice': LegalNoticePageEn,
};

/** The page a browser path shows ('/en/' is '/en'), or null. */
export function findSitePage(pathname: string): ComponentType | null {
  return SITE_PAGE_COMPONENTS[pathname.replace(/(.)\/$/, '$1')] ?? null;
}
