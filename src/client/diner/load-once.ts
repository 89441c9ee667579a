/**
 * What the diner page needs only once the diner acts stays out of its first download: the forms'
 * schemas (zod) are fetched once the page is shown, when the phone is idle (deferred.ts), and awaited
 * when needed. The same schemas validate the routes.
 */
type DinerSchemas = typeof import('../../shared/schemas/diner');

/** Memoizes a dynamic import, forgetting a failure so a later attempt may succeed (the network came back). */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

export const loadDinerSchemas: () => Promise<DinerSchemas> = loadOnce(() => import('../../shared/schemas/diner'));
