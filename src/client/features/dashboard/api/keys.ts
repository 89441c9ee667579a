/** Query keys of the dashboard; a feedback, a rule or a link change elsewhere invalidates `all`. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
};
