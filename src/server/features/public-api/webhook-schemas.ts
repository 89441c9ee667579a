/**
 * The webhooks' contract (issue 50, decision 077): each event's payload as zod, with the Standard Webhooks
 * headers and the retry schedule, registered as OpenAPI 3.1 `webhooks` in /api/v1/openapi.json (and so shown
 * on /api/v1/docs). The payloads are what core/webhook-events.ts writes; tests/api/openapi.test.ts checks every
 * payload the app sends against these schemas (strict: a field they do not describe fails).
 */
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { CUSTOMER_CHANGES } from '../../core/webhook-events';
import { WEBHOOK_EVENT_LABELS, type WebhookEvent } from '../../../shared/rules/developer-api';

const Iso = z.string().openapi({ format: 'date-time', example: '2026-11-26T19:42:05.120Z' });
const Id = (description: string) => z.uuid().openapi({ description });

const ZVenueRef = z
  .strictObject({ id: Id('L’établissement.'), name: z.string().openapi({ description: 'Son nom.', example: 'Le Bistrot du Port' }) })
  .openapi('WebhookVenue', { description: 'L’établissement où l’événement a eu lieu.' });

const truncated = z.literal(true).optional().openapi({ description: 'Présent quand un texte long a été coupé (1 000 caractères) pour tenir dans 64 Ko.' });

const ZFeedbackData = z
  .strictObject({
    id: Id('L’avis.'),
    rating: z.number().int().min(1).max(5).openapi({ description: 'La note, de 1 à 5 étoiles.', example: 2 }),
    comment: z.string().nullable().openapi({ description: 'Le commentaire du client (null : aucun).', example: 'Service un peu lent.' }),
    table_label: z.string().nullable().openapi({ description: 'La table ou l’emplacement du QR code scanné (null : aucun).', example: 'Terrasse 4' }),
    customer_id: Id('Le client (il peut être anonyme : aucun événement customer.* ne l’a annoncé).'),
    created_at: Iso,
    venue: ZVenueRef,
    truncated,
  })
  .openapi('WebhookFeedbackData');

const ZRewardData = z
  .strictObject({
    id: Id('La récompense débloquée par ce client.'),
    label: z.string().openapi({ example: 'Café offert' }),
    cost: z.number().int().openapi({ description: 'Son coût en points.', example: 50 }),
    customer_id: Id('Le client.'),
    unlocked_at: Iso.nullable(),
    redeemed_at: Iso.nullable().optional().openapi({ description: 'reward.redeemed : quand elle a été remise.' }),
    venue: ZVenueRef,
    truncated,
  })
  .openapi('WebhookRewardData');

const ZCustomerData = z
  .strictObject({
    id: Id('Le client : ses coordonnées se lisent avec GET /customers/{id} (clé autorisée à lire les données personnelles).'),
    has_email: z.boolean().openapi({ description: 'Une adresse email confirmée par le client.' }),
    has_name: z.boolean(),
    has_phone: z.boolean(),
    marketing_consent: z.boolean().openapi({ description: 'Le client accepte les emails de l’établissement.' }),
    changes: z.array(z.enum(CUSTOMER_CHANGES)).openapi({ description: 'Ce qui a changé : pour customer.created, ce que le client a donné.', example: ['email', 'name'] }),
    updated_at: Iso,
    venue: ZVenueRef,
    truncated,
  })
  .openapi('WebhookCustomerData');

const envelope = <T extends z.ZodType>(type: WebhookEvent, data: T, name: string) =>
  z
    .strictObject({
      type: z.literal(type),
      timestamp: Iso.openapi({ description: 'Quand l’événement a eu lieu (identique à chaque nouvelle tentative).' }),
      data,
    })
    .openapi(name);

/** Every event's payload (the JSON body POSTed to the endpoint). */
export const WEBHOOK_PAYLOAD_SCHEMAS = {
  'feedback.created': envelope('feedback.created', ZFeedbackData, 'FeedbackCreatedEvent'),
  'feedback.low_rating': envelope('feedback.low_rating', ZFeedbackData, 'FeedbackLowRatingEvent'),
  'reward.unlocked': envelope('reward.unlocked', ZRewardData, 'RewardUnlockedEvent'),
  'reward.redeemed': envelope('reward.redeemed', ZRewardData, 'RewardRedeemedEvent'),
  'customer.created': envelope('customer.created', ZCustomerData, 'CustomerCreatedEvent'),
  'customer.updated': envelope('customer.updated', ZCustomerData, 'CustomerUpdatedEvent'),
} satisfies Record<WebhookEvent, z.ZodType>;

const WHEN: Record<WebhookEvent, string> = {
  'feedback.created': 'Un client a laissé un avis (toutes notes).',
  'feedback.low_rating': 'Un client a laissé un avis de moins de 4 étoiles (envoyé en plus de feedback.created).',
  'reward.unlocked': 'Les points d’un client ont débloqué une récompense.',
  'reward.redeemed': 'Une récompense a été remise au comptoir (ou par l’API).',
  'customer.created':
    'Un client devient connu de l’établissement : il a confirmé son adresse email, ou donné son téléphone avec son accord pour recevoir des messages. Un appareil anonyme (des points seulement, ou un nom saisi) n’est pas annoncé.',
  'customer.updated': 'Un client déjà annoncé a changé : adresse email confirmée, nom, téléphone ou accord (liste `changes`).',
};

/** The Standard Webhooks headers of every delivery. */
const ZWebhookHeaders = z.object({
  'webhook-id': z.uuid().openapi({ description: 'L’identifiant de l’envoi : le même à chaque nouvelle tentative et à chaque « Renvoyer » (dédoublonnez avec).' }),
  'webhook-timestamp': z.string().openapi({ description: 'L’heure de la tentative, en secondes depuis 1970 (refusez un écart de plus de 5 minutes).', example: '1764186125' }),
  'webhook-signature': z.string().openapi({
    description: '`v1,` suivi du HMAC-SHA256 en base64 de `{webhook-id}.{webhook-timestamp}.{corps}`, avec le secret `whsec_…` du point de terminaison (Standard Webhooks).',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  }),
});

export const WEBHOOK_DELIVERY_DESCRIPTION = `Chaque événement est envoyé en \`POST\` (JSON) à chaque point de terminaison actif de l’organisation qui s’y est abonné, signé selon [Standard Webhooks](https://www.standardwebhooks.com/) (en-têtes \`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`).

**Réponse attendue.** Un statut 2xx en moins de 5 secondes : faites le travail après avoir répondu. Les redirections ne sont pas suivies. Un **410** désactive le point de terminaison aussitôt.

**Nouvelles tentatives.** Sans 2xx (erreur, délai dépassé), l’envoi est retenté 5 s, 5 min, 30 min, 2 h, 5 h, 10 h puis 10 h après (8 tentatives, environ 27 h 40), avec le même \`webhook-id\` et le même corps. Après 5 échecs d’affilée, le point de terminaison est mis en pause 1 min, puis 5 min, 30 min, 2 h, 6 h tant qu’il échoue : ses envois attendent et repartent à la fin de la pause. Après 3 jours sans succès, il est désactivé. Les propriétaires sont prévenus par email.`;

/** Registers every event as an OpenAPI 3.1 webhook of the document. */
export function registerWebhooks(api: Pick<OpenAPIHono, 'openAPIRegistry'>): void {
  for (const [event, schema] of Object.entries(WEBHOOK_PAYLOAD_SCHEMAS) as Array<[WebhookEvent, z.ZodType]>) {
    api.openAPIRegistry.registerWebhook({
      method: 'post',
      path: event,
      operationId: `webhook-${event.replace('.', '-')}`,
      summary: `${event} — ${WEBHOOK_EVENT_LABELS[event]}`,
      description: `${WHEN[event]}\n\n${WEBHOOK_DELIVERY_DESCRIPTION}`,
      tags: ['Webhooks'],
      request: { headers: ZWebhookHeaders, body: { required: true, content: { 'application/json': { schema } } } },
      responses: {
        200: { description: 'Reçu (tout statut 2xx).' },
        410: { description: 'Ne plus rien envoyer : le point de terminaison est désactivé.' },
      },
    });
  }
}
