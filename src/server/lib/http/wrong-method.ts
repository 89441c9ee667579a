/**
 * 405 Method Not Allowed (RFC 9110 §15.5.6) for a path the API knows, asked with a method it does not take:
 * the answer names the methods it takes in `Allow`. Hono answers such a request as an unknown path (404, or
 * 401 from a guard mounted on the path's prefix), so this runs after the app has answered, only when it
 * answered 404 or 401: the answers that succeed pay nothing.
 */
import type { MiddlewareHandler } from 'hono';
import { PatternRouter } from 'hono/router/pattern-router';
import type { ApiErrorBody } from '../../../shared/errors';
import type { AppEnv } from './hono-env';

export const METHOD_NOT_ALLOWED_MESSAGE = 'Méthode non autorisée pour cette adresse.';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

type Route = { method: string; path: string };

/** The methods `routes` take at `pathname` (HEAD beside GET, as Hono answers it); empty for an unknown path. */
export function createAllowedMethods(routes: () => readonly Route[], prefix: string) {
  let router: PatternRouter<string> | null = null;
  return (pathname: string): string[] => {
    if (!router) {
      router = new PatternRouter<string>();
      // Middleware is mounted for every method ('ALL'), and so is the API's own not-found answer: neither
      // says what a path takes.
      for (const route of routes()) if (route.method !== 'ALL' && route.path.startsWith(prefix)) router.add(route.method, route.path, route.method);
    }
    const allowed: string[] = [];
    for (const method of METHODS) {
      if (router.match(method, pathname)[0].length > 0) allowed.push(method);
      if (method === 'GET' && allowed.includes('GET')) allowed.push('HEAD');
    }
    return allowed;
  };
}

/** The middleware: a 404 or 401 for a path known under another method becomes a 405 with `Allow`. */
export function answerWrongMethods(routes: () => readonly Route[], prefix = '/api/'): MiddlewareHandler<AppEnv> {
  const allowedMethods = createAllowedMethods(routes, prefix);
  return async (c, next) => {
    await next();
    if (c.res.status !== 404 && c.res.status !== 401) return;
    const allowed = allowedMethods(c.req.path);
    if (allowed.length === 0 || allowed.includes(c.req.method)) return;
    const body: ApiErrorBody = { error: { code: 'METHOD_NOT_ALLOWED', message: METHOD_NOT_ALLOWED_MESSAGE } };
    c.res = undefined as unknown as Response;
    c.res = new Response(JSON.stringify(body), { status: 405, headers: { 'content-type': 'application/json; charset=UTF-8', allow: allowed.join(', '), 'cache-control': 'no-store' } });
  };
}
