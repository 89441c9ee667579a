/**
 * /api/v1, the public API (issue #31): a sub-application of its own built with @hono/zod-openapi, so its
 * OpenAPI 3.1 document (/api/v1/openapi.json) is generated from the same zod schemas that validate the
 * requests. Mounted by app.ts before the generic /api/* 404. Every route takes a key (api-key-auth.ts);
 * every error is a problem details answer (problem.ts).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/http/errors';
import { assertCanWrite, requireApiKey, type PublicApiEnv } from './api-key-auth';
import { renderDocsPage, type OpenApiDocument } from './docs';
import { ApiProblem, handleProblems, jsonTextAnswer, problemBody, PROBLEM_CONTENT_TYPE, validationHook } from './problem';
import {
  CUSTOMER_EXAMPLE,
  FEEDBACK_EXAMPLE,
  pageOf,
  PUBLIC_API_MESSAGES,
  REWARD_EXAMPLE,
  VENUE_EXAMPLE,
  VISITS_EXAMPLE,
  ZCustomer,
  ZCustomerReward,
  ZFeedback,
  ZFeedbackListQuery,
  ZIdempotencyHeaders,
  ZIdParams,
  ZPageQuery,
  ZProblem,
  ZRedeemResult,
  ZRewardListQuery,
  ZVenue,
  ZVenueParams,
  ZVisits,
  ZVisitsQuery,
} from './public-api.schemas';
import { assertRewardInScope, getCustomer, getFeedback, listCustomers, listFeedbacks, listRewards, listVenues, redeemReward, runIdempotent, visitsPerDay } from './public-api.service';
import { registerWebhooks, WEBHOOK_DELIVERY_DESCRIPTION } from './webhook-schemas';

/** The security scheme every operation requires. */
const BEARER = 'bearerAuth';

const PROBLEM_EXAMPLE_DETAILS: Record<number, string> = {
  400: `limit : ${PUBLIC_API_MESSAGES.invalidLimit}`,
  401: PUBLIC_API_MESSAGES.unknownKey,
  403: 'L’API et les webhooks sont inclus dans le forfait Premium. Pour les utiliser, changez de forfait depuis la page Abonnement.',
  404: PUBLIC_API_MESSAGES.routeNotFound,
  409: PUBLIC_API_MESSAGES.rewardAlreadyRedeemed,
  422: PUBLIC_API_MESSAGES.idempotencyOtherRequest,
  429: 'Trop de requêtes pour cette clé d’API. Réessayez après le délai indiqué par l’en-tête Retry-After.',
  500: PUBLIC_API_MESSAGES.internal,
};

const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': { description: 'La politique de quota de la clé, par ex. `"per-key";q=600;w=60` (IETF draft-ietf-httpapi-ratelimit-headers).', schema: { type: 'string' as const } },
  RateLimit: { description: 'Ce qu’il reste du quota : `"per-key";r=<restant>;t=<secondes avant la remise à zéro>`.', schema: { type: 'string' as const } },
};

/** The example problem of a status, as the documentation shows it. */
function problemResponse(status: number, path: string, description: string, detail = PROBLEM_EXAMPLE_DETAILS[status]) {
  const example = problemBody('https://app.refeed.fr', status, detail, path);
  return {
    description,
    headers: status === 429 ? { ...RATE_LIMIT_HEADERS, 'Retry-After': { description: 'Secondes à attendre avant la prochaine requête.', schema: { type: 'integer' as const } } } : status === 401 ? undefined : RATE_LIMIT_HEADERS,
    content: { [PROBLEM_CONTENT_TYPE]: { schema: ZProblem, example } },
  };
}

/** The errors every operation may answer, and those it adds. */
function errorResponses(path: string, extra: Record<number, { description: string; detail?: string }> = {}) {
  const base: Record<number, { description: string; detail?: string }> = {
    400: { description: 'Paramètre invalide (le champ en cause est nommé dans `field` et `detail`).' },
    401: { description: 'Clé absente, mal formée, inconnue ou révoquée.' },
    403: { description: 'L’organisation n’est pas validée, ou son forfait n’inclut pas l’API.' },
    429: { description: 'Le quota de la clé est épuisé : réessayez après `Retry-After` secondes.' },
    500: { description: 'Erreur inattendue (journalisée ; aucun détail n’est divulgué).' },
    ...extra,
  };
  return Object.fromEntries(Object.entries(base).map(([status, { description, detail }]) => [status, problemResponse(Number(status), path, description, detail)]));
}

function okResponse<T extends z.ZodType>(schema: T, description: string, example: unknown) {
  return { description, headers: RATE_LIMIT_HEADERS, content: { 'application/json': { schema, example } } };
}

// ---------------------------------------------------------------- routes

const listVenuesRoute = createRoute({
  method: 'get',
  path: '/venues',
  tags: ['Établissements'],
  operationId: 'listVenues',
  summary: 'Lister les établissements lisibles par la clé',
  description: 'Les établissements de l’organisation ouverts à la clé (tous, ou ceux choisis), du plus récent au plus ancien. Un établissement suspendu n’est pas listé.',
  request: { query: ZPageQuery },
  responses: { 200: okResponse(pageOf(ZVenue, 'VenuePage', VENUE_EXAMPLE), 'Une page d’établissements.', { data: [VENUE_EXAMPLE], next_cursor: null }), ...errorResponses('/api/v1/venues') },
});

const listFeedbacksRoute = createRoute({
  method: 'get',
  path: '/venues/{venueId}/feedbacks',
  tags: ['Avis'],
  operationId: 'listFeedbacks',
  summary: 'Lister les avis d’un établissement',
  description: 'Du plus récent au plus ancien, avec les filtres de la page /avis (mêmes valeurs, même sens ; périodes à l’heure de Paris). Le nom et l’email du client valent null si la clé ne lit pas les données personnelles.',
  request: { params: ZVenueParams, query: ZFeedbackListQuery },
  responses: {
    200: okResponse(pageOf(ZFeedback, 'FeedbackPage', FEEDBACK_EXAMPLE), 'Une page d’avis.', { data: [FEEDBACK_EXAMPLE], next_cursor: null }),
    ...errorResponses(`/api/v1/venues/${VENUE_EXAMPLE.id}/feedbacks`, { 404: { description: 'Aucun établissement de ce nom parmi ceux de la clé.', detail: PUBLIC_API_MESSAGES.venueNotFound } }),
  },
});

const getFeedbackRoute = createRoute({
  method: 'get',
  path: '/feedbacks/{id}',
  tags: ['Avis'],
  operationId: 'getFeedback',
  summary: 'Lire un avis',
  request: { params: ZIdParams('L’identifiant d’un avis.', FEEDBACK_EXAMPLE.id) },
  responses: {
    200: okResponse(ZFeedback, 'L’avis.', FEEDBACK_EXAMPLE),
    ...errorResponses(`/api/v1/feedbacks/${FEEDBACK_EXAMPLE.id}`, { 404: { description: 'Aucun avis de cet identifiant dans les établissements de la clé.', detail: PUBLIC_API_MESSAGES.feedbackNotFound } }),
  },
});

const listCustomersRoute = createRoute({
  method: 'get',
  path: '/venues/{venueId}/customers',
  tags: ['Clients'],
  operationId: 'listCustomers',
  summary: 'Lister les clients d’un établissement',
  description:
    'Les clients que l’établissement connaît (un email, un téléphone ou une récompense à remettre), du plus récent au plus ancien, avec leur consentement marketing, leur solde de points et leurs visites. `first_name`, `last_name`, `email` et `phone` valent null si la clé ne lit pas les données personnelles.',
  request: { params: ZVenueParams, query: ZPageQuery },
  responses: {
    200: okResponse(pageOf(ZCustomer, 'CustomerPage', CUSTOMER_EXAMPLE), 'Une page de clients.', { data: [CUSTOMER_EXAMPLE], next_cursor: null }),
    ...errorResponses(`/api/v1/venues/${VENUE_EXAMPLE.id}/customers`, { 404: { description: 'Aucun établissement de ce nom parmi ceux de la clé.', detail: PUBLIC_API_MESSAGES.venueNotFound } }),
  },
});

const getCustomerRoute = createRoute({
  method: 'get',
  path: '/customers/{id}',
  tags: ['Clients'],
  operationId: 'getCustomer',
  summary: 'Lire un client',
  description: '`first_name`, `last_name`, `email` et `phone` valent null si la clé ne lit pas les données personnelles.',
  request: { params: ZIdParams('L’identifiant d’un client.', CUSTOMER_EXAMPLE.id) },
  responses: {
    200: okResponse(ZCustomer, 'Le client.', CUSTOMER_EXAMPLE),
    ...errorResponses(`/api/v1/customers/${CUSTOMER_EXAMPLE.id}`, { 404: { description: 'Aucun client de cet identifiant dans les établissements de la clé.', detail: PUBLIC_API_MESSAGES.customerNotFound } }),
  },
});

const listRewardsRoute = createRoute({
  method: 'get',
  path: '/venues/{venueId}/rewards',
  tags: ['Récompenses'],
  operationId: 'listRewards',
  summary: 'Lister les récompenses des clients d’un établissement',
  description: 'Les récompenses débloquées par les clients, de la plus récente à la plus ancienne : `pending` (par défaut) attendent d’être remises.',
  request: { params: ZVenueParams, query: ZRewardListQuery },
  responses: {
    200: okResponse(pageOf(ZCustomerReward, 'CustomerRewardPage', REWARD_EXAMPLE), 'Une page de récompenses.', { data: [REWARD_EXAMPLE], next_cursor: null }),
    ...errorResponses(`/api/v1/venues/${VENUE_EXAMPLE.id}/rewards`, { 404: { description: 'Aucun établissement de ce nom parmi ceux de la clé.', detail: PUBLIC_API_MESSAGES.venueNotFound } }),
  },
});

const redeemRewardRoute = createRoute({
  method: 'post',
  path: '/rewards/{id}/redeem',
  tags: ['Récompenses'],
  operationId: 'redeemReward',
  summary: 'Remettre une récompense',
  description:
    'Marque la récompense comme remise (son coût a quitté le solde de points à son déblocage). Demande une clé en lecture et écriture et un en-tête `Idempotency-Key` : un nouvel essai avec la même valeur rejoue la première réponse (même statut, même corps) avec `Idempotent-Replayed: true` ; une récompense n’est jamais remise deux fois.',
  request: { params: ZIdParams('L’identifiant d’une récompense de client (GET /venues/{venueId}/rewards).', REWARD_EXAMPLE.id), headers: ZIdempotencyHeaders },
  responses: {
    200: {
      ...okResponse(ZRedeemResult, 'Remise (ou rejeu de la première réponse).', { reward: { ...REWARD_EXAMPLE, status: 'redeemed', redeemed_at: '2026-11-26T20:15:00.000Z' }, customer_points: 40 }),
      headers: { ...RATE_LIMIT_HEADERS, 'Idempotent-Replayed': { description: '`true` quand cette réponse rejoue une requête précédente de même Idempotency-Key.', schema: { type: 'string' as const } } },
    },
    ...errorResponses(`/api/v1/rewards/${REWARD_EXAMPLE.id}/redeem`, {
      403: { description: 'Clé en lecture seule, ou organisation ou forfait sans accès à l’API.', detail: PUBLIC_API_MESSAGES.readOnlyKey },
      404: { description: 'Aucune récompense de cet identifiant dans les établissements de la clé.', detail: PUBLIC_API_MESSAGES.rewardNotFound },
      409: { description: 'Déjà remise, ou une requête de même Idempotency-Key est encore en cours.', detail: PUBLIC_API_MESSAGES.rewardAlreadyRedeemed },
      422: { description: 'Cette Idempotency-Key a déjà servi pour une autre requête.', detail: PUBLIC_API_MESSAGES.idempotencyOtherRequest },
    }),
  },
});

const visitsRoute = createRoute({
  method: 'get',
  path: '/venues/{venueId}/visits',
  tags: ['Fréquentation'],
  operationId: 'visitsPerDay',
  summary: 'Compter les visites d’un établissement par jour',
  description: 'Les visites (scans de QR code) par jour (heure de Paris), chaque jour de la période listé (0 s’il n’y en a pas) ; 366 jours au plus, les 30 derniers par défaut.',
  request: { params: ZVenueParams, query: ZVisitsQuery },
  responses: {
    200: okResponse(ZVisits, 'Les visites par jour.', VISITS_EXAMPLE),
    ...errorResponses(`/api/v1/venues/${VENUE_EXAMPLE.id}/visits`, { 404: { description: 'Aucun établissement de ce nom parmi ceux de la clé.', detail: PUBLIC_API_MESSAGES.venueNotFound } }),
  },
});

/** Every operation of the document (the tests walk the document itself). */
export const PUBLIC_API_ROUTES = [listVenuesRoute, listFeedbacksRoute, getFeedbackRoute, listCustomersRoute, getCustomerRoute, listRewardsRoute, redeemRewardRoute, visitsRoute];

const API_DESCRIPTION = `L’API publique de ReFeed, incluse dans le forfait Premium : lire vos établissements, avis, clients, récompenses et la fréquentation, et remettre une récompense depuis votre caisse.

**Authentification.** Chaque requête porte une clé créée par un propriétaire sur la page API (menu « API » de l’espace restaurant, /developpeurs) : \`Authorization: Bearer rf_live_…\`. Une clé lit tous les établissements de l’organisation ou certains ; elle est en lecture seule ou en lecture et écriture ; les données personnelles des clients (prénom, nom, email, téléphone) ne sont lisibles qu’avec une clé qui y est autorisée (sinon ces champs valent \`null\`). Un identifiant hors de la portée de la clé répond 404.

**Limites.** 600 requêtes par minute et par clé. Chaque réponse porte \`RateLimit-Policy\` et \`RateLimit\` ; au-delà, 429 avec \`Retry-After\`.

**Pagination.** Les listes répondent \`{ data, next_cursor }\` : passez \`next_cursor\` en \`cursor\` pour la page suivante ; \`limit\` de 1 à 100 (50 par défaut).

**Erreurs.** Format RFC 9457 (\`application/problem+json\`) : \`type\`, \`title\`, \`status\`, \`detail\` (en français, affichable), \`instance\`.`;

export function createPublicApi(deps: AppDeps) {
  const publicUrl = deps.env.PUBLIC_URL.replace(/\/$/, '');
  const api = new OpenAPIHono<PublicApiEnv>({ defaultHook: validationHook(publicUrl) });
  api.onError(handleProblems(deps));
  api.openAPIRegistry.registerComponent('securitySchemes', BEARER, {
    type: 'http',
    scheme: 'bearer',
    description: 'Une clé d’API (`rf_live_…`) créée par un propriétaire sur la page API (menu « API » de l’espace restaurant, /developpeurs).',
  });

  // The document and the reference page need no key (they are registered before the key check); both are
  // written once, the page from the document (decision 064).
  registerWebhooks(api);
  let document: OpenApiDocument | null = null;
  const documentOf = () =>
    (document ??= api.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'ReFeed API', version: '1', description: API_DESCRIPTION },
      servers: [{ url: `${publicUrl}/api/v1`, description: 'ReFeed' }],
      security: [{ [BEARER]: [] }],
      tags: [
        { name: 'Établissements' },
        { name: 'Avis' },
        { name: 'Clients' },
        { name: 'Récompenses' },
        { name: 'Fréquentation' },
        { name: 'Webhooks', description: WEBHOOK_DELIVERY_DESCRIPTION },
      ],
    }) as unknown as OpenApiDocument);
  let page: string | null = null;
  api.get('/openapi.json', (c) => c.json(documentOf() as object));
  api.get('/docs', (c) => c.html((page ??= renderDocsPage(documentOf())), 200, { 'cache-control': 'no-cache' }));

  api.use('*', requireApiKey(deps));

  api.openapi(listVenuesRoute, async (c) => c.json(await listVenues(deps.db, c.var.apiKey, c.req.valid('query')), 200));
  api.openapi(listFeedbacksRoute, async (c) => c.json(await listFeedbacks(deps.db, c.var.apiKey, c.req.valid('param').venueId, c.req.valid('query')), 200));
  api.openapi(getFeedbackRoute, async (c) => c.json(await getFeedback(deps.db, c.var.apiKey, c.req.valid('param').id), 200));
  api.openapi(listCustomersRoute, async (c) => c.json(await listCustomers(deps.db, c.var.apiKey, c.req.valid('param').venueId, c.req.valid('query')), 200));
  api.openapi(getCustomerRoute, async (c) => c.json(await getCustomer(deps.db, c.var.apiKey, c.req.valid('param').id), 200));
  api.openapi(listRewardsRoute, async (c) => c.json(await listRewards(deps.db, c.var.apiKey, c.req.valid('param').venueId, c.req.valid('query')), 200));
  api.openapi(visitsRoute, async (c) => c.json(await visitsPerDay(deps.db, c.var.apiKey, c.req.valid('param').venueId, c.req.valid('query')), 200));
  api.openapi(redeemRewardRoute, async (c) => {
    const key = c.var.apiKey;
    const { id } = c.req.valid('param');
    // A foreign id is unknown to the key (404) before its access is read (403 for its own ids only).
    await assertRewardInScope(deps.db, key, id);
    assertCanWrite(key);
    const answer = await runIdempotent(
      deps.db,
      { apiKeyId: key.id, idempotencyKey: c.req.valid('header')['idempotency-key'], fingerprint: `POST ${c.req.path}` },
      async (tx) => ({ status: 200, body: await redeemReward(tx, deps.boss, key, id) }),
      (error: AppError) => ({ status: error.status, body: problemBody(publicUrl, error.status, error.message, c.req.path) }),
    );
    return jsonTextAnswer(c, answer.status, answer.text, answer.replayed ? { 'Idempotent-Replayed': 'true' } : {}) as never;
  });

  // Anything else under /api/v1 (with a valid key): a problem, not the app's JSON 404.
  api.all('*', () => {
    throw new ApiProblem(404, PUBLIC_API_MESSAGES.routeNotFound);
  });
  return api;
}

