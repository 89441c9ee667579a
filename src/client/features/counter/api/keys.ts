/** Query keys of the counter ('Comptoir', /recompenses); a hand-over invalidates the lists. */
export const counterKeys = {
  all: ['counter'] as const,
  code: (code: string) => ['counter', 'code', code] as const,
  searches: ['counter', 'search'] as const,
  search: (q: string) => ['counter', 'search', q] as const,
  pending: ['counter', 'pending'] as const,
  today: ['counter', 'today-reviews'] as const,
};
