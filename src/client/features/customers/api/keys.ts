/** Query keys of the customers; a redemption or an erasure invalidates `all`. */
export const customerKeys = {
  all: ['customers'] as const,
  lists: ['customers', 'list'] as const,
  list: (params: { q: string; page: number; scope: string; filter: string | null }) => ['customers', 'list', params] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
};
