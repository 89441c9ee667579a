/** Query keys of the review link settings. */
export const reviewLinkKeys = {
  all: ['review-link'] as const,
};
