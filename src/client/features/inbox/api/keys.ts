import type { TInboxFilters } from '../../../../shared/schemas/inbox';

/** Query keys of /avis; a status change or a reply invalidates `all`. */
export const inboxKeys = {
  all: ['inbox'] as const,
  list: (filters: TInboxFilters & { feedback?: string }) => ['inbox', 'list', filters] as const,
  options: ['inbox', 'options'] as const,
};
