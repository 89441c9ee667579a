/**
 * The routes the diner's pages link to (served by diner.html, outside the SPA router), apart from the rest of
 * the route table so that the diner's bundle carries only these (`paths` in ./paths.ts includes them).
 */
export const dinerPaths = {
  privacy: { path: '/confidentialite', href: () => '/confidentialite' },
  legal: { path: '/mentions-legales', href: () => '/mentions-legales' },
  // The English privacy notice and legal notice (issue #53): the /en site's, and the diner pages' in any language but French.
  privacyEn: { path: '/en/privacy', href: () => '/en/privacy' },
  legalEn: { path: '/en/legal-notice', href: () => '/en/legal-notice' },
  // Diner pages: served by diner.html, outside the SPA router.
  dinerCard: { path: '/f/:restaurantId/carte', href: (restaurantId: string) => `/f/${encodeURIComponent(restaurantId)}/carte` },
  // The diner's data page (issue 27, built by the 'cdata' part); the card links to it.
  dinerData: { path: '/f/:restaurantId/donnees', href: (restaurantId: string) => `/f/${encodeURIComponent(restaurantId)}/donnees` },
  dinerScan: { path: '/r/:code', href: (code: string) => `/r/${encodeURIComponent(code)}` },
  dinerFeedback: {
    path: '/f/:restaurantId',
    href: (restaurantId: string, query: { qr?: string; label?: string } = {}) => {
      const params = new URLSearchParams();
      if (query.qr) params.set('qr', query.qr);
      if (query.label) params.set('label', query.label);
      const search = params.toString();
      return `/f/${encodeURIComponent(restaurantId)}${search ? `?${search}` : ''}`;
    },
  },
} as const;
