import { paths } from '../../../shared/paths';
import { SITE_PAGES } from '../../../shared/site-meta';
import { PLAN_IDS, PLANS, siteItems, type PlanDefinition, type PlanId } from '../../../shared/rules/plans';
import { ACCOUNT_REVIEW_PROMISE } from '../../../shared/rules/account-review';

/**
 * The marketing site's words, once per language: the French page at / and the English one at /en share
 * every component and differ only here (spec §1 claims, §2 sections, §9 plans and prices).
 */
export type Plan = { name: string; monthly: number; yearly: number; popular?: boolean; items: string[] };

export type SiteContent = {
  lang: 'fr-FR' | 'en-GB';
  /** The country the page's sign-up buttons preselect (the /en page sells to the UK: issue #53). */
  signupCountry?: 'GB';
  title: string;
  home: string;
  otherHome: string;
  otherLanguageLabel: string;
  otherLanguageShort: string;
  nav: { demo: string; how: string; features: string; pricing: string; faq: string; navLabel: string };
  signIn: string;
  trial: string;
  hero: { title: string; text: string; primary: string; secondary: string; note: string; claims: Array<{ value: string; label: string }> };
  demo: { title: string; text: string; play: string; pause: string; duration: string; steps: Array<{ title: string; text: string }> };
  how: { title: string; steps: Array<{ title: string; text: string }> };
  /** The product pictures (screenshots of the app) below the steps. */
  screens: { title: string; diner: { alt: string; caption: string }; dashboard: { alt: string; caption: string } };
  features: { title: string; items: Array<{ title: string; text: string }> };
  pricing: {
    title: string;
    text: string;
    monthly: string;
    yearly: string;
    badge: string;
    perMonth: string;
    billedYearly: string;
    popular: string;
    cta: string;
    note: string;
    currency: 'EUR' | 'GBP';
    locale: string;
    plans: Plan[];
  };
  trust: { title: string; items: Array<{ title: string; text: string }> };
  start: {
    title: string;
    text: string;
    form: { restaurant: string; city: string; email: string; phone: string; submit: string; subject: string; intro: string; required: string; invalidEmail: string; invalidPhone: string; opened: string; fallback: string };
  };
  faq: { title: string; items: Array<{ question: string; answer: string }> };
  banner: { text: string; cta: string };
  footer: { tagline: string; terms: string; privacy: string; legal: string; contact: string; rights: string };
  /** The page's own language's sign-in, terms, privacy and legal notice (the English ones for /en, issue #53). */
  links: { signIn: string; terms: string; privacy: string; legal: string };
  /** The words of a text page (terms, privacy, legal notice). */
  document: { back: string; updated: string; updatedAt: string; signup: string };
};

/**
 * The plans as the site shows them, read from the one plan table (shared/rules/plans.ts): names, prices in
 * the page's currency, the popular badge and the items (limits written from the table), so the site and
 * the product never diverge (issue #30).
 */
export function sitePlans(table: Record<PlanId, PlanDefinition>, lang: 'fr' | 'en'): Plan[] {
  return PLAN_IDS.map((id) => {
    const plan = table[id];
    const price = lang === 'fr' ? plan.prices.eur : plan.prices.gbp;
    return { name: plan.name[lang], monthly: price.monthly, yearly: price.yearly, ...(plan.popular ? { popular: true } : {}), items: siteItems(plan, lang) };
  });
}

const FR_PLANS: Plan[] = sitePlans(PLANS, 'fr');
const EN_PLANS: Plan[] = sitePlans(PLANS, 'en');

export const SITE_FR: SiteContent = {
  lang: 'fr-FR',
  title: SITE_PAGES['/'].title,
  home: '/',
  otherHome: '/en',
  otherLanguageLabel: 'English version',
  otherLanguageShort: 'EN',
  nav: { demo: 'Démo', how: 'Fonctionnement', features: 'Fonctionnalités', pricing: 'Tarifs', faq: 'FAQ', navLabel: 'Navigation principale' },
  signIn: 'Se connecter',
  trial: 'Essai gratuit',
  hero: {
    title: 'Transformez chaque repas en avis et chaque client en habitué',
    text: 'Un QR code sur la table, une note en dix secondes : ReFeed recueille l’avis de vos clients, les récompense avec un programme de fidélité et guide les plus satisfaits vers votre fiche d’avis.',
    primary: 'Créer mon espace',
    secondary: 'Voir la démo',
    note: '14 jours d’essai gratuit · sans carte bancaire · installation en 10 minutes',
    claims: [
      { value: '500+', label: 'restaurants' },
      { value: '50k+', label: 'avis recueillis' },
      { value: '4,9/5', label: 'de satisfaction' },
      { value: '10 min', label: 'pour démarrer' },
    ],
  },
  demo: {
    title: 'ReFeed en 90 secondes',
    text: 'Du scan du QR code à l’email de remerciement : le parcours de vos clients, étape par étape.',
    play: 'Lancer la démo',
    pause: 'Mettre la démo en pause',
    duration: '1:30',
    steps: [
      { title: 'Le client scanne', text: 'Le QR code de la table ouvre la page de votre restaurant, sans application à installer.' },
      { title: 'Il note son repas', text: 'De 1 à 5 étoiles, un commentaire s’il le souhaite : dix secondes suffisent.' },
      { title: 'Il gagne des points', text: 'Chaque visite rapporte des points qui débloquent vos récompenses.' },
      { title: 'ReFeed s’occupe du reste', text: 'Remerciement, relance d’avis à 3 jours, « vous nous manquez » à 30 jours.' },
    ],
  },
  how: {
    title: 'Comment ça marche',
    steps: [
      { title: 'Scan', text: 'Un QR code principal et un par table, prêts à imprimer.' },
      { title: 'Note', text: 'Le client note son repas en dix secondes, depuis son téléphone.' },
      { title: 'Points', text: 'Les avis rapportent des points de fidélité et des récompenses.' },
      { title: 'Emails', text: 'Les emails automatiques font revenir vos clients et montent votre note.' },
    ],
  },
  screens: {
    title: 'Ce que voient vos clients, et vous',
    diner: { alt: 'Le formulaire d’avis ReFeed sur un téléphone : cinq étoiles, prénom, commentaire', caption: 'Vos clients : une note en dix secondes, sans application ni compte.' },
    dashboard: { alt: 'Le tableau de bord ReFeed : visites, note moyenne, avis des 30 derniers jours et avis récents', caption: 'Vous : visites, note moyenne, tendance sur 30 jours et derniers avis, d’un coup d’œil.' },
  },
  features: {
    title: 'Tout ce qu’il faut pour fidéliser',
    items: [
      { title: 'Plus d’avis publics', text: 'Les clients satisfaits sont guidés vers votre fiche d’avis.' },
      { title: 'Alerte note basse', text: 'Une note de 3 ou moins ? Vous êtes prévenu tout de suite pour réagir.' },
      { title: 'Programme de fidélité', text: 'Points par visite, catalogue de récompenses, plafond journalier.' },
      { title: 'Base clients', text: 'Recherche, historique des visites, export CSV.' },
      { title: 'Emails personnalisables', text: 'Éditeur visuel, versions, envoi de test.' },
      { title: 'Tableau de bord', text: 'Visites, note moyenne et avis récents d’un coup d’œil.' },
    ],
  },
  pricing: {
    title: 'Des tarifs simples',
    text: '14 jours d’essai gratuit sur toutes les offres, sans carte bancaire.',
    monthly: 'Mensuel',
    yearly: 'Annuel',
    badge: '-2 mois',
    perMonth: '/mois',
    billedYearly: 'facturé annuellement',
    popular: 'Le plus choisi',
    cta: 'Commencer l’essai',
    note: 'Prix HT. Sans engagement en mensuel.',
    currency: 'EUR',
    locale: 'fr-FR',
    plans: FR_PLANS,
  },
  trust: {
    title: 'Vos données, bien gardées',
    items: [
      { title: 'Conforme RGPD', text: 'Consentement explicite, désinscription en un clic, droit d’accès et d’effacement.' },
      { title: 'Hébergement européen', text: 'Les données de vos clients restent dans l’Union européenne.' },
      { title: 'Emails authentifiés', text: 'SPF, DKIM et DMARC : vos emails arrivent en boîte de réception.' },
    ],
  },
  start: {
    title: 'Commencez gratuitement aujourd’hui',
    text: 'Créez votre espace en 10 minutes, ou demandez une démo : nous vous rappelons.',
    form: {
      restaurant: 'Nom du restaurant',
      city: 'Ville',
      email: 'Email',
      phone: 'Téléphone',
      submit: 'Demander une démo',
      subject: 'Demande de démo ReFeed',
      intro: 'Bonjour, je souhaite une démo de ReFeed.',
      required: 'Ce champ est requis',
      invalidEmail: 'Email invalide',
      invalidPhone: 'Numéro de téléphone invalide',
      opened: 'Votre messagerie s’ouvre avec la demande prête à envoyer.',
      fallback: 'Elle ne s’ouvre pas ? Cliquez ici.',
    },
  },
  faq: {
    title: 'Questions fréquentes',
    items: [
      { question: 'Mes clients doivent-ils installer une application ?', answer: 'Non. Ils scannent le QR code avec l’appareil photo de leur téléphone et notent leur repas dans le navigateur.' },
      { question: 'Combien de temps faut-il pour démarrer ?', answer: `Une dizaine de minutes : créez votre espace, imprimez vos QR codes, ajoutez votre lien d’avis. Notre équipe valide votre compte ${ACCOUNT_REVIEW_PROMISE.fr}.` },
      { question: 'Puis-je personnaliser les emails ?', answer: 'Oui : objet, contenu, mise en page avec l’éditeur visuel, et un envoi de test avant d’activer.' },
      { question: 'Les données de mes clients sont-elles protégées ?', answer: 'Elles sont hébergées en Europe, traitées selon le RGPD, et chaque email marketing contient un lien de désinscription en un clic.' },
      { question: 'Puis-je arrêter quand je veux ?', answer: 'Oui, l’offre mensuelle est sans engagement et la résiliation se fait en un clic.' },
    ],
  },
  banner: { text: 'Prêt à recueillir plus d’avis ?', cta: 'Créer mon espace' },
  footer: {
    tagline: 'Avis clients, fidélité et avis publics pour les restaurants.',
    terms: 'Conditions d’utilisation',
    privacy: 'Confidentialité',
    legal: 'Mentions légales',
    contact: 'Contact',
    rights: 'Tous droits réservés.',
  },
  links: { signIn: paths.login.href(), terms: paths.terms.href(), privacy: paths.privacy.href(), legal: paths.legal.href() },
  document: { back: 'Retour', updated: 'Dernière mise à jour :', updatedAt: '24 novembre 2026', signup: 'Créer mon compte' },
};

export const SITE_EN: SiteContent = {
  lang: 'en-GB',
  signupCountry: 'GB',
  title: SITE_PAGES['/en'].title,
  home: '/en',
  otherHome: '/',
  otherLanguageLabel: 'Version française',
  otherLanguageShort: 'FR',
  nav: { demo: 'Demo', how: 'How it works', features: 'Features', pricing: 'Pricing', faq: 'FAQ', navLabel: 'Main navigation' },
  signIn: 'Sign in',
  trial: 'Free trial',
  hero: {
    title: 'Turn every meal into a review and every guest into a regular',
    text: 'A QR code on the table, a rating in ten seconds: ReFeed collects your guests’ feedback, rewards them with a loyalty programme and points your happiest guests to your public review page.',
    primary: 'Create my account',
    secondary: 'Watch the demo',
    note: '14-day free trial · no card required · set up in 10 minutes',
    claims: [
      { value: '500+', label: 'restaurants' },
      { value: '50k+', label: 'reviews collected' },
      { value: '4.9/5', label: 'satisfaction' },
      { value: '10 min', label: 'to get started' },
    ],
  },
  demo: {
    title: 'ReFeed in 90 seconds',
    text: 'From the QR code scan to the thank-you email: your guests’ journey, step by step.',
    play: 'Play the demo',
    pause: 'Pause the demo',
    duration: '1:30',
    steps: [
      { title: 'The guest scans', text: 'The table’s QR code opens your restaurant’s page, with no app to install.' },
      { title: 'They rate the meal', text: 'One to five stars and an optional comment: ten seconds is enough.' },
      { title: 'They earn points', text: 'Every visit earns points that unlock your rewards.' },
      { title: 'ReFeed does the rest', text: 'A thank-you, a review nudge after 3 days, a “we miss you” after 30 days.' },
    ],
  },
  how: {
    title: 'How it works',
    steps: [
      { title: 'Scan', text: 'A main QR code and one per table, ready to print.' },
      { title: 'Rate', text: 'Guests rate their meal in ten seconds from their phone.' },
      { title: 'Points', text: 'Reviews earn loyalty points and rewards.' },
      { title: 'Emails', text: 'Automated emails bring guests back and lift your rating.' },
    ],
  },
  screens: {
    title: 'What your guests see, and what you see',
    diner: { alt: 'The ReFeed feedback form on a phone: five stars, first name, comment', caption: 'Your guests: a rating in ten seconds, no app, no account.' },
    dashboard: { alt: 'The ReFeed dashboard: visits, average rating, the last 30 days of reviews and recent reviews', caption: 'You: visits, average rating, the 30-day trend and the latest reviews at a glance.' },
  },
  features: {
    title: 'Everything you need to build loyalty',
    items: [
      { title: 'More public reviews', text: 'Happy guests are pointed to your review page.' },
      { title: 'Low-rating alert', text: 'A rating of 3 or less? You hear about it at once, in time to react.' },
      { title: 'Loyalty programme', text: 'Points per visit, a rewards catalogue, a daily cap.' },
      { title: 'Guest base', text: 'Search, visit history, CSV export.' },
      { title: 'Editable emails', text: 'Visual editor, versions, test sends.' },
      { title: 'Dashboard', text: 'Visits, average rating and recent reviews at a glance.' },
    ],
  },
  pricing: {
    title: 'Simple pricing',
    text: '14-day free trial on every plan, no card required.',
    monthly: 'Monthly',
    yearly: 'Annual',
    badge: '-15%',
    perMonth: '/month',
    billedYearly: 'billed annually',
    popular: 'Most popular',
    cta: 'Start the trial',
    note: 'Prices exclude VAT. Monthly plans can be cancelled at any time.',
    currency: 'GBP',
    locale: 'en-GB',
    plans: EN_PLANS,
  },
  trust: {
    title: 'Your data, well kept',
    items: [
      { title: 'UK GDPR compliant', text: 'Explicit consent, one-click unsubscribe, rights of access and erasure under the UK GDPR and the Data Protection Act 2018.' },
      { title: 'European hosting', text: 'Your guests’ data is hosted in Europe, under an adequacy decision recognised by the UK.' },
      { title: 'Authenticated email', text: 'SPF, DKIM and DMARC: your emails land in the inbox.' },
    ],
  },
  start: {
    title: 'Start free today',
    text: 'Create your account in 10 minutes, or request a demo and we will call you back.',
    form: {
      restaurant: 'Restaurant name',
      city: 'City',
      email: 'Email',
      phone: 'Phone',
      submit: 'Request a demo',
      subject: 'ReFeed demo request',
      intro: 'Hello, I would like a demo of ReFeed.',
      required: 'This field is required',
      invalidEmail: 'Invalid email address',
      invalidPhone: 'Invalid phone number',
      opened: 'Your email app opens with the request ready to send.',
      fallback: 'Nothing opened? Click here.',
    },
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      { question: 'Do my guests need to install an app?', answer: 'No. They scan the QR code with their phone’s camera and rate their meal in the browser.' },
      { question: 'How long does it take to get started?', answer: `About ten minutes: create your account, print your QR codes, add your review link. Our team approves accounts ${ACCOUNT_REVIEW_PROMISE.en}.` },
      { question: 'Can I customise the emails?', answer: 'Yes: subject, content, layout in the visual editor, and a test send before you switch them on.' },
      { question: 'Is my guests’ data protected?', answer: 'It is hosted in Europe, processed under the UK GDPR, and every marketing email has a one-click unsubscribe link.' },
      { question: 'Can I stop at any time?', answer: 'Yes, monthly plans have no commitment and you can cancel in one click.' },
    ],
  },
  banner: { text: 'Ready to collect more reviews?', cta: 'Create my account' },
  footer: {
    tagline: 'Guest feedback, loyalty and public reviews for restaurants.',
    terms: 'Terms of use',
    privacy: 'Privacy',
    legal: 'Legal notice',
    contact: 'Contact',
    rights: 'All rights reserved.',
  },
  links: { signIn: `${paths.login.href()}?lang=en`, terms: paths.termsEn.href(), privacy: paths.privacyEn.href(), legal: paths.legalEn.href() },
  document: { back: 'Back', updated: 'Last updated:', updatedAt: '2 December 2026', signup: 'Create my account' },
};

/** A price in the page's currency and locale: '39 €', '32,50 €', '£49', '£1,890'. */
export function formatPrice(amount: number, pricing: Pick<SiteContent['pricing'], 'currency' | 'locale'>): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(pricing.locale, {
    style: 'currency',
    currency: pricing.currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
