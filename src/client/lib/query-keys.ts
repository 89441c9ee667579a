/**
 * Query keys that several features read or invalidate (a feature never imports another feature's keys).
 * The dashboard's: a feedback, a rule or a link change elsewhere invalidates `all`.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};

/** The customers' pages (their rewards to hand over): a reward offered with a reply on /avis invalidates `all`. */
export const customersKeys = {
  all: ['customers'] as const,
};
