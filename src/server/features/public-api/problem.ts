/**
 * The public API's one error shape: RFC 9457 problem details (`application/problem+json`) with a French
 * `detail`. The main app's onError answers `{ error: { code, message } }`; /api/v1 has its own onError
 * (AppError, RateLimitedError, ApiProblem, a lost database, the unexpected), the OpenAPIHono defaultHook
 * for validation, and `problemAnswersForPipeline` turns the errors of the app's shared middleware (body
 * size, input guard, origin) into problem details too.
 */
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import { isApiErrorBody } from '../../../shared/errors';
import type { AppDeps } from '../../deps';
import { AppError, isDatabaseUnavailable } from '../../lib/http/errors';
import type { AppEnv } from '../../lib/http/hono-env';
import type { Logger } from '../../lib/runtime/logger';
import { RateLimitedError, retryAfterHeader } from '../../lib/limits/rate-limit';
import { PUBLIC_API_MESSAGES, type TProblem } from './public-api.schemas';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Each status's French title and the anchor of its `type` URI. */
export const PROBLEM_KINDS: Record<number, { title: string; slug: string }> = {
  400: { title: 'Requête invalide', slug: 'requete-invalide' },
  401: { title: 'Authentification requise', slug: 'authentification-requise' },
  403: { title: 'Accès refusé', slug: 'acces-refuse' },
  404: { title: 'Ressource introuvable', slug: 'introuvable' },
  405: { title: 'Méthode non autorisée', slug: 'methode-non-autorisee' },
  409: { title: 'Conflit', slug: 'conflit' },
  413: { title: 'Requête trop volumineuse', slug: 'requete-trop-volumineuse' },
  415: { title: 'Type de contenu non pris en charge', slug: 'type-non-pris-en-charge' },
  422: { title: 'Requête non traitable', slug: 'requete-non-traitable' },
  429: { title: 'Trop de requêtes', slug: 'trop-de-requetes' },
  500: { title: 'Erreur interne', slug: 'erreur-interne' },
  503: { title: 'Service indisponible', slug: 'service-indisponible' },
};

/** An expected failure of the public API with a status AppError has no code for (422), or any status. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    readonly field?: string,
  ) {
    super(detail);
    this.name = 'ApiProblem';
  }
}

/** The problem details body of `status` at `path`. */
export function problemBody(publicUrl: string, status: number, detail: string, path: string, field?: string): TProblem {
  const kind = PROBLEM_KINDS[status] ?? { title: 'Erreur', slug: `statut-${status}` };
  return { type: `${publicUrl.replace(/\/$/, '')}/api/v1/docs#probleme-${kind.slug}`, title: kind.title, status, detail, instance: path, ...(field ? { field } : {}) };
}

/** An answer carrying a stored or built problem (or any JSON body) with the right content type. */
export function jsonAnswer(c: Context, status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return jsonTextAnswer(c, status, JSON.stringify(body), headers);
}

/** The same with the JSON already written (a stored answer replayed as it was sent). */
export function jsonTextAnswer(c: Context, status: number, text: string, headers: Record<string, string> = {}): Response {
  const contentType = status >= 400 ? PROBLEM_CONTENT_TYPE : 'application/json';
  return c.body(text, status as 200, { ...headers, 'content-type': contentType });
}

export function problem(c: Context, publicUrl: string, status: number, detail: string, headers: Record<string, string> = {}, field?: string): Response {
  return jsonAnswer(c, status, problemBody(publicUrl, status, detail, c.req.path, field), headers);
}

/** The first failing field and its French message (the schemas carry French messages; zod's own are replaced). */
export function firstIssue(error: ZodError): { field: string | undefined; detail: string } {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : undefined;
  // zod's own (English) messages start so; the schemas' French ones never do.
  const zodDefault = !issue || /^(Invalid|Too (big|small)|Unrecognized|Expected)\b/.test(issue.message);
  const detail = zodDefault ? PUBLIC_API_MESSAGES.invalidRequest : issue.message;
  return { field, detail: field ? `${field} : ${detail}` : detail };
}

/** The OpenAPIHono defaultHook: a failed validation (params, query, headers) answers a 400 problem naming the field. */
export function validationHook(publicUrl: string) {
  return (result: { success: true } | { success: false; error: ZodError }, c: Context) => {
    if (result.success) return;
    const { field, detail } = firstIssue(result.error);
    return problem(c, publicUrl, 400, detail, {}, field);
  };
}

/** The sub-app's onError: every error becomes a problem; nothing internal leaks (500 is generic and logged). */
export function handleProblems<E extends AppEnv>(deps: AppDeps): ErrorHandler<E> {
  const publicUrl = deps.env.PUBLIC_URL;
  return (error, c) => {
    if (error instanceof ApiProblem) return problem(c, publicUrl, error.status, error.detail, error.headers, error.field);
    if (error instanceof AppError) {
      const headers = error instanceof RateLimitedError ? retryAfterHeader(error.retryAfterSeconds) : undefined;
      return problem(c, publicUrl, error.status, error.message, headers);
    }
    if (error instanceof HTTPException && error.status < 500) return problem(c, publicUrl, error.status, PUBLIC_API_MESSAGES.invalidRequest);
    const variables = c.var as AppEnv['Variables'];
    const logger: Logger = variables.logger ?? deps.logger.child({ requestId: variables.requestId });
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, path: c.req.path }, 'database unavailable');
      return problem(c, publicUrl, 503, 'Service momentanément indisponible. Réessayez dans un instant.', retryAfterHeader(5));
    }
    logger.error({ err: error, path: c.req.path }, 'unexpected error');
    return problem(c, publicUrl, 500, PUBLIC_API_MESSAGES.internal);
  };
}

/**
 * Mounted in app.ts on /api/v1/* before the shared middleware: an error answered by them in the app's
 * `{ error: { code, message } }` shape (a body too large, an unreadable body, a foreign origin) leaves as
 * a problem with the same status, message and headers.
 */
export function problemAnswersForPipeline(publicUrl: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (response.status < 400 || !response.headers.get('content-type')?.startsWith('application/json')) return;
    const body: unknown = await response.clone().json().catch(() => null);
    if (!isApiErrorBody(body)) return;
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'content-type' && name !== 'content-length') headers[name] = value;
    });
    c.res = undefined as unknown as Response;
    c.res = new Response(JSON.stringify(problemBody(publicUrl, response.status, body.error.message, c.req.path)), {
      status: response.status,
      headers: { ...headers, 'content-type': PROBLEM_CONTENT_TYPE },
    });
  };
}
