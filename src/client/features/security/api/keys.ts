/** Keys of the security feature: the self-check is a mutation (a POST that probes the server), keyed for devtools and isMutating. */
export const securityKeys = {
  all: ['security'] as const,
  check: ['security', 'check'] as const,
};
