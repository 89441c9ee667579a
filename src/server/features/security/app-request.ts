/**
 * How the security self-check reaches the whole running app. createApiRoutes builds the /api routes
 * before createApp has made the app that mounts them, so createApp registers its `app.request` here
 * once the app exists, keyed by the deps object both were built with (no global: several apps, as in
 * the tests, each find their own).
 */
export type AppRequest = (input: string | URL | Request, init?: RequestInit) => Response | Promise<Response>;

const appRequests = new WeakMap<object, AppRequest>();

export function bindAppRequest(deps: object, request: AppRequest): void {
  appRequests.set(deps, request);
}

export function getAppRequest(deps: object): AppRequest | undefined {
  return appRequests.get(deps);
}
