/**
 * The head of each public page of the site (title, description, language, alternates), shared by the
 * server — which writes it into the HTML it sends, so crawlers and link previews see it without running
 * JavaScript — and the client, which keeps document.title in step while navigating.
 */
export type SitePageMeta = { lang: 'fr-FR' | 'en-GB'; title: string; description: string };

export const SITE_PAGES: Readonly<Record<string, SitePageMeta>> = {
  '/': {
    lang: 'fr-FR',
    title: 'ReFeed – Avis clients, fidélité et avis Google pour les restaurants',
    description: 'Vos clients notent leur repas en 10 secondes grâce à un QR code, gagnent des points de fidélité et les plus satisfaits laissent un avis public. 14 jours d’essai gratuit.',
  },
  '/en': {
    lang: 'en-GB',
    title: 'ReFeed – Guest feedback, loyalty and public reviews for restaurants',
    description: 'Guests rate their meal in 10 seconds from a QR code, earn loyalty points, and the happiest leave a public review. 14-day free trial, no card required.',
  },
  '/terms': { lang: 'fr-FR', title: 'Conditions générales d’utilisation · ReFeed', description: 'Les conditions d’utilisation de la plateforme ReFeed pour les restaurants.' },
  '/confidentialite': {
    lang: 'fr-FR',
    title: 'Politique de confidentialité · ReFeed',
    description: 'Les données que ReFeed conserve pour les restaurants et leurs clients, pourquoi, combien de temps, et comment en demander une copie ou l’effacement.',
  },
  '/mentions-legales': { lang: 'fr-FR', title: 'Mentions légales · ReFeed', description: 'Éditeur, hébergement et propriété intellectuelle du site ReFeed.' },
  // The English documents of the /en site (issue #53).
  '/en/terms': { lang: 'en-GB', title: 'Terms of use · ReFeed', description: 'The terms of use of the ReFeed platform for restaurants.' },
  '/en/privacy': {
    lang: 'en-GB',
    title: 'Privacy notice · ReFeed',
    description: 'The data ReFeed keeps for restaurants and their guests, why, for how long, and how to get a copy or have it erased (UK GDPR).',
  },
  '/en/legal-notice': { lang: 'en-GB', title: 'Legal notice · ReFeed', description: 'Publisher, hosting and intellectual property of the ReFeed website.' },
};

/** The same document in the other language (terms, privacy, legal notice; the home pages), for hreflang and the language link. */
export const SITE_PAGE_COUNTERPART: Readonly<Record<string, string>> = {
  '/': '/en',
  '/en': '/',
  '/terms': '/en/terms',
  '/en/terms': '/terms',
  '/confidentialite': '/en/privacy',
  '/en/privacy': '/confidentialite',
  '/mentions-legales': '/en/legal-notice',
  '/en/legal-notice': '/mentions-legales',
};

/** The folder of the built client that holds the prerendered site pages (read by the server, never served as files). */
export const SITE_PAGES_DIR = 'site-pages';

/** The file a site page is prerendered to ('/' → index.html, '/en' → en.html). */
export function sitePageFileName(pathname: string): string {
  return pathname === '/' ? 'index.html' : `${pathname.slice(1).replaceAll('/', '-')}.html`;
}

/**
 * Written at build time where a prerendered page's absolute URLs go (canonical, alternates, share tags):
 * the public address is a setting of the running server, which puts it in when it loads the page.
 */
export const ORIGIN_PLACEHOLDER = '%REFEED_PUBLIC_ORIGIN%';

/** The social-share image, served from the app's origin. */
export const SOCIAL_IMAGE_PATH = '/og-image.png';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The <head> tags of a site page: title, description, canonical, hreflang alternates, Open Graph and Twitter. */
export function renderSiteHead(pathname: string, publicUrl: string): { lang: string; head: string } | null {
  const page = SITE_PAGES[pathname];
  if (!page) return null;
  const origin = publicUrl.replace(/\/$/, '');
  const url = `${origin}${pathname}`;
  const image = `${origin}${SOCIAL_IMAGE_PATH}`;
  const other = SITE_PAGE_COUNTERPART[pathname] ?? (page.lang === 'en-GB' ? '/' : '/en');
  const [french, english] = page.lang === 'en-GB' ? [other, pathname] : [pathname, other];
  const tags = [
    `<title>${escapeAttribute(page.title)}</title>`,
    `<meta name="description" content="${escapeAttribute(page.description)}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<link rel="alternate" hreflang="fr-FR" href="${origin}${french}" />`,
    `<link rel="alternate" hreflang="en-GB" href="${origin}${english}" />`,
    `<link rel="alternate" hreflang="x-default" href="${origin}${french}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="ReFeed" />`,
    `<meta property="og:title" content="${escapeAttribute(page.title)}" />`,
    `<meta property="og:description" content="${escapeAttribute(page.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:locale" content="${page.lang.replace('-', '_')}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeAttribute(page.title)}" />`,
    `<meta name="twitter:description" content="${escapeAttribute(page.description)}" />`,
    `<meta name="twitter:image" content="${image}" />`,
  ];
  return { lang: page.lang, head: tags.join('\n    ') };
}

/** Writes a site page's head into the built index.html (replacing its default title and description). */
export function applySiteHead(html: string, pathname: string, publicUrl: string): string {
  const site = renderSiteHead(pathname, publicUrl);
  if (!site) return html;
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${site.lang}"`)
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `  ${site.head}\n  </head>`);
}
