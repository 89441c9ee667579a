import Mustache from 'mustache';

/**
 * The variables an email template may use (spec §2, §3). Owner-written templates are checked against
 * this list when saved; mustache escapes every {{variable}} as HTML, so a diner's comment arrives as text.
 */
export const TEMPLATE_VARIABLES = [
  { name: 'restaurant_name', description: 'Nom du restaurant' },
  { name: 'first_name', description: 'Prénom du client' },
  { name: 'google_url', description: 'Lien d’avis Google' },
  { name: 'rating', description: 'Note (1 à 5)' },
  { name: 'comment', description: 'Commentaire du client' },
  { name: 'points_added', description: 'Points gagnés' },
  { name: 'balance', description: 'Solde de points' },
  { name: 'points_added_fr', description: 'Points gagnés, accordés (« 1 point », « 20 points »)' },
  { name: 'balance_fr', description: 'Solde de points, accordé (« 0 point », « 10 points »)' },
  { name: 'reached', description: 'Récompense : points atteints avant de la débloquer' },
  { name: 'reached_fr', description: 'Récompense : points atteints, accordés (« 60 points »)' },
  { name: 'reward_cost', description: 'Récompense : points mis de côté pour elle' },
  { name: 'reward_cost_fr', description: 'Récompense : points mis de côté, accordés (« 50 points »)' },
  // The confirmation block of a thank-you to an address not confirmed yet (decision 074), added by ReFeed.
  { name: 'confirm_url', description: 'Lien de confirmation de l’adresse (email de remerciement à une adresse non confirmée)' },
  { name: 'confirm_headline', description: '« Confirmez votre email pour garder vos N points »' },
  { name: 'confirm_minutes', description: 'Durée de validité du lien de confirmation, en minutes' },
  { name: 'reward_name', description: 'Récompense débloquée' },
  { name: 'offer_text', description: 'Texte de l’offre' },
  { name: 'label', description: 'Table ou QR' },
  { name: 'created_at', description: 'Date de l’avis' },
  { name: 'admin_feedback_url', description: 'Lien vers l’avis dans ReFeed' },
  // The low-rating alert (one rating, or every low rating since the last alert) and the weekly digest.
  { name: 'diner', description: 'Alerte : le client (son nom, ou « un client anonyme à la table X »)' },
  { name: 'contact', description: 'Alerte : le contact laissé par le client (email, téléphone), vide sinon' },
  { name: 'review_url', description: 'Alerte : lien vers l’avis sur la page Avis' },
  { name: 'low_rating_count', description: 'Alerte et bilan : nombre d’avis de 3 étoiles ou moins' },
  { name: 'grouped', description: 'Alerte : présent quand l’alerte regroupe plusieurs avis ({{#grouped}}…{{/grouped}})' },
  {
    name: 'low_ratings',
    description: 'Alerte et bilan : la liste des avis de 3 étoiles ou moins ; dans {{#low_ratings}}…{{/low_ratings}}, chaque avis a rating, comment, label, created_at, diner, contact, review_url',
  },
  { name: 'week', description: 'Bilan : la semaine (du … au …)' },
  { name: 'ratings_count', description: 'Bilan : nombre d’avis de la semaine' },
  { name: 'ratings_count_previous', description: 'Bilan : nombre d’avis de la semaine précédente' },
  { name: 'ratings_text', description: 'Bilan : nombre d’avis de la semaine, avec son nom (« 4 avis »)' },
  { name: 'ratings_previous_text', description: 'Bilan : nombre d’avis de la semaine précédente, avec son nom (« 3 avis »)' },
  { name: 'average', description: 'Bilan : note moyenne de la semaine (ex. 4,2), vide sans avis' },
  { name: 'average_previous', description: 'Bilan : note moyenne de la semaine précédente, vide sans avis' },
  { name: 'review_invitations', description: 'Bilan : invitations à laisser un avis public envoyées' },
  { name: 'new_customers', description: 'Bilan : nouveaux clients' },
  { name: 'rewards_redeemed', description: 'Bilan : récompenses remises' },
  { name: 'emails_sent', description: 'Bilan : emails envoyés' },
  { name: 'dashboard_url', description: 'Lien vers le tableau de bord' },
  { name: 'restaurant_url', description: 'Lien vers la page du restaurant (avis et points)' },
  { name: 'reward_date', description: 'Date de la récompense' },
] as const;

export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]['name'];
type TemplateScalar = string | number | null;
/** One element of a list variable ({{#low_ratings}}…{{/low_ratings}}): its fields are allowlisted variables too. */
export type TemplateListItem = Partial<Record<TemplateVariable, TemplateScalar>>;
export type TemplateData = Partial<Record<TemplateVariable, TemplateScalar | readonly TemplateListItem[]>>;

const ALLOWED = new Set<string>(TEMPLATE_VARIABLES.map((variable) => variable.name));

/**
 * Mustache tags allowed: a variable's escaped output, and a section shown only when a variable has a
 * value ({{#google_url}}…{{/google_url}}) or only when it has none ({{^first_name}}…{{/first_name}}).
 * Partials and raw {{{…}}} are not allowed.
 */
const OUTPUT_TAGS = new Set(['name']);
const SECTION_TAGS = new Set(['#', '^']);

export type TemplateCheck = { ok: true } | { ok: false; message: string };

function checkTokens(tokens: unknown[]): TemplateCheck {
  for (const token of tokens) {
    const [type, value, , , children] = token as [string, string, number, number, unknown[] | undefined];
    if (type === 'text') continue;
    if (!OUTPUT_TAGS.has(type) && !SECTION_TAGS.has(type)) {
      return { ok: false, message: `Balise non autorisée : {{${type === '&' ? '&' : type}${value}}}. Utilisez seulement {{variable}} ou {{#variable}}…{{/variable}}.` };
    }
    if (!ALLOWED.has(value)) return { ok: false, message: `Variable inconnue : {{${value}}}. Variables possibles : ${[...ALLOWED].join(', ')}.` };
    if (SECTION_TAGS.has(type) && children) {
      const inner = checkTokens(children);
      if (!inner.ok) return inner;
    }
  }
  return { ok: true };
}

/** Checks a template before it is saved: it parses, and uses only escaped allowlisted variables and sections on them. */
export function checkTemplate(template: string): TemplateCheck {
  let tokens: unknown[];
  try {
    tokens = Mustache.parse(template) as unknown[];
  } catch {
    return { ok: false, message: 'Le modèle contient une balise {{…}} mal fermée.' };
  }
  return checkTokens(tokens);
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/**
 * Escapes what can break out of text or a quoted attribute, and leaves '/' and '=' as they are
 * (mustache's default turns them into entities, so links in the mail would not read as written).
 */
const escapeTemplateValue = (value: unknown) => String(value).replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]);

/** Renders a checked template; missing variables render empty, every value HTML-escaped. */
export function renderTemplate(template: string, data: TemplateData): string {
  return Mustache.render(template, data, {}, { escape: escapeTemplateValue });
}

/** Renders a subject line: plain text, so values are not HTML-escaped (the mail header encodes them). */
export function renderSubject(template: string, data: TemplateData): string {
  return Mustache.render(template, data, {}, { escape: (value: unknown) => String(value).replace(/[\r\n]+/g, ' ') });
}

/**
 * Sample diner values for previews and test sends. The links into the app (restaurant_url,
 * admin_feedback_url) are made from the server's PUBLIC_URL (email/sample-data.ts), never written here.
 */
export const SAMPLE_TEMPLATE_DATA: TemplateData = {
  first_name: 'Camille',
  google_url: 'https://g.page/r/exemple/review',
  rating: 5,
  comment: 'Excellent repas, service au top !',
  points_added: 20,
  points_added_fr: '20 points',
  balance: 120,
  balance_fr: '120 points',
  reached: 170,
  reached_fr: '170 points',
  reward_cost: 50,
  reward_cost_fr: '50 points',
  reward_name: 'Dessert offert',
  reward_date: '24 novembre 2026',
  offer_text: 'Un café offert sur présentation de cet email',
  label: 'Table 4',
  created_at: '24 novembre 2026 à 20:15',
  admin_feedback_url: 'https://app.refeed.fr/dashboard',
  diner: 'Camille',
  contact: 'camille@example.com',
  review_url: 'https://app.refeed.fr/avis',
  low_rating_count: 2,
  grouped: 'oui',
  low_ratings: [
    { rating: 2, comment: 'Plat arrivé froid.', label: 'Table 4', created_at: '24 novembre 2026 à 20:15', diner: 'Camille', contact: 'camille@example.com', review_url: 'https://app.refeed.fr/avis' },
    { rating: 3, comment: null, label: 'Terrasse', created_at: '24 novembre 2026 à 20:40', diner: 'un client anonyme à la table Terrasse', contact: null, review_url: 'https://app.refeed.fr/avis' },
  ],
  week: 'du lundi 16 au dimanche 22 novembre 2026',
  ratings_count: 42,
  ratings_count_previous: 37,
  ratings_text: '42 avis',
  ratings_previous_text: '37 avis',
  average: '4,3',
  average_previous: '4,1',
  review_invitations: 18,
  new_customers: 12,
  rewards_redeemed: 5,
  emails_sent: 64,
  dashboard_url: 'https://app.refeed.fr/dashboard',
};
