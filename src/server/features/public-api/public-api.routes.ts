/**
 * /api/v1, the public API (issue #31): a sub-application of its own built with @hono/zod-openapi, so its
 * OpenAPI 3.1 document (/api/v1/openapi.json) is generated from the same zod schemas that validate the
 * requests. Mounted by app.ts before the generic /api/* 404. Every route takes a key (api-key-auth.ts);
 * every error is a problem details answer (problem.ts).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { assertCanWrite, requireApiKey, type PublicApiEnv } from './api-key-auth';
import { DOCS_HTML, serveDocsAsset } from './docs';
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
import { getCustomer, getFeedback, listCustomers, listFeedbacks, listRewards, listVenues, redeemReward, runIdempotent, visitsPerDay } from './public-api.service';

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
  'RateLimit-Policy': { description: 'The key’s quota policy, e.g. `"per-key";q=600;w=60` (IETF draft-ietf-httpapi-ratelimit-headers).', schema: { type: 'string' as const } },
  RateLimit: { description: 'What is left of the quota: `"per-key";r=<remaining>;t=<seconds until reset>`.', schema: { type: 'string' as const } },
};

/** The example problem of a status, as the documentation shows it. */
function problemResponse(status: number, path: string, description: string, detail = PROBLEM_EXAMPLE_DETAILS[status]) {
  const example = problemBody('https://app.refeed.fr', status, detail, path);
  return {
    description,
    headers: status === 429 ? { ...RATE_LIMIT_HEADERS, 'Retry-After': { description: 'Seconds to wait before the next request.', schema: { type: 'integer' as const } } } : status === 401 ? undefined : RATE_LIMIT_HEADERS,
    content: { [PROBLEM_CONTENT_TYPE]: { schema: ZProblem, example } },
  };
}

/** The errors every operation may answer, and those it adds. */
function errorResponses(path: string, extra: Record<number, { description: string; detail?: string }> = {}) {
  const base: Record<number, { description: string; detail?: string }> = {
    400: { description: 'Invalid parameter (the failing field is named in `field` and `detail`).' },
    401: { description: 'Missing, malformed, unknown or revoked key.' },
    403: { description: 'The organisation is not approved, or its plan does not include the API.' },
    429: { description: 'The key’s quota is spent: retry after `Retry-After` seconds.' },
    500: { description: 'Unexpected error (logged; no detail is disclosed).' },
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
  summary: 'List the venues the key may read',
  description: 'The organisation’s venues the key was given (all of them, or a chosen few), newest first. A suspended venue is not listed.',
  request: { query: ZPageQuery },
  responses: { 200: okResponse(pageOf(ZVenue, 'VenuePage', VENUE_EXAMPLE), 'A page of venues.', { data: [VENUE_EXAMPLE], next_cursor: null }), ...errorResponses('/api/v1/venues') },
});

const listFeedbacksRoute = createRoute({
  method: 'get',
  path: '/venues/{venueId}/feedbacks',
  tags: ['Avis'],
  operationId: 'listFeedbacks',
  summary: 'List a venue’s feedbacks',
  description: 'Newest first, with the filters of the /avis page (same values, same meaning; periods in Paris time). Customer names and email are null unless the key may read personal data.',
  request: { params: ZVenueParams, query: ZFeedbackListQuery },
  responses: {
    200: okResponse(pageOf(ZFeedback, 'FeedbackPage', FEEDBACK_EXAMPLE), 'A page of feedbacks.', { data: [FEEDBACK_EXAMPLE], next_cursor: null }),
    ...errorResponses(`/api/v1/venues/${VENUE_EXAMPLE.id}/feedbacks`, { 404: { description: 'No such venue among the key’s.', detail: PUBLIC_API_MESSAGES.venueNotFound } }),
  },
});

const getFeedbackRoute = createRoute({
  method: 'get',
  path: '/feedbacks/{id}',
  tags: ['Avis'],
  operationId: 'getFeedback',
  summary: 'Get one feedback',
  request: { params: ZIdParams('A feedback’s id.', FEEDBACK_EXAMPLE.id) },
  responses: {
    200: okResponse(ZFeedback, 'The feedback.', FEEDBACK_EXAMPLE),
    ...errorResponses(`/api/v1/feedbacks/${FEEDBACK_EXAMPLE.id}`, { 404: { description: 'No such feedback in the key’s venues.', detail: PUBLIC_API_MESSAGES.feedbackNotFound } }),
  },
});

const listCustomersRoute = createRoute({
  method: 'get',
  path: '/venues/{venueId}/customers',
  tags: ['Clients'],
  operationId: 'listCustomers',
  summary: 'List a venue’s customers',
  description:
    'Diners the venue knows (an email, a phone, or a reward to hand over), newest first, with their marketing consent, points balance and visits. `first_name`, `last_name`, `email` and `phone` are null unless the key may read personal data.',
  request: { params: ZVenueParams, query: ZPageQuery },
  responses: {
    200: okResponse(pageOf(ZCustomer, 'CustomerPage', CUSTOMER_EXAMPLE), 'A page of customers.', { data: [CUSTOMER_EXAMPLE], next_cursor: null }),
    ...errorResponses(`/api/v1/venues/${VENUE_EXAMPLE.id}/customers`, { 404: { description: 'No such venue among the key’s.', detail: PUBLIC_API_MESSAGES.venueNotFound } }),
  },
});

const getCustomerRoute = createRoute({
  method: 'get',
  path: '/customers/{id}',
  tags: ['Clients'],
  operationId: 'getCustomer',
  summary: 'Get one customer',
  description: '`first_name`, `last_name`, `email` and `phone` are null unless the key may read personal data.',
  request: { params: ZIdParams('A customer’s id.', CUSTOMER_EXAMPLE.id) },
  responses: {
    200: okResponse(ZCustomer, 'The customer.', CUSTOMER_EXAMPLE),
    ...errorResponses(`/api/v1/customers/${CUSTOMER_EXAMPLE.id}`, { 404: { description: 'No such customer in the key’s venues.', detail: PUBLIC_API_MESSAGES.customerNotFound } }),
  },
});

const listRewardsRoute = createRoute({
  method: 'get',
  path: '/venues/{venueId}/rewards',
  tags: ['Récompenses'],
  operationId: 'listRewards',
  summary: 'List a venue’s customer rewards',
  description: 'Rewards diners unlocked, newest first: `pending` (default) are waiting to be handed over.',
  request: { params: ZVenueParams, query: ZRewardListQuery },
  responses: {
    200: okResponse(pageOf(ZCustomerReward, 'CustomerRewardPage', REWARD_EXAMPLE), 'A page of rewards.', { data: [REWARD_EXAMPLE], next_cursor: null }),
    ...errorResponses(`/api/v1/venues/${VENUE_EXAMPLE.id}/rewards`, { 404: { description: 'No such venue among the key’s.', detail: PUBLIC_API_MESSAGES.venueNotFound } }),
  },
});

const redeemRewardRoute = createRoute({
  method: 'post',
  path: '/rewards/{id}/redeem',
  tags: ['Récompenses'],
  operationId: 'redeemReward',
  summary: 'Hand a pending reward over',
  description:
    'Marks the reward handed over (its cost left the points balance when it was unlocked). Requires a read-and-write key and an `Idempotency-Key` header: a retry with the same key replays the first answer (same status and body) with `Idempotent-Replayed: true`, so a reward is never handed over twice.',
  request: { params: ZIdParams('A customer reward’s id (GET /venues/{venueId}/rewards).', REWARD_EXAMPLE.id), headers: ZIdempotencyHeaders },
  responses: {
    200: {
      ...okResponse(ZRedeemResult, 'Handed over (or the replay of the first answer).', { reward: { ...REWARD_EXAMPLE, status: 'redeemed', redeemed_at: '2026-11-26T20:15:00.000Z' }, customer_points: 40 }),
      headers: { ...RATE_LIMIT_HEADERS, 'Idempotent-Replayed': { description: '`true` when this answer is the replay of an earlier request with the same Idempotency-Key.', schema: { type: 'string' as const } } },
    },
    ...errorResponses(`/api/v1/rewards/${REWARD_EXAMPLE.id}/redeem`, {
      403: { description: 'A read-only key, or the organisation or plan does not allow the API.', detail: PUBLIC_API_MESSAGES.readOnlyKey },
      404: { description: 'No such reward in the key’s venues.', detail: PUBLIC_API_MESSAGES.rewardNotFound },
      409: { description: 'Already handed over, or a request with the same Idempotency-Key is still running.', detail: PUBLIC_API_MESSAGES.rewardAlreadyRedeemed },
      422: { description: 'The Idempotency-Key was already used for another request.', detail: PUBLIC_API_MESSAGES.idempotencyOtherRequest },
    }),
  },
});

const visitsRoute = createRoute({
  method: 'get',
  path: '/venues/{venueId}/visits',
  tags: ['Fréquentation'],
  operationId: 'visitsPerDay',
  summary: 'Count a venue’s visits per day',
  description: 'Visits (QR code scans) per Paris day, every day of the period listed (0 when none); at most 366 days, the last 30 by default.',
  request: { params: ZVenueParams, query: ZVisitsQuery },
  responses: {
    200: okResponse(ZVisits, 'Visits per day.', VISITS_EXAMPLE),
    ...errorResponses(`/api/v1/venues/${VENUE_EXAMPLE.id}/visits`, { 404: { description: 'No such venue among the key’s.', detail: PUBLIC_API_MESSAGES.venueNotFound } }),
  },
});

/** Every operation of the document (the tests walk the document itself). */
export const PUBLIC_API_ROUTES = [listVenuesRoute, listFeedbacksRoute, getFeedbackRoute, listCustomersRoute, getCustomerRoute, listRewardsRoute, redeemRewardRoute, visitsRoute];

const API_DESCRIPTION = `L’API publique de ReFeed, incluse dans le forfait Premium : lire vos établissements, avis, clients, récompenses et la fréquentation, et remettre une récompense depuis votre caisse.

**Authentification.** Chaque requête porte une clé créée par un propriétaire sur la page Développeurs : \`Authorization: Bearer rf_live_…\`. Une clé lit tous les établissements de l’organisation ou certains ; elle est en lecture seule ou en lecture et écriture ; les données personnelles des clients (prénom, nom, email, téléphone) ne sont lisibles qu’avec une clé qui y est autorisée (sinon ces champs valent \`null\`). Un identifiant hors de la portée de la clé répond 404.

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
    description: 'An API key (`rf_live_…`) created on the Développeurs page by a propriétaire.',
  });

  // The document and the reference page need no key (they are registered before the key check).
  let document: unknown = null;
  api.get('/openapi.json', (c) => {
    document ??= api.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'ReFeed API', version: '1', description: API_DESCRIPTION },
      servers: [{ url: `${publicUrl}/api/v1`, description: 'ReFeed' }],
      security: [{ [BEARER]: [] }],
      tags: [
        { name: 'Établissements', description: 'Venues' },
        { name: 'Avis', description: 'Feedbacks' },
        { name: 'Clients', description: 'Customers' },
        { name: 'Récompenses', description: 'Customer rewards' },
        { name: 'Fréquentation', description: 'Visits' },
      ],
    });
    return c.json(document as object);
  });
  api.get('/docs', (c) => c.html(DOCS_HTML, 200, { 'cache-control': 'no-cache' }));
  api.get('/docs/assets/:name', (c) => {
    const served = serveDocsAsset(c, c.req.param('name'));
    if (!served) throw new ApiProblem(404, PUBLIC_API_MESSAGES.routeNotFound);
    return served;
  });

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
    assertCanWrite(key);
    const { id } = c.req.valid('param');
    const answer = await runIdempotent(
      deps.db,
      { apiKeyId: key.id, idempotencyKey: c.req.valid('header')['idempotency-key'], fingerprint: `POST ${c.req.path}` },
      async (tx) => ({ status: 200, body: await redeemReward(tx, key, id) }),
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

