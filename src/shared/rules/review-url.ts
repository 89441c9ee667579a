/**
 * The public review link (spec §5): accepted shapes are g.page/…, g.page/r/…,
 * {host}/local/writereview?placeid=… and {host}/maps/… over https, www optional, where {host} is one
 * of Google's (google.com, google.fr, … , maps.google.*, search.google.com). The input is trimmed, every
 * whitespace removed and http upgraded to https. One function for the page's Test and Save and the API.
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
} as const;

/** '{n} résultat(s) trouvé(s)' (spec §8). */
export const formatResultCount = (count: number) => `${count} résultat(s) trouvé(s)`;

const MAX_LENGTH = 2000;
/** google.com, google.fr, google.co.uk, google.com.au … (a Google country domain, nothing after it). */
const GOOGLE_HOST = /^(?:www\.|maps\.|search\.)?google\.(?:[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/;

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
    (GOOGLE_HOST.test(host) && path === '/local/writereview' && !!url.searchParams.get('placeid')) ||
    (GOOGLE_HOST.test(host) && /^\/maps\/./.test(path));
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
