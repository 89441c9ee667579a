/** Query keys of /automations. */
export const automationKeys = {
  all: ['automations'] as const,
  sendingHours: ['automations', 'sending-hours'] as const,
  preview: (id: string) => ['automations', 'preview', id] as const,
  versions: (id: string) => ['automations', 'versions', id] as const,
};
