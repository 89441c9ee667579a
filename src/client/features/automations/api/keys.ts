/** Query keys of /automations. */
export const automationKeys = {
  all: ['automations'] as const,
  preview: (id: string) => ['automations', 'preview', id] as const,
  versions: (id: string) => ['automations', 'versions', id] as const,
};
