/**
 * The public API and webhooks (issue #31, decision 059): the vocabulary the server, the owner pages and the
 * OpenAPI document share. Only organisations whose plan includes `api` (shared/rules/plans.ts) use them.
 */

/** What a key may do: read only, or read and write (handing a reward over). */
export const API_KEY_ACCESS = ['read', 'read_write'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/** A key's secret: this prefix, then 32 random bytes in base64url. Only its SHA-256 is stored. */
export const API_KEY_PREFIX = 'rf_live_';
/** How many characters of the secret (prefix included) the owner page shows to recognise a key. */
export const API_KEY_VISIBLE_CHARS = 12;

/** The events a webhook endpoint may subscribe to. */
export const WEBHOOK_EVENTS = ['feedback.created', 'feedback.low_rating', 'reward.unlocked', 'reward.redeemed', 'customer.created', 'customer.updated'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

/** The owner page's French label of each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'feedback.created': 'Nouvel avis',
  'feedback.low_rating': 'Avis négatif',
  'reward.unlocked': 'Récompense débloquée',
  'reward.redeemed': 'Récompense remise',
  'customer.created': 'Nouveau client',
  'customer.updated': 'Client mis à jour',
};

/** An endpoint's state: delivering, or disabled (by the owner, after a 410, or after failing for 3 days). */
export const WEBHOOK_ENDPOINT_STATUSES = ['active', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];
export const WEBHOOK_DISABLED_REASONS = ['owner', 'gone', 'failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

/** A delivery: waiting for its next attempt, delivered (2xx), or given up (back-off over, or endpoint disabled). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
