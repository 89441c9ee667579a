import { dinerPaths } from './diner-paths';

/**
 * Every route of the product (spec §2) and its href builder. Links and redirects use these, never
 * hand-written strings.
 */
export const paths = {
  home: { path: '/', href: () => '/' },
  homeEn: { path: '/en', href: () => '/en' },
  terms: { path: '/terms', href: () => '/terms' },
  termsEn: { path: '/en/terms', href: () => '/en/terms' },

  login: { path: '/login', href: () => '/login' },
  /** `country` 'GB': the UK sign-up in English, where the /en site's buttons lead (issue #53). */
  signup: { path: '/signup', href: (country?: 'GB') => (country ? `/signup?country=${country}` : '/signup') },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', href: () => '/reset-password' },
  setPassword: { path: '/set-password', href: () => '/set-password' },
  confirmEmail: { path: '/confirm-email', href: (token: string) => `/confirm-email?token=${encodeURIComponent(token)}` },
  auth: { path: '/auth', href: () => '/auth' },

  onboarding: { path: '/onboarding', href: () => '/onboarding' },
  pending: { path: '/pending', href: () => '/pending' },

  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  // The owner's list of every feedback (issue 26); `feedback` opens one review (the low-rating alert's link).
  reviews: { path: '/avis', href: (query: { feedback?: string } = {}) => (query.feedback ? `/avis?feedback=${encodeURIComponent(query.feedback)}` : '/avis') },
  customers: { path: '/customers', href: () => '/customers' },
  customer: { path: '/customers/:id', href: (id: string) => `/customers/${encodeURIComponent(id)}` },
  loyalty: { path: '/loyalty', href: () => '/loyalty' },
  qr: { path: '/qr', href: () => '/qr' },
  automations: { path: '/automations', href: () => '/automations' },
  emailEditor: {
    path: '/emails/:key/editor',
    href: (key: string, restaurantId: string) => `/emails/${encodeURIComponent(key)}/editor?restaurant_id=${encodeURIComponent(restaurantId)}`,
  },
  security: { path: '/security', href: () => '/security' },
  googleSettings: { path: '/google-settings', href: () => '/google-settings' },
  settings: { path: '/parametres', href: () => '/parametres' },
  // The counter (issue 27): a reward's QR opens it with its code; /recompenses lists every reward to hand over.
  counter: { path: '/comptoir', href: (query: { code?: string } = {}) => (query.code ? `/comptoir?code=${encodeURIComponent(query.code)}` : '/comptoir') },
  pendingRewards: { path: '/recompenses', href: () => '/recompenses' },
  // The organisation's members and invitations (issue 29, decision 053).
  team: { path: '/equipe', href: () => '/equipe' },
  // An invitation's link (the raw token only ever travels here): sign in or sign up, then accept.
  invitation: { path: '/invitation', href: (token: string) => `/invitation?token=${encodeURIComponent(token)}` },
  // The organisation's venues and their consolidated view (issue #29, decision 054).
  venues: { path: '/etablissements', href: () => '/etablissements' },
  venuesSynthesis: { path: '/etablissements/synthese', href: (query = '') => `/etablissements/synthese${query ? `?${query}` : ''}` },
  // The organisation's plan, trial and usage (issue #30, decision 057).
  subscription: { path: '/abonnement', href: () => '/abonnement' },
  // The public API's keys and its webhooks (issue #31, decision 059).
  developers: { path: '/developpeurs', href: () => '/developpeurs' },
  webhooks: { path: '/developpeurs/webhooks', href: () => '/developpeurs/webhooks' },
  webhookEndpoint: { path: '/developpeurs/webhooks/:id', href: (id: string) => `/developpeurs/webhooks/${encodeURIComponent(id)}` },

  admin: { path: '/admin', href: () => '/admin' },
  adminAdmins: { path: '/admin/admins', href: () => '/admin/admins' },
  adminBilling: { path: '/admin/facturation', href: () => '/admin/facturation' },
  adminRestaurants: { path: '/admin/restaurants', href: () => '/admin/restaurants' },
  adminRestaurant: { path: '/admin/restaurants/:id', href: (id: string) => `/admin/restaurants/${encodeURIComponent(id)}` },

  // The privacy and legal pages and the diner's pages (./diner-paths.ts: the diner's bundle carries only those).
  ...dinerPaths,
} as const;

export const CONTACT_EMAIL = 'contact@refeed.fr';
export const SUPPORT_EMAIL = 'support@refeed.fr';

/**
 * The pages that belong to one venue (decision 056): their address exists with the venue in front,
 * `/v/{venueId}/dashboard`, which is what the app's links use; the bare address (`/dashboard`, the links
 * of older emails and bookmarks) opens the venue last used.
 */
export const VENUE_PAGES = [
  'dashboard',
  'reviews',
  'customers',
  'customer',
  'loyalty',
  'qr',
  'automations',
  'security',
  'googleSettings',
  'settings',
  'counter',
  'pendingRewards',
  'team',
  'venues',
  'venuesSynthesis',
  'subscription',
  'developers',
  'webhooks',
  'webhookEndpoint',
] as const satisfies ReadonlyArray<keyof typeof paths>;

const patternOf = (path: string) => `${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}/?`;

/**
 * The route table as patterns (':name' matches one non-empty path segment), built at the first call: a
 * bundle that never asks (the diner's pages) leaves them out.
 */
let routePatterns: RegExp[] | null = null;

/** True when `pathname` is a page of the app (the server answers 404 for every other path). */
export function isAppPath(pathname: string): boolean {
  routePatterns ??= [
    ...Object.values(paths).map((route) => new RegExp(`^${patternOf(route.path)}$`)),
    ...VENUE_PAGES.map((key) => new RegExp(`^/v/[^/]+${patternOf(paths[key].path)}$`)),
  ];
  return routePatterns.some((pattern) => pattern.test(pathname));
}
