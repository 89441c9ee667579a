import { useEffect } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { PageLoading } from '../components/ui/skeleton';
import { paths, VENUE_PAGES } from '../config/paths';
import { SessionEffects } from '../features/accounts/components/session-effects';
import { RouteErrorPage } from './route-error';

type PageModule = { default: React.ComponentType };

/** A route whose page is downloaded only when visited (one chunk per page, grouped by area). */
function lazyPage(path: string, load: () => Promise<PageModule>): RouteObject {
  return { path, lazy: async () => ({ Component: (await load()).default }) };
}

function RootLayout() {
  // Marks the app as mounted and interactive (browser tests wait for it before using a page).
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    <>
      <ScrollRestoration />
      <SessionEffects />
      <Outlet />
    </>
  );
}

/** The venue's part of an owner page's address (shared/venue.ts). */
const VENUE_ROOT = '/v/:venueId';

/** The owner pages, each in its chunk: every page of one venue (VENUE_PAGES), no other. */
const OWNER_PAGES: Record<(typeof VENUE_PAGES)[number], () => Promise<PageModule>> = {
  dashboard: () => import('./routes/owner/dashboard'),
  reviews: () => import('./routes/owner/inbox'),
  customers: () => import('./routes/owner/customers'),
  customer: () => import('./routes/owner/customer'),
  loyalty: () => import('./routes/owner/loyalty'),
  qr: () => import('./routes/owner/qr'),
  automations: () => import('./routes/owner/automations'),
  security: () => import('./routes/owner/security'),
  googleSettings: () => import('./routes/owner/google-settings'),
  settings: () => import('./routes/owner/settings'),
  counter: () => import('./routes/owner/counter'),
  pendingRewards: () => import('./routes/owner/pending-rewards'),
  team: () => import('./routes/owner/team'),
  subscription: () => import('./routes/owner/subscription'),
  venues: () => import('./routes/owner/venues'),
  venuesSynthesis: () => import('./routes/owner/venues-synthesis'),
  developers: () => import('./routes/owner/developers'),
  webhooks: () => import('./routes/owner/webhooks'),
  webhookEndpoint: () => import('./routes/owner/webhook-endpoint'),
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      // Public and marketing
      lazyPage(paths.home.path, () => import('./routes/public/landing')),
      lazyPage(paths.homeEn.path, () => import('./routes/public/landing-en')),
      lazyPage(paths.terms.path, () => import('./routes/public/terms')),
      lazyPage(paths.privacy.path, () => import('./routes/public/privacy')),
      lazyPage(paths.legal.path, () => import('./routes/public/legal')),
      { path: paths.termsEn.path, lazy: async () => ({ Component: (await import('./routes/public/terms')).TermsPageEn }) },
      { path: paths.privacyEn.path, lazy: async () => ({ Component: (await import('./routes/public/privacy')).PrivacyPageEn }) },
      { path: paths.legalEn.path, lazy: async () => ({ Component: (await import('./routes/public/legal')).LegalNoticePageEn }) },
      // Authentication, setup and waiting
      lazyPage(paths.login.path, () => import('./routes/public/login')),
      lazyPage(paths.signup.path, () => import('./routes/public/signup')),
      lazyPage(paths.forgotPassword.path, () => import('./routes/public/forgot-password')),
      lazyPage(paths.resetPassword.path, () => import('./routes/public/reset-password')),
      lazyPage(paths.setPassword.path, () => import('./routes/public/set-password')),
      lazyPage(paths.confirmEmail.path, () => import('./routes/public/confirm-email')),
      lazyPage(paths.auth.path, () => import('./routes/public/auth')),
      lazyPage(paths.onboarding.path, () => import('./routes/public/onboarding')),
      lazyPage(paths.pending.path, () => import('./routes/public/pending')),
      lazyPage(paths.invitation.path, () => import('./routes/public/invitation')),
      // Owner pages: one layout route holds the owner gate and the header for all of them. Each page exists
      // in a venue (/v/{venueId}/…, what the links use) and bare (older links: the layout adds the venue).
      {
        lazy: async () => ({ Component: (await import('./layouts/owner-layout')).OwnerLayout }),
        children: VENUE_PAGES.flatMap((key) => [lazyPage(paths[key].path, OWNER_PAGES[key]), lazyPage(`${VENUE_ROOT}${paths[key].path}`, OWNER_PAGES[key])]),
      },
      // The email editor takes the whole screen and checks the session itself (spec §2 states).
      lazyPage(paths.emailEditor.path, () => import('./routes/owner/email-editor')),
      // Administrator pages: one layout route holds the admin gate and the header for all of them.
      {
        lazy: async () => ({ Component: (await import('./layouts/admin-layout')).AdminLayout }),
        children: [
          lazyPage(paths.admin.path, () => import('./routes/admin/admin-home')),
          lazyPage(paths.adminAdmins.path, () => import('./routes/admin/admins')),
          lazyPage(paths.adminBilling.path, () => import('./routes/admin/billing')),
          lazyPage(paths.adminRestaurants.path, () => import('./routes/admin/restaurants')),
          lazyPage(paths.adminRestaurant.path, () => import('./routes/admin/restaurant-detail')),
        ],
      },
      lazyPage('*', () => import('./routes/public/not-found')),
    ],
  },
];

export const router = createBrowserRouter(routes);
