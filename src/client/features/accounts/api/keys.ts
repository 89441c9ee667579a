/** Query keys of the account feature; sign-in and sign-out invalidate ['accounts']. */
export const accountKeys = {
  all: ['accounts'] as const,
  me: ['accounts', 'me'] as const,
};
