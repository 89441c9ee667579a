/** The query keys of the diner-email quota (one venue's usage this month). */
export const quotaKeys = {
  all: ['email-usage'] as const,
  usage: (restaurantId: string) => [...quotaKeys.all, restaurantId] as const,
};
