/** Webhook endpoints (/developpeurs/webhooks, issue #31, decision 059): requests, answers, French messages. */
import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DISABLED_REASONS, WEBHOOK_ENDPOINT_STATUSES, WEBHOOK_EVENTS } from '../rules/developer-api';

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;

/** Every refusal of the webhook routes, in the product's French. */
export const WEBHOOK_MESSAGES = {
  urlInvalid: 'Saisissez une adresse valide, commençant par https://.',
  urlTooLong: `L’adresse doit contenir au plus ${WEBHOOK_URL_MAX_LENGTH} caractères.`,
  urlHttpsOnly: 'L’adresse doit commencer par https://.',
  urlCredentials: 'L’adresse ne doit pas contenir d’identifiant ni de mot de passe.',
  urlPrivate: 'Cette adresse mène à un réseau privé ou local : indiquez une adresse publique.',
  urlUnresolved: 'Ce nom de domaine est introuvable : vérifiez l’adresse.',
  eventsRequired: 'Choisissez au moins un événement.',
  eventUnknown: 'Événement inconnu.',
  descriptionTooLong: `La description doit contenir au plus ${WEBHOOK_DESCRIPTION_MAX_LENGTH} caractères.`,
  endpointNotFound: 'Point de terminaison introuvable.',
  deliveryNotFound: 'Envoi introuvable.',
  endpointDisabled: 'Ce point de terminaison est désactivé : réactivez-le avant de renvoyer.',
  tooManyEndpoints: 'Votre organisation a déjà 20 points de terminaison : supprimez-en un avant d’en ajouter.',
} as const;

/** At most this many endpoints per organisation. */
export const WEBHOOK_MAX_ENDPOINTS = 20;

/** The French label of an endpoint's state and of a disabled endpoint's reason. */
export const WEBHOOK_STATUS_LABELS = { active: 'Actif', disabled: 'Désactivé' } as const;
export const WEBHOOK_DISABLED_REASON_LABELS = {
  owner: 'Désactivé par un propriétaire.',
  gone: 'Désactivé automatiquement : le serveur a répondu 410 (Gone).',
  failing: 'Désactivé automatiquement : les envois échouent depuis plus de 3 jours.',
} as const;
export const WEBHOOK_DELIVERY_STATUS_LABELS = { pending: 'En attente', succeeded: 'Réussie', failed: 'Échec' } as const;

/** An http(s) address without credentials; https is required in production (the server checks it). */
export const ZWebhookUrl = z
  .string(WEBHOOK_MESSAGES.urlInvalid)
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlInvalid)
  .max(WEBHOOK_URL_MAX_LENGTH, WEBHOOK_MESSAGES.urlTooLong)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.urlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return !url.username && !url.password;
    } catch {
      return true;
    }
  }, WEBHOOK_MESSAGES.urlCredentials);

export const ZWebhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, WEBHOOK_MESSAGES.eventUnknown), WEBHOOK_MESSAGES.eventsRequired)
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENTS.length, WEBHOOK_MESSAGES.eventUnknown)
  .transform((events) => [...new Set(events)]);

const ZDescription = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX_LENGTH, WEBHOOK_MESSAGES.descriptionTooLong);

export const ZCreateWebhookEndpointRequest = z.object({
  url: ZWebhookUrl,
  events: ZWebhookEvents,
  description: ZDescription.optional(),
});
export type TCreateWebhookEndpointRequest = z.input<typeof ZCreateWebhookEndpointRequest>;

export const ZUpdateWebhookEndpointRequest = z.object({
  events: ZWebhookEvents.optional(),
  description: ZDescription.optional(),
  enabled: z.boolean().optional(),
});
export type TUpdateWebhookEndpointRequest = z.input<typeof ZUpdateWebhookEndpointRequest>;

export const ZWebhookEndpointIdParam = z.object({ id: z.uuid(WEBHOOK_MESSAGES.endpointNotFound) });
export const ZWebhookDeliveryParams = z.object({ id: z.uuid(WEBHOOK_MESSAGES.endpointNotFound), deliveryId: z.uuid(WEBHOOK_MESSAGES.deliveryNotFound) });
export const ZWebhookDeliveriesQuery = z.object({
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

export type TWebhookEndpoint = {
  id: string;
  url: string;
  description: string;
  events: Array<(typeof WEBHOOK_EVENTS)[number]>;
  status: (typeof WEBHOOK_ENDPOINT_STATUSES)[number];
  disabledReason: (typeof WEBHOOK_DISABLED_REASONS)[number] | null;
  disabledAt: string | null;
  failingSince: string | null;
  /** The circuit breaker (decision 077): failed attempts in a row, and the end of the pause (null: not paused). */
  consecutiveFailures: number;
  pausedUntil: string | null;
  createdAt: string;
  secretRotatedAt: string | null;
  lastDelivery: { status: (typeof WEBHOOK_DELIVERY_STATUSES)[number]; createdAt: string; eventType: string } | null;
  counts: { pending: number; succeeded: number; failed: number };
};

/** The answer of creation and rotation: the secret, shown this once. */
export type TWebhookEndpointWithSecret = { endpoint: TWebhookEndpoint; secret: string };

export type TWebhookAttempt = { id: string; attemptedAt: string; responseStatus: number | null; durationMs: number; responseExcerpt: string; error: string | null };

export type TWebhookDelivery = {
  id: string;
  eventType: string;
  status: (typeof WEBHOOK_DELIVERY_STATUSES)[number];
  attempts: number;
  createdAt: string;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  payload: unknown;
  attemptLog: TWebhookAttempt[];
};

export type TWebhookDeliveriesPage = { deliveries: TWebhookDelivery[]; nextCursor: string | null };
