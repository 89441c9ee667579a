/** Query keys of /loyalty: every change invalidates `all` (rules, catalogue and stats are one answer). */
export const loyaltyKeys = {
  all: ['loyalty'] as const,
};
