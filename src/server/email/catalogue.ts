/**
 * Every email the product sends, by template key. Automation templates are the restaurant's own
 * (subject and HTML edited on /automations, rendered with mustache); system templates are written
 * in code (email/templates). All of them go through the one send-email job (email/send-email.ts).
 */
export const AUTOMATION_TEMPLATE_KEYS = ['thanks_after_visit', 'manager_alert_low_rating', 'review_nudge_3d', 'we_miss_you_30d', 'reward_unlocked', 'weekly_digest'] as const;
export type AutomationTemplateKey = (typeof AUTOMATION_TEMPLATE_KEYS)[number];

export const SYSTEM_TEMPLATE_KEYS = [
  'welcome_onboarding',
  'account_approved',
  'account_rejected',
  'account_suspended',
  'account_reactivated',
  'email_verification',
  'password_reset',
  'magic_link',
  'account_exists',
  'link_email_confirmation',
  'admin_new_restaurant',
  /** The restaurant's private reply to a diner's feedback (/avis): from the restaurant, Reply-To its contact address. */
  'feedback_reply',
  /** 'Mes données': the link that confirms a diner's erasure request (decision 045). */
  'data_erasure_confirmation',
  /** Retention: 'Souhaitez-vous rester membre ?', a month before an inactive diner is anonymised (decision 045). */
  'retention_reminder',
  /** An invitation to join an organisation's team (/equipe, decision 053): an account email, never a diner's. */
  'team_invitation',
  /** The organisation reached 80 % or 100 % of its diner emails this month (decision 058): to each propriétaire, once per level and month. */
  'quota_warning',
  /** A webhook endpoint was disabled (410 Gone, or 3 days of failures; decision 059): to each propriétaire, once per disabling. */
  'webhook_endpoint_disabled',
  /** A subscription payment failed (decision 092): to each propriétaire, once per failed invoice event. */
  'billing_payment_failed',
  /** The trial ends in 3 days, or today, with no subscription (decision 092): to each propriétaire, once each. */
  'trial_ending',
] as const;
export type SystemTemplateKey = (typeof SYSTEM_TEMPLATE_KEYS)[number];

/** The spec's send-email name of the low-rating alert, accepted as an alias. */
export const TEMPLATE_ALIASES = { negative_feedback_alert: 'manager_alert_low_rating' } as const;

export const EMAIL_TEMPLATE_KEYS = [...AUTOMATION_TEMPLATE_KEYS, ...SYSTEM_TEMPLATE_KEYS, 'negative_feedback_alert'] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];

/**
 * Marketing sends: only to customers who consented and did not unsubscribe; each carries the
 * unsubscribe link and the List-Unsubscribe headers (RFC 8058).
 */
export const MARKETING_TEMPLATES: ReadonlySet<string> = new Set<AutomationTemplateKey>(['review_nudge_3d', 'we_miss_you_30d', 'reward_unlocked']);

/** Automation templates addressed to the restaurant (its contact email) rather than to a diner. */
export const RESTAURANT_ADDRESSED_TEMPLATES: ReadonlySet<string> = new Set<AutomationTemplateKey>(['manager_alert_low_rating', 'weekly_digest']);

/**
 * Automation templates addressed to a diner: every one of them is skipped once the diner unsubscribed
 * and carries the unsubscribe link and List-Unsubscribe headers (the thank-you included, decision 025).
 */
export const DINER_TEMPLATES: ReadonlySet<string> = new Set<string>(AUTOMATION_TEMPLATE_KEYS.filter((key) => !RESTAURANT_ADDRESSED_TEMPLATES.has(key)));

/**
 * The diner emails a plan's monthly quota counts (decision 058): the restaurant's automations addressed to a
 * diner (thank-you, review nudge, 'we miss you', reward). Transactional diner emails (link confirmation,
 * card recovery, erasure link, retention notice, private reply), account emails and the restaurant's own
 * alerts and digests are never counted nor blocked.
 */
export const QUOTA_COUNTED_TEMPLATES: ReadonlySet<string> = DINER_TEMPLATES;

/** System emails an owner may answer: their Reply-To is the support address (SUPPORT_EMAIL). */
export const SUPPORT_REPLY_TEMPLATES: ReadonlySet<string> = new Set<SystemTemplateKey>([
  'welcome_onboarding',
  'account_approved',
  'account_rejected',
  'account_suspended',
  'account_reactivated',
]);

/** Templates about leaving a public review: without a valid review link they are not sent (decision 025). */
export const REVIEW_LINK_TEMPLATES: ReadonlySet<string> = new Set<AutomationTemplateKey>(['review_nudge_3d']);

export function isAutomationTemplate(key: string): key is AutomationTemplateKey {
  return (AUTOMATION_TEMPLATE_KEYS as readonly string[]).includes(key);
}

/** The template key a send is filed under (the alias resolved). */
export function canonicalTemplate(key: EmailTemplateKey): Exclude<EmailTemplateKey, 'negative_feedback_alert'> {
  return key === 'negative_feedback_alert' ? TEMPLATE_ALIASES.negative_feedback_alert : key;
}

/** Why a send was skipped, as the owner reads it in the last sends of /automations. */
export const SKIP_REASONS = {
  automationPaused: 'Automation en pause',
  automationMissing: 'Automation absente',
  noAddress: 'Adresse email absente',
  noConsent: 'Pas de consentement marketing',
  unsubscribed: 'Adresse désinscrite',
  noReviewLink: 'Pas de lien d’avis Google : relance non envoyée',
  cameBack: 'Nouvelle visite depuis : relance reportée',
  alreadySent: 'Déjà envoyé',
  inProgress: 'Déjà en cours d’envoi',
  unknownAfterCrash: 'Envoi interrompu précédemment : non renvoyé pour éviter un doublon',
  restaurantMissing: 'Restaurant introuvable',
  customerMissing: 'Client introuvable',
  feedbackMissing: 'Avis supprimé depuis : alerte non envoyée',
  noData: 'Données absentes',
  /** Past the plan's diner emails this month (decision 058): recorded, not sent. */
  quota: 'Quota d’emails du mois atteint',
  /** The trial is over and no plan is set (decision 058): no diner email. */
  plan: 'Essai terminé : aucun email client envoyé',
} as const;
