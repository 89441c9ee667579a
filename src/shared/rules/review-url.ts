import type { EnglishOf } from '../i18n/english-of';

/**
 * The public review link (spec §5): accepted shapes are g.page/…, g.page/r/…, maps.app.goo.gl/…,
 * {host}/local/writereview?placeid=… and {host}/maps/… over https, www optional, where {host} is one
 * of Google's (search.google.com, or a domain of GOOGLE_DOMAINS, optionally www. or maps.). The input is
 * trimmed, every whitespace removed and http upgraded to https. The one rule for every place a review
 * link is written (the review-link page's Test and Save, the setup wizard, their APIs).
 */
export type ReviewUrlCheck = { ok: true; url: string } | { ok: false; reason: 'empty' | 'invalid' };

export const REVIEW_LINK_MESSAGES = {
  invalidOnTest: 'Lien Google invalide. Utilisez le bouton \'Donner un avis\' de votre fiche.',
  invalidOnSave: 'Lien Google invalide. Corrigez puis réessayez.',
  recognised: 'Lien reconnu 👍 Ouvrez pour vérifier.',
  removed: 'Lien retiré.',
  saved: 'Lien enregistré ✅',
  saveFailed: 'Impossible d\'enregistrer le lien. Veuillez réessayer.',
  removeFailed: 'Impossible de retirer le lien. Veuillez réessayer.',
  searchFailed: 'Impossible de rechercher l\'établissement. Veuillez réessayer.',
  placeSaveFailed: 'Impossible d\'enregistrer l\'établissement. Veuillez réessayer.',
  searchQueryRequired: 'Veuillez entrer un nom d\'établissement et une ville.',
  noResults: 'Aucun résultat',
  noResultsHint: 'Essayez avec le nom exact de l’établissement suivi de la ville, par exemple « Chez Paul Lyon ».',
  searchNotConfigured: 'La recherche automatique n’est pas configurée sur ce serveur : collez votre lien manuellement.',
  restaurantNotFound: 'Restaurant introuvable',
} as const;

/** REVIEW_LINK_MESSAGES for an English owner (issue #53, decision 097; registered in shared/i18n/api-messages.ts). */
export const REVIEW_LINK_MESSAGES_EN: EnglishOf<typeof REVIEW_LINK_MESSAGES> = {
  invalidOnTest: 'Invalid Google link. Use the ‘Write a review’ button of your profile.',
  invalidOnSave: 'Invalid Google link. Correct it and try again.',
  recognised: 'Link recognised 👍 Open it to check.',
  removed: 'Link removed.',
  saved: 'Link saved ✅',
  saveFailed: 'Could not save the link. Please try again.',
  removeFailed: 'Could not remove the link. Please try again.',
  searchFailed: 'Could not search for the venue. Please try again.',
  placeSaveFailed: 'Could not save the venue. Please try again.',
  searchQueryRequired: 'Please enter a venue name and a town.',
  noResults: 'No results',
  noResultsHint: 'Try the venue’s exact name followed by the town, for example “Red Lion London”.',
  searchNotConfigured: 'Automatic search is not set up on this server: paste your link by hand.',
  restaurantNotFound: 'Restaurant not found',
};

/** '{n} résultat(s) trouvé(s)' (spec §8). */
export const formatResultCount = (count: number) => `${count} résultat(s) trouvé(s)`;

const MAX_LENGTH = 2000;
/**
 * The domains Google serves its search and maps under: google.com and the country domains Google uses,
 * an explicit list (never any google.*: google.xyz, google.top or google.wtf belong to others).
 */
export const GOOGLE_DOMAINS: ReadonlySet<string> = new Set([
  'google.com', 'google.fr', 'google.co.uk', 'google.de', 'google.be', 'google.ch', 'google.ca', 'google.es', 'google.it',
  'google.com.au', 'google.nl', 'google.lu', 'google.at', 'google.pt', 'google.ie', 'google.pl', 'google.se', 'google.dk',
  'google.no', 'google.fi', 'google.cz', 'google.sk', 'google.hu', 'google.ro', 'google.bg', 'google.gr', 'google.hr',
  'google.si', 'google.lt', 'google.lv', 'google.ee', 'google.is', 'google.li', 'google.com.mt', 'google.com.cy',
  'google.co.ma', 'google.dz', 'google.tn', 'google.sn', 'google.ci', 'google.cm', 'google.mg', 'google.mu', 'google.ht',
  'google.co.nz', 'google.co.za', 'google.co.jp', 'google.co.kr', 'google.co.in', 'google.co.il', 'google.co.th', 'google.co.id',
  'google.com.br', 'google.com.mx', 'google.com.ar', 'google.cl', 'google.com.co', 'google.com.pe', 'google.com.tr',
  'google.com.sg', 'google.com.hk', 'google.com.tw', 'google.com.my', 'google.com.ph', 'google.com.vn', 'google.com.eg',
  'google.com.sa', 'google.ae', 'google.com.ua',
]);

/** google.com, www.google.fr, maps.google.de … (the hosts of writereview and /maps/ links). */
function isGoogleHost(host: string): boolean {
  if (host === 'search.google.com') return true;
  const domain = host.replace(/^(?:www\.|maps\.)/, '');
  return GOOGLE_DOMAINS.has(domain);
}

export function normalizeReviewUrl(input: string): string {
  const compact = input.trim().replace(/\s+/g, '');
  return compact.replace(/^http:\/\//i, 'https://');
}

export function checkReviewUrl(input: string): ReviewUrlCheck {
  const candidate = normalizeReviewUrl(input);
  if (candidate === '') return { ok: false, reason: 'empty' };
  if (candidate.length > MAX_LENGTH || !/^https:\/\//i.test(candidate)) return { ok: false, reason: 'invalid' };
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (url.username || url.password || url.port) return { ok: false, reason: 'invalid' };
  const host = url.hostname.toLowerCase();
  const path = url.pathname;
  const valid =
    ((host === 'g.page' || host === 'www.g.page') && /^\/(?:r\/)?[^/]+/.test(path) && path.length > 1) ||
    // A place shared from the Maps app (https://maps.app.goo.gl/AbCd…).
    (host === 'maps.app.goo.gl' && /^\/[A-Za-z0-9_-]+$/.test(path)) ||
    (isGoogleHost(host) && path === '/local/writereview' && !!url.searchParams.get('placeid')) ||
    (isGoogleHost(host) && /^\/maps\/./.test(path));
  return valid ? { ok: true, url: url.toString() } : { ok: false, reason: 'invalid' };
}

/**
 * A stored review link when it is a valid one, else null: what the diner's thank-you page and emails
 * link to. Nothing falls back to ReFeed's own rating form (a diner would rate and earn again).
 */
export function validReviewUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const check = checkReviewUrl(url);
  return check.ok ? check.url : null;
}
